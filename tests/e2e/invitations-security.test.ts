/**
 * Granting the admin role asks a fresh proof of each admin: an admin whose session has not proven
 * its owner lately asks for an admin's invitation, is asked for the password on the same form
 * (what was typed stays), and the invitation is held; the second admin is asked to confirm it is
 * them before approving. That invitation is then not sent again on one admin's say: "Ask again"
 * fills the form in and a new held change replaces it. A dealer's invitation is simply sent again,
 * then cancelled.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import enAdmin from '#locales/en/admin.json';
import enMc from '#locales/en/moneyControls.json';
import { makeStale, secondAdmin } from './accounts';
import { writeDb } from './db-write';
import {
  databasePath,
  DEMO_PASSWORD,
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
const inv = enAdmin.invitations;
const linkOf = (text: string) => /http\S+\/invitation\?\S+/.exec(text)?.[0] ?? 'none';

function query<T>(sql: string, ...args: unknown[]): T[] {
  const db = new Database(databasePath(), { readonly: true });
  try {
    return db.prepare(sql).all(...args) as T[];
  } finally {
    db.close();
  }
}

const invitationsOf = (email: string) =>
  query<{ id: number; status: string; change: number | null }>(
    'SELECT id, status, pending_change_id AS change FROM invitations WHERE email = ? ORDER BY id',
    email,
  );

describe('invitations: a fresh proof for the admin role, resend and cancel', () => {
  it('an admin invitation asks each admin to confirm it is them; it is asked again, not resent', async () => {
    const requester = await secondAdmin('requester');
    const approver = await secondAdmin('approver');
    const invitee = uniqueEmail('asked-admin');

    const a = await newPage(browser());
    const b = await newPage(browser());
    try {
      // A session that proved its owner an hour ago: the form asks the password.
      await login(a.page, requester);
      makeStale(requester);
      await a.page.goto('/auth/admin/invitations');
      const form = a.page.getByTestId('invite-admin');
      await form.getByTestId('step-up-fields').waitFor();
      await form.locator('input[name="firstName"]').fill('Nora');
      await form.locator('input[name="lastName"]').fill('Vance');
      await form.locator('input[name="email"]').fill(invitee);
      await form.getByRole('button', { name: inv.sendAdmin }).click();
      await expect(form.locator('[id$="-password-error"]').textContent()).resolves.toContain(
        inv.stepUp.needed,
      );
      expect(invitationsOf(invitee)).toEqual([]);
      await expect(form.locator('input[name="email"]').inputValue()).resolves.toBe(invitee);
      await form.locator('input[name="password"]').fill(DEMO_PASSWORD);
      await form.getByRole('button', { name: inv.sendAdmin }).click();
      await toastShown(a.page, inv.flash.held);
      const [held] = invitationsOf(invitee);
      expect(held).toMatchObject({ status: 'held' });

      // The second admin confirms it is them before approving.
      await login(b.page, approver);
      makeStale(approver);
      await b.page.goto('/auth/admin/approvals');
      const approve = () =>
        b.page
          .getByTestId(`change-${held!.change}`)
          .getByRole('button', { name: enMc.approve })
          .click();
      await approve();
      await b.page.getByText(enMc.errors.stepUp).waitFor();
      const stepUp = b.page.getByTestId('step-up');
      await stepUp.locator('input[name="password"]').fill(DEMO_PASSWORD);
      await stepUp.getByRole('button').click();
      await toastShown(b.page, enMc.stepUp.done);
      await approve();
      await toastShown(b.page, enMc.flash.approved);
      const firstLink = linkOf((await waitForMail(invitee)).text);
      expect(firstLink).toContain('/invitation?');

      // Sent: never sent again by one admin; asked again, it waits for a second admin anew.
      await a.page.goto('/auth/admin/invitations');
      const row = a.page.getByTestId(`invitation-${held!.id}`);
      expect(await row.getByRole('button', { name: inv.resend }).count()).toBe(0);
      await row.getByRole('link', { name: inv.askAgain }).click();
      await a.page.getByText(inv.again.replace('{{email}}', invitee)).waitFor();
      await expect(form.locator('input[name="email"]').inputValue()).resolves.toBe(invitee);
      await expect(form.locator('input[name="firstName"]').inputValue()).resolves.toBe('Nora');
      await form.getByRole('button', { name: inv.sendAdmin }).click();
      await toastShown(a.page, inv.flash.held);
      expect(invitationsOf(invitee).map((r) => r.status)).toEqual(['cancelled', 'held']);
      expect(mailsTo(invitee)).toHaveLength(1);
    } finally {
      await a.context.close();
      await b.context.close();
    }
  });

  it('a dealer’s invitation is sent again (a new link) and cancelled', async () => {
    const { id } = writeDb(
      (db) =>
        db
          .prepare('INSERT INTO dealers (name) VALUES (?) RETURNING id')
          .get(`Resent Motors ${Date.now()}`) as { id: number },
    );
    const email = uniqueEmail('dealer-resent');
    const admin = await newPage(browser());
    try {
      const { page } = admin;
      await signIn(page, await secondAdmin('dealer-inviter'));
      await page.goto(`/auth/admin/dealer/${id}`);
      const form = page.getByTestId('invite-login');
      await form.locator('input[name="email"]').fill(email);
      await form.getByRole('button', { name: inv.send }).click();
      await toastShown(page, inv.flash.sent);
      const live = page.getByTestId('live-invitation');
      await live.getByRole('button', { name: inv.resend }).click();
      await toastShown(page, inv.flash.resent);
      await waitForMail(email, 1);
      const [first, second] = mailsTo(email).map((m) => linkOf(m.text));
      expect(second).not.toBe(first);
      await live.getByRole('button', { name: inv.cancel }).click();
      await toastShown(page, inv.flash.cancelled);
      expect(invitationsOf(email).map((r) => r.status)).toEqual(['cancelled']);
    } finally {
      await admin.context.close();
    }
  });
});
