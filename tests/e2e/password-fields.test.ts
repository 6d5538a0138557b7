/**
 * Every form that sets a password draws the same fields: the current password where one is asked,
 * the new one with the rules it must meet read with it (its hint in `aria-describedby`), and its
 * confirmation. Walked in English on each role's profile, the registration and the reset page; a
 * dealer's new password that breaks a rule is refused next to the field without JavaScript, in
 * French (the French labels, rule and refusal are read there).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import commonEn from '#locales/en/common.json';
import commonFr from '#locales/fr/common.json';
import validationEn from '#locales/en/validation.json';
import validationFr from '#locales/fr/validation.json';
import { DEMO, signIn, newPage, onceIt, prefix, useBrowser } from './helpers';

const browser = useBrowser();

/**
 * The label, the description read with it and the autocomplete of each password input of the
 * form that sets a password (a rider's profile also has the PIN's).
 */
async function passwordInputs(page: Page) {
  return page
    .locator('form:has(input[name="confirmPassword"]) input[type="password"]')
    .evaluateAll((inputs) =>
      inputs.map((input) => {
        const el = input as HTMLInputElement;
        const described = (el.getAttribute('aria-describedby') ?? '')
          .split(/\s+/)
          .filter(Boolean)
          .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
          .filter(Boolean);
        return {
          name: el.name,
          label: el.labels?.[0]?.textContent?.trim() ?? '',
          hint: described.join(' '),
          autocomplete: el.autocomplete,
        };
      }),
    );
}

for (const lang of ['en', 'fr'] as const) {
  const p = prefix(lang);
  const words = (lang === 'fr' ? commonFr : commonEn).password;
  const change = [
    { name: 'currentPassword', label: words.current, hint: '', autocomplete: 'current-password' },
    { name: 'password', label: words.new, hint: words.hint, autocomplete: 'new-password' },
    { name: 'confirmPassword', label: words.confirm, hint: '', autocomplete: 'new-password' },
  ];

  describe(`the password fields (${lang})`, () => {
    const once = onceIt(lang);
    for (const [role, email] of [
      ['admin', DEMO.admin],
      ['promoter', DEMO.promoter],
      ['dealer', DEMO.dealer],
      ['rider', DEMO.rider],
    ] as const) {
      once(`the ${role}'s profile: current, new (with its rules) and confirmation`, async () => {
        const { context, page } = await newPage(browser());
        await signIn(page, email, undefined, lang);
        await page.goto(`${p}/auth/${role}/profile`);
        expect(await passwordInputs(page)).toEqual(change);
        await context.close();
      });
    }

    once(
      'registration and the reset page: the new password with its rules, then its confirmation',
      async () => {
        const { context, page } = await newPage(browser());
        await page.goto(`${p}/register`);
        expect(await passwordInputs(page)).toEqual([
          { ...change[1], label: words.first },
          change[2],
        ]);
        await page.goto(`${p}/forgot-password-reset`);
        expect(await passwordInputs(page)).toEqual(change.slice(1));
        await context.close();
      },
    );

    // The form's document answer and its French: one variant.
    if (lang === 'fr')
      it("a dealer's new password that breaks a rule: refused without JavaScript, the refusal and the rule read with the field", async () => {
        const { context, page } = await newPage(browser(), { javaScript: false });
        await signIn(page, DEMO.dealer, undefined, lang);
        await page.goto(`${p}/auth/dealer/profile`);
        const form = page.locator('form#dealer-password');
        expect(await passwordInputs(page)).toEqual(change);
        await form.locator('input[name="currentPassword"]').fill('Password123');
        await form.locator('input[name="password"]').fill('Short1');
        await form.locator('input[name="confirmPassword"]').fill('Short1');
        await Promise.all([
          page.waitForLoadState('load'),
          form.locator('button[type="submit"]').click(),
        ]);
        const refused = (lang === 'fr' ? validationFr : validationEn).passwordMin;
        const inputs = await passwordInputs(page);
        expect(inputs.find((i) => i.name === 'password')?.hint).toBe(`${refused} ${words.hint}`);
        expect(await form.locator('input[name="password"]').getAttribute('aria-invalid')).toBe(
          'true',
        );
        // A password is never written back into a page.
        for (const name of ['currentPassword', 'password', 'confirmPassword'])
          expect(await form.locator(`input[name="${name}"]`).inputValue()).toBe('');
        await context.close();
      });
  });
}
