/**
 * Strong sign-in in the browser: an admin made by `npm run user:create` must set up TOTP before
 * any admin page (the test reads the key from the page and computes the codes with the same
 * library), signs out, signs in with a code, and a recovery code works once (English, with
 * JavaScript: the French pages of the walk say nothing of their own). A session whose last proof
 * is old confirms it is you (password, then password and code) before it may set up or change
 * two-factor, and a password change on the profile removes passkeys: without JavaScript (document
 * answers) and in French (its messages and mail subjects), the one language those need.
 */
import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import enDealer from '#locales/en/dealer.json';
import en from '#locales/en/twofactor.json';
import frDealer from '#locales/fr/dealer.json';
import fr from '#locales/fr/twofactor.json';
import { stepAt, totpCode } from '~/services/auth/totp.server';
import { makeStale, userCreate, userCreateCommand } from './accounts';
import { writeDb } from './db-write';
import {
  databasePath,
  login,
  signIn,
  mailsTo,
  newPage,
  prefix,
  settled,
  submitDocument,
  uniqueEmail,
  useBrowser,
} from './helpers';

const browser = useBrowser();
const PASSWORD = 'Strong-Pass-2026';
const NEW_PASSWORD = 'Copper-Meadow-Violin-4817';

const words = { en, fr };
const dealerWords = { en: enDealer, fr: frDealer };

function createDealer(email: string, lang: 'en' | 'fr'): Promise<number> {
  return userCreate(
    ['--role', 'dealer', '--email', email, '--name', 'Step-up Motors'],
    PASSWORD,
    lang,
  );
}

/** An admin as `npm run user:create` makes one; `command`: by running the command itself. */
function createAdmin(email: string, command = false) {
  return (command ? userCreateCommand : userCreate)(
    ['--role', 'admin', '--email', email, '--first-name', 'Two', '--last-name', 'Factor'],
    PASSWORD,
  );
}

