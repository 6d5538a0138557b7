/**
 * Registering with an address that already has an account, in English and French (the French run
 * without JavaScript): the visitor sees the very same confirmation as for a new address, no
 * session either way, and the owner of the address gets a mail instead of an error on the page.
 */
import type { Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#db/schema';
import { openDb, type DB } from '~/db.server';
import { createAccount } from '~/services/people/users.server';
import {
  codeIn,
  databasePath,
  mailsTo,
  newPage,
  prefix,
  uniqueEmail,
  useBrowser,
  waitForMail,
} from './helpers';

const browser = useBrowser();
const PASSWORD = 'Gravel-Track-Ride-42';

let db: DB;
beforeAll(() => {
  db = openDb(databasePath());
});
afterAll(() => {
  db.$client.close();
});

async function register(page: Page, lang: 'en' | 'fr', email: string) {
  const p = prefix(lang);
  await page.goto(`${p}/register`);
  const form = page.getByTestId('register-form');
  await form.locator('input[name="firstName"]').fill('Casey');
  await form.locator('input[name="lastName"]').fill('Racer');
  await form.locator('input[name="email"]').fill(email);
  await form.locator('input[name="password"]').fill(PASSWORD);
  await form.locator('input[name="confirmPassword"]').fill(PASSWORD);
  await form.locator('input[name="dateOfBirth"]').fill('1990-05-01');
  await form.locator('select[name="sex"]').selectOption('female');
  await form.locator('input[name="phone1"]').fill('555 123 4567');
  await form.locator('select[name="raceStyle"]').selectOption('motocross');
  await form.locator('input[name="level"][value="amateur"]').check();
  await form.locator('input[name="addressLine1"]').fill('1 Track Road');
  await form.locator('input[name="city"]').fill('Austin');
  await form.locator('select[name="country"]').selectOption('US');
  await form.locator('select[name="state"]').selectOption('TX');
  await form.locator('input[name="zipcode"]').fill('78701');
  await Promise.all([
    page.waitForURL((url) => url.pathname === `${p}/register-confirm`),
    form.locator('button[type="submit"]').click(),
  ]);
  await page.getByTestId('register-sent').waitFor();
  await page.waitForLoadState('load');
}

/** What the visitor sees, with the address they typed taken out. */
async function answerSeen(page: Page, email: string) {
  const main = (await page.locator('main').innerText()).replaceAll(email, '<email>');
  const cookies = (await page.context().cookies()).map((c) => c.name);
  return { path: new URL(page.url()).pathname, main, session: cookies.includes('cc_session') };
}

const TEXT = {
  en: {
    sent: 'We sent a message to',
    notice: 'Someone tried to register with your address',
    login: '/login',
  },
  fr: {
    sent: 'Nous avons envoyé un message à',
    notice: 'Quelqu’un a tenté de s’inscrire avec votre adresse',
    login: '/fr/login',
  },
} as const;

for (const lang of ['en', 'fr'] as const) {
  const text = TEXT[lang];
  const javaScript = lang === 'en';

  describe(`registration with an address in use (${lang}${javaScript ? '' : ', no JavaScript'})`, () => {
    it('shows the same confirmation as for a new address and mails the owner', async () => {
      const fresh = uniqueEmail(`fresh-${lang}`);
      const first = await newPage(browser(), { javaScript });
      await register(first.page, lang, fresh);
      const newAnswer = await answerSeen(first.page, fresh);
      expect(newAnswer.main).toContain(text.sent);
      expect(newAnswer.session).toBe(false);
      // The new address got its code.
      expect(codeIn(await waitForMail(fresh))).toMatch(/^\d{6}$/);
      await first.context.close();

      const taken = uniqueEmail(`taken-${lang}`);
      await createAccount(db, {
        role: 'rider',
        email: taken,
        password: 'OwnerSecret1',
        emailVerified: true,
        firstName: 'Owner',
        lastName: 'Racer',
      });
      // The owner reads this language: the notice is written in it.
      db.update(users).set({ lang }).where(eq(users.email, taken)).run();
      const second = await newPage(browser(), { javaScript });
      await register(second.page, lang, taken);
      const takenAnswer = await answerSeen(second.page, taken);
      expect(takenAnswer).toEqual(newAnswer);

      const notice = await waitForMail(taken);
      expect(notice.subject).toBe(text.notice);
      expect(notice.text).toContain(text.login);
      expect(notice.text).not.toMatch(/\b\d{6}\b/);
      expect(mailsTo(taken)).toHaveLength(1);
      await second.context.close();
    });
  });
}
