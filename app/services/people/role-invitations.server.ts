/**
 * An admin invites a person to an admin, dealer or promoter login by e-mail: the person chooses
 * their own password through the link (invitations.server: 7 days by default, single use, the
 * token stored only as an HMAC), and the account is made then, so no admin ever types someone
 * else's password. A dealer's or promoter's invitation is mailed at once. Granting the admin role
 * is a two-person change: an admin's invitation is held (a pending change of kind `adminInvite`)
 * and mailed only when a second admin approves it, and it is never sent again on one admin's say
 * (asked again, it is held again); the invited admin must set up a second factor before any admin
 * page (`twoFactorRequired`).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { TFunction } from 'i18next';
import { writeTx, type Conn, type DB, type Tx } from '~/db.server';
import { dealers, invitations, pendingMoneyChanges, promoters, users } from '#db/schema';
import { tFor } from '~/i18next.server';
import type { Lang } from '~/lib/lang';
import type { CodeCheck } from '~/services/auth/codes.server';
import { assertPasswordAllowed } from '~/services/auth/password-policy.server';
import { audit, type Actor } from '~/services/platform/audit.server';
import { deliverQueued, queueMail } from '~/services/platform/mail.server';
import {
  holdChange,
  Refused,
  supersede,
  type HoldMail,
} from '~/services/money/ledger/pending-changes.server';
import { activeAdminCount } from '~/services/money/ledger/limit-changes.server';
import {
  acceptInvitation,
  invitationExpiry,
  invitationState,
  issueInvitation,
  spendInvitation,
  withdrawInvitation,
} from '~/services/people/invitations.server';
import { createAccount, DuplicateEmailError, HasLoginError } from '~/services/people/users.server';

type Invitation = typeof invitations.$inferSelect;
export type InviteOutcome =
  'sent' | 'held' | 'notFound' | 'hasLogin' | 'emailTaken' | 'singleAdmin';

const normal = (email: string) => email.trim().toLowerCase();

function emailTaken(conn: Conn, email: string): boolean {
  return !!conn.select({ id: users.id }).from(users).where(eq(users.email, email)).get();
}

/** The name the mail greets: an admin's first name, or the dealer's or promoter's name. */
function greeting(conn: Conn, inv: Invitation): string {
  if (inv.role === 'admin') return inv.firstName ?? '';
  const row =
    inv.role === 'dealer'
      ? conn.select({ name: dealers.name }).from(dealers).where(eq(dealers.id, inv.dealerId!)).get()
      : conn
          .select({ name: promoters.name })
          .from(promoters)
          .where(eq(promoters.id, inv.promoterId!))
          .get();
  return row?.name ?? '';
}

/** Issues the link of an invitation, queues its mail and marks it sent (inside `tx`). */
function send(tx: Tx, inv: Invitation, t: TFunction, now: Date): number {
  const mail = issueInvitation(
    tx,
    {
      email: inv.email,
      firstName: greeting(tx, inv),
      lang: inv.lang,
      t,
      words: 'notices:roleInvitation.mail',
      role: t(`notices:roleInvitation.roles.${inv.role}`),
    },
    now,
  );
  tx.update(invitations)
    .set({ status: 'sent', sentAt: now.toISOString(), expiresAt: invitationExpiry(now) })
    .where(eq(invitations.id, inv.id))
    .run();
  return queueMail(tx, mail);
}

/** Closes the live invitations `where` selects (a newer one replaces them). */
function cancelWhere(tx: Tx, where: ReturnType<typeof and>, actor: Actor, now: Date): void {
  const gone = tx
    .update(invitations)
    .set({ status: 'cancelled' })
    .where(and(where, inArray(invitations.status, ['held', 'sent'])))
    .returning()
    .all();
  for (const g of gone) {
    withdrawInvitation(tx, g.email, now); // the replaced link stops working
    // A held admin invitation is no longer for the admins to decide.
    if (g.pendingChangeId) supersede(tx, eq(pendingMoneyChanges.id, g.pendingChangeId), actor, now);
    audit(tx, actor, 'invitation.cancelled', { type: 'invitation', id: g.id });
  }
}

/**
 * Invites a person to the login of a dealer or promoter (one login each): mailed at once in
 * `lang`. A live invitation of the same dealer or promoter is replaced (its link stops working).
 */
