/**
 * A dealer changes the e-mail they sign in with, without JavaScript and in French (its messages
 * and mail subjects; the English run took no other path): the
 * new address and the password (a wrong password is refused next to its field and the address
 * typed stays), the code read from the mail to the new address, the change listed in the
 * security history and mailed to both addresses; the new address signs in, the old one no longer.
 */
import { describe, expect, it } from 'vitest';
import en from '#locales/en/twofactor.json';
import fr from '#locales/fr/twofactor.json';
import { userCreate } from './accounts';
import {
  baseURL,
  codeIn,
  login,
  signIn,
  mailsTo,
  newPage,
  prefix,
  submitDocument,
  toastShown,
  uniqueEmail,
  useBrowser,
} from './helpers';

const browser = useBrowser();
const PASSWORD = 'Strong-Pass-2026';
const words = { en, fr };

function createDealer(email: string, lang: 'en' | 'fr') {
  return userCreate(
    ['--role', 'dealer', '--email', email, '--name', 'Mail Change Motors'],
    PASSWORD,
    lang,
  );
}

describe.each(['fr'] as const)(
  'a dealer changes their sign-in e-mail, without JavaScript (%s)',
  (lang) => {
    it('asks with the password, confirms with the mailed code, sees the event; the new address signs in, the old one not', async () => {
      const t = words[lang];
      const oldEmail = uniqueEmail(`mail-old-${lang}`);
      const newEmail = uniqueEmail(`mail-new-${lang}`);
      await createDealer(oldEmail, lang);
      const { context, page } = await newPage(browser(), { javaScript: false });
      const form = (intent: string) =>
        page.locator(`form:has(input[name="intent"][value="${intent}"])`);
      const security = `${prefix(lang)}/auth/dealer/security`;
      try {
        await signIn(page, oldEmail, PASSWORD, lang);
        await page.goto(security);
        await page.getByText(t.email.current.replace('{{email}}', oldEmail)).waitFor();

        // A wrong password: refused next to its field, the new address typed stays, no mail.
        await form('emailChange').locator('input[name="newEmail"]').fill(newEmail);
        await form('emailChange').locator('input[name="password"]').fill('not-my-password');
        await submitDocument(page, form('emailChange').locator('button[type="submit"]'));
        expect(
          await form('emailChange').locator('input[name="password"]').getAttribute('aria-invalid'),
        ).toBe('true');
        await form('emailChange')
          .locator('#email-change-password-error')
          .getByText(t.errors.wrongPassword)
          .waitFor();
        expect(await form('emailChange').locator('input[name="newEmail"]').inputValue()).toBe(
          newEmail,
        );
        expect(await form('emailChange').locator('input[name="password"]').inputValue()).toBe('');
        expect(mailsTo(newEmail)).toEqual([]);

        await form('emailChange').locator('input[name="password"]').fill(PASSWORD);
        await submitDocument(page, form('emailChange').locator('button[type="submit"]'));
        await toastShown(page, t.email.sent);
        await page.getByText(t.email.pending.replace('{{email}}', newEmail)).waitFor();
        const [codeMail] = mailsTo(newEmail);
        expect(codeMail.subject).toBe(t.email.codeMail.subject);
        expect(mailsTo(oldEmail)).toEqual([]);

        await form('emailConfirm').locator('input[name="code"]').fill(codeIn(codeMail));
        await submitDocument(page, form('emailConfirm').locator('button[type="submit"]'));
        await toastShown(page, t.email.changed);
        await page.getByText(t.email.current.replace('{{email}}', newEmail)).waitFor();
        const rows = page.getByTestId('security-events').locator('tbody tr');
        expect(await rows.first().getAttribute('data-kind')).toBe('emailChanged');
        expect(await rows.first().textContent()).toContain(t.events.emailChanged);
        const subject = t.mail.subject.replace('{{what}}', t.events.emailChanged);
        expect(mailsTo(oldEmail).map((m) => m.subject)).toEqual([subject]);
        expect(mailsTo(newEmail).map((m) => m.subject)).toEqual([
          t.email.codeMail.subject,
          subject,
        ]);

        // The old address no longer signs in; the new one does.
        // Posted as the sign-in form does: the form itself is not what is tested here.
        await context.clearCookies();
        const old = await page.request.post(`${prefix(lang)}/login`, {
          form: { email: oldEmail, password: PASSWORD, redirectTo: '' },
          headers: { Origin: baseURL() },
          maxRedirects: 0,
        });
        expect(old.status()).not.toBe(302);
        expect(old.headers()['location']).toBeUndefined();
        await login(page, newEmail, PASSWORD, lang);
        expect(new URL(page.url()).pathname).toBe(`${prefix(lang)}/auth/dealer`);
      } finally {
        await context.close();
      }
    }, 120_000);
  },
);
