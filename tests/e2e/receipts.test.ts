/**
 * A dealer redeems: the rider's receipt mail is in the outbox in the RIDER's language (whatever
 * the dealer's), and the receipt's print view shows the receipt alone, without JavaScript too.
 */
import { describe, expect, it } from 'vitest';
import { writeDb } from './db-write';
import { DEMO, signIn, mailsTo, newPage, prefix, useBrowser, waitForMail } from './helpers';

const getBrowser = useBrowser();

const RUNS = [
  { dealerLang: 'en', riderLang: 'fr', javaScript: true },
  { dealerLang: 'fr', riderLang: 'en', javaScript: false },
] as const;

function setRiderLang(lang: 'en' | 'fr'): number {
  return writeDb((db) => {
    db.prepare('UPDATE users SET lang = ? WHERE email = ?').run(lang, DEMO.rider);
    const row = db
      .prepare(
        'SELECT riders.id AS id FROM riders JOIN users ON users.id = riders.user_id WHERE users.email = ?',
      )
      .get(DEMO.rider) as { id: number };
    return row.id;
  });
}

describe('redemption receipt mail and print view', () => {
  for (const run of RUNS) {
    it(`mails the rider in ${run.riderLang} when a dealer redeems in ${run.dealerLang}${run.javaScript ? '' : ' without JavaScript'}`, async () => {
      const riderId = setRiderLang(run.riderLang);
      const p = prefix(run.dealerLang);
      const { context, page } = await newPage(getBrowser(), { javaScript: run.javaScript });
      try {
        await signIn(page, DEMO.dealer, undefined, run.dealerLang);
        await page.goto(`${p}/auth/dealer/rider/${riderId}`);
        const before = mailsTo(DEMO.rider).length;
        await page.locator('input[name="amount"]').fill(run.dealerLang === 'fr' ? '1,05' : '1.05');
        await page.locator('input[name="pin"]').fill('1234');
        await page.locator('input[name="employeeName"]').fill('Receipt clerk');
        await page.locator('input[name="idVerified"]').check();
        await Promise.all([
          page.waitForURL(new RegExp(`${p}/auth/dealer/redemptions/\\d+$`)),
          page.getByTestId('redeem-form').locator('button[type="submit"]').click(),
        ]);
        const code = (await page.getByTestId('redemption-code').textContent())?.trim() ?? '';
        // One receipt number in every language: the page and the mail show the same '#00H'.
        expect(code).toMatch(/^#[0-9A-Z]{3,}$/);
        const mail = await waitForMail(DEMO.rider, before);
        const text = mail.text.replace(/\u00a0/g, ' ');
        const subject = mail.subject.replace(/\u00a0/g, ' ');
        if (run.riderLang === 'fr') {
          expect(subject).toMatch(/^Reçu : 1,05 \$ US/);
          expect(text).toContain(`Code de l’échange : ${code}`);
          expect(text).toMatch(/Ce n’était pas vous \? .*\/fr\/about\/contact/);
        } else {
          expect(subject).toMatch(/^Receipt: \$1\.05/);
          expect(text).toContain(`Redemption code: ${code}`);
          expect(text).toMatch(/Not you\? .*\/about\/contact/);
        }

        // The print view: the receipt alone (no dashboard), reached by a plain link.
        await Promise.all([
          page.waitForURL(new RegExp(`${p}/auth/dealer/redemptions/\\d+/print$`)),
          page.getByTestId('print-view').click(),
        ]);
        await page.getByTestId('receipt-print-view').waitFor();
        expect((await page.getByTestId('redemption-code').textContent())?.trim()).toBe(code);
        expect(await page.getByTestId('sidebar').count()).toBe(0);
        // The Print button shows after an effect, a moment after the page (with JavaScript only).
        await expect
          .poll(() => page.getByTestId('print-receipt').count())
          .toBe(run.javaScript ? 1 : 0);
      } finally {
        await context.close();
        setRiderLang('en');
      }
    });
  }
});
