/**
 * The dealer counter, end to end: the demo dealer finds the demo rider, is refused with a wrong
 * PIN, redeems part of the credit with the right one and gets a receipt with the base-36 code; the
 * admin refunds it and the rider's balance is back. Walked in English with JavaScript on and in
 * French with JavaScript off (document posts; the French amount and messages). The dealer profile
 * likewise: the English walk edits and restores the bio; the French one, without JavaScript, reads
 * both answers in French.
 */
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  databasePath,
  DEMO,
  forgetWrongPins,
  login,
  signIn,
  newPage,
  prefix,
  settled,
  useBrowser,
} from './helpers';

const getBrowser = useBrowser();

const RUNS = [
  {
    lang: 'en' as const,
    amount: '12.34',
    cents: 1234,
    shown: '12.34',
    wrongPin: 'Wrong PIN.',
    javaScript: true,
  },
  // The same flow in French with JavaScript off: every form must work as plain HTML.
  {
    lang: 'fr' as const,
    amount: '7,65',
    cents: 765,
    shown: '7,65',
    wrongPin: 'NIP erroné.',
    javaScript: false,
  },
];

async function availableCents(page: Page): Promise<number> {
  const raw = await page.getByTestId('available-credit').getAttribute('data-cents');
  return Number(raw);
}

describe('money counter: redeem at the dealer, refund by the admin', () => {
  for (const run of RUNS) {
    it(`works in ${run.lang}${run.javaScript ? '' : ' without JavaScript'}`, async () => {
      const p = prefix(run.lang);
      const dealer = await newPage(getBrowser(), { javaScript: run.javaScript });
      const admin = await newPage(getBrowser(), { javaScript: run.javaScript });
      const started = new Date().toISOString();
      let counterRiderId: number | null = null;
      try {
        const page = dealer.page;
        await signIn(page, DEMO.dealer, undefined, run.lang);
        await page.goto(`${p}/auth/dealer`);
        await page.locator('input[name="q"]').fill(DEMO.rider);
        await Promise.all([
          page.waitForURL(/[?&]q=/),
          page.locator('form[role="search"] button[type="submit"]').click(),
        ]);
        const results = page.getByTestId('rider-search-results');
        await results.locator('a').first().click();
        await page.waitForURL(new RegExp(`${p}/auth/dealer/rider/\\d+$`));
        const riderUrl = page.url();
        counterRiderId = Number(riderUrl.split('/').pop());
        const before = await availableCents(page);
        expect(before).toBeGreaterThan(run.cents);

        // Wrong PIN: refused, the error is next to the PIN, what was typed stays (but the PIN).
        await page.locator('input[name="amount"]').fill(run.amount);
        await page.locator('input[name="pin"]').fill('0000');
        await page.locator('input[name="employeeName"]').fill(`Counter ${run.lang}`);
        await page.locator('input[name="idVerified"]').check();
        await page.getByTestId('redeem-form').locator('button[type="submit"]').click();
        await page.getByText(run.wrongPin).waitFor();
        expect(await page.locator('input[name="amount"]').inputValue()).toBe(run.amount);
        expect(await page.locator('input[name="employeeName"]').inputValue()).toBe(
          `Counter ${run.lang}`,
        );
        expect(await page.locator('input[name="pin"]').inputValue()).toBe('');
        expect(await availableCents(page)).toBe(before);

        // Right PIN: the receipt with the code.
        await page.locator('input[name="pin"]').fill('1234');
        await page.locator('input[name="idVerified"]').check();
        await Promise.all([
          page.waitForURL(new RegExp(`${p}/auth/dealer/redemptions/\\d+$`)),
          page.getByTestId('redeem-form').locator('button[type="submit"]').click(),
        ]);
        // Shown as the receipt number ('#00E', in every language), which the rows carry in data-code.
        const code = (await page.getByTestId('redemption-code').textContent())?.trim() ?? '';
        const id = Number(new URL(page.url()).pathname.split('/').pop());
        expect(code).toBe(`#${id.toString(36).toUpperCase().padStart(3, '0')}`);
        const amountText = (await page.getByTestId('receipt-amount').textContent()) ?? '';
        expect(amountText.replace(/\s/g, '')).toContain(run.shown);
        if (run.javaScript) await page.getByTestId('print-receipt').waitFor();

        await page.goto(riderUrl);
        expect(await availableCents(page)).toBe(before - run.cents);

        // The admin refunds it on the rider-redemptions page (with a confirmation step).
        const a = admin.page;
        await signIn(a, DEMO.admin, undefined, run.lang);
        await a.goto(`${p}/auth/admin/rider-redemptions`);
        const row = a.locator(`[data-testid="redemption-row"][data-code="${code}"]`);
        await row.getByTestId('refund-button').click();
        await a.getByTestId('refund-confirm').waitFor();
        await a.locator('textarea[name="reason"]').fill('e2e');
        await Promise.all([
          a.waitForURL((u) => !u.searchParams.has('confirm')),
          a.getByTestId('refund-confirm').locator('button[type="submit"]').click(),
        ]);
        await a
          .locator(`[data-testid="redemption-row"][data-code="${code}"][data-status="revoked"]`)
          .waitFor();
        // The pages after the refund have no French or form of their own: the English walk reads them.
        if (run.lang === 'en') {
          await a.goto(`${p}/auth/admin/rider-redemptions?view=revoked`);
          await a.getByTestId('revoked-table').locator(`[data-code="${code}"]`).waitFor();

          // The balance is back at the counter, and the dealer's list marks it refunded.
          await page.goto(riderUrl);
          expect(await availableCents(page)).toBe(before);
          await page.goto(`${p}/auth/dealer/redemptions`);
          await page
            .locator(`[data-testid="redemption-row"][data-code="${code}"][data-status="revoked"]`)
            .waitFor();
        }
      } finally {
        // The wrong PIN of this run must not count toward another test's lock-out of the demo rider.
        if (counterRiderId) forgetWrongPins(counterRiderId, started);
        await dealer.context.close();
        await admin.context.close();
      }
    });
  }
});