describe.each(['en'] as const)('two-factor sign-in (%s)', (lang) => {
  it('an admin sets up TOTP first, then signs in with a code; a recovery code works once', async () => {
    const email = uniqueEmail(`twofa-${lang}`);
    // The command itself: what it makes is what this test is about.
    await createAdmin(email, true);
    const { context, page } = await newPage(browser());
    try {
      const signInWithPassword = async () => {
        await page.goto(`${prefix(lang)}/login`);
        await page.locator('input[name="email"]').fill(email);
        await page.locator('input[name="password"]').fill(PASSWORD);
        await page.locator('form button[type="submit"]').first().click();
      };
      await signInWithPassword();
      await page.waitForURL((u) => u.pathname === `${prefix(lang)}/auth/admin/security`);
      // Any other admin page sends back to the set-up.
      await page.goto(`${prefix(lang)}/auth/admin/riders`);
      await page.waitForURL((u) => u.pathname === `${prefix(lang)}/auth/admin/security`);
      await page.locator('form:has(input[name="intent"][value="begin"]) button').click();
      const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').trim();
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await page.locator('input[name="code"]').fill(totpCode(secret, stepAt(Date.now())));
      await page
        .locator('form:has(input[name="intent"][value="confirm"]) button[type="submit"]')
        .click();
      await page.getByTestId('recovery-codes').waitFor();
      const codes = (await page.getByTestId('recovery-codes').locator('li').allTextContents()).map(
        (c) => c.trim(),
      );
      expect(codes).toHaveLength(10);
      await page.goto(`${prefix(lang)}/auth/admin/riders`);
      expect(new URL(page.url()).pathname).toBe(`${prefix(lang)}/auth/admin/riders`);

      await context.clearCookies();
      await signInWithPassword();
      await page.waitForURL((u) => u.pathname === `${prefix(lang)}/login-code`);
      // The password alone opens nothing.
      await page.goto(`${prefix(lang)}/auth/admin`);
      expect(new URL(page.url()).pathname).toBe(`${prefix(lang)}/login`);
      // The second step is still waiting for its code.
      await page.goto(`${prefix(lang)}/login-code`);
      // The code of the next step (the set-up used this one: a code is accepted once).
      await page.locator('input[name="code"]').fill(totpCode(secret, stepAt(Date.now()) + 1));
      await page.locator('form button[type="submit"]').first().click();
      await page.waitForURL((u) => u.pathname === `${prefix(lang)}/auth/admin`);

      for (const expected of ['ok', 'refused'] as const) {
        await context.clearCookies();
        await signInWithPassword();
        await page.waitForURL((u) => u.pathname === `${prefix(lang)}/login-code`);
        await page.locator('input[name="code"]').fill(codes[0]);
        await page.locator('form button[type="submit"]').first().click();
        if (expected === 'ok') {
          await page.waitForURL((u) => u.pathname === `${prefix(lang)}/auth/admin`);
        } else {
          await settled(page);
          expect(new URL(page.url()).pathname).toBe(`${prefix(lang)}/login-code`);
          await expect
            .poll(() => page.locator('input[name="code"]').getAttribute('aria-invalid'))
            .toBe('true');
        }
      }
    } finally {
      await context.close();
    }
  }, 120_000);

  it('new recovery codes from the security page (password and a current code): the old ones stop working', async () => {
    const email = uniqueEmail(`recovery-${lang}`);
    await createAdmin(email);
    const { context, page } = await newPage(browser());
    const form = (intent: string) =>
      page.locator(`form:has(input[name="intent"][value="${intent}"])`);
    const shownCodes = async () =>
      (await page.getByTestId('recovery-codes').locator('li').allTextContents()).map((c) =>
        c.trim(),
      );
    const signInWithPassword = async () => {
      await page.goto(`${prefix(lang)}/login`);
      await page.locator('input[name="email"]').fill(email);
      await page.locator('input[name="password"]').fill(PASSWORD);
      await page.locator('form button[type="submit"]').first().click();
    };
    try {
      await signInWithPassword();
      await page.waitForURL((u) => u.pathname === `${prefix(lang)}/auth/admin/security`);
      await form('begin').locator('button').click();
      const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').trim();
      const step = stepAt(Date.now());
      await form('confirm').locator('input[name="code"]').fill(totpCode(secret, step));
      await form('confirm').locator('button[type="submit"]').click();
      await page.getByTestId('recovery-codes').waitFor();
      const oldCodes = await shownCodes();
      expect(oldCodes).toHaveLength(10);

      // A wrong password is refused next to its field, nothing regenerated.
      await form('regenerateRecovery').locator('input[name="password"]').fill('not-the-password');
      await form('regenerateRecovery')
        .locator('input[name="code"]')
        .fill(totpCode(secret, step + 1));
      await form('regenerateRecovery').locator('button[type="submit"]').click();
      await expect
        .poll(() =>
          form('regenerateRecovery').locator('input[name="password"]').getAttribute('aria-invalid'),
        )
        .toBe('true');
      expect(await page.getByTestId('recovery-codes').count()).toBe(0);

      await form('regenerateRecovery').locator('input[name="password"]').fill(PASSWORD);
      await form('regenerateRecovery')
        .locator('input[name="code"]')
        .fill(totpCode(secret, step + 1));
      await form('regenerateRecovery').locator('button[type="submit"]').click();
      await page.getByTestId('recovery-codes').waitFor();
      const newCodes = await shownCodes();
      expect(newCodes).toHaveLength(10);
      expect(newCodes.filter((c) => oldCodes.includes(c))).toEqual([]);
      // Shown once: the page again lists no codes.
      await page.reload();
      await form('regenerateRecovery').waitFor();
      expect(await page.getByTestId('recovery-codes').count()).toBe(0);

      for (const [code, works] of [
        [oldCodes[0]!, false],
        [newCodes[0]!, true],
      ] as const) {
        await context.clearCookies();
        await signInWithPassword();
        await page.waitForURL((u) => u.pathname === `${prefix(lang)}/login-code`);
        await page.locator('input[name="code"]').fill(code);
        await page.locator('form button[type="submit"]').first().click();
        if (works) {
          await page.waitForURL((u) => u.pathname === `${prefix(lang)}/auth/admin`);
        } else {
          await expect
            .poll(() => page.locator('input[name="code"]').getAttribute('aria-invalid'))
            .toBe('true');
          expect(new URL(page.url()).pathname).toBe(`${prefix(lang)}/login-code`);
        }
      }
    } finally {
      await context.close();
    }
  }, 120_000);
});

