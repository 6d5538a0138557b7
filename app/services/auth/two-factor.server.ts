/**
 * Who must have a second factor, turning it off, and the admin-assisted reset.
 *
 * Required: every admin on a real install (PUBLIC_URL set or SEED_DEMO=false), and any account an
 * admin required it of (a dealer) or `npm run user:create` created as an admin. The demo accounts
 * of a local trial are neither, so they keep signing in with their password alone. A confirmed
 * TOTP authenticator or a passkey satisfies it (a passkey is two factors on its own).
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { prepared, writeTx, type Conn, type DB, unplannedLimit } from '~/db.server';
import { passkeys, twoFactor, users, type User } from '#db/schema';
import { absoluteUrl, env } from '~/env.server';
import { tFor } from '~/i18next.server';
import { endUserSessions } from '~/services/auth/session.server';
import { securityChange, type ClientInfo } from '~/services/auth/security-events.server';
import { checkPasswordProof } from '~/services/auth/step-up.server';
import {
  checkSecondFactor,
  hasTotp,
  putTotpInForce,
  removeTotp,
  replaceRecoveryCodes,
  type CodeOutcome,
} from '~/services/auth/totp.server';
import { audit, type Actor } from '~/services/platform/audit.server';
import { deliverQueued, queueMail } from '~/services/platform/mail.server';

/** A real install: PUBLIC_URL is set or the demo season is not seeded. */
function realInstall(): boolean {
  const e = env();
  return e.PUBLIC_URL_SET || e.SEED_DEMO === 'false';
}

/** The rule: must this account have a second factor? */
export function secondFactorRequired(
  user: Pick<User, 'role' | 'twoFactorRequired'>,
  real = realInstall(),
): boolean {
  return user.twoFactorRequired || (user.role === 'admin' && real);
}

/** A confirmed authenticator or at least one passkey (read on every guarded request of such users). */
export function hasSecondFactor(db: Conn, userId: number): boolean {
  const totp = prepared(db, 'twofa.totp', (c) =>
    c
      .select({ userId: twoFactor.userId })
      .from(twoFactor)
      .where(and(eq(twoFactor.userId, sql.placeholder('id')), isNotNull(twoFactor.confirmedAt)))
      .prepare(),
  ).get({ id: userId });
  if (totp) return true;
  const key = prepared(db, 'twofa.passkey', (c) =>
    c
      .select({ id: passkeys.id })
      .from(passkeys)
      .where(eq(passkeys.userId, sql.placeholder('id')))
      .limit(unplannedLimit(1))
      .prepare(),
  ).get({ id: userId });
  return !!key;
}

/** True when the guard must send this user to set up a second factor first. */
export function mustEnrol(db: Conn, user: Pick<User, 'id' | 'role' | 'twoFactorRequired'>) {
  return secondFactorRequired(user) && !hasSecondFactor(db, user.id);
}

export type DisableOutcome = 'ok' | 'wrongPassword' | 'wrongCode' | 'wait' | 'notOn';

/** The account password, then a code: what a stolen session alone cannot give. */
async function passwordAndCode(
  db: DB,
  userId: number,
  input: { password: string; code: string },
  recovery: boolean,
): Promise<DisableOutcome> {
  if (!hasTotp(db, userId)) return 'notOn';
  // The same proof as a step-up, on the password change's budget (step-up.server).
  const outcome = await checkPasswordProof(db, userId, input, { recovery });
  return outcome === 'codeNeeded' ? 'wrongCode' : outcome;
}

/** The account a change is mailed to. */
function mailedUser(db: Conn, userId: number) {
  const u = db
    .select({ id: users.id, email: users.email, lang: users.lang, role: users.role })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  if (!u) throw new Error(`no user ${userId}`);
  return u;
}

/**
 * Turns TOTP on with the first code of the authenticator being set up (the caller checked the
 * session's step-up); returns the recovery codes, shown once. The owner is mailed.
 */
export async function enableTotp(
  db: DB,
  userId: number,
  code: string,
  actor: Actor,
  client: ClientInfo = {},
  now = Date.now(),
): Promise<{ outcome: CodeOutcome; recoveryCodes: string[] }> {
  const outcome = checkSecondFactor(db, userId, code, { pending: true, now });
  if (outcome !== 'ok') return { outcome, recoveryCodes: [] };
  const codes = await securityChange(db, mailedUser(db, userId), 'totpEnabled', client, (tx) =>
    putTotpInForce(tx, userId, actor, now),
  );
  return { outcome, recoveryCodes: codes };
}

/**
 * Turns TOTP off: needs the account password AND a current code (or a recovery code), so a
 * stolen session alone cannot. Wrong codes count like any other. The owner is mailed.
 */