describe('money counter: the JSON API', () => {
  it('redeem, list, refund and lock-out over /api/{role}/...', async () => {
    const dealer = await newPage(getBrowser());
    const admin = await newPage(getBrowser());
    const rider = await newPage(getBrowser());
    const started = new Date().toISOString();
    const pinRiders: number[] = [];
    try {
      await login(dealer.page, DEMO.dealer);
      await login(admin.page, DEMO.admin);
      await login(rider.page, DEMO.rider);
      const d = dealer.context.request;
      const a = admin.context.request;
      const r = rider.context.request;

      // Find the demo rider's id through the dealer's search page.
      await dealer.page.goto(`/auth/dealer/riders?q=${encodeURIComponent(DEMO.rider)}`);
      const href =
        (await dealer.page
          .getByTestId('rider-search-results')
          .locator('a')
          .first()
          .getAttribute('href')) ?? '';
      const riderId = Number(href.split('/').pop());
      expect(riderId).toBeGreaterThan(0);
      pinRiders.push(riderId);
      const body = {
        riderId,
        amount: '1.25',
        pin: '1234',
        employeeName: 'API clerk',
        idVerified: true,
      };

      // Validation and wrong PIN: 400 with a message.
      const noTick = await d.post('/api/dealer/redeem', { data: { ...body, idVerified: false } });
      expect(noTick.status()).toBe(400);
      const badAmount = await d.post('/api/dealer/redeem', { data: { ...body, amount: '1.234' } });
      expect(badAmount.status()).toBe(400);
      const wrong = await d.post('/api/dealer/redeem', { data: { ...body, pin: '0000' } });
      expect(wrong.status()).toBe(400);
      expect(((await wrong.json()) as { error: string }).error).toBe('Wrong PIN.');

      // The wrong role segment, a rider, and an admin without dealerId are refused.
      expect((await d.post('/api/admin/redeem', { data: body })).status()).toBe(403);
      expect((await r.post('/api/rider/redeem', { data: body })).status()).toBe(404);
      expect((await a.post('/api/admin/redeem', { data: body })).status()).toBe(400);

      // A number amount works too.
      const ok = await d.post('/api/dealer/redeem', { data: { ...body, amount: 1.25 } });
      expect(ok.status()).toBe(200);
      const { redemption, code } = (await ok.json()) as {
        redemption: { id: number; amountCents: number };
        code: string;
      };
      expect(redemption.amountCents).toBe(125);
      // The receipt number, as the screens and mails print it.
      expect(code).toBe(`#${redemption.id.toString(36).toUpperCase().padStart(3, '0')}`);

      // Lists are scoped: the dealer and the rider see it, the promoter may not list.
      type List = {
        creditRedemptions: { id: number; status: string }[];
        pagination: { page: number; totalPages: number };
      };
      const dl = (await (await d.get('/api/dealer/credit-redemptions')).json()) as List;
      expect(dl.creditRedemptions.some((x) => x.id === redemption.id)).toBe(true);
      expect(dl.pagination.page).toBe(1);
      const rl = (await (await r.get('/api/rider/credit-redemptions')).json()) as List;
      expect(rl.creditRedemptions.find((x) => x.id === redemption.id)?.status).toBe('active');
      expect((await d.get('/api/dealer/credit-redemptions?afterDate=2025-13-45')).status()).toBe(
        400,
      );

      // Refund: admin only; a second one is a conflict.
      expect((await d.delete(`/api/dealer/credit-redemption/${redemption.id}`)).status()).toBe(403);
      const refund = await a.delete(`/api/admin/credit-redemption/${redemption.id}`, {
        data: { reason: 'api test' },
      });
      expect(refund.status()).toBe(200);
      expect(
        ((await refund.json()) as { creditRedemption: { status: string } }).creditRedemption.status,
      ).toBe('revoked');
      expect((await a.delete(`/api/admin/credit-redemption/${redemption.id}`)).status()).toBe(409);
      expect((await a.delete('/api/admin/credit-redemption/99999999')).status()).toBe(404);
      const rev = (await (await r.get('/api/rider/revoked-redemptions')).json()) as {
        revokedRedemptions: { id: number; refundedBy: string }[];
      };
      expect(rev.revokedRedemptions.some((x) => x.id === redemption.id)).toBe(true);
      const rl2 = (await (await r.get('/api/rider/credit-redemptions')).json()) as List;
      expect(rl2.creditRedemptions.find((x) => x.id === redemption.id)?.status).toBe('revoked');

      // Lock-out (on another seeded rider with USD credit, so the demo rider stays usable):
      // the 5th wrong PIN in 15 minutes answers 429 with Retry-After, then even the right PIN does.
      const sqlite = new Database(databasePath(), { readonly: true });
      const other = sqlite
        .prepare(
          `SELECT r.id FROM riders r JOIN users u ON u.id = r.user_id
           WHERE r.pin_hash IS NOT NULL AND u.deactivated = 0 AND r.id <> ? AND EXISTS (
             SELECT 1 FROM awards a WHERE a.rider_id = r.id AND a.payout_type = 'dealerCredit'
             AND a.status = 'current' AND a.current_cents > 100 AND a.currency = 'USD' AND a.expires_at > ?)
           ORDER BY r.id DESC LIMIT 1`,
        )
        .get(riderId, new Date().toISOString()) as { id: number } | undefined;
      sqlite.close();
      expect(other).toBeDefined();
      if (other) pinRiders.push(other.id);
      const lockBody = { ...body, riderId: other?.id, amount: '1.00', pin: '9876' };
      for (let i = 0; i < 4; i++) {
        expect((await d.post('/api/dealer/redeem', { data: lockBody })).status()).toBe(400);
      }
      const fifth = await d.post('/api/dealer/redeem', { data: lockBody });
      expect(fifth.status()).toBe(429);
      expect(Number(fifth.headers()['retry-after'])).toBeGreaterThan(800);
      const right = await d.post('/api/dealer/redeem', { data: { ...lockBody, pin: '1234' } });
      expect(right.status()).toBe(429);
    } finally {
      // Lift this test's wrong PINs (and the lock-out) so later tests start clean.
      for (const id of pinRiders) forgetWrongPins(id, started);
      await dealer.context.close();
      await admin.context.close();
      await rider.context.close();
    }
  });
});