export async function inviteToLogin(
  db: DB,
  input: { role: 'dealer' | 'promoter'; profileId: number; email: string; lang: Lang },
  actor: Actor,
  now = new Date(),
): Promise<InviteOutcome> {
  const email = normal(input.email);
  const t = await tFor(input.lang);
  const out = writeTx(db, (tx): InviteOutcome | number => {
    const table = input.role === 'dealer' ? dealers : promoters;
    const profile = tx
      .select({ userId: table.userId })
      .from(table)
      .where(eq(table.id, input.profileId))
      .get();
    if (!profile) return 'notFound';
    if (profile.userId) return 'hasLogin';
    if (emailTaken(tx, email)) return 'emailTaken';
    const column = input.role === 'dealer' ? invitations.dealerId : invitations.promoterId;
    cancelWhere(tx, eq(column, input.profileId), actor, now);
    cancelWhere(tx, eq(invitations.email, email), actor, now);
    const inv = tx
      .insert(invitations)
      .values({
        email,
        role: input.role,
        dealerId: input.role === 'dealer' ? input.profileId : null,
        promoterId: input.role === 'promoter' ? input.profileId : null,
        lang: input.lang,
        status: 'sent',
        invitedByUserId: actor.userId,
        invitedProxyHostUserId: actor.proxyHostUserId,
        createdAt: now.toISOString(),
      })
      .returning()
      .get();
    audit(tx, actor, 'invitation.created', { type: 'invitation', id: inv.id }, { role: inv.role });
    return send(tx, inv, t, now);
  });
  if (typeof out !== 'number') return out;
  await deliverQueued(db, [out]);
  return 'sent';
}

/**
 * Invites a person to be an admin: held for a second admin (the admins are mailed), nothing is
 * sent to the person before the approval. With a single active admin nobody could approve it:
 * refused (the operator's `npm run user:create` remains).
 */
export function inviteAdmin(
  db: DB,
  input: { email: string; firstName: string; lastName: string; lang: Lang },
  actor: Actor,
  mail: HoldMail,
  now = new Date(),
): InviteOutcome {
  const email = normal(input.email);
  return writeTx(db, (tx): InviteOutcome => {
    if (activeAdminCount(tx) < 2) return 'singleAdmin';
    if (emailTaken(tx, email)) return 'emailTaken';
    cancelWhere(tx, eq(invitations.email, email), actor, now);
    const held = holdChange(
      tx,
      {
        kind: 'adminInvite',
        amountCents: 0,
        currency: 'USD',
        limitName: 'adminRole',
        note: `${input.firstName} ${input.lastName} <${email}>`,
      },
      actor,
      now,
      mail,
    );
    const inv = tx
      .insert(invitations)
      .values({
        email,
        role: 'admin',
        firstName: input.firstName,
        lastName: input.lastName,
        lang: input.lang,
        status: 'held',
        pendingChangeId: held,
        invitedByUserId: actor.userId,
        invitedProxyHostUserId: actor.proxyHostUserId,
        createdAt: now.toISOString(),
      })
      .returning({ id: invitations.id })
      .get();
    audit(tx, actor, 'invitation.created', { type: 'invitation', id: inv.id }, { role: 'admin' });
    return 'held';
  });
}

/**
 * A second admin approved a held admin invitation (inside the approval's transaction): the link
 * is issued and its mail queued in `mail.queued`. Gone when it was cancelled or the address has
 * an account by now.
 */
export function approveAdminInviteInTx(tx: Tx, changeId: number, mail: HoldMail, now: Date) {
  const inv = tx
    .select()
    .from(invitations)
    .where(and(eq(invitations.pendingChangeId, changeId), eq(invitations.status, 'held')))
    .get();
  if (!inv || emailTaken(tx, inv.email)) throw new Refused('gone');
  mail.queued.push(send(tx, inv, mail.ts[inv.lang], now));
}

/** A held admin invitation was refused: it is closed, nothing was ever sent. */
export function refuseAdminInviteInTx(tx: Tx, changeId: number): void {
  tx.update(invitations)
    .set({ status: 'refused' })
    .where(and(eq(invitations.pendingChangeId, changeId), eq(invitations.status, 'held')))
    .run();
}

export type InvitationAction = 'ok' | 'notFound' | 'closed' | 'adminAgain';

/**
 * Sends a fresh link of a sent (or expired) invitation to a dealer's or promoter's login; the
 * previous link stops working. An admin's is never sent again on one admin's say ('adminAgain'):
 * a new link grants the role anew, so it is asked again (`inviteAdmin`, held for a second admin).
 */
