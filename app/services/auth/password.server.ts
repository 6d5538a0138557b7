/**
 * Password and PIN hashing, off the event loop.
 *
 * - Passwords: argon2id (`@node-rs/argon2`, native, runs on libuv's thread pool; OWASP's
 *   parameters: 19 MiB, 2 passes, 1 lane). Hashes from before (bcrypt, `$2a$`/`$2b$`) are still
 *   accepted and say `rehash: true`: the caller stores `hashPassword(password)` after that
 *   successful sign-in (see `verifyUserPassword`), so every account moves to argon2id by itself.
 * - PINs: 4 digits are 10,000 possibilities; no slow hash protects that, the lock-out after 5
 *   wrong tries does. A PIN is stored as HMAC-SHA256 with a server key (kept like the session
 *   secret, `pinSecret()`) and a per-PIN salt, compared in constant time: microseconds instead of
 *   ~100 ms of bcryptjs on the event loop. Legacy bcrypt PIN hashes are accepted and migrate on
 *   the next successful use (`verifyRiderPin`).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import os from 'node:os';
import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import type { DB } from '~/db.server';
import { riders, users } from '#db/schema';
import { pinSecret } from '~/env.server';
import { requestContext } from '~/services/platform/log.server';
import { weakPins } from '~/lib/weak-pins';

/**
 * argon2id parameters (OWASP cheat sheet, first recommended set). The algorithm is the library's
 * default, argon2id (its `Algorithm` is a `const enum` with no runtime value under isolatedModules).
 */
const ARGON2_OPTIONS = {
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

const BCRYPT_RE = /^\$2[aby]\$\d\d\$/;
const PIN_PREFIX = 'hmac-sha256$';

/** The outcome of a check: `rehash` when the stored hash is of an older kind and should be replaced. */
export type Verified = { ok: boolean; rehash: boolean };

/** bcryptjs is only needed for legacy hashes: loaded on first use. */
async function bcryptCompare(secret: string, hash: string): Promise<boolean> {
  const { default: bcrypt } = await import('bcryptjs');
  return bcrypt.compare(secret, hash);
}

/**
 * At most this many password hashes run at once (one core less than the machine has, at least
 * one): a burst of sign-ins waits in line instead of taking every core, so the event loop keeps one
 * and the rest of the site still answers.
 */
export const HASH_CONCURRENCY = Math.max(1, os.availableParallelism() - 1);
/**
 * At most this many hashes wait in line per hashing slot (16 argon2id checks: about half a second
 * on a busy 2-core machine); past it a request is refused at once (`HashQueueFull`) instead of
 * waiting without end behind a flood. Work outside any HTTP request (the start-up's check of
 * every account, scripts) has nobody waiting on it and keeps its place in line.
 */
export const HASH_QUEUE_LIMIT = 16 * HASH_CONCURRENCY;
let hashing = 0;
const waiting: (() => void)[] = [];
/** A running average of one hash's duration (ms), for the Retry-After of a refusal. */
let hashMs = 50;

/**
 * Thrown instead of queueing past HASH_QUEUE_LIMIT: the server is busy (it is not this client's
 * fault), so the web layer answers 503 with `retryAfter` seconds (app/http/busy.server.ts).
 */
export class HashQueueFull extends Error {
  constructor(public readonly retryAfter: number) {
    super('the password hashing line is full');
    this.name = 'HashQueueFull';
  }
}

/** Seconds after which the line ahead has likely cleared (at least 1). */
function busyRetryAfter(): number {
  const ms = ((hashing + waiting.length) * hashMs) / HASH_CONCURRENCY;
  return Math.max(1, Math.ceil(ms / 1000));
}

/**
 * Runs `work` when a hashing slot is free (first come, first served); for an HTTP request, refuses
 * when the line is full.
 */
export async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (hashing >= HASH_CONCURRENCY) {
    if (waiting.length >= HASH_QUEUE_LIMIT && requestContext().getStore() !== undefined)
      throw new HashQueueFull(busyRetryAfter());
    await new Promise<void>((r) => waiting.push(r));
  } else hashing += 1;
  const start = performance.now();
  try {
    return await work();
  } finally {
    hashMs = hashMs * 0.8 + (performance.now() - start) * 0.2;
    const next = waiting.shift();
    // The slot passes straight to the next in line (the count stays), else it is freed.
    if (next) next();
    else hashing -= 1;
  }
}

/** Hashes running or waiting (for tests and logs). */
export function hashLoad(): { running: number; waiting: number } {
  return { running: hashing, waiting: waiting.length };
}

/** An argon2id hash of a password (PHC string, salt inside). */
export function hashPassword(password: string): Promise<string> {
  return withHashSlot(() => argon2Hash(password, ARGON2_OPTIONS));
}

