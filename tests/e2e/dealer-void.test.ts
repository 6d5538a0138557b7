/**
 * A dealer voids its own mistaken redemption from the receipt: the reason is required (said next
 * to the field, by the browser's check with JavaScript and by the server without), the rider's
 * credit is back, the receipt and the list say "Voided" and the rider is mailed; in English with JavaScript, in French without (the form's errors come from the
 * server). After the void window the receipt says why, and the API refuses too.
 */
import { describe, expect, it } from 'vitest';
import { dealerAccount, type DealerAccount } from './accounts';
import { writeDb } from './db-write';
import {
  baseURL,
  DEMO,
  login,
  signIn,
  mailsTo,
  newPage,
  prefix,
  settled,
  useBrowser,
  waitForMail,
} from './helpers';

const getBrowser = useBrowser();
const PASSWORD = 'Counter-void-2026';

const RUNS = [
  {
    lang: 'en',
    javaScript: true,
    amount: '2.00',
    reason: 'Wrong amount typed',
    voided: 'Voided',
    required: 'Say why',
  },
  {
    lang: 'fr',
    javaScript: false,
    amount: '2,00',
    reason: 'Mauvais pilote',
    voided: 'Annulé',
    required: 'Indiquez pourquoi',
  },
] as const;

function demoRiderId(): number {
  return writeDb(
    (db) =>
      (
        db
          .prepare(
            'SELECT riders.id AS id FROM riders JOIN users ON users.id = riders.user_id WHERE users.email = ?',
          )
          .get(DEMO.rider) as { id: number }
      ).id,
  );
}

const dealers: Partial<Record<'en' | 'fr', DealerAccount>> = {};

describe('a dealer voids its own redemption', () => {
  for (const run of RUNS) {
    it(`${run.lang}${run.javaScript ? '' : ' without JavaScript'}: the void (reason required) puts the credit back and the redemption shows as voided`, async () => {
      const dealer = (dealers[run.lang] = await dealerAccount(`void-${run.lang}`, PASSWORD));
      const riderId = demoRiderId();
      const p = prefix(run.lang);
      const { context, page } = await newPage(getBrowser(), { javaScript: run.javaScript });
      try {
        await login(page, dealer.email, PASSWORD, run.lang);
        const riderUrl = `${p}/auth/dealer/rider/${riderId}`;
        await page.goto(riderUrl);
        const credit = page.getByTestId('available-credit');
        const before = Number(await credit.getAttribute('data-cents'));
        await page.locator('input[name="amount"]').fill(run.amount);
        await page.locator('input[name="pin"]').fill('1234');
        await page.locator('input[name="employeeName"]').fill('Void clerk');
        await page.locator('input[name="idVerified"]').check();
        await Promise.all([
          page.waitForURL(new RegExp(`${p}/auth/dealer/redemptions/\\d+$`)),
          page.getByTestId('redeem-form').locator('button[type="submit"]').click(),
        ]);
        await settled(page);
        // The receipt: its number as the API gives it, and the rider's credit left.
        const code = (await page.getByTestId('redemption-code').textContent())?.trim() ?? '';
        expect(code).toMatch(/^#[0-9A-Z]{3,}$/);
        const left = (await page.getByTestId('receipt-remaining').textContent()) ?? '';
        expect(left.replace(/\D/g, '')).toBe(String(before - 200));

        // No reason: refused next to the field, by the browser's check with JavaScript, by the
        // server without; the receipt stays, nothing voided.
        const form = page.getByTestId('void-form');
        await form.locator('button[type="submit"]').click();
        await form.locator('[id$="reason-error"]', { hasText: run.required }).waitFor();
        expect(await page.getByTestId('receipt-voided').count()).toBe(0);
        const mailsBefore = mailsTo(DEMO.rider).length;
        await page.locator('input[name="reason"]').fill(run.reason);
        await page.getByTestId('void-form').locator('button[type="submit"]').click();
        const banner = page.getByTestId('receipt-voided');
        await banner.waitFor();
        expect(await banner.textContent()).toContain(run.voided);
        expect(await banner.textContent()).toContain(run.reason);
        expect(await page.getByTestId('void-form').count()).toBe(0);
        const mail = await waitForMail(DEMO.rider, mailsBefore);
        expect(mail.subject).toContain(code);
        expect(mail.text).toContain(run.reason);

        // The credit is back; the dealer's list marks it voided (pages with no French of their own:
        // the English walk opens them).
        if (run.lang === 'en') {
          await page.goto(riderUrl);
          expect(Number(await credit.getAttribute('data-cents'))).toBe(before);
          await page.goto(`${p}/auth/dealer/redemptions`);
          await page
            .locator(`[data-testid="redemption-row"][data-code="${code}"][data-status="voided"]`)
            .waitFor();
        }
      } finally {
        await context.close();
      }
    });
  }

  it('after the window: the receipt says why and the API refuses it', async () => {
    const dealer = dealers.en ?? (await dealerAccount('void-late', PASSWORD));
    const riderId = demoRiderId();
    // A redemption made at this dealer two days ago (the credit it drew does not matter here).
    const redemptionId = writeDb(
      (db) =>
        (
          db
            .prepare(
              `INSERT INTO credit_redemptions (rider_id, dealer_id, amount_cents, currency, employee_name, id_verified, status, created_at)
               VALUES (?, ?, 100, 'USD', 'Late clerk', 1, 'active', strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-2 days')) RETURNING id`,
            )
            .get(riderId, dealer.dealerId) as { id: number }
        ).id,
    );
    const { context, page } = await newPage(getBrowser());
    try {
      await signIn(page, dealer.email, PASSWORD);
      await page.goto(`/auth/dealer/redemptions/${redemptionId}`);
      expect(await page.getByTestId('void-closed').textContent()).toContain('refund');
      expect(await page.getByTestId('void-form').count()).toBe(0);
      const res = await page.request.post(`/api/dealer/credit-redemption/${redemptionId}/void`, {
        data: { reason: 'Too late' },
        headers: { Origin: baseURL() },
      });
      expect(res.status()).toBe(409);
      expect(await res.json()).toMatchObject({ closesAt: expect.any(String) });
    } finally {
      await context.close();
      writeDb((db) => db.prepare('DELETE FROM credit_redemptions WHERE id = ?').run(redemptionId));
    }
  });
});
