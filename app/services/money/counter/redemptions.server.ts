/**
 * Credit redemptions at the dealer counter (docs/rules.md "Dealer credit",
 * docs/decisions/003-money-counter.md).
 *
 * Every money change runs in ONE synchronous IMMEDIATE transaction (`writeTx`): the write lock is
 * taken before the awards are re-read, so two redemptions at once (even from two processes) can
 * never overdraw. The PIN is checked BEFORE the transaction (a legacy bcrypt PIN is async); the
 * lock-out is checked again inside it: at most 5 wrong PINs per rider per lock window are answered.
 *
 * Refunds are in redemption-refunds, the lists and receipts in redemption-lists.
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import { prepared, writeTx, type Conn, type DB } from '~/db.server';
import {
  awards,
  creditRedemptions,
  dealers,
  pinAttempts,
  redemptionAllocations,
  riders,
  users,
  type CreditRedemption,
} from '#db/schema';
import { PIN_LENGTH } from '~/lib/constants';
import { toBase36Code } from '~/lib/format';
import { audit, type Actor } from '~/services/platform/audit.server';
import { availableCredit, currencyForCountry } from '~/services/money/ledger/credit.server';
import { recordLedger } from '~/services/money/ledger/ledger.server';
import {
  dealerPausedUntil,
  pinLockedUntil,
  pinTriesLeft,
} from '~/services/money/counter/pin-lockout.server';
import { queueDealerPausedMail } from '~/services/money/counter/dealer-pause.server';
import { tFor, tForEach } from '~/i18next.server';
import { DEFAULT_LANG, type Lang } from '~/lib/lang';
import { deliverQueued } from '~/services/platform/mail.server';
import { verifyRiderPin } from '~/services/auth/password.server';
import {
  fingerprintOf,
  lookupIdempotent,
  recordIdempotent,
  type IdempotencyRef,
} from '~/services/money/ledger/idempotency.server';
import { queueReceipt } from '~/services/money/counter/redemption-mail.server';

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

export type RedeemField = 'amount' | 'pin' | 'employeeName' | 'idVerified' | 'riderId' | 'dealerId';

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

// ---------------------------------------------------------------- redeem

type RiderForCounter = {
  id: number;
  pinHash: string | null;
  deactivated: boolean;
  country: string;
  // For the receipt mail, rendered before the transaction.
  firstName: string;
  email: string;
  lang: Lang | null;
};

function loadRider(conn: Conn, riderId: number): RiderForCounter | undefined {
  return prepared(conn, 'redeem.rider', (c) =>
    c
      .select({
        id: riders.id,
        pinHash: riders.pinHash,
        deactivated: users.deactivated,
        country: riders.country,
        firstName: riders.firstName,
        email: users.email,
        lang: users.lang,
      })
      .from(riders)
      .innerJoin(users, eq(users.id, riders.userId))
      .where(eq(riders.id, sql.placeholder('riderId')))
      .prepare(),
  ).get({ riderId });
}

/**
 * Redeems `amountCents` of a rider's dealer credit at a dealer, in the dealer's currency.
 * Checks (in order): inputs, rider (exists, active, has a PIN), dealer (exists, active), PIN
 * lock-out, amount against what is available now, the PIN (hash compared before the
 * transaction), then inside one IMMEDIATE transaction: lock-out again, the attempt logged,
 * awards re-read and drawn soonest expiry first, redemption + allocations + one ledger row per
 * award drawn + audit + the rider's receipt mail (sent once the transaction has committed).
 */
