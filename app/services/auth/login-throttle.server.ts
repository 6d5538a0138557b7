/**
 * Sign-in throttling that cannot be turned against users (ASVS 2.2.1): instead of locking an
 * e-mail for everyone after N failures, failures are counted per client address and per account,
 * each with a growing delay (1 s, 2 s, 4 s … capped) once its free allowance is used. While a
 * delay runs, an attempt is refused at once with the time left — without hashing anything, so a
 * flood of failed sign-ins costs almost nothing and slows no other visitor.
 *
 * The account delay does not apply to a browser that signed in to that account before (a signed
 * "known device" cookie, OWASP's device-cookie pattern): an attacker guessing a rider's password
 * cannot keep the rider out. The per-address delay applies to everyone.
 *
 * An attempt is counted before its password (or passkey) is checked, in the same immediate
 * transaction that reads the wait (`reserveSignIn`): requests sent at once cannot all read "4
 * failures so far" and all be checked. A right password gives its reservation back
 * (`signInSucceeded`), an attempt that was never checked too (`releaseSignIn`).
 *
 * Counts live in the `rate_limits` table (they survive restarts and span processes): `count` is
 * the number of failures, `window_start` the time of the last one. 24 hours without a failure
 * forget them; a successful sign-in forgets the account's and the device's.
 */
import { createHash } from 'node:crypto';
import { createCookie } from '@remix-run/node';
import { eq } from 'drizzle-orm';
import { writeTx, type Conn, type DB, type Tx } from '~/db.server';
import { rateLimits } from '#db/schema';
import { env, sessionSecret } from '~/env.server';

type Ladder = { free: number; capSeconds: number };
/** Per account: 5 failures free, then 1 s, 2 s, 4 s … at most 15 minutes between tries. */
export const ACCOUNT_LADDER: Ladder = { free: 5, capSeconds: 15 * 60 };
/** Per client address (many accounts from one address): 20 failures free, then up to 15 minutes. */
export const ADDRESS_LADDER: Ladder = { free: 20, capSeconds: 15 * 60 };
const FORGET_MS = 24 * 60 * 60 * 1000;

/** Seconds a key must wait after its last failure. */
export function delaySeconds(failures: number, ladder: Ladder): number {
  if (failures < ladder.free) return 0;
  return Math.min(ladder.capSeconds, 2 ** (failures - ladder.free));
}

const accountKey = (email: string) => `login-fail:account:${email.trim().toLowerCase()}`;
const addressKey = (address: string) => `login-fail:address:${address}`;

function waitFor(db: Conn, key: string, ladder: Ladder, now: number): number {
  const row = db.select().from(rateLimits).where(eq(rateLimits.key, key)).get();
  if (!row) return 0;
  const last = Date.parse(row.windowStart);
  if (now - last > FORGET_MS) return 0;
  const until = last + delaySeconds(row.count, ladder) * 1000;
  return until > now ? Math.ceil((until - now) / 1000) : 0;
}

/** `email` null: an attempt that names no account (a passkey of no known account). */
export type ThrottleKeys = { email: string | null; address: string; knownDevice: boolean };

/** Seconds this client must still wait before trying this account (0: go ahead). */
export function signInWait(db: Conn, k: ThrottleKeys, now = Date.now()): number {
  const byAddress = waitFor(db, addressKey(k.address), ADDRESS_LADDER, now);
  const byAccount =
    k.knownDevice || k.email === null ? 0 : waitFor(db, accountKey(k.email), ACCOUNT_LADDER, now);
  return Math.max(byAddress, byAccount);
}

const keysOf = (k: ThrottleKeys) => [
  addressKey(k.address),
  ...(k.email === null ? [] : [accountKey(k.email)]),
];

/** Adds one failure to a key; returns the time of the failure before it (null: none to keep). */
function countFailure(tx: Tx, key: string, now: number): string | null {
  const row = tx.select().from(rateLimits).where(eq(rateLimits.key, key)).get();
  const fresh = !row || now - Date.parse(row.windowStart) > FORGET_MS;
  tx.insert(rateLimits)
    .values({ key, count: 1, windowStart: new Date(now).toISOString() })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: { count: fresh ? 1 : row.count + 1, windowStart: new Date(now).toISOString() },
    })
    .run();
  return fresh ? null : row.windowStart;
}

