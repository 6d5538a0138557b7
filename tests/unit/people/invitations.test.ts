/**
 * Rules of an admin's invitation link: valid for INVITATION_TTL_DAYS (default 7 days, not the
 * 10 minutes of a reset code), single use, and sending a fresh one from the rider's admin page
 * makes the old link stop working. In the rider's language.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { users } from '#db/schema';
import type { DB } from '~/db.server';
import { verifyPassword } from '~/services/auth/password.server';
import { createRiderAsAdmin } from '~/services/people/admin-rider-create.server';
import {
  acceptInvitation,
  invitationDays,
  invitationState,
  resendInvitation,
} from '~/services/people/invitations.server';
import { testDb } from '../helpers/db';
import { mailsTo } from '../helpers/outbox';

const ACTOR = { userId: null, proxyHostUserId: null };
const DAY = 24 * 60 * 60 * 1000;
let db: DB;
let email: string;
let riderId: number;

function tokenOf(mail: { text: string }): string {
  const link = /http\S+\/invitation\?\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no invitation link in: ${mail.text}`);
  return new URL(link).searchParams.get('token') ?? '';
}
const passwordWorks = async (password: string) =>
  (
    await verifyPassword(
      password,
      db.select().from(users).where(eq(users.email, email)).get()?.passwordHash,
    )
  ).ok;

beforeEach(async () => {
  db = testDb();
  email = `invited-${Math.random().toString(36).slice(2, 10)}@riders.test`;
  const out = await createRiderAsAdmin(
    db,
    {
      firstName: 'Ana',
      lastName: 'Roy',
      level: 'amateur',
      country: 'US',
      dateOfBirth: '1990-04-02',
      email,
      lang: 'en',
    },
    ACTOR,
  );
  if (!out.ok) throw new Error(out.error);
  riderId = out.riderId;
});

describe('an invitation link', () => {
  it('is valid for 7 days by default, and says so in the mail', () => {
    expect(invitationDays()).toBe(7);
    const [mail] = mailsTo(email);
    expect(mail.text).toContain('(7 days)');
    const token = tokenOf(mail);
    const now = Date.now();
    expect(invitationState(db, email, token, new Date(now + 6 * DAY + 23 * 3_600_000))).toBe('ok');
    expect(invitationState(db, email, token, new Date(now + 7 * DAY + 60_000))).toBe('expired');
  });

  it('still works after 10 minutes (unlike a reset code) and sets the password', async () => {
    const token = tokenOf(mailsTo(email)[0]);
    const later = new Date(Date.now() + 3 * DAY);
    expect(
      await acceptInvitation(db, { email, token, password: 'Chosen-Dirt-Lane-12' }, later),
    ).toBe('ok');
    expect(await passwordWorks('Chosen-Dirt-Lane-12')).toBe(true);
  });

  it('works once', async () => {
    const token = tokenOf(mailsTo(email)[0]);
    expect(await acceptInvitation(db, { email, token, password: 'Chosen-Dirt-Lane-12' })).toBe(
      'ok',
    );
    expect(invitationState(db, email, token)).toBe('invalid');
    expect(await acceptInvitation(db, { email, token, password: 'Other-Whoop-Row-45' })).toBe(
      'invalid',
    );
    expect(await passwordWorks('Chosen-Dirt-Lane-12')).toBe(true);
  });

  it('stops working when a fresh one is sent, and the fresh one works', async () => {
    const old = tokenOf(mailsTo(email)[0]);
    expect(await resendInvitation(db, riderId, ACTOR)).toBe('ok');
    const mails = mailsTo(email);
    expect(mails).toHaveLength(2);
    const fresh = tokenOf(mails[1]);
    expect(fresh).not.toBe(old);
    expect(invitationState(db, email, old)).toBe('invalid');
    expect(await acceptInvitation(db, { email, token: old, password: 'Chosen-Dirt-Lane-12' })).toBe(
      'invalid',
    );
    expect(
      await acceptInvitation(db, { email, token: fresh, password: 'Chosen-Dirt-Lane-12' }),
    ).toBe('ok');
  });

  it('is re-sent in the rider’s language, and not to a deactivated rider', async () => {
    db.update(users).set({ lang: 'fr' }).where(eq(users.email, email)).run();
    expect(await resendInvitation(db, riderId, ACTOR)).toBe('ok');
    expect(mailsTo(email)[1].subject).toContain('mot de passe');
    expect(mailsTo(email)[1].text).toContain('/fr/invitation?');
    db.update(users).set({ deactivated: true }).where(eq(users.email, email)).run();
    expect(await resendInvitation(db, riderId, ACTOR)).toBe('inactive');
    expect(await resendInvitation(db, riderId + 999, ACTOR)).toBe('notFound');
  });
});