export async function disableTotp(
  db: DB,
  userId: number,
  input: { password: string; code: string },
  actor: Actor,
  client: ClientInfo = {},
): Promise<DisableOutcome> {
  const outcome = await passwordAndCode(db, userId, input, true);
  if (outcome !== 'ok') return outcome;
  await securityChange(db, mailedUser(db, userId), 'totpDisabled', client, (tx) => {
    removeTotp(tx, userId);
    audit(tx, actor, 'twoFactor.disable', { type: 'user', id: userId });
  });
  return 'ok';
}

/**
 * Ten new recovery codes in place of the old ones (which stop working at once), shown once.
 * Needs the password AND a current code of the authenticator app (not a recovery code: those
 * are what is being replaced), so a stolen session alone cannot mint codes for itself.
 */
export async function regenerateRecoveryCodes(
  db: DB,
  userId: number,
  input: { password: string; code: string },
  actor: Actor,
  client: ClientInfo = {},
): Promise<{ outcome: DisableOutcome; recoveryCodes: string[] }> {
  const outcome = await passwordAndCode(db, userId, input, false);
  if (outcome !== 'ok') return { outcome, recoveryCodes: [] };
  const codes = await securityChange(db, mailedUser(db, userId), 'recoveryCodes', client, (tx) => {
    audit(tx, actor, 'twoFactor.recoveryCodes', { type: 'user', id: userId });
    return replaceRecoveryCodes(tx, userId);
  });
  return { outcome, recoveryCodes: codes };
}

export type AdminActor = { user: Pick<User, 'id' | 'role' | 'deactivated'>; actor: Actor };

/**
 * Who may reset or require another account's second factor: an active admin acting as
 * themselves (not while proxying someone), never on their own account (another admin does it).
 */
export function mayManageSecondFactor(by: AdminActor, targetUserId: number): boolean {
  return (
    by.user.role === 'admin' &&
    !by.user.deactivated &&
    by.actor.proxyHostUserId === null &&
    by.user.id !== targetUserId
  );
}

export type ManagedAccount = {
  id: number;
  email: string;
  role: User['role'];
  required: boolean;
  totp: boolean;
  passkeys: number;
};

/** The second-factor state of an account, by e-mail (the admin's page). */
export function managedAccount(db: Conn, email: string): ManagedAccount | null {
  const u = db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).get();
  if (!u) return null;
  const n = db
    .select({ n: sql<number>`count(*)` })
    .from(passkeys)
    .where(eq(passkeys.userId, u.id))
    .get();
  return {
    id: u.id,
    email: u.email,
    role: u.role,
    required: secondFactorRequired(u),
    totp: hasTotp(db, u.id),
    passkeys: n?.n ?? 0,
  };
}

/**
 * The admin-assisted reset (the owner lost their phone and recovery codes): removes the
 * authenticator, the recovery codes and the passkeys, ends the owner's sessions, writes the audit
 * log and mails the owner, all in one transaction. If the account must have a second factor, the
 * owner sets a new one up at the next sign-in. False when `by` may not.
 */
export async function resetSecondFactor(
  db: DB,
  by: AdminActor,
  targetUserId: number,
): Promise<boolean> {
  if (!mayManageSecondFactor(by, targetUserId)) return false;
  const target = db.select().from(users).where(eq(users.id, targetUserId)).get();
  if (!target) return false;
  const t = await tFor(target.lang);
  const ids = writeTx(db, (tx) => {
    removeTotp(tx, targetUserId);
    tx.delete(passkeys).where(eq(passkeys.userId, targetUserId)).run();
    endUserSessions(tx, targetUserId);
    audit(tx, by.actor, 'twoFactor.reset', { type: 'user', id: targetUserId });
    return [
      queueMail(tx, {
        to: target.email,
        lang: target.lang,
        subject: t('twofactor:resetMail.subject'),
        text: t('twofactor:resetMail.text', {
          link: absoluteUrl(target.lang === 'fr' ? '/fr/login' : '/login'),
        }),
      }),
    ];
  });
  await deliverQueued(db, ids);
  return true;
}

/** An admin requires (or stops requiring) a second factor of a dealer's account. */
export function setSecondFactorRequired(
  db: DB,
  by: AdminActor,
  targetUserId: number,
  required: boolean,
): boolean {
  if (!mayManageSecondFactor(by, targetUserId)) return false;
  return writeTx(db, (tx) => {
    const r = tx
      .update(users)
      .set({ twoFactorRequired: required })
      .where(and(eq(users.id, targetUserId), eq(users.role, 'dealer')))
      .run();
    if (r.changes !== 1) return false;
    audit(tx, by.actor, required ? 'twoFactor.require' : 'twoFactor.unrequire', {
      type: 'user',
      id: targetUserId,
    });
    return true;
  });
}
