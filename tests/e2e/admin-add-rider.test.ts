/**
 * An admin adds a rider (issue #10) from the riders list, in English and French: the empty form
 * shows every message, then the rider is created and gets a set-password mail in their language
 * whose link opens the password reset with the code filled in.
 */
import { describe, expect, it } from 'vitest';
import { DEMO, login, newPage, prefix, uniqueEmail, useBrowser, waitForMail } from './helpers';

const getBrowser = useBrowser();

describe('admin adds a rider', () => {
  for (const lang of ['en', 'fr'] as const) {
    it(`creates a rider and mails the set-password link (${lang})`, async () => {
      const email = uniqueEmail(`added-${lang}`);
      const { context, page } = await newPage(getBrowser());
      try {
        await login(page, DEMO.admin, undefined, lang);
        await page.goto(`${prefix(lang)}/auth/admin/riders`);
        await page.getByTestId('add-rider').click();
        await page.waitForURL(`**${prefix(lang)}/auth/admin/rider`);
        await page
          .getByRole('button', { name: lang === 'fr' ? 'Créer le pilote' : 'Create the rider' })
          .click();
        await expect(page.getByTestId('error-summary').textContent()).resolves.toContain(
          lang === 'fr' ? 'Prénom' : 'First name',
        );
        const form = page.getByTestId('add-rider-form');
        await form.locator('input[name="firstName"]').fill('Zoé');
        await form.locator('input[name="lastName"]').fill('Added');
        await form.locator('input[name="email"]').fill(email);
        await form.locator('input[name="phone1"]').fill('514-555-0199');
        await form.locator('select[name="level"]').selectOption('pro');
        await form.locator('select[name="country"]').selectOption('CA');
        await form.locator('input[name="dateOfBirth"]').fill('1995-06-15');
        await page
          .getByRole('button', { name: lang === 'fr' ? 'Créer le pilote' : 'Create the rider' })
          .click();
        await page.waitForURL(/\/auth\/admin\/rider\/\d+$/);
        await page.getByRole('heading', { name: 'Zoé Added' }).first().waitFor();
        const mail = await waitForMail(email);
        expect(mail.subject).toBe(
          lang === 'fr'
            ? 'Votre compte du programme de primes contingency cash'
            : 'Your contingency cash account',
        );
        const code = /code\s?:\s?(\d{6})/.exec(mail.text.replace(/\u00a0/g, ' '))?.[1] ?? 'none';
        expect(mail.text).toContain(
          `${prefix(lang)}/password-lost-reset?email=${encodeURIComponent(email)}&code=${code}`,
        );
      } finally {
        await context.close();
      }
    });
  }
});