/** Counts one failed sign-in against the address and the account. */
export function recordSignInFailure(db: DB, k: ThrottleKeys, now = Date.now()) {
  writeTx(db, (tx) => {
    for (const key of keysOf(k)) countFailure(tx, key, now);
  });
}

/** An attempt already counted as a failure, until its check says otherwise. */
export type SignInReservation = {
  keys: ThrottleKeys;
  /** The time written as each key's last failure. */
  stamp: string;
  /** Each key's last failure before this attempt (null: none). */
  before: Record<string, string | null>;
};

export type Reserved = { ok: true; reservation: SignInReservation } | { ok: false; wait: number };

/**
 * Reads the wait and, when there is none, counts the attempt as a failure, in one immediate
 * transaction: of N attempts sent at once only those the ladder allows get past this point.
 */
export function reserveSignIn(db: DB, k: ThrottleKeys, now = Date.now()): Reserved {
  return writeTx(db, (tx): Reserved => {
    const wait = signInWait(tx, k, now);
    if (wait > 0) return { ok: false, wait };
    const before: Record<string, string | null> = {};
    for (const key of keysOf(k)) before[key] = countFailure(tx, key, now);
    return { ok: true, reservation: { keys: k, stamp: new Date(now).toISOString(), before } };
  });
}

/**
 * Takes back one counted failure; the last failure's time goes back to what it was when no
 * later attempt moved it since (a success must not restart the address's delay).
 */
function giveBack(tx: Tx, key: string, r: SignInReservation) {
  const row = tx.select().from(rateLimits).where(eq(rateLimits.key, key)).get();
  if (!row) return;
  const before = r.before[key] ?? null;
  if (row.count <= 1 && row.windowStart === r.stamp && before === null) {
    tx.delete(rateLimits).where(eq(rateLimits.key, key)).run();
    return;
  }
  const windowStart = row.windowStart === r.stamp && before !== null ? before : row.windowStart;
  tx.update(rateLimits)
    .set({ count: Math.max(0, row.count - 1), windowStart })
    .where(eq(rateLimits.key, key))
    .run();
}

/** The password (or passkey) was right: the account's failures are forgotten, the address's attempt given back. */
export function signInSucceeded(db: DB, r: SignInReservation) {
  writeTx(db, (tx) => {
    giveBack(tx, addressKey(r.keys.address), r);
    if (r.keys.email !== null)
      tx.delete(rateLimits)
        .where(eq(rateLimits.key, accountKey(r.keys.email)))
        .run();
  });
}

/** The attempt was never checked (the server was too busy, no challenge): it counts for nothing. */
export function releaseSignIn(db: DB, r: SignInReservation) {
  writeTx(db, (tx) => {
    for (const key of keysOf(r.keys)) giveBack(tx, key, r);
  });
}

/** A successful sign-in forgets the account's failures (the address keeps its own). */
export function recordSignInSuccess(db: DB, k: ThrottleKeys) {
  if (k.email === null) return;
  db.delete(rateLimits)
    .where(eq(rateLimits.key, accountKey(k.email)))
    .run();
}

// ---------------------------------------------------------------- known devices

let deviceCookie: ReturnType<typeof createCookie> | undefined;
function devices() {
  deviceCookie ??= createCookie('cc_device', {
    httpOnly: true,
    sameSite: 'lax',
    secure: env().SECURE_COOKIES,
    path: '/',
    secrets: [sessionSecret()],
    maxAge: 365 * 24 * 60 * 60,
  });
  return deviceCookie;
}

const accountTag = (email: string) =>
  createHash('sha256')
    .update(`device:${email.trim().toLowerCase()}`)
    .digest('base64url')
    .slice(0, 16);

async function deviceTags(request: Request): Promise<string[]> {
  const value = (await devices().parse(request.headers.get('Cookie'))) as unknown;
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** True when this browser signed in to this account before (signed cookie). */
export async function isKnownDevice(request: Request, email: string): Promise<boolean> {
  return (await deviceTags(request)).includes(accountTag(email));
}

/** The Set-Cookie that remembers this browser for this account (at most 5 accounts kept). */
export async function rememberDevice(request: Request, email: string): Promise<string> {
  const tag = accountTag(email);
  const tags = [tag, ...(await deviceTags(request)).filter((t) => t !== tag)].slice(0, 5);
  return devices().serialize(tags);
}
