/**
 * Invitations by mail: an admin invites a dealer's login from the dealer's page (no password
 * asked of the admin), the person chooses a password through the mailed link and signs in as the
 * dealer; an admin's invitation waits for a second admin, who approves it, then the invited admin
 * chooses a password (French, without JavaScript: the form's errors next to their fields) and
 * sets up TOTP before the admin home.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import enAdmin from '#locales/en/admin.json';
import enMc from '#locales/en/moneyControls.json';
import frValidation from '#locales/fr/validation.json';
import { stepAt, totpCode } from '~/services/auth/totp.server';
import { secondAdmin } from './accounts';
import { writeDb } from './db-write';
import {
  DEMO,
  databasePath,
  login,
  signIn,
  mailsTo,
  newPage,
  toastShown,
  uniqueEmail,
  useBrowser,
  waitForMail,
} from './helpers';

const browser = useBrowser();
const PASSWORD = 'Invited1234River';
const linkOf = (text: string) => /http\S+\/invitation\?\S+/.exec(text)?.[0] ?? 'none';

function query<T>(sql: string, ...args: unknown[]): T[] {
  const db = new Database(databasePath(), { readonly: true });
  try {
    return db.prepare(sql).all(...args) as T[];
  } finally {
    db.close();
  }
}

describe('invitations by mail', () => {
  it('an admin invites a dealer’s login; the person chooses a password and signs in', async () => {
    const { id } = writeDb(
      (db) =>
        db
          .prepare('INSERT INTO dealers (name) VALUES (?) RETURNING id')
          .get(`Invited Motors ${Date.now()}`) as { id: number },
    );
    const email = uniqueEmail('dealer-user');
    const admin = await newPage(browser());
    try {
      await signIn(admin.page, DEMO.admin);
      await admin.page.goto(`/auth/admin/dealer/${id}`);
      const form = admin.page.getByTestId('invite-login');
      expect(await form.locator('input[type="password"]').count()).toBe(0);
      await form.locator('input[name="email"]').fill(email);
      await form.getByRole('button', { name: enAdmin.invitations.send }).click();
      await toastShown(admin.page, enAdmin.invitations.flash.sent);
      await admin.page.getByTestId('live-invitation').waitFor();
    } finally {
      await admin.context.close();
    }
    const mail = await waitForMail(email);
    expect(mail.subject).toContain('a dealer');
    const person = await newPage(browser());
    try {
      await person.page.goto(linkOf(mail.text));
      await person.page.locator('input[name="password"]').fill(PASSWORD);
      await person.page.locator('input[name="confirmPassword"]').fill(PASSWORD);
      await Promise.all([
        person.page.waitForURL('**/login'),
        person.page.locator('form button[type="submit"]').click(),
      ]);
      await login(person.page, email, PASSWORD);
      expect(new URL(person.page.url()).pathname).toBe('/auth/dealer');
    } finally {
      await person.context.close();
    }
  });

  it('an admin invitation waits for a second admin; the new admin sets a password and TOTP first', async () => {
    const approver = await secondAdmin();
    const email = uniqueEmail('new-admin');
    const admin = await newPage(browser(), { javaScript: false });
    try {
      await signIn(admin.page, DEMO.admin);
      await admin.page.goto('/auth/admin/invitations');
      const form = admin.page.getByTestId('invite-admin');
      await form.locator('input[name="firstName"]').fill('Nora');
      await form.locator('input[name="lastName"]').fill('Vance');
      await form.locator('input[name="email"]').fill(email);
      await form.locator('select[name="lang"]').selectOption('fr');
      await form.getByRole('button', { name: enAdmin.invitations.sendAdmin }).click();
      await toastShown(admin.page, enAdmin.invitations.flash.held);
    } finally {
      await admin.context.close();
    }
    // Nothing reaches the person before the approval.
    await waitForMail(approver);
    expect(mailsTo(email)).toEqual([]);
    const [held] = query<{ id: number }>(
      "SELECT pending_change_id AS id FROM invitations WHERE email = ? AND status = 'held'",
      email,
    );

    const second = await newPage(browser(), { javaScript: false });
    try {
      await signIn(second.page, approver);
      await second.page.goto('/auth/admin/approvals');
      await Promise.all([
        second.page.waitForURL('**/auth/admin/approvals'),
        second.page
          .getByTestId(`change-${held.id}`)
          .getByRole('button', { name: enMc.approve })
          .click(),
      ]);
      await toastShown(second.page, enMc.flash.approved);
    } finally {
      await second.context.close();
    }
    const link = linkOf((await waitForMail(email)).text);
    expect(link).toContain('/fr/invitation?');

    // French, without JavaScript: each refusal next to its field, then the password is set.
    const person = await newPage(browser(), { javaScript: false });
    try {
      const submit = () =>
        Promise.all([
          person.page.waitForURL(/\/fr\/(invitation|login)/),
          person.page.locator('form button[type="submit"]').click(),
        ]);
      const errorOf = (name: string) =>
        person.page.locator(`[id$="-${name}-error"], #${name}-error`).first().textContent();
      await person.page.goto(link);
      await submit();
      await expect(errorOf('password')).resolves.toContain(frValidation.required);
      await person.page.locator('input[name="password"]').fill('court');
      await person.page.locator('input[name="confirmPassword"]').fill('court');
      await submit();
      await expect(errorOf('password')).resolves.toContain(frValidation.passwordMin);
      await person.page.locator('input[name="password"]').fill(PASSWORD);
      await person.page.locator('input[name="confirmPassword"]').fill(`${PASSWORD}x`);
      await submit();
      await expect(errorOf('confirmPassword')).resolves.toContain(frValidation.passwordMatch);
      await person.page.locator('input[name="password"]').fill(PASSWORD);
      await person.page.locator('input[name="confirmPassword"]').fill(PASSWORD);
      await submit();
      expect(new URL(person.page.url()).pathname).toBe('/fr/login');
    } finally {
      await person.context.close();
    }

    // Signed in, the new admin meets the second-factor set-up before any admin page.
    const fresh = await newPage(browser());
    try {
      const { page } = fresh;
      await login(page, email, PASSWORD, 'fr');
      expect(new URL(page.url()).pathname).toBe('/fr/auth/admin/security');
      await page.goto('/fr/auth/admin');
      expect(new URL(page.url()).pathname).toBe('/fr/auth/admin/security');
      await page.locator('form:has(input[name="intent"][value="begin"]) button').click();
      const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').trim();
      await page.locator('input[name="code"]').fill(totpCode(secret, stepAt(Date.now())));
      await page
        .locator('form:has(input[name="intent"][value="confirm"]) button[type="submit"]')
        .click();
      await page.getByTestId('recovery-codes').waitFor();
      await page.goto('/fr/auth/admin');
      expect(new URL(page.url()).pathname).toBe('/fr/auth/admin');
    } finally {
      await fresh.context.close();
    }
  });
});
