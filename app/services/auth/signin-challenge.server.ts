/**
 * Short-lived sign-in state kept on the server (`sign_in_challenges`), found again through a
 * signed cookie holding a random token (the table keeps only its SHA-256, like sessions):
 * - `secondFactor`: the password passed, the code has not; this is not a session, and nothing
 *   under /auth opens until the code passes (then a fresh session is created);
 * - `passkeySignIn` / `passkeyRegister`: the WebAuthn challenge the browser must sign.
 */
import { randomBytes } from 'node:crypto';
import { createCookie } from '@remix-run/node';
import { and, eq, lt } from 'drizzle-orm';
import type { Conn, DB } from '~/db.server';
import { signInChallenges } from '#db/schema';
import { env, sessionSecret } from '~/env.server';
import { hashSessionToken } from '~/services/auth/session.server';

export type ChallengeKind = 'secondFactor' | 'passkeySignIn' | 'passkeyRegister' | 'passkeyStepUp';
/** How long the code step or a passkey ceremony may take. */
export const CHALLENGE_MINUTES = 10;
/** Wrong codes on one pending sign-in before the password must be typed again. */
const SECOND_STEP_TRIES = 5;

const cookies = new Map<ChallengeKind, ReturnType<typeof createCookie>>();
function cookieFor(kind: ChallengeKind) {
  let c = cookies.get(kind);
  if (!c) {
    c = createCookie(kind === 'secondFactor' ? 'cc_2fa' : `cc_${kind}`, {
      httpOnly: true,
      sameSite: 'lax',
      secure: env().SECURE_COOKIES,
      path: '/',
      secrets: [sessionSecret()],
      maxAge: CHALLENGE_MINUTES * 60,
    });
    cookies.set(kind, c);
  }
  return c;
}

export type Challenge = typeof signInChallenges.$inferSelect;

/** Stores a new challenge of a kind; returns the Set-Cookie that finds it again. */
export async function createChallenge(
  db: Conn,
  kind: ChallengeKind,
  values: { userId?: number | null; challenge?: string | null },
  now = Date.now(),
): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  db.delete(signInChallenges)
    .where(lt(signInChallenges.expiresAt, new Date(now).toISOString()))
    .run();
  db.insert(signInChallenges)
    .values({
      id: hashSessionToken(token),
      kind,
      userId: values.userId ?? null,
      challenge: values.challenge ?? null,
      expiresAt: new Date(now + CHALLENGE_MINUTES * 60_000).toISOString(),
    })
    .run();
  return cookieFor(kind).serialize(token);
}

/** The live challenge of a kind this request's cookie points to, or null. */
export async function readChallenge(
  db: Conn,
  request: Request,
  kind: ChallengeKind,
  now = Date.now(),
): Promise<Challenge | null> {
  const token = (await cookieFor(kind).parse(request.headers.get('Cookie'))) as unknown;
  if (typeof token !== 'string' || !token) return null;
  const row = db
    .select()
    .from(signInChallenges)
    .where(and(eq(signInChallenges.id, hashSessionToken(token)), eq(signInChallenges.kind, kind)))
    .get();
  if (!row || row.expiresAt < new Date(now).toISOString()) return null;
  return row;
}

/** Counts a wrong code; false when the challenge has no tries left (it is then gone). */
export function countWrongTry(db: Conn, id: string, tries: number): boolean {
  if (tries + 1 >= SECOND_STEP_TRIES) {
    dropChallenge(db, id);
    return false;
  }
  db.update(signInChallenges)
    .set({ tries: tries + 1 })
    .where(eq(signInChallenges.id, id))
    .run();
  return true;
}

export function dropChallenge(db: Conn, id: string) {
  db.delete(signInChallenges).where(eq(signInChallenges.id, id)).run();
}

/** The Set-Cookie that forgets a challenge cookie. */
export function clearChallengeCookie(kind: ChallengeKind): Promise<string> {
  return cookieFor(kind).serialize('', { maxAge: 0, expires: new Date(0) });
}

/** Drops expired challenges (the daily housekeeping); returns how many. */
export function purgeExpiredChallenges(db: DB, now = Date.now()): number {
  return db
    .delete(signInChallenges)
    .where(lt(signInChallenges.expiresAt, new Date(now).toISOString()))
    .run().changes;
}