/** Checks a password against its stored hash (argon2id, or a legacy bcrypt hash to be replaced). */
export async function verifyPassword(
  password: string,
  stored: string | null | undefined,
): Promise<Verified> {
  if (!stored) return { ok: false, rehash: false };
  if (BCRYPT_RE.test(stored)) {
    const ok = await withHashSlot(() => bcryptCompare(password, stored));
    return { ok, rehash: ok };
  }
  if (!stored.startsWith('$argon2')) return { ok: false, rehash: false };
  // A stored hash the library cannot read never matches; a full hashing line is the caller's to answer.
  const ok = await withHashSlot(() => argon2Verify(stored, password).catch(() => false));
  return { ok, rehash: false };
}

/** A hash that never matches, to spend the same time when an account does not exist. */
export const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$nsoV9oYXO3b5dRfr71mSYg$xkjxNCGqBB913io8n55JQ0muEL9voPc17qBoOVPPsnk';

/**
 * Checks a user's password (a missing user costs the same time, through DUMMY_HASH) and, when it
 * is right but stored in an older format, stores its argon2id hash: the upgrade at next sign-in.
 */
export async function verifyUserPassword(
  db: DB,
  user: { id: number; passwordHash: string | null } | undefined,
  password: string,
): Promise<boolean> {
  const { ok, rehash } = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !ok) return false;
  if (rehash) {
    const passwordHash = await hashPassword(password);
    db.update(users).set({ passwordHash }).where(eq(users.id, user.id)).run();
  }
  return true;
}

function pinMac(pin: string, salt: Buffer): Buffer {
  return createHmac('sha256', pinSecret()).update(salt).update(pin, 'utf8').digest();
}

/** A PIN for storage: `hmac-sha256$<salt>$<mac>` (base64url), keyed with the server's PIN secret. */
export function hashPin(pin: string): string {
  const salt = randomBytes(16);
  return `${PIN_PREFIX}${salt.toString('base64url')}$${pinMac(pin, salt).toString('base64url')}`;
}

/** Checks a PIN against its stored form (HMAC in constant time, or a legacy bcrypt hash to be replaced). */
export async function verifyPin(pin: string, stored: string | null | undefined): Promise<Verified> {
  const now = verifyPinNow(pin, stored);
  if (now !== null) return { ok: now, rehash: false };
  const ok = await bcryptCompare(pin, stored!);
  return { ok, rehash: ok };
}

/** True for a legacy bcrypt PIN hash: only the asynchronous `verifyPin` can check it. */
export function isLegacyPinHash(stored: string | null | undefined): boolean {
  return !!stored && BCRYPT_RE.test(stored);
}

/**
 * The synchronous part of `verifyPin`: true or false for a PIN stored as HMAC (or not stored, or
 * stored in no form we know), null for a legacy bcrypt hash, which only `verifyPin` can check.
 */
export function verifyPinNow(pin: string, stored: string | null | undefined): boolean | null {
  if (!stored) return false;
  if (BCRYPT_RE.test(stored)) return null;
  if (!stored.startsWith(PIN_PREFIX)) return false;
  const [salt, mac] = stored.slice(PIN_PREFIX.length).split('$');
  if (!salt || !mac) return false;
  const expected = Buffer.from(mac, 'base64url');
  const actual = pinMac(pin, Buffer.from(salt, 'base64url'));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** Checks a rider's PIN; a right PIN still stored as bcrypt is stored again as HMAC (migration on use). */
export async function verifyRiderPin(
  db: DB,
  riderId: number,
  pin: string,
  stored: string | null | undefined,
): Promise<boolean> {
  const { ok, rehash } = await verifyPin(pin, stored);
  if (ok && rehash)
    db.update(riders)
      .set({ pinHash: hashPin(pin) })
      .where(eq(riders.id, riderId))
      .run();
  return ok;
}

let weakList: string[] | undefined;

/**
 * True when a stored PIN is one of the weak ones (`isWeakPin`): the only way to know from the
 * hash is to compare it with each of them (HMAC: well under a millisecond for the whole list).
 * A legacy bcrypt hash is not checked (too slow); it moves to HMAC at its next use.
 */
export function isWeakPinHash(stored: string | null | undefined): boolean {
  if (!stored?.startsWith(PIN_PREFIX)) return false;
  const [salt, mac] = stored.slice(PIN_PREFIX.length).split('$');
  if (!salt || !mac) return false;
  const expected = Buffer.from(mac, 'base64url');
  const saltBytes = Buffer.from(salt, 'base64url');
  weakList ??= weakPins();
  return weakList.some((pin) => {
    const actual = pinMac(pin, saltBytes);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  });
}