export async function resendRoleInvitation(
  db: DB,
  id: number,
  actor: Actor,
  now = new Date(),
): Promise<InvitationAction> {
  const inv = db.select().from(invitations).where(eq(invitations.id, id)).get();
  if (!inv) return 'notFound';
  if (inv.status !== 'sent') return 'closed';
  if (inv.role === 'admin') return 'adminAgain';
  const t = await tFor(inv.lang);
  const queued = writeTx(db, (tx) => {
    audit(tx, actor, 'invitation.resent', { type: 'invitation', id });
    return send(tx, inv, t, now);
  });
  await deliverQueued(db, [queued]);
  return 'ok';
}

/**
 * An admin's invitation that was approved and sent and is not used yet (expired or not), to ask
 * again with the same names and language; undefined otherwise.
 */
export function adminInvitationToAskAgain(conn: Conn, id: number) {
  return conn
    .select({
      id: invitations.id,
      email: invitations.email,
      firstName: invitations.firstName,
      lastName: invitations.lastName,
      lang: invitations.lang,
    })
    .from(invitations)
    .where(
      and(eq(invitations.id, id), eq(invitations.role, 'admin'), eq(invitations.status, 'sent')),
    )
    .get();
}

/** Cancels a held or sent invitation: its link stops working, a held one is no longer asked. */
export function cancelRoleInvitation(
  db: DB,
  id: number,
  actor: Actor,
  now = new Date(),
): InvitationAction {
  return writeTx(db, (tx): InvitationAction => {
    const inv = tx.select().from(invitations).where(eq(invitations.id, id)).get();
    if (!inv) return 'notFound';
    if (inv.status !== 'held' && inv.status !== 'sent') return 'closed';
    tx.update(invitations).set({ status: 'cancelled' }).where(eq(invitations.id, id)).run();
    if (inv.status === 'sent') withdrawInvitation(tx, inv.email, now);
    if (inv.pendingChangeId)
      supersede(tx, eq(pendingMoneyChanges.id, inv.pendingChangeId), actor, now);
    audit(tx, actor, 'invitation.cancelled', { type: 'invitation', id });
    return 'ok';
  });
}

/** The sent invitation an address's link belongs to (none for a rider's invitation). */
function sentTo(conn: Conn, email: string): Invitation | undefined {
  return conn
    .select()
    .from(invitations)
    .where(and(eq(invitations.email, email), eq(invitations.status, 'sent')))
    .get();
}

/**
 * Uses an invitation link (the /invitation page): a rider's sets the password of the account the
 * admin made; an invitation to a login makes the account now, with the chosen password, verified
 * (the link proved the address), attached to its dealer or promoter, an admin's required to set
 * up a second factor. A password the strength rule refuses throws WeakPasswordError and leaves
 * the link usable; the invited names count against it only once the link is proven.
 */
export async function acceptInvitationLink(
  db: DB,
  input: { email: string; token: string; password: string },
  now = new Date(),
): Promise<CodeCheck> {
  const email = normal(input.email);
  if (emailTaken(db, email)) return acceptInvitation(db, input, now);
  assertPasswordAllowed(input.password, [email]);
  const inv = sentTo(db, email);
  if (inv && invitationState(db, email, input.token, now) === 'ok')
    assertPasswordAllowed(input.password, [email, inv.firstName, inv.lastName]);
  const result = spendInvitation(db, email, input.token, now);
  if (result !== 'ok') return result;
  if (!inv) return 'invalid';
  try {
    await createAccount(
      db,
      {
        role: inv.role,
        email,
        password: input.password,
        emailVerified: true,
        firstName: inv.firstName ?? undefined,
        lastName: inv.lastName ?? undefined,
        dealerId: inv.dealerId ?? undefined,
        promoterId: inv.promoterId ?? undefined,
      },
      (tx, { user }) => markUsed(tx, inv, user.id, now),
    );
  } catch (error) {
    if (error instanceof DuplicateEmailError || error instanceof HasLoginError) return 'invalid';
    if (error instanceof Refused) return 'invalid';
    throw error;
  }
  return 'ok';
}

/** Inside the account's transaction: the invitation used once, the account set as invited. */
function markUsed(tx: Tx, inv: Invitation, userId: number, now: Date): void {
  const done = tx
    .update(invitations)
    .set({ status: 'used', usedAt: now.toISOString(), userId })
    .where(and(eq(invitations.id, inv.id), eq(invitations.status, 'sent')))
    .run();
  if (done.changes !== 1) throw new Refused('gone');
  const secondFactor = inv.role === 'admin';
  tx.update(users)
    .set({ lang: inv.lang, twoFactorRequired: secondFactor })
    .where(eq(users.id, userId))
    .run();
  const actor: Actor = { userId, proxyHostUserId: null };
  audit(tx, actor, 'invitation.used', { type: 'invitation', id: inv.id }, { role: inv.role });
}
