/**
 * Granting the admin role asks a fresh proof of each admin's session: requesting an admin's
 * invitation and approving any held change (an admin's invitation, money, a raised limit) are
 * refused to a session that has not proven its owner within the step-up minutes; the password
 * typed on the same form (or the page's step-up form) proves it. An approved admin invitation is
 * never sent again on one admin's say: asking again is a new held change, and the earlier link
 * stops working. A stolen session cookie plus a second admin's click makes no admin.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '#db/migrate';
import { invitations, pendingMoneyChanges, sessions } from '#db/schema';
import { getDb } from '~/db.server';
import { env } from '~/env.server';
import {
  action as approvalsAction,
  loader as approvalsLoader,
} from '~/routes/($lang).auth.admin.approvals';
import {
  action as invitationsAction,
  loader as invitationsLoader,
} from '~/routes/($lang).auth.admin.invitations';
import { createSession } from '~/services/auth/session.server';
import { markVerified } from '~/services/auth/step-up.server';
import {
  acceptInvitationLink,
  resendRoleInvitation,
} from '~/services/people/role-invitations.server';
import { createAccount } from '~/services/people/users.server';
import { mailsTo } from '../helpers/outbox';

const PASSWORD = 'Quarry-Lantern-Otter-2026';
const INVITATIONS = '/auth/admin/invitations';
const APPROVALS = '/auth/admin/approvals';
const tag = Math.random().toString(36).slice(2, 9);
const email = (who: string) => `${who}-${tag}@grant.test`;
const sessionOf: Record<string, string> = {};
const cookieOf: Record<string, string> = {};

beforeAll(async () => {
  await migrateDatabase(env().DATABASE_PATH, { backup: false });
  const db = getDb();
  for (const who of ['a', 'b']) {
    const { user } = await createAccount(db, {
      role: 'admin',
      email: email(who),
      password: PASSWORD,
      emailVerified: true,
      firstName: who.toUpperCase(),
      lastName: 'Admin',
    });
    // A session that never proved its owner (a cookie alone, as a thief holds it).
    const s = await createSession(db, user.id);
    cookieOf[who] = s.setCookie.split(';')[0]!;
    sessionOf[who] = s.id;
  }
});

async function run(fn: () => Promise<unknown>): Promise<unknown> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof Response) return e;
    throw e;
  }
}

type Answer = { data: { error?: Record<string, string[]> } & Record<string, unknown> };
const statusOf = (out: unknown) =>
  out instanceof Response ? out.status : (out as { init: { status: number } }).init.status;
const errorsOf = (out: unknown) => {
  const d = (out as Answer).data;
  const result = (d.result ?? d) as { error?: Record<string, string[]> };
  return result.error ?? {};
};

function post(path: string, who: string, form: Record<string, string>) {
  const body = new URLSearchParams(form);
  const request = new Request(`http://localhost${path}`, {
    method: 'POST',
    body,
    headers: { Cookie: cookieOf[who]!, 'Content-Type': 'application/x-www-form-urlencoded' },
  });
  const action = path === INVITATIONS ? invitationsAction : approvalsAction;
  return run(() => action({ request, params: {}, context: {} }));
}

const get = (path: string, who: string) => {
  const request = new Request(`http://localhost${path}`, { headers: { Cookie: cookieOf[who]! } });
  const loader = path.startsWith(INVITATIONS) ? invitationsLoader : approvalsLoader;
  return run(() => loader({ request, params: {}, context: {} })) as Promise<
    Record<string, unknown>
  >;
};

const invite = (who: string, extra: Record<string, string> = {}) =>
  post(INVITATIONS, who, {
    intent: 'inviteAdmin',
    firstName: 'Nora',
    lastName: 'Vance',
    email: email('nora'),
    lang: 'en',
    ...extra,
  });

const heldFor = (address: string) =>
  getDb()
    .select()
    .from(invitations)
    .where(and(eq(invitations.email, address), eq(invitations.status, 'held')))
    .all();

function stale(who: string) {
  getDb()
    .update(sessions)
    .set({ verifiedAt: new Date(Date.now() - 60 * 60_000).toISOString() })
    .where(eq(sessions.id, sessionOf[who]!))
    .run();
}

const linkOf = (text: string) => /http\S+\/invitation\?\S+/.exec(text)?.[0] ?? '';
const tokenOf = (text: string) => new URL(linkOf(text)).searchParams.get('token') ?? '';

describe('requesting an admin invitation needs a fresh proof', () => {
  it('a session that has not proven its owner is asked to step up; nothing is held', async () => {
    const page = await get(INVITATIONS, 'a');
    expect(page.stepUp).toEqual({ totp: false, passkeys: false });
    const out = await invite('a');
    expect(statusOf(out)).toBe(403);
    expect(errorsOf(out).password).toEqual(['admin:invitations.stepUp.needed']);
    expect(heldFor(email('nora'))).toEqual([]);
  });

  it('a wrong password typed on the form is refused next to it; nothing is held', async () => {
    const out = await invite('a', { password: 'not-the-password' });
    expect(statusOf(out)).toBe(400);
    expect(errorsOf(out).password).toEqual(['twofactor:errors.wrongPassword']);
    expect(heldFor(email('nora'))).toEqual([]);
  });

  it('the password typed on the form proves it: the invitation is held for a second admin', async () => {
    const out = await invite('a', { password: PASSWORD });
    expect(statusOf(out)).toBe(302);
    expect(heldFor(email('nora'))).toHaveLength(1);
    // Proven now: the page asks no more for a while.
    expect((await get(INVITATIONS, 'a')).stepUp).toBeNull();
  });
});

describe('approving a held change needs a fresh proof of the approver', () => {
  it('refused to a session that has not proven its owner; approved after the step-up', async () => {
    const [held] = heldFor(email('nora'));
    const changeId = String(held!.pendingChangeId);
    expect((await get(APPROVALS, 'b')).stepUp).toEqual({ totp: false, passkeys: false });
    const refused = await post(APPROVALS, 'b', { intent: 'approve', changeId });
    expect(statusOf(refused)).toBe(403);
    expect(errorsOf(refused)['']).toEqual(['moneyControls:errors.stepUp']);
    const row = () =>
      getDb()
        .select()
        .from(pendingMoneyChanges)
        .where(eq(pendingMoneyChanges.id, Number(changeId)))
        .get()!;
    expect(row().status).toBe('pending');
    expect(mailsTo(email('nora'))).toEqual([]);

    const wrong = await post(APPROVALS, 'b', { intent: 'stepUp', password: 'nope-nope' });
    expect(statusOf(wrong)).toBe(400);
    expect(errorsOf(wrong).password).toEqual(['twofactor:errors.wrongPassword']);
    const proven = await post(APPROVALS, 'b', { intent: 'stepUp', password: PASSWORD });
    expect(statusOf(proven)).toBe(302);
    expect((await get(APPROVALS, 'b')).stepUp).toBeNull();

    const approved = await post(APPROVALS, 'b', { intent: 'approve', changeId });
    expect(statusOf(approved)).toBe(302);
    expect(row().status).toBe('approved');
    expect(mailsTo(email('nora'))).toHaveLength(1);
  });

  it('a proof that ran out counts no more (refusing needs none)', async () => {
    stale('a');
    const out = await invite('a', { email: email('other') });
    expect(statusOf(out)).toBe(403);
    markVerified(getDb(), sessionOf['a']!);
    expect(statusOf(await invite('a', { email: email('other') }))).toBe(302);
    const [held] = heldFor(email('other'));
    stale('b');
    const refused = await post(APPROVALS, 'b', {
      intent: 'refuse',
      changeId: String(held!.pendingChangeId),
    });
    expect(statusOf(refused)).toBe(302);
    expect(heldFor(email('other'))).toEqual([]);
  });
});

describe('an approved admin invitation is not sent again on one admin’s say', () => {
  it('“send again” is refused; asking again is a new held change and the first link stops', async () => {
    const db = getDb();
    markVerified(db, sessionOf['a']!);
    markVerified(db, sessionOf['b']!);
    const first = db
      .select()
      .from(invitations)
      .where(and(eq(invitations.email, email('nora')), eq(invitations.status, 'sent')))
      .get()!;
    const firstToken = tokenOf(mailsTo(email('nora'))[0]!.text);

    const resend = await post(INVITATIONS, 'a', {
      intent: 'resend',
      invitationId: String(first.id),
    });
    expect(statusOf(resend)).toBe(302);
    expect(mailsTo(email('nora'))).toHaveLength(1);
    const actor = { userId: first.invitedByUserId, proxyHostUserId: null };
    expect(await resendRoleInvitation(db, first.id, actor)).toBe('adminAgain');
    expect(mailsTo(email('nora'))).toHaveLength(1);

    // The page offers to ask again with the invitation's names and language.
    const again = await get(`${INVITATIONS}?again=${first.id}`, 'a');
    expect(again.again).toMatchObject({
      id: first.id,
      email: email('nora'),
      firstName: 'Nora',
      lastName: 'Vance',
      lang: 'en',
    });
    expect(statusOf(await invite('a'))).toBe(302);
    const [held] = heldFor(email('nora'));
    expect(held).toBeDefined();
    expect(db.select().from(invitations).where(eq(invitations.id, first.id)).get()!.status).toBe(
      'cancelled',
    );
    const link = { email: email('nora'), token: firstToken, password: PASSWORD };
    expect(await acceptInvitationLink(db, link)).toBe('invalid');
    expect(mailsTo(email('nora'))).toHaveLength(1);

    // The second admin approves: a new link, which works.
    const approved = await post(APPROVALS, 'b', {
      intent: 'approve',
      changeId: String(held!.pendingChangeId),
    });
    expect(statusOf(approved)).toBe(302);
    const second = tokenOf(mailsTo(email('nora'))[1]!.text);
    expect(await acceptInvitationLink(db, { ...link, token: second })).toBe('ok');
    // Used: never offered again.
    expect((await get(`${INVITATIONS}?again=${held!.id}`, 'a')).again).toBeNull();
  });
});