describe.each(['fr'] as const)(
  'step-up before a two-factor change, without JavaScript (%s)',
  (lang) => {
    it('an old session confirms it is you (password) before setting up TOTP, then (password and code) before turning it off; each change is listed and mailed', async () => {
      const t = words[lang];
      const email = uniqueEmail(`stepup-nojs-${lang}`);
      await createDealer(email, lang);
      const { context, page } = await newPage(browser(), { javaScript: false });
      const form = (intent: string) =>
        page.locator(`form:has(input[name="intent"][value="${intent}"])`);
      try {
        await signIn(page, email, PASSWORD, lang);
        await page.goto(`${prefix(lang)}/auth/dealer/security`);
        // Right after the sign-in the session is proven: no step-up form.
        await page.getByText(t.stepUp.fresh.split('{{')[0]!).waitFor();
        expect(await form('stepUp').count()).toBe(0);

        makeStale(email);
        await page.reload();
        await form('stepUp').waitFor();
        // Refused until it is you: the page says why.
        await submitDocument(page, form('begin').locator('button'));
        await page.getByRole('alert').filter({ hasText: t.stepUp.needed }).waitFor();
        expect(await page.getByTestId('totp-secret').count()).toBe(0);

        await form('stepUp').locator('input[name="password"]').fill('not-my-password');
        await submitDocument(page, form('stepUp').locator('button[type="submit"]'));
        expect(
          await form('stepUp').locator('input[name="password"]').getAttribute('aria-invalid'),
        ).toBe('true');
        await form('stepUp').locator('input[name="password"]').fill(PASSWORD);
        await submitDocument(page, form('stepUp').locator('button[type="submit"]'));
        await page.getByText(t.stepUp.done).first().waitFor();

        await submitDocument(page, form('begin').locator('button'));
        const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').trim();
        const step = stepAt(Date.now());
        await form('confirm').locator('input[name="code"]').fill(totpCode(secret, step));
        await submitDocument(page, form('confirm').locator('button[type="submit"]'));
        await page.getByTestId('recovery-codes').waitFor();

        // Old again: with TOTP on, the step-up asks for the code too.
        makeStale(email);
        await page.goto(`${prefix(lang)}/auth/dealer/security`);
        await form('stepUp').locator('input[name="code"]').waitFor();
        await form('stepUp').locator('input[name="password"]').fill(PASSWORD);
        await submitDocument(page, form('stepUp').locator('button[type="submit"]'));
        expect(
          await form('stepUp').locator('input[name="code"]').getAttribute('aria-invalid'),
        ).toBe('true');
        // Turning it off carries its own proof (password and code).
        await form('disable').locator('input[name="password"]').fill(PASSWORD);
        await form('disable')
          .locator('input[name="code"]')
          .fill(totpCode(secret, step + 1));
        await submitDocument(page, form('disable').locator('button[type="submit"]'));
        await page.getByText(t.totp.off).first().waitFor();

        const rows = page.getByTestId('security-events').locator('tbody tr');
        expect(
          await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-kind'))),
        ).toEqual(['totpDisabled', 'totpEnabled']);
        expect(await rows.first().textContent()).toContain(t.events.totpDisabled);
        const subjects = mailsTo(email).map((m) => m.subject);
        expect(subjects).toContain(t.mail.subject.replace('{{what}}', t.events.totpEnabled));
        expect(subjects).toContain(t.mail.subject.replace('{{what}}', t.events.totpDisabled));
      } finally {
        await context.close();
      }
    }, 120_000);
  },
);

describe.each(['fr'] as const)(
  'a password change on the profile page, without JavaScript (%s)',
  (lang) => {
    it('the box removes every passkey and the other browser is signed out; with TOTP on an old session must confirm first', async () => {
      const t = words[lang];
      const email = uniqueEmail(`pw-passkeys-${lang}`);
      const userId = await createDealer(email, lang);
      writeDb((db) => {
        for (const id of ['a', 'b'])
          db.prepare('INSERT INTO passkeys (id, user_id, public_key) VALUES (?, ?, ?)').run(
            `pw-${userId}-${id}`,
            userId,
            'AAAA',
          );
      });
      const passkeys = () => {
        const db = new Database(databasePath(), { readonly: true });
        try {
          return (
            db.prepare('SELECT count(*) AS n FROM passkeys WHERE user_id = ?').get(userId) as {
              n: number;
            }
          ).n;
        } finally {
          db.close();
        }
      };
      const other = await newPage(browser(), { javaScript: false });
      const { context, page } = await newPage(browser(), { javaScript: false });
      const profile = `${prefix(lang)}/auth/dealer/profile`;
      const form = page.locator('form:has(input[name="intent"][value="password"])');
      const change = async (from: string, to: string, removePasskeys: boolean) => {
        await form.locator('input[name="currentPassword"]').fill(from);
        await form.locator('input[name="password"]').fill(to);
        await form.locator('input[name="confirmPassword"]').fill(to);
        if (removePasskeys) await form.locator('input[name="removePasskeys"]').check();
        await submitDocument(page, form.locator('button[type="submit"]'));
      };
      try {
        await login(other.page, email, PASSWORD, lang);
        await signIn(page, email, PASSWORD, lang);
        await page.goto(profile);
        expect(await form.locator('input[name="removePasskeys"]').isChecked()).toBe(false);
        await change(PASSWORD, NEW_PASSWORD, true);
        await page.getByText(dealerWords[lang].password.changed).first().waitFor();
        expect(passkeys()).toBe(0);
        await other.page.goto(profile);
        expect(new URL(other.page.url()).pathname).toBe(`${prefix(lang)}/login`);

        // With TOTP on, the current password alone is not enough for an old session.
        writeDb((db) =>
          db
            .prepare(
              "INSERT INTO two_factor (user_id, secret, confirmed_at) VALUES (?, 'JBSWY3DPEHPK3PXP', datetime('now'))",
            )
            .run(userId),
        );
        makeStale(email);
        await page.goto(profile);
        await change(NEW_PASSWORD, PASSWORD, false);
        await page.getByText(t.stepUp.passwordNeedsStepUp).waitFor();
      } finally {
        await other.context.close();
        await context.close();
      }
    }, 120_000);
  },
);
