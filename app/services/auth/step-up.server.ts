/**
 * Step-up: a fresh proof of the owner before any change of how the account signs in. A session
 * carries when it last proved its owner (`sessions.verified_at`): a full sign-in sets it, and so
 * does a step-up (the password, plus a code when the account has TOTP on, or a passkey of the
 * account). Within `STEP_UP_MINUTES` of that proof the session may add or remove a passkey, turn
 * two-factor on or off, make recovery codes or change the password; past it, a stolen session
 * cookie alone can do none of these. Granting the admin role and approving a held change ask the
 * same proof of the admin acting (stepUpPrompt, freshOrProven). A session opened by an admin
 * proxying never can (the proof is the admin's, the credentials the owner's).
 */
import { and, eq } from 'drizzle-orm';
import type { Conn, DB } from '~/db.server';
import { passkeys, sessions, users } from '#db/schema';
import { STEP_UP_MINUTES } from '~/lib/constants';
import { DUMMY_HASH, verifyPassword } from '~/services/auth/password.server';
import { rateLimitHit, rateLimitReset } from '~/services/auth/rate-limit.server';
import { CHANGE_PASSWORD_LIMIT } from '~/services/auth/recovery.server';
import { checkSecondFactor, codeWait, hasTotp } from '~/services/auth/totp.server';

/** The rule: a proof counts for `STEP_UP_MINUTES`; no proof at all never counts. */
export function isFresh(verifiedAt: string | null | undefined, now = Date.now()): boolean {
  if (!verifiedAt) return false;
  const at = Date.parse(verifiedAt);
  return Number.isFinite(at) && at <= now + 60_000 && now - at < STEP_UP_MINUTES * 60_000;
}

/** When the session last proved its owner, or null. */
export function sessionVerifiedAt(db: Conn, sessionId: string): string | null {
  const row = db
    .select({ verifiedAt: sessions.verifiedAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId))
    .get();
  return row?.verifiedAt ?? null;
}

/** Marks the session as proven now (a sign-in or a step-up passed). */
export function markVerified(db: Conn, sessionId: string, now = Date.now()): void {
  db.update(sessions)
    .set({ verifiedAt: new Date(now).toISOString() })
    .where(eq(sessions.id, sessionId))
    .run();
}

/** Who is asking: the session and whether an admin proxies it. */
export type StepUpSubject = { sessionId: string; proxyHost: unknown };

export type Freshness = 'ok' | 'proxy' | 'stepUp';

/** May this session change the account's sign-in security now? */
export function securityChangeAllowed(
  db: Conn,
  subject: StepUpSubject,
  now = Date.now(),
): Freshness {
  if (subject.proxyHost) return 'proxy';
  return isFresh(sessionVerifiedAt(db, subject.sessionId), now) ? 'ok' : 'stepUp';
}

/** Seconds until the session's proof runs out (0: step up first). */
export function freshSecondsLeft(db: Conn, sessionId: string, now = Date.now()): number {
  const at = sessionVerifiedAt(db, sessionId);
  if (!at || !isFresh(at, now)) return 0;
  return Math.max(0, Math.ceil((Date.parse(at) + STEP_UP_MINUTES * 60_000 - now) / 1000));
}

export type ProofOutcome = 'ok' | 'wrongPassword' | 'wrongCode' | 'codeNeeded' | 'wait';

/**
 * The account password and, when the account has TOTP on, a code (a recovery code too when
 * `recovery`). The password shares the password change's budget (`password-change:<id>`): a
 * stolen session gets the same few guesses whichever form it uses, and no more.
 */
export async function checkPasswordProof(
  db: DB,
  userId: number,
  input: { password: string; code?: string | null },
  opts: { recovery?: boolean } = {},
): Promise<ProofOutcome> {
  const totp = hasTotp(db, userId);
  const code = input.code?.trim() ?? '';
  if (totp && code === '') return 'codeNeeded';
  if (totp && codeWait(db, userId) > 0) return 'wait';
  const key = `password-change:${userId}`;
  if (!rateLimitHit(db, key, CHANGE_PASSWORD_LIMIT.count, CHANGE_PASSWORD_LIMIT.windowSeconds))
    return 'wait';
  const row = db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.deactivated, false)))
    .get();
  const { ok } = await verifyPassword(input.password, row?.passwordHash ?? DUMMY_HASH);
  if (!row || !ok) return 'wrongPassword';
  rateLimitReset(db, key);
  if (!totp) return 'ok';
  const outcome = checkSecondFactor(db, userId, code, { recovery: opts.recovery ?? true });
  return outcome === 'wait' ? 'wait' : outcome === 'wrong' ? 'wrongCode' : 'ok';
}

/** The step-up form: the password (+ code); the session is fresh again when it passes. */
export async function stepUpWithPassword(
  db: DB,
  subject: StepUpSubject & { userId: number },
  input: { password: string; code?: string | null },
  now = Date.now(),
): Promise<ProofOutcome | 'proxy'> {
  if (subject.proxyHost) return 'proxy';
  const outcome = await checkPasswordProof(db, subject.userId, input);
  if (outcome === 'ok') markVerified(db, subject.sessionId, now);
  return outcome;
}

/**
 * What a page asks before a change that needs a fresh proof: nothing while the session's proof is
 * fresh (null), else the step-up, with a code field when the account has TOTP on and a passkey
 * button when it has one. A proxied session gets null too: it is refused whatever it types.
 */
export function stepUpPrompt(
  db: Conn,
  subject: StepUpSubject & { userId: number },
  now = Date.now(),
): { totp: boolean; passkeys: boolean } | null {
  if (securityChangeAllowed(db, subject, now) !== 'stepUp') return null;
  const key = db
    .select({ id: passkeys.id })
    .from(passkeys)
    .where(eq(passkeys.userId, subject.userId))
    .get();
  return { totp: hasTotp(db, subject.userId), passkeys: !!key };
}

/**
 * A change that needs a fresh proof, the proof typed on the change's own form (so nothing else
 * typed there is lost): 'ok' when the session is fresh or the password (+ code) proves it now,
 * 'stepUp' when it is not and nothing was typed, the proof's refusal otherwise.
 */
export async function freshOrProven(
  db: DB,
  subject: StepUpSubject & { userId: number },
  typed: { password?: string | null; code?: string | null },
  now = Date.now(),
): Promise<Freshness | Exclude<ProofOutcome, 'ok'>> {
  const fresh = securityChangeAllowed(db, subject, now);
  if (fresh !== 'stepUp') return fresh;
  if (!typed.password) return 'stepUp';
  return stepUpWithPassword(db, subject, { password: typed.password, code: typed.code }, now);
}
