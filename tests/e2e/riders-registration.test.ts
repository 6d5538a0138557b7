/**
 * Riders in a browser: registration → "check your e-mail" with the code → VIN → rider home, in
 * English with JavaScript; the same in French without JavaScript (the forms' document answers and
 * their French), by a 16-year-old refused without guardian consent and accepted with it (the
 * server decides). Password recovery by code, support without e-mail and a profile change, in
 * English (the recovery mail's French link is a unit test's).
 */
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type DB } from '~/db.server';
import { todayString } from '~/lib/format';
import { vinCheckDigit } from '~/lib/vin';
import { createAccount } from '~/services/people/users.server';
import {
  codeIn,
  databasePath,
  DEMO,
  login,
  signIn,
  mailsTo,
  newPage,
  prefix,
  uniqueEmail,
  useBrowser,
  waitForMail,
  onceIt,
} from './helpers';

const browser = useBrowser();

/** Enters the mailed code; a new rider without a bike is then sent to add one (the VIN step). */
async function enterMailedCode(page: Page, email: string, p: string) {
  await page.locator('input[name="code"]').fill(codeIn(await waitForMail(email)));
  await Promise.all([
    page.waitForURL(
      (url) =>
        url.pathname === `${p}/auth/rider/profile` && url.searchParams.get('redirect') === 'vin',
    ),
    page.locator('form:has(input[name="code"]) button[type="submit"]').click(),
  ]);
  await page.getByTestId('vin-redirect').waitFor();
}

const PASSWORD = 'Gravel-Track-Ride-42';

let db: DB;
beforeAll(() => {
  db = openDb(databasePath());
});
afterAll(() => {
  db.$client.close();
});

function count(query: string, ...args: unknown[]): number {
  const conn = new Database(databasePath(), { readonly: true });
  try {
    return (conn.prepare(query).get(...args) as { n: number }).n;
  } finally {
    conn.close();
  }
}

/** A VIN nobody registered: the 450 SX-F 2024 pattern VBKSXF45*RM****** with a unique serial. */
function freshVin(): string {
  const serial = `E${String(Date.now() % 100_000).padStart(5, '0')}`;
  const draft = `VBKSXF450RM${serial}`;
  return `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`;
}

/** A date of birth for someone `years` old today (birthday a week ago). */
function birthDate(years: number): string {
  const [y, m, d] = todayString().split('-').map(Number);
  return new Date(Date.UTC(y - years, m - 1, d - 7)).toISOString().slice(0, 10);
}

/** Fills the registration form (everything but the guardian part). */
async function fillRegistration(page: Page, email: string, dateOfBirth: string) {
  await page.locator('input[name="firstName"]').fill('Casey');
  await page.locator('input[name="lastName"]').fill('Racer');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('input[name="confirmPassword"]').fill(PASSWORD);
  await page.locator('input[name="dateOfBirth"]').fill(dateOfBirth);
  await page.locator('select[name="sex"]').selectOption('non-binary');
  await page.locator('input[name="phone1"]').fill('555 123 4567');
  await page.locator('input[name="hometown"]').fill('Austin, TX');
  await page.locator('select[name="raceStyle"]').selectOption('motocross');
  await page.locator('input[name="amaNumber"]').fill('');
  await page.locator('input[name="level"][value="amateur"]').check();
  await page.locator('input[name="addressLine1"]').fill('1 Track Road');
  await page.locator('input[name="city"]').fill('Austin');
  await page.locator('select[name="country"]').selectOption('US');
  await page.locator('select[name="state"]').selectOption('TX');
  await page.locator('input[name="zipcode"]').fill('78701');
}

async function submitRegistration(page: Page) {
  await page.locator('[data-testid="register-form"] button[type="submit"]').click();
}

const TEXT = {
  en: {
    invalidVin: 'Invalid VIN',
    guardianConsent: "A rider under 18 needs a parent or guardian's consent: tick the box.",
    saved: 'Saved.',
  },
  fr: {
    invalidVin: 'NIV invalide',
    guardianConsent:
      'Un pilote de moins de 18 ans a besoin du consentement d’un parent ou tuteur : cochez la case.',
    saved: 'Enregistré.',
  },
} as const;

