/**
 * The sign-in's second step: after the password, an account with TOTP on is held in a pending
 * state on the server (`signin-challenge.server`) until a code (or a recovery code) passes; only
 * then is a session opened. A passkey sign-in opens the session at once (two factors in one).
 */
import { eq } from 'drizzle-orm';
import type { DB } from '~/db.server';
import { users, type User } from '#db/schema';
import { rememberDevice } from '~/services/auth/login-throttle.server';
import {
  clearChallengeCookie,
  countWrongTry,
  createChallenge,
  dropChallenge,
  readChallenge,
} from '~/services/auth/signin-challenge.server';
import { createSession, endSession, sessionIdFrom } from '~/services/auth/session.server';
import { checkSecondFactor, codeWait } from '~/services/auth/totp.server';

/** Holds a sign-in whose password passed until its code does; returns the Set-Cookie. */
export function holdForSecondFactor(db: DB, userId: number): Promise<string> {
  return createChallenge(db, 'secondFactor', { userId });
}

/** The account waiting for its code in this browser, or null (none, or expired). */
export async function pendingSignIn(db: DB, request: Request): Promise<User | null> {
  const c = await readChallenge(db, request, 'secondFactor');
  if (!c?.userId) return null;
  const user = db.select().from(users).where(eq(users.id, c.userId)).get();
  return user && !user.deactivated ? user : null;
}

export type SecondStepOutcome =
  | { ok: true; user: User; setCookies: string[] }
  | { ok: false; key: string; status: 400 | 429; restart?: boolean; retryAfter?: number };

/**
 * Checks the code of the pending sign-in: the session opens when it passes (and the pending
 * state is dropped); five wrong codes drop the pending state (the password again), and wrong
 * codes also count towards the account's growing delay.
 */
export async function completeSecondStep(
  db: DB,
  request: Request,
  code: string,
): Promise<SecondStepOutcome> {
  const c = await readChallenge(db, request, 'secondFactor');
  const user = c?.userId ? db.select().from(users).where(eq(users.id, c.userId)).get() : null;
  if (!c || !user || user.deactivated) {
    return { ok: false, key: 'twofactor:step.expired', status: 400, restart: true };
  }
  const outcome = checkSecondFactor(db, user.id, code, { recovery: true });
  if (outcome === 'wait') {
    // At least 1: the wait may end between the check and this read, and a 429 always says when.
    const retryAfter = Math.max(1, codeWait(db, user.id));
    return { ok: false, key: 'twofactor:errors.wait', status: 429, retryAfter };
  }
  if (outcome === 'wrong') {
    if (!countWrongTry(db, c.id, c.tries)) {
      return { ok: false, key: 'twofactor:step.tooManyTries', status: 400, restart: true };
    }
    return { ok: false, key: 'twofactor:errors.wrongCode', status: 400 };
  }
  dropChallenge(db, c.id);
  return { ok: true, user, setCookies: await openSession(db, request, user) };
}

/**
 * The one way every sign-in (password alone, password and code, passkey) opens a session: the
 * session this browser had before ends first (another account's, or a stolen cookie planted
 * there), then a new one: its cookie, the known-device cookie, no pending state.
 */
export async function openSession(db: DB, request: Request, user: User): Promise<string[]> {
  const before = await sessionIdFrom(request);
  if (before) endSession(db, before);
  // A full sign-in is a fresh proof: changes of sign-in security need no step-up right after.
  const { setCookie } = await createSession(db, user.id, null, { verified: true });
  return [
    setCookie,
    await rememberDevice(request, user.email),
    await clearChallengeCookie('secondFactor'),
  ];
}