describe('dealer profile', () => {
  for (const lang of ['en', 'fr'] as const) {
    const javaScript = lang === 'en';
    const how = javaScript ? '' : ', without JavaScript';
    it(`edits the details and refuses a wrong current password (${lang}${how})`, async () => {
      const { context, page } = await newPage(getBrowser(), { javaScript });
      try {
        const p = prefix(lang);
        const saved =
          lang === 'fr' ? 'Vos coordonnées ont été enregistrées.' : 'Your details were saved.';
        await signIn(page, DEMO.dealer, undefined, lang);
        await page.goto(`${p}/auth/dealer/profile`);
        // Type after hydration (the translations load first): see the closing note on early typing.
        await settled(page);
        const bio = page.locator('textarea[name="bio"]');
        const original = await bio.inputValue();
        if (javaScript) {
          await bio.fill(`Counter e2e bio ${lang}`);
          await page.locator('#dealer-profile button[type="submit"]').click();
          await page.getByText(saved).waitFor();
          await page.reload();
          expect(await page.locator('textarea[name="bio"]').inputValue()).toBe(
            `Counter e2e bio ${lang}`,
          );
          // Put the seeded text back for the other tests.
          await page.locator('textarea[name="bio"]').fill(original);
        }
        // The French walk saves the details unchanged: only its answer is new.
        await page.locator('#dealer-profile button[type="submit"]').click();
        await page.getByText(saved).waitFor();
        expect(await page.locator('textarea[name="bio"]').inputValue()).toBe(original);

        await page.locator('input[name="currentPassword"]').fill('NotThePassword1');
        await page.locator('input[name="password"]').fill('New-Sandy-Berm-31');
        await page.locator('input[name="confirmPassword"]').fill('New-Sandy-Berm-31');
        await page.locator('#dealer-password button[type="submit"]').click();
        // Next to the field (without JavaScript the error summary above the form says it too).
        await page
          .locator('#dealer-password-currentPassword-error')
          .getByText(
            lang === 'fr'
              ? 'Le mot de passe actuel n’est pas le bon.'
              : 'The current password is not correct.',
          )
          .waitFor();
      } finally {
        await context.close();
      }
    });
  }
});
