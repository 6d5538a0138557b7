/**
 * TOTP two-factor (RFC 6238) through `otpauth`: the secret, its QR code (drawn here, no outside
 * service), the check of a code and the ten single-use recovery codes.
 *
 * A code is compared in constant time against each step of the window (the step before, now and
 * after: ±30 s of clock drift), with no early exit, and accepted once: the step it matched is
 * stored and no code of that step or an earlier one is accepted again. Wrong codes are limited
 * like passwords (`codeWait`): 5 free, then growing delays per account.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { writeTx, type Conn, type DB } from '~/db.server';
import { rateLimits, recoveryCodes, twoFactor } from '#db/schema';
import { sessionSecret } from '~/env.server';
import { ACCOUNT_LADDER, delaySeconds } from '~/services/auth/login-throttle.server';
import { isSealed, openTotpSecret, sealTotpSecret } from '~/services/auth/totp-secret.server';
import { audit, type Actor } from '~/services/platform/audit.server';

export const TOTP_PERIOD = 30;
const TOTP_DIGITS = 6;
/** Steps accepted either side of now (clock drift of a phone). */
const TOTP_WINDOW = 1;
const RECOVERY_CODE_COUNT = 10;
const ISSUER = 'contingency cash';
const FORGET_MS = 24 * 60 * 60 * 1000;

/** The 30-second step of an instant. */
export function stepAt(now: number): number {
  return Math.floor(now / 1000 / TOTP_PERIOD);
}

/** A new random secret (160 bits, base32 as authenticator apps take it). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpFor(secret: string, label: string) {
  return new TOTP({
    issuer: ISSUER,
    label,
    secret: Secret.fromBase32(secret),
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD,
    algorithm: 'SHA1',
  });
}

/** The code of a step (tests and the check below). */
export function totpCode(secret: string, step: number): string {
  return totpFor(secret, 'x').generate({ timestamp: step * TOTP_PERIOD * 1000 });
}

/** The otpauth:// URI authenticator apps read from the QR code. */
export function totpUri(secret: string, email: string): string {
  return totpFor(secret, email).toString();
}

/** The QR code of the URI as an SVG data URL (drawn on the server). */
export async function totpQrDataUrl(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

const sameText = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The step a code matches inside the window around `now` and after `lastUsedStep`, or null.
 * Every step of the window is compared (no early exit), each in constant time.
 */
function matchStep(secret: string, code: string, lastUsedStep: number, now: number): number | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const current = stepAt(now);
  let found: number | null = null;
  for (let step = current - TOTP_WINDOW; step <= current + TOTP_WINDOW; step += 1) {
    const equal = sameText(totpCode(secret, step), token);
    if (equal && step > lastUsedStep && found === null) found = step;
  }
  return found;
}

// ---------------------------------------------------------------- state

export type TwoFactorState = { totp: boolean; pending: boolean; recoveryLeft: number };

