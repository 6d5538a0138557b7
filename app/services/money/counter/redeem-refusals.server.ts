/**
 * What a redemption at the counter can answer besides a receipt (its error keys and result), and
 * the refusals it checks: a paused counter, a replayed or reused idempotency key, and the checks
 * made before a legacy (bcrypt) PIN is compared.
 */
import { eq } from 'drizzle-orm';
import type { Conn, DB } from '~/db.server';
import { creditRedemptions, type CreditRedemption } from '#db/schema';
import { formatRedemptionCode } from '~/lib/format';
import { audit, type Actor } from '~/services/platform/audit.server';
import { availableCredit, currencyForCountry } from '~/services/money/ledger/credit.server';
import { dealerPausedUntil, pinLockedUntil } from '~/services/money/counter/pin-lockout.server';
import { lookupIdempotent, type IdempotencyRef } from '~/services/money/ledger/idempotency.server';

// ---------------------------------------------------------------- error keys

/** Every error a redemption or refund can answer (i18n keys in the `dealer` namespace). */
export const REDEEM_ERRORS = {
  amountPositive: 'dealer:errors.amountPositive',
  amountTooHigh: 'dealer:errors.amountTooHigh',
  noCredit: 'dealer:errors.noCredit',
  employeeRequired: 'dealer:errors.employeeRequired',
  idNotVerified: 'dealer:errors.idNotVerified',
  pinFormat: 'validation:pin',
  wrongPin: 'dealer:errors.wrongPin',
  pinLocked: 'dealer:errors.pinLocked',
  riderNotFound: 'dealer:errors.riderNotFound',
  riderInactive: 'dealer:errors.riderInactive',
  noPin: 'dealer:errors.noPin',
  dealerNotFound: 'dealer:errors.dealerNotFound',
  dealerInactive: 'dealer:errors.dealerInactive',
  redemptionNotFound: 'dealer:errors.redemptionNotFound',
  alreadyRefunded: 'dealer:errors.alreadyRefunded',
  keyReused: 'security:idempotencyConflict',
  dealerPaused: 'pinSafety:dealerPaused',
} as const;
const E = REDEEM_ERRORS;

type RedeemField = 'amount' | 'pin' | 'employeeName' | 'idVerified' | 'riderId' | 'dealerId';

export type RedeemInput = {
  riderId: number;
  dealerId: number;
  amountCents: number;
  pin: string;
  employeeName: string;
  idVerified: boolean;
  actor: Actor;
  now?: Date;
  /** The form's one-time token or the API's Idempotency-Key: a repeat answers the first receipt. */
  idempotencyKey?: string;
};

export type RedeemResult =
  | { ok: true; redemption: CreditRedemption; code: string; replayed?: boolean }
  | {
      ok: false;
      error: string; // i18n key
      field?: RedeemField;
      /** Set when refused by the PIN lock-out: when redemptions for this rider open again. */
      lockedUntil?: string;
      /** Set when this dealer's counter is paused (too many wrong PINs across riders). */
      pausedUntil?: string;
      /** Set on a wrong PIN: how many more wrong PINs before the lock-out. */
      triesLeft?: number;
      /** The key was already used for another request. */
      conflict?: boolean;
    };

/**
 * The checks of the transaction, made before a legacy (bcrypt) PIN is compared: the counter's
 * pause, the rider's lock-out, the credit (not a promise of funds: read again in the transaction).
 */
export function checksBefore(
  db: DB,
  input: RedeemInput,
  currency: ReturnType<typeof currencyForCountry>,
  now: Date,
): RedeemResult | null {
  const { riderId, dealerId, actor, amountCents } = input;
  const pausedBefore = dealerPausedUntil(db, { userId: actor.userId, dealerId }, now);
  if (pausedBefore) return paused(pausedBefore);
  const lockedBefore = pinLockedUntil(db, riderId, now, dealerId);
  if (lockedBefore) {
    audit(db, actor, 'redemption.pinLocked', { type: 'rider', id: riderId }, { dealerId });
    return { ok: false, error: E.pinLocked, field: 'pin', lockedUntil: lockedBefore.toISOString() };
  }
  const before = availableCredit(db, riderId, now, currency);
  if (before.totalCents === 0) return { ok: false, error: E.noCredit, field: 'amount' };
  if (amountCents > before.totalCents)
    return { ok: false, error: E.amountTooHigh, field: 'amount' };
  return null;
}

/** The answer of a paused counter (before any PIN is compared: it adds no try to any count). */
export function paused(until: Date): RedeemResult {
  const iso = until.toISOString();
  return { ok: false, error: E.dealerPaused, field: 'pin', pausedUntil: iso, lockedUntil: iso };
}

/** The first receipt for a key already used, a conflict for a reused key, else null. */
export function replayOf(conn: Conn, key: IdempotencyRef | undefined): RedeemResult | null {
  const seen = lookupIdempotent<{ redemptionId: number }>(conn, key);
  if (seen.kind === 'new') return null;
  if (seen.kind === 'conflict') return { ok: false, error: E.keyReused, conflict: true };
  const redemption = conn
    .select()
    .from(creditRedemptions)
    .where(eq(creditRedemptions.id, seen.result.redemptionId))
    .get();
  if (!redemption) return { ok: false, error: E.redemptionNotFound };
  return { ok: true, redemption, code: formatRedemptionCode(redemption.id), replayed: true };
}