for (const lang of ['en', 'fr'] as const) {
  const p = prefix(lang);
  const text = TEXT[lang];
  const once = onceIt(lang);

  // The forms' document answers and their French: one variant.
  const french = lang === 'fr' ? it : () => undefined;

  describe(`riders (${lang})`, () => {
    once(
      'a new rider registers, verifies the e-mail, is refused an invalid VIN, adds a valid one and reaches the rider home',
      async () => {
        const { context, page } = await newPage(browser());
        const email = uniqueEmail(`reg-${lang}`);
        await page.goto(`${p}/register`);
        await fillRegistration(page, email, birthDate(30));
        await Promise.all([
          page.waitForURL((url) => url.pathname === `${p}/register-confirm`),
          submitRegistration(page),
        ]);

        await enterMailedCode(page, email, p);

        // A VIN with a wrong check digit (fixtures/vins.csv).
        const addForm = page.getByTestId('add-bike-form');
        await addForm.locator('input[name="vin"]').fill('VBKSXF451RM000101');
        await addForm.locator('button[type="submit"]').click();
        await expect(
          addForm.getByTestId('add-bike-vin-live').getByText(text.invalidVin).waitFor(),
        ).resolves.toBeUndefined();
        expect(
          count(
            'SELECT count(*) AS n FROM bikes b JOIN riders r ON r.id = b.rider_id JOIN users u ON u.id = r.user_id WHERE u.email = ?',
            email,
          ),
        ).toBe(0);

        await addForm.locator('input[name="vin"]').fill(freshVin());
        await Promise.all([
          page.waitForURL((url) => url.pathname === `${p}/auth/rider`),
          addForm.locator('button[type="submit"]').click(),
        ]);
        await expect(page.getByTestId('user-email').textContent()).resolves.toBe(email);
        const rider = new Database(databasePath(), { readonly: true });
        const row = rider
          .prepare(
            'SELECT r.state, r.race_style AS raceStyle, r.sex, u.email_verified AS verified, u.lang FROM riders r JOIN users u ON u.id = r.user_id WHERE u.email = ?',
          )
          .get(email);
        rider.close();
        expect(row).toEqual({
          state: 'TX',
          raceStyle: 'motocross',
          sex: 'non-binary',
          verified: 1,
          lang,
        });
        await context.close();
      },
    );

    french(
      'a 16-year-old cannot register without guardian consent (no scripts), and can with it; verifies the e-mail, is refused an invalid VIN, adds a valid one and reaches the rider home',
      async () => {
        const { context, page } = await newPage(browser(), { javaScript: false });
        const email = uniqueEmail(`minor-${lang}`);
        await page.goto(`${p}/register`);
        await fillRegistration(page, email, birthDate(16));
        await page.locator('input[name="guardianName"]').fill('Pat Racer');
        await page.locator('input[name="guardianEmail"]').fill(uniqueEmail('guardian'));
        await submitRegistration(page);
        await page.waitForLoadState('domcontentloaded');
        expect(new URL(page.url()).pathname).toBe(`${p}/register`);
        await page.getByTestId('guardian').getByText(text.guardianConsent).waitFor();
        expect(count('SELECT count(*) AS n FROM users WHERE email = ?', email)).toBe(0);
        // Nothing typed is lost but the passwords.
        await expect(page.locator('input[name="firstName"]').inputValue()).resolves.toBe('Casey');
        await expect(page.locator('input[name="guardianName"]').inputValue()).resolves.toBe(
          'Pat Racer',
        );
        await expect(page.locator('select[name="state"]').inputValue()).resolves.toBe('TX');
        await expect(page.locator('input[name="password"]').inputValue()).resolves.toBe('');

        await page.locator('input[name="password"]').fill(PASSWORD);
        await page.locator('input[name="confirmPassword"]').fill(PASSWORD);
        await page.locator('input[name="guardianConsent"]').check();
        await Promise.all([
          page.waitForURL((url) => url.pathname === `${p}/register-confirm`),
          submitRegistration(page),
        ]);
        expect(
          count(
            'SELECT count(*) AS n FROM guardian_consents g JOIN riders r ON r.id = g.rider_id JOIN users u ON u.id = r.user_id WHERE u.email = ?',
            email,
          ),
        ).toBe(1);

        await enterMailedCode(page, email, p);
        // A VIN with a wrong check digit (fixtures/vins.csv): refused next to the field.
        const addForm = page.getByTestId('add-bike-form');
        await addForm.locator('input[name="vin"]').fill('VBKSXF451RM000101');
        await Promise.all([
          page.waitForEvent('load'),
          addForm.locator('button[type="submit"]').click(),
        ]);
        await addForm.getByText(text.invalidVin).first().waitFor();
        await addForm.locator('input[name="vin"]').fill(freshVin());
        await Promise.all([
          page.waitForURL((url) => url.pathname === `${p}/auth/rider`),
          addForm.locator('button[type="submit"]').click(),
        ]);
        const rider = new Database(databasePath(), { readonly: true });
        const row = rider
          .prepare(
            'SELECT u.email_verified AS verified, u.lang FROM riders r JOIN users u ON u.id = r.user_id WHERE u.email = ?',
          )
          .get(email);
        rider.close();
        expect(row).toEqual({ verified: 1, lang });
        await context.close();
      },
    );

    once(
      'a rider recovers a forgotten password with the code and signs in with the new one',
      async () => {
        const email = uniqueEmail(`lost-${lang}`);
        await createAccount(db, {
          role: 'rider',
          email,
          password: PASSWORD,
          emailVerified: true,
          firstName: 'Lost',
          lastName: 'Racer',
        });
        const { context, page } = await newPage(browser());
        await page.goto(`${p}/login`);
        await page.locator(`a[href="${p}/forgot-password"]`).click();
        await page.waitForURL(`**${p}/forgot-password`);
        // The URL changes before the new page renders (React transition): address each page's own
        // form, never a field the page we are leaving also has.
        const forgot = page.locator('form#forgot-password');
        await forgot.locator('input[name="email"]').fill(email);
        await Promise.all([
          page.waitForURL((url) => url.pathname === `${p}/forgot-password-reset`),
          forgot.locator('button[type="submit"]').click(),
        ]);
        const reset = page.locator('form#password-reset');
        await expect(reset.locator('input[name="email"]').inputValue()).resolves.toBe(email);

        const mail = await waitForMail(email);
        expect(mail.text).toContain(`${p}/password-lost-reset?email=`);
        await reset.locator('input[name="code"]').fill(codeIn(mail));
        await reset.locator('input[name="password"]').fill('NewSecret99');
        await reset.locator('input[name="confirmPassword"]').fill('NewSecret99');
        await Promise.all([
          page.waitForURL((url) => url.pathname === `${p}/login`),
          reset.locator('button[type="submit"]').click(),
        ]);

        // The old password no longer works; the new one does.
        const loginForm = page.locator('form#login');
        await loginForm.locator('input[name="email"]').fill(email);
        await loginForm.locator('input[name="password"]').fill(PASSWORD);
        await loginForm.locator('button[type="submit"]').click();
        await loginForm.locator('ul.field-error').first().waitFor();
        expect(new URL(page.url()).pathname).toBe(`${p}/login`);
        await login(page, email, 'NewSecret99', lang);
        expect(new URL(page.url()).pathname).toMatch(new RegExp(`^${p}/auth/rider`));

        // An unknown address gets the very same answer and no mail.
        const ghost = uniqueEmail('ghost');
        const other = await newPage(browser());
        await other.page.goto(`${p}/forgot-password`);
        await other.page.locator('form#forgot-password input[name="email"]').fill(ghost);
        await Promise.all([
          other.page.waitForURL((url) => url.pathname === `${p}/forgot-password-reset`),
          other.page.locator('form#forgot-password button[type="submit"]').click(),
        ]);
        expect(mailsTo(ghost)).toHaveLength(0);
        await other.context.close();
        await context.close();
      },
    );

    once(
      'a rider without access to their e-mail asks support (no scripts) and the admins get it',
      async () => {
        const { context, page } = await newPage(browser(), { javaScript: false });
        const oldEmail = uniqueEmail(`gone-${lang}`);
        await page.goto(`${p}/account-recovery`);
        await page.locator('input[name="name"]').fill('Gone Racer');
        await page.locator('input[name="oldEmail"]').fill(oldEmail);
        await page.locator('input[name="newEmail"]').fill(uniqueEmail('new'));
        await page.locator('input[name="phone"]').fill('555 987 6543');
        await page.locator('input[name="amaNumber"]').fill('4242');
        await page
          .locator('textarea[name="message"]')
          .fill('I changed jobs and lost my work e-mail.');
        await page.locator('form button[type="submit"]').click();
        await page.getByTestId('recovery-sent').waitFor();
        expect(new URL(page.url()).pathname).toBe(`${p}/account-recovery`);
        expect(
          count(
            "SELECT count(*) AS n FROM contact_messages WHERE kind = 'accountRecovery' AND message LIKE ?",
            `%${oldEmail}%`,
          ),
        ).toBe(1);
        // The mail is written before the answer: it is in the outbox already.
        expect(mailsTo(DEMO.admin).some((m) => m.subject.includes(oldEmail))).toBe(true);
        await context.close();
      },
    );

    once('a signed-in rider changes a profile field', async () => {
      const email = uniqueEmail(`profile-${lang}`);
      await createAccount(db, {
        role: 'rider',
        email,
        password: PASSWORD,
        emailVerified: true,
        firstName: 'Profile',
        lastName: 'Racer',
        rider: {
          phone1: '5551234567',
          dateOfBirth: '1990-01-01',
          sex: 'male',
          raceStyle: 'road',
          addressLine1: '1 Main St',
          city: 'Reno',
          state: 'NV',
          zipcode: '89501',
          country: 'US',
        },
      });
      const { context, page } = await newPage(browser());
      await signIn(page, email, PASSWORD, lang);
      await page.goto(`${p}/auth/rider/profile`);
      const section = page.getByTestId('section-personal');
      await section.locator('input[name="hometown"]').fill(`Carson City ${lang}`);
      await section.locator('input[name="instagram"]').fill('@profile_racer');
      await section.locator('button[type="submit"]').click();
      await expect(section.getByText(text.saved).waitFor()).resolves.toBeUndefined();
      await page.reload();
      await expect(
        page.getByTestId('section-personal').locator('input[name="hometown"]').inputValue(),
      ).resolves.toBe(`Carson City ${lang}`);
      await expect(
        page.getByTestId('section-personal').locator('input[name="instagram"]').inputValue(),
      ).resolves.toBe('@profile_racer');
      await context.close();
    });
  });
}