/** What a user has: a confirmed authenticator, one being set up, recovery codes left. */
export function twoFactorState(db: Conn, userId: number): TwoFactorState {
  const row = db.select().from(twoFactor).where(eq(twoFactor.userId, userId)).get();
  const left = db
    .select({ n: sql<number>`count(*)` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
    .get();
  return {
    totp: !!row?.confirmedAt,
    pending: !!row && !row.confirmedAt,
    recoveryLeft: left?.n ?? 0,
  };
}

/** True when the user signs in with a TOTP code after the password. */
export function hasTotp(db: Conn, userId: number): boolean {
  const row = db
    .select({ confirmedAt: twoFactor.confirmedAt })
    .from(twoFactor)
    .where(eq(twoFactor.userId, userId))
    .get();
  return !!row?.confirmedAt;
}

/** Starts (or restarts) setting up an authenticator; returns the new secret (not yet in force). */
export function beginTotpSetup(db: DB, userId: number): string {
  const secret = newTotpSecret();
  const sealed = sealTotpSecret(userId, secret);
  writeTx(db, (tx) => {
    const row = tx.select().from(twoFactor).where(eq(twoFactor.userId, userId)).get();
    if (row?.confirmedAt) throw new Error('two-factor already on');
    tx.insert(twoFactor)
      .values({ userId, secret: sealed })
      .onConflictDoUpdate({
        target: twoFactor.userId,
        set: { secret: sealed, lastUsedStep: 0 },
      })
      .run();
  });
  return secret;
}

/** The secret being set up (shown as QR and text until the first code confirms it). */
export function pendingSecret(db: Conn, userId: number): string | null {
  const row = db.select().from(twoFactor).where(eq(twoFactor.userId, userId)).get();
  return row && !row.confirmedAt ? openTotpSecret(userId, row.secret) : null;
}

// ---------------------------------------------------------------- tries

const failKey = (userId: number) => `2fa-fail:user:${userId}`;

/** Seconds before this account may try a code again (0: go ahead). */
export function codeWait(db: Conn, userId: number, now = Date.now()): number {
  const row = db
    .select()
    .from(rateLimits)
    .where(eq(rateLimits.key, failKey(userId)))
    .get();
  if (!row) return 0;
  const last = Date.parse(row.windowStart);
  if (now - last > FORGET_MS) return 0;
  const until = last + delaySeconds(row.count, ACCOUNT_LADDER) * 1000;
  return until > now ? Math.ceil((until - now) / 1000) : 0;
}

function recordCodeFailure(tx: Conn, userId: number, now: number) {
  const key = failKey(userId);
  const row = tx.select().from(rateLimits).where(eq(rateLimits.key, key)).get();
  const count = !row || now - Date.parse(row.windowStart) > FORGET_MS ? 1 : row.count + 1;
  const at = new Date(now).toISOString();
  tx.insert(rateLimits)
    .values({ key, count, windowStart: at })
    .onConflictDoUpdate({ target: rateLimits.key, set: { count, windowStart: at } })
    .run();
}

export type CodeOutcome = 'ok' | 'wrong' | 'wait';

/**
 * Checks a second-factor code of a user: a TOTP code (confirmed authenticator; with
 * `pending: true`, the one being set up) or, when `recovery` is allowed, an unused recovery code,
 * which is then used up. A success forgets the failures; a failure counts towards the delay.
 */
export function checkSecondFactor(
  db: DB,
  userId: number,
  code: string,
  opts: { pending?: boolean; recovery?: boolean; now?: number } = {},
): CodeOutcome {
  const now = opts.now ?? Date.now();
  if (codeWait(db, userId, now) > 0) return 'wait';
  return writeTx(db, (tx) => {
    const row = tx.select().from(twoFactor).where(eq(twoFactor.userId, userId)).get();
    const usable = row && (opts.pending ? !row.confirmedAt : !!row.confirmedAt) ? row : null;
    const secret = usable ? openTotpSecret(userId, usable.secret) : null;
    const step = usable && secret ? matchStep(secret, code, usable.lastUsedStep, now) : null;
    if (usable && secret && step !== null) {
      // A secret stored before encryption is sealed now.
      const set = isSealed(usable.secret)
        ? { lastUsedStep: step }
        : { lastUsedStep: step, secret: sealTotpSecret(userId, secret) };
      tx.update(twoFactor).set(set).where(eq(twoFactor.userId, userId)).run();
      tx.delete(rateLimits)
        .where(eq(rateLimits.key, failKey(userId)))
        .run();
      return 'ok';
    }
    if (opts.recovery && useRecoveryCode(tx, userId, code)) {
      tx.delete(rateLimits)
        .where(eq(rateLimits.key, failKey(userId)))
        .run();
      return 'ok';
    }
    recordCodeFailure(tx, userId, now);
    return 'wrong';
  });
}

// ---------------------------------------------------------------- recovery codes

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'; // no 0/o, 1/l/i

/** Normalises what a user typed: lower case, no spaces or dashes. */
function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]+/g, '');
}

function hashRecoveryCode(userId: number, code: string): string {
  return createHmac('sha256', sessionSecret())
    .update(`recovery:${userId}:${normaliseRecoveryCode(code)}`)
    .digest('hex');
}

function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** Replaces a user's recovery codes with ten new ones; returns them in clear (shown once). */
export function replaceRecoveryCodes(tx: Conn, userId: number): string[] {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)).run();
  for (const code of codes) {
    tx.insert(recoveryCodes)
      .values({ userId, codeHash: hashRecoveryCode(userId, code) })
      .run();
  }
  return codes;
}

/** Uses up one unused recovery code; false when it is unknown or already used. */
function useRecoveryCode(tx: Conn, userId: number, code: string): boolean {
  if (normaliseRecoveryCode(code).length !== 10) return false;
  const r = tx
    .update(recoveryCodes)
    .set({ usedAt: new Date().toISOString() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, hashRecoveryCode(userId, code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .run();
  return r.changes === 1;
}

/** Confirms the authenticator being set up with its first code; returns the recovery codes. */
export function confirmTotpSetup(
  db: DB,
  userId: number,
  code: string,
  actor: Actor,
  now = Date.now(),
): { outcome: CodeOutcome; recoveryCodes: string[] } {
  const outcome = checkSecondFactor(db, userId, code, { pending: true, now });
  if (outcome !== 'ok') return { outcome, recoveryCodes: [] };
  const codes = writeTx(db, (tx) => putTotpInForce(tx, userId, actor, now));
  return { outcome, recoveryCodes: codes };
}

/** The authenticator whose first code passed is in force; returns its recovery codes. */
export function putTotpInForce(tx: Conn, userId: number, actor: Actor, now = Date.now()): string[] {
  tx.update(twoFactor)
    .set({ confirmedAt: new Date(now).toISOString() })
    .where(eq(twoFactor.userId, userId))
    .run();
  audit(tx, actor, 'twoFactor.enable', { type: 'user', id: userId });
  return replaceRecoveryCodes(tx, userId);
}

/** Removes the authenticator and the recovery codes (callers check who may). */
export function removeTotp(tx: Conn, userId: number) {
  tx.delete(twoFactor).where(eq(twoFactor.userId, userId)).run();
  tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)).run();
}
