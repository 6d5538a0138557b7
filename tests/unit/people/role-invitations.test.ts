/**
 * Rules of an invitation to a login: a dealer's or promoter's link is mailed at once and makes the
 * account with the password the person chooses (never one an admin typed), once, for 7 days; an
 * admin's invitation is a two-person change: nothing is mailed until a second admin approves it
 * (its author cannot), and the new admin must set up a second factor.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { dealers, invitations, users } from '#db/schema';
import type { DB } from '~/db.server';
import { verifyPassword } from '~/services/auth/password.server';
import { mustEnrol } from '~/services/auth/two-factor.server';
import { approveChange, refuseChange } from '~/services/money/ledger/change-decisions.server';
import { deliverHoldMail, holdMail } from '~/services/money/ledger/pending-changes.server';
import { listInvitations } from '~/services/people/invitation-list.server';
import {
  acceptInvitationLink,
  cancelRoleInvitation,
  inviteAdmin,
  inviteToLogin,
  resendRoleInvitation,
} from '~/services/people/role-invitations.server';
import { createAccount } from '~/services/people/users.server';
import { testDb } from '../helpers/db';
import { mailsTo } from '../helpers/outbox';

const DAY = 24 * 60 * 60 * 1000;
const PASSWORD = 'RiverOtter93LampGlass';
let db: DB;
let tag: string;

const email = (who: string) => `${who}-${tag}@invites.test`;

function tokenOf(mail: { text: string }): string {
  const link = /http\S+\/invitation\?\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no invitation link in: ${mail.text}`);
  return new URL(link).searchParams.get('token') ?? '';
}

async function admin(who: string) {
  const { user } = await createAccount(db, {
    role: 'admin',
    email: email(who),
    password: PASSWORD,
    emailVerified: true,
  });
  return { userId: user.id, proxyHostUserId: null };
}

function dealer(): number {
  return db
    .insert(dealers)
    .values({ name: `Shop ${tag}` })
    .returning()
    .get().id;
}

beforeEach(() => {
  db = testDb();
  tag = Math.random().toString(36).slice(2, 10);
});

describe('a dealer invited by mail', () => {
  it('chooses their own password through the link, once; the login is the dealer’s', async () => {
    const a = await admin('a');
    const shop = dealer();
    expect(
      await inviteToLogin(
        db,
        { role: 'dealer', profileId: shop, email: email('d'), lang: 'fr' },
        a,
      ),
    ).toBe('sent');
    const [mail] = mailsTo(email('d'));
    expect(mail.subject).toContain('concessionnaire');
    const token = tokenOf(mail);
    // No account before the link is used.
    expect(
      db
        .select()
        .from(users)
        .where(eq(users.email, email('d')))
        .get(),
    ).toBeUndefined();
    const input = { email: email('d'), token, password: PASSWORD };
    expect(await acceptInvitationLink(db, input)).toBe('ok');
    const user = db
      .select()
      .from(users)
      .where(eq(users.email, email('d')))
      .get()!;
    expect(user).toMatchObject({ role: 'dealer', emailVerified: true, lang: 'fr' });
    expect((await verifyPassword(PASSWORD, user.passwordHash)).ok).toBe(true);
    expect(db.select().from(dealers).where(eq(dealers.id, shop)).get()?.userId).toBe(user.id);
    expect(await acceptInvitationLink(db, { ...input, password: 'OtherRiver93Lamp' })).toBe(
      'invalid',
    );
    expect(listInvitations(db)[0].state).toBe('used');
  });

  it('a link stops working after 7 days, when sent again, or when cancelled', async () => {
    const a = await admin('a');
    const shop = dealer();
    const now = new Date();
    await inviteToLogin(
      db,
      { role: 'dealer', profileId: shop, email: email('d'), lang: 'en' },
      a,
      now,
    );
    const first = tokenOf(mailsTo(email('d'))[0]);
    const later = new Date(now.getTime() + 7 * DAY + 1000);
    expect(
      await acceptInvitationLink(
        db,
        { email: email('d'), token: first, password: PASSWORD },
        later,
      ),
    ).toBe('expired');
    expect(listInvitations(db, later)[0].state).toBe('expired');
    const id = listInvitations(db)[0].id;
    expect(await resendRoleInvitation(db, id, a)).toBe('ok');
    const second = tokenOf(mailsTo(email('d'))[1]);
    expect(
      await acceptInvitationLink(db, { email: email('d'), token: first, password: PASSWORD }),
    ).toBe('invalid');
    expect(cancelRoleInvitation(db, id, a)).toBe('ok');
    expect(
      await acceptInvitationLink(db, { email: email('d'), token: second, password: PASSWORD }),
    ).toBe('invalid');
  });

  it('inviting another address to the same dealer makes the first link stop working', async () => {
    const a = await admin('a');
    const shop = dealer();
    const invite = (address: string) =>
      inviteToLogin(db, { role: 'dealer', profileId: shop, email: address, lang: 'en' }, a);
    await invite(email('first'));
    await invite(email('second'));
    const first = { email: email('first'), token: tokenOf(mailsTo(email('first'))[0]) };
    const second = { email: email('second'), token: tokenOf(mailsTo(email('second'))[0]) };
    expect(await acceptInvitationLink(db, { ...first, password: PASSWORD })).toBe('invalid');
    expect(await acceptInvitationLink(db, { ...second, password: PASSWORD })).toBe('ok');
    expect(listInvitations(db).map((r) => r.state)).toEqual(['used', 'cancelled']);
  });

  it('is refused for a dealer that has a login or an address that has an account', async () => {
    const a = await admin('a');
    const shop = dealer();
    await createAccount(db, {
      role: 'dealer',
      email: email('d'),
      password: PASSWORD,
      dealerId: shop,
    });
    const invite = (address: string, profileId: number) =>
      inviteToLogin(db, { role: 'dealer', profileId, email: address, lang: 'en' }, a);
    expect(await invite(email('x'), shop)).toBe('hasLogin');
    expect(await invite(email('a'), dealer())).toBe('emailTaken');
  });
});

describe('an admin invitation (two people)', () => {
  it('waits for a second admin, who mails it; its author cannot approve it', async () => {
    const a = await admin('a');
    const b = await admin('b');
    const input = {
      email: email('new'),
      firstName: 'Nora',
      lastName: 'Vance',
      lang: 'en' as const,
    };
    const held = await holdMail();
    expect(inviteAdmin(db, input, a, held)).toBe('held');
    await deliverHoldMail(db, held);
    expect(mailsTo(email('new'))).toEqual([]);
    expect(mailsTo(email('b'))[0].text).toContain(email('new'));
    const changeId = db.select().from(invitations).get()!.pendingChangeId!;
    expect(approveChange(db, changeId, a, new Date(), await holdMail())).toEqual({
      ok: false,
      error: 'ownChange',
    });
    const mail = await holdMail();
    expect(approveChange(db, changeId, b, new Date(), mail)).toEqual({ ok: true });
    expect(mail.queued).toHaveLength(1);
    // Delivered after the approval's transaction.
    await deliverHoldMail(db, mail);
    const token = tokenOf(mailsTo(email('new'))[0]);
    expect(await acceptInvitationLink(db, { email: email('new'), token, password: PASSWORD })).toBe(
      'ok',
    );
    const user = db
      .select()
      .from(users)
      .where(eq(users.email, email('new')))
      .get()!;
    expect(user).toMatchObject({ role: 'admin', twoFactorRequired: true });
    expect(mustEnrol(db, user)).toBe(true);
  });

  it('refused: nothing is ever sent; with a single admin it cannot be asked', async () => {
    const a = await admin('a');
    const input = {
      email: email('new'),
      firstName: 'Nora',
      lastName: 'Vance',
      lang: 'en' as const,
    };
    expect(inviteAdmin(db, input, a, await holdMail())).toBe('singleAdmin');
    const b = await admin('b');
    expect(inviteAdmin(db, input, a, await holdMail())).toBe('held');
    const changeId = db.select().from(invitations).get()!.pendingChangeId!;
    expect(refuseChange(db, changeId, b)).toEqual({ ok: true });
    expect(approveChange(db, changeId, b, new Date(), await holdMail()).ok).toBe(false);
    expect(mailsTo(email('new'))).toEqual([]);
    expect(listInvitations(db).map((r) => r.state)).toEqual(['refused']);
  });
});