export async function redeem(db: DB, input: RedeemInput): Promise<RedeemResult> {
  const { riderId, dealerId, amountCents, actor } = input;
  const clock = () => input.now ?? new Date();
  const employeeName = (input.employeeName ?? '').trim();
  const pin = (input.pin ?? '').trim();

  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) {
    return { ok: false, error: E.amountPositive, field: 'amount' };
  }
  if (!new RegExp(`^\\d{${PIN_LENGTH}}$`).test(pin))
    return { ok: false, error: E.pinFormat, field: 'pin' };
  if (!employeeName) return { ok: false, error: E.employeeRequired, field: 'employeeName' };
  if (input.idVerified !== true) return { ok: false, error: E.idNotVerified, field: 'idVerified' };
  const key: IdempotencyRef | undefined = input.idempotencyKey
    ? {
        scope: 'redeem',
        userId: actor.userId,
        key: input.idempotencyKey,
        fingerprint: fingerprintOf({ riderId, dealerId, amountCents, employeeName }),
      }
    : undefined;
  const seen = replayOf(db, key);
  if (seen) return seen;

  const rider = loadRider(db, riderId);
  if (!rider) return { ok: false, error: E.riderNotFound, field: 'riderId' };
  if (rider.deactivated) return { ok: false, error: E.riderInactive, field: 'riderId' };
  if (!rider.pinHash) return { ok: false, error: E.noPin, field: 'pin' };
  const dealer = prepared(db, 'redeem.dealer', (c) =>
    c
      .select({
        id: dealers.id,
        name: dealers.name,
        country: dealers.country,
        active: dealers.active,
      })
      .from(dealers)
      .where(eq(dealers.id, sql.placeholder('dealerId')))
      .prepare(),
  ).get({ dealerId });
  if (!dealer) return { ok: false, error: E.dealerNotFound, field: 'dealerId' };
  if (!dealer.active) return { ok: false, error: E.dealerInactive, field: 'dealerId' };
  const currency = currencyForCountry(dealer.country);

  const pausedBefore = dealerPausedUntil(db, { userId: actor.userId, dealerId }, clock());
  if (pausedBefore) return paused(pausedBefore);
  const lockedBefore = pinLockedUntil(db, riderId, clock(), dealerId);
  if (lockedBefore) {
    audit(db, actor, 'redemption.pinLocked', { type: 'rider', id: riderId }, { dealerId });
    return { ok: false, error: E.pinLocked, field: 'pin', lockedUntil: lockedBefore.toISOString() };
  }
  // Not a promise of funds (re-checked in the transaction); spares a PIN try when it cannot work.
  const before = availableCredit(db, riderId, clock(), currency);
  if (before.totalCents === 0) return { ok: false, error: E.noCredit, field: 'amount' };
  if (amountCents > before.totalCents)
    return { ok: false, error: E.amountTooHigh, field: 'amount' };

  const pinOk = await verifyRiderPin(db, riderId, pin, rider.pinHash);
  // A wrong PIN may pause the counter: the admins' mail is written in the same transaction; so is
  // the rider's receipt after a right one (translations load asynchronously, hence before it).
  const ts = pinOk ? undefined : await tForEach();
  const riderLang: Lang = rider.lang ?? DEFAULT_LANG;
  const tRider = pinOk ? await tFor(riderLang) : undefined;
  const queued: number[] = [];

  const out = writeTx(db, (tx): RedeemResult => {
    const now = clock();
    const iso = now.toISOString();
    // A twin request may have committed while the PIN was checked: answer its receipt.
    const twin = replayOf(tx, key);
    if (twin) return twin;
    const pausedNow = dealerPausedUntil(tx, { userId: actor.userId, dealerId }, now);
    if (pausedNow) return paused(pausedNow);
    const locked = pinLockedUntil(tx, riderId, now, dealerId);
    if (locked) {
      audit(tx, actor, 'redemption.pinLocked', { type: 'rider', id: riderId }, { dealerId });
      return { ok: false, error: E.pinLocked, field: 'pin', lockedUntil: locked.toISOString() };
    }
    if (!pinOk) {
      // Only wrong PINs are kept as attempts: the lock-out and the pause count nothing else, and
      // a right one is on record as the redemption and its audit row.
      prepared(tx, 'redeem.pinAttempt', (c) =>
        c
          .insert(pinAttempts)
          .values({
            riderId: sql.placeholder('riderId'),
            dealerId: sql.placeholder('dealerId'),
            userId: sql.placeholder('userId'),
            success: false,
            createdAt: sql.placeholder('at'),
          })
          .prepare(),
      ).run({ riderId, dealerId, userId: actor.userId, at: iso });
      const pausedAfter = dealerPausedUntil(tx, { userId: actor.userId, dealerId }, now);
      if (pausedAfter) {
        audit(tx, actor, 'redemption.dealerPaused', { type: 'dealer', id: dealerId }, { riderId });
        if (ts)
          queued.push(...queueDealerPausedMail(tx, ts, { dealerId, actor, until: pausedAfter }));
        return paused(pausedAfter);
      }
      const nowLocked = pinLockedUntil(tx, riderId, now, dealerId);
      if (nowLocked) {
        audit(tx, actor, 'redemption.pinLockStarted', { type: 'rider', id: riderId }, { dealerId });
        return {
          ok: false,
          error: E.pinLocked,
          field: 'pin',
          lockedUntil: nowLocked.toISOString(),
        };
      }
      return {
        ok: false,
        error: E.wrongPin,
        field: 'pin',
        triesLeft: pinTriesLeft(tx, riderId, now, dealerId),
      };
    }

    const credit = availableCredit(tx, riderId, now, currency);
    if (credit.totalCents === 0) return { ok: false, error: E.noCredit, field: 'amount' };
    if (amountCents > credit.totalCents)
      return { ok: false, error: E.amountTooHigh, field: 'amount' };

    const redemption = prepared(tx, 'redeem.insert', (c) =>
      c
        .insert(creditRedemptions)
        .values({
          riderId: sql.placeholder('riderId'),
          dealerId: sql.placeholder('dealerId'),
          amountCents: sql.placeholder('amountCents'),
          currency: sql.placeholder('currency'),
          employeeName: sql.placeholder('employeeName'),
          idVerified: true,
          status: 'active',
          createdByUserId: sql.placeholder('createdByUserId'),
          proxyHostUserId: sql.placeholder('proxyHostUserId'),
          createdAt: sql.placeholder('at'),
        })
        .returning()
        .prepare(),
    ).get({
      riderId,
      dealerId,
      amountCents,
      currency,
      employeeName,
      createdByUserId: actor.userId,
      proxyHostUserId: actor.proxyHostUserId,
      at: iso,
    });
    if (!redemption) throw new Error('redemption not written');
    const code = toBase36Code(redemption.id);

    let left = amountCents;
    const drawn: { awardId: number; amountCents: number }[] = [];
    for (const award of credit.awards) {
      if (left === 0) break;
      const take = Math.min(left, award.currentCents);
      const spentOut = award.currentCents - take === 0;
      const res = prepared(tx, 'redeem.draw', (c) =>
        c
          .update(awards)
          .set({
            currentCents: sql`${awards.currentCents} - ${sql.placeholder('take')}`,
            spentCents: sql`${awards.spentCents} + ${sql.placeholder('take')}`,
            status: sql`${sql.placeholder('status')}`,
            redeemedAt: sql`${sql.placeholder('at')}`,
          })
          .where(
            and(
              eq(awards.id, sql.placeholder('awardId')),
              eq(awards.status, 'current'),
              gte(awards.currentCents, sql.placeholder('take')),
            ),
          )
          .prepare(),
      ).run({ take, status: spentOut ? 'spent' : 'current', at: iso, awardId: award.id });
      // Cannot happen under the write lock; if it ever does, throwing rolls everything back.
      if (res.changes !== 1) throw new Error(`award ${award.id} changed during redemption`);
      prepared(tx, 'redeem.allocation', (c) =>
        c
          .insert(redemptionAllocations)
          .values({
            redemptionId: sql.placeholder('redemptionId'),
            awardId: sql.placeholder('awardId'),
            amountCents: sql.placeholder('amountCents'),
          })
          .prepare(),
      ).run({ redemptionId: redemption.id, awardId: award.id, amountCents: take });
      recordLedger(tx, {
        riderId,
        balance: 'credit',
        kind: 'redemption',
        amountCents: -take,
        currency,
        awardId: award.id,
        redemptionId: redemption.id,
        actor,
        note: `redemption ${code}`,
      });
      drawn.push({ awardId: award.id, amountCents: take });
      left -= take;
    }
    if (left !== 0) throw new Error('redemption could not be fully allocated');
    audit(
      tx,
      actor,
      'redemption.created',
      { type: 'creditRedemption', id: redemption.id },
      {
        code,
        riderId,
        dealerId,
        amountCents,
        currency,
        employeeName,
        allocations: drawn,
      },
    );
    recordIdempotent(tx, key, { redemptionId: redemption.id });
    if (tRider)
      queued.push(
        queueReceipt(tx, tRider, {
          redemptionId: redemption.id,
          amountCents,
          currency,
          createdAt: redemption.createdAt,
          dealerName: dealer.name,
          firstName: rider.firstName,
          email: rider.email,
          lang: riderLang,
          remainingCents: credit.totalCents - amountCents,
        }),
      );
    return { ok: true, redemption, code };
  });
  await deliverQueued(db, queued);
  return out;
}

/** The answer of a paused counter (before any PIN is compared: it adds no try to any count). */
function paused(until: Date): RedeemResult {
  const iso = until.toISOString();
  return { ok: false, error: E.dealerPaused, field: 'pin', pausedUntil: iso, lockedUntil: iso };
}

/** The first receipt for a key already used, a conflict for a reused key, else null. */
function replayOf(conn: Conn, key: IdempotencyRef | undefined): RedeemResult | null {
  const seen = lookupIdempotent<{ redemptionId: number }>(conn, key);
  if (seen.kind === 'new') return null;
  if (seen.kind === 'conflict') return { ok: false, error: E.keyReused, conflict: true };
  const redemption = conn
    .select()
    .from(creditRedemptions)
    .where(eq(creditRedemptions.id, seen.result.redemptionId))
    .get();
  if (!redemption) return { ok: false, error: E.redemptionNotFound };
  return { ok: true, redemption, code: toBase36Code(redemption.id), replayed: true };
}
