/**
 * An admin adds a rider from the riders list, in English (JavaScript on) and French (JavaScript
 * off: the form posted as a document, its messages in French): the empty form shows every message,
 * then the rider is created and gets a set-password mail in their language whose invitation link
 * sets the password; the admin sends a fresh invitation from the rider's page, the old link stops
 * working and the new one works once (the rider without JavaScript).
 */
import { describe, expect, it } from 'vitest';
import {
  DEMO,
  login,
  signIn,
  newPage,
  prefix,
  toastShown,
  uniqueEmail,
  useBrowser,
  waitForMail,
} from './helpers';

const getBrowser = useBrowser();

describe('admin adds a rider', () => {
  for (const lang of ['en', 'fr'] as const) {
    const javaScript = lang === 'en';
    const how = javaScript ? '' : ', without JavaScript';
    it(`creates a rider and mails the set-password link (${lang}${how})`, async () => {
      const email = uniqueEmail(`added-${lang}`);
      const { context, page } = await newPage(getBrowser(), { javaScript });
      try {
        await signIn(page, DEMO.admin, undefined, lang);
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
            ? 'Votre compte du programme de primes contingency cash\u00a0: choisissez votre mot de passe'
            : 'Your contingency program account: choose your password',
        );
        const linkOf = (text: string) => /http\S+\/invitation\?\S+/.exec(text)?.[0] ?? 'none';
        const first = linkOf(mail.text);
        expect(first).toContain(`${prefix(lang)}/invitation?email=${encodeURIComponent(email)}`);

        // The admin sends a fresh invitation from the rider's page: the old link stops working.
        await page
          .getByRole('button', {
            name: lang === 'fr' ? 'Envoyer une nouvelle invitation' : 'Send a new invitation',
          })
          .click();
        await toastShown(page, lang === 'fr' ? /nouvelle invitation/ : /new invitation/);
        const fresh = linkOf((await waitForMail(email, 1)).text);
        expect(fresh).not.toBe(first);

        // The rider, without JavaScript: the old link is refused, the new one works once.
        const rider = await newPage(getBrowser(), { javaScript: false });
        try {
          const refused = lang === 'fr' ? /n’est pas valide/ : /is not valid/;
          await rider.page.goto(first);
          await expect(rider.page.getByTestId('invitation-refused').textContent()).resolves.toMatch(
            refused,
          );
          await rider.page.goto(fresh);
          await rider.page.locator('input[name="password"]').fill('Invited1234');
          await rider.page.locator('input[name="confirmPassword"]').fill('Invited1234');
          await Promise.all([
            rider.page.waitForURL(`**${prefix(lang)}/login`),
            rider.page.locator('form button[type="submit"]').click(),
          ]);
          await rider.page.goto(fresh);
          await expect(rider.page.getByTestId('invitation-refused').textContent()).resolves.toMatch(
            refused,
          );
          await login(rider.page, email, 'Invited1234', lang);
          expect(new URL(rider.page.url()).pathname).toContain('/auth/rider');
        } finally {
          await rider.context.close();
        }
      } finally {
        await context.close();
      }
    });
  }
});
