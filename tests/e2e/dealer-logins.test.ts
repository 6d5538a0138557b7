/**
 * The admin's dealer logins: a page at a time, searched by the dealer's name or the login's
 * e-mail and by account state, in English with JavaScript and in French without it (the search
 * form's document answer, and its French label).
 */
import { describe, expect, it } from 'vitest';
import adminEn from '#locales/en/admin.json';
import adminFr from '#locales/fr/admin.json';
import { DEMO, signIn, newPage, prefix, useBrowser } from './helpers';

const browser = useBrowser();

for (const [lang, javaScript] of [
  ['en', true],
  ['fr', false],
] as const) {
  const p = prefix(lang);
  const words = lang === 'fr' ? adminFr : adminEn;
  describe(`dealer logins (${lang}, ${javaScript ? 'with' : 'without'} JavaScript)`, () => {
    it('search by e-mail, then by account state', async () => {
      const { context, page } = await newPage(browser(), { javaScript });
      await signIn(page, DEMO.admin, undefined, lang);
      await page.goto(`${p}/auth/admin/dealer-logins`);
      const rows = page.locator('table tbody tr');
      expect(await rows.count()).toBeGreaterThan(0);

      await page.getByLabel(words.dealerLogins.search).fill(DEMO.dealer);
      await Promise.all([
        page.waitForURL(/[?&]q=/),
        page.getByLabel(words.dealerLogins.search).press('Enter'),
      ]);
      await expect.poll(() => rows.count()).toBe(1);
      expect(await rows.first().textContent()).toContain(DEMO.dealer);
      expect(await page.getByLabel(words.dealerLogins.search).inputValue()).toBe(DEMO.dealer);

      await page.goto(`${p}/auth/admin/dealer-logins?status=deactivated&q=${DEMO.dealer}`);
      // The demo dealer's login is active: nothing to list, and the filters say what was asked.
      expect(await rows.count()).toBe(0);
      expect(await page.locator('select[name="status"]').inputValue()).toBe('deactivated');
      await context.close();
    });
  });
}
