/**
 * The dealer counter, end to end, in English and French: the demo dealer finds the demo rider,
 * is refused with a wrong PIN, redeems part of the credit with the right one and gets a receipt
 * with the base-36 code; the admin refunds it and the rider's balance is back.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, login, newPage, prefix, useBrowser } from './helpers';

const getBrowser = useBrowser();

const RUNS = [
  { lang: 'en' as const, amount: '12.34', cents: 1234, shown: '12.34', wrongPin: 'Wrong PIN.', javaScript: true },
  { lang: 'fr' as const, amount: '7,65', cents: 765, shown: '7,65', wrongPin: 'NIP erroné.', javaScript: true },
  // The same flow with JavaScript off: every form must work as plain HTML.
  { lang: 'en' as const, amount: '3.01', cents: 301, shown: '3.01', wrongPin: 'Wrong PIN.', javaScript: false },
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
      try {
        const page = dealer.page;
        await login(page, DEMO.dealer, undefined, run.lang);
        await page.goto(`${p}/auth/dealer`);
        await page.locator('input[name="q"]').fill(DEMO.rider);
        await Promise.all([page.waitForURL(/[?&]q=/), page.locator('form[role="search"] button[type="submit"]').click()]);
        const results = page.getByTestId('rider-search-results');
        await results.locator('a').first().click();
        await page.waitForURL(new RegExp(`${p}/auth/dealer/rider/\\d+$`));
        const riderUrl = page.url();
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
        expect(await page.locator('input[name="employeeName"]').inputValue()).toBe(`Counter ${run.lang}`);
        expect(await page.locator('input[name="pin"]').inputValue()).toBe('');
        expect(await availableCents(page)).toBe(before);

        // Right PIN: the receipt with the code.
        await page.locator('input[name="pin"]').fill('1234');
        await page.locator('input[name="idVerified"]').check();
        await Promise.all([
          page.waitForURL(new RegExp(`${p}/auth/dealer/redemptions/\\d+$`)),
          page.getByTestId('redeem-form').locator('button[type="submit"]').click(),
        ]);
        const code = (await page.getByTestId('redemption-code').textContent())?.trim() ?? '';
        expect(code).toMatch(/^[0-9A-Z]+$/);
        const id = Number(new URL(page.url()).pathname.split('/').pop());
        expect(code).toBe(id.toString(36).toUpperCase());
        const amountText = (await page.getByTestId('receipt-amount').textContent()) ?? '';
        expect(amountText.replace(/\s/g, '')).toContain(run.shown);
        if (run.javaScript) await page.getByTestId('print-receipt').waitFor();

        await page.goto(riderUrl);
        expect(await availableCents(page)).toBe(before - run.cents);

        // The admin refunds it on the rider-redemptions page (with a confirmation step).
        const a = admin.page;
        await login(a, DEMO.admin, undefined, run.lang);
        await a.goto(`${p}/auth/admin/rider-redemptions`);
        const row = a.locator(`[data-testid="redemption-row"][data-code="${code}"]`);
        await row.getByTestId('refund-button').click();
        await a.getByTestId('refund-confirm').waitFor();
        await a.locator('textarea[name="reason"]').fill('e2e');
        await Promise.all([
          a.waitForURL((u) => !u.searchParams.has('confirm')),
          a.getByTestId('refund-confirm').locator('button[type="submit"]').click(),
        ]);
        await a.locator(`[data-testid="redemption-row"][data-code="${code}"][data-status="revoked"]`).waitFor();
        await a.goto(`${p}/auth/admin/rider-redemptions?view=revoked`);
        await a.getByTestId('revoked-table').locator(`[data-code="${code}"]`).waitFor();

        // The balance is back at the counter, and the dealer's list marks it refunded.
        await page.goto(riderUrl);
        expect(await availableCents(page)).toBe(before);
        await page.goto(`${p}/auth/dealer/redemptions`);
        await page.locator(`[data-testid="redemption-row"][data-code="${code}"][data-status="revoked"]`).waitFor();
      } finally {
        await dealer.context.close();
        await admin.context.close();
      }
    });
  }
});
