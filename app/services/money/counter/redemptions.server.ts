/**
 * Credit redemptions at the dealer counter (docs/rules.md "Dealer credit").
 *
 * Every money change runs in ONE synchronous IMMEDIATE transaction (`writeTx`): the write lock is
 * taken before the awards are re-read, so two redemptions at once (even from two processes) can
 * never overdraw. The PIN is compared inside it, after the lock-out (a legacy bcrypt PIN, whose
 * comparison is async, before it, and the lock-out checked on both sides): at most 5 wrong PINs
 * per rider per lock window are answered.
 *
 * Refunds are in redemption-refunds, the lists and receipts in redemption-lists.
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import { prepared, writeTx, type Conn, type DB, type Tx } from '~/db.server';
import {
  awards,
  creditRedemptions,
  dealers,
  pinAttempts,
  redemptionAllocations,
  riders,
  users,
} from '#db/schema';
import { PIN_LENGTH, type Currency } from '~/lib/constants';
import { formatRedemptionCode } from '~/lib/format';
import { audit, type Actor } from '~/services/platform/audit.server';
import { currencyForCountry, drawableCredit } from '~/services/money/ledger/credit.server';
import { recordLedger } from '~/services/money/ledger/ledger.server';
import {
  dealerPausedUntil,
  pinLockedUntil,
  pinTriesLeft,
} from '~/services/money/counter/pin-lockout.server';
import { queueDealerPausedMail } from '~/services/money/counter/dealer-pause.server';
import { tForEach } from '~/i18next.server';
import { DEFAULT_LANG, type Lang } from '~/lib/lang';
import { deliverWhenIdle } from '~/services/platform/mail.server';
import { isLegacyPinHash, verifyPinNow, verifyRiderPin } from '~/services/auth/password.server';
import {
  fingerprintOf,
  recordIdempotent,
  type IdempotencyRef,
} from '~/services/money/ledger/idempotency.server';
import { queueReceipt } from '~/services/money/counter/redemption-mail.server';
import {
  checksBefore,
  paused,
  REDEEM_ERRORS,
  replayOf,
  type RedeemInput,
  type RedeemResult,
} from '~/services/money/counter/redeem-refusals.server';

export {
  REDEEM_ERRORS,
  type RedeemInput,
  type RedeemResult,
} from '~/services/money/counter/redeem-refusals.server';
const E = REDEEM_ERRORS;

type DrawableCredit = ReturnType<typeof drawableCredit>;
type Translations = Awaited<ReturnType<typeof tForEach>>;

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

/** The checks that need no database: a positive amount, the PIN's shape, who serves, the ID seen. */
function inputRefusal(input: RedeemInput, pin: string, employeeName: string): RedeemResult | null {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0)
    return { ok: false, error: E.amountPositive, field: 'amount' };
  if (!new RegExp(`^\\d{${PIN_LENGTH}}$`).test(pin))
    return { ok: false, error: E.pinFormat, field: 'pin' };
  if (!employeeName) return { ok: false, error: E.employeeRequired, field: 'employeeName' };
  if (input.idVerified !== true) return { ok: false, error: E.idNotVerified, field: 'idVerified' };
  return null;
}

function loadDealer(conn: Conn, dealerId: number) {
  return prepared(conn, 'redeem.dealer', (c) =>
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
}

/** One redemption being made: who, where, how much, and the mails it queues. */
type Sale = {
  riderId: number;
  dealerId: number;
  amountCents: number;
  currency: Currency;
  employeeName: string;
  actor: Actor;
  key: IdempotencyRef | undefined;
  /** Mails written in the transaction, delivered once it has committed. */
  queued: number[];
};

/**
 * A wrong PIN, kept as an attempt (only wrong ones are: the lock-out and the pause count nothing
 * else, and a right one is on record as the redemption and its audit row). It may pause the
 * counter (the admins' mail queued) or start the rider's lock-out.
 */
function wrongPin(tx: Tx, sale: Sale, now: Date, ts: Translations): RedeemResult {
  const { riderId, dealerId, actor } = sale;
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
  ).run({ riderId, dealerId, userId: actor.userId, at: now.toISOString() });
  const pausedAfter = dealerPausedUntil(tx, { userId: actor.userId, dealerId }, now);
  if (pausedAfter) {
    audit(tx, actor, 'redemption.dealerPaused', { type: 'dealer', id: dealerId }, { riderId });
    sale.queued.push(...queueDealerPausedMail(tx, ts, { dealerId, actor, until: pausedAfter }));
    return paused(pausedAfter);
  }
  const nowLocked = pinLockedUntil(tx, riderId, now, dealerId);
  if (nowLocked) {
    audit(tx, actor, 'redemption.pinLockStarted', { type: 'rider', id: riderId }, { dealerId });
    return { ok: false, error: E.pinLocked, field: 'pin', lockedUntil: nowLocked.toISOString() };
  }
  const triesLeft = pinTriesLeft(tx, riderId, now, dealerId);
  return { ok: false, error: E.wrongPin, field: 'pin', triesLeft };
}

function insertRedemption(tx: Tx, sale: Sale, iso: string, remainingCents: number) {
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
        remainingCents: sql.placeholder('remainingCents'),
        status: 'active',
        createdByUserId: sql.placeholder('createdByUserId'),
        proxyHostUserId: sql.placeholder('proxyHostUserId'),
        createdAt: sql.placeholder('at'),
      })
      .returning()
      .prepare(),
  ).get({
    riderId: sale.riderId,
    dealerId: sale.dealerId,
    amountCents: sale.amountCents,
    currency: sale.currency,
    employeeName: sale.employeeName,
    remainingCents,
    createdByUserId: sale.actor.userId,
    proxyHostUserId: sale.actor.proxyHostUserId,
    at: iso,
  });
  if (!redemption) throw new Error('redemption not written');
  return redemption;
}

/** The amount drawn from the awards, soonest expiry first: one allocation and ledger row each. */
function drawAwards(
  tx: Tx,
  sale: Sale,
  redemption: { id: number; code: string },
  credit: DrawableCredit,
  iso: string,
) {
  let left = sale.amountCents;
  const drawn: { awardId: number; amountCents: number }[] = [];
  for (const award of credit.awards) {
    if (left === 0) break;
    const take = Math.min(left, award.currentCents);
    const spentOut = award.currentCents - take === 0;
    const res = drawStatement(tx, spentOut).run({ take, at: iso, awardId: award.id });
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
      riderId: sale.riderId,
      balance: 'credit',
      kind: 'redemption',
      amountCents: -take,
      currency: sale.currency,
      awardId: award.id,
      redemptionId: redemption.id,
      actor: sale.actor,
      note: `redemption ${redemption.code}`,
    });
    drawn.push({ awardId: award.id, amountCents: take });
    left -= take;
  }
  if (left !== 0) throw new Error('redemption could not be fully allocated');
  return drawn;
}

/**
 * Redeems `amountCents` of a rider's dealer credit at a dealer, in the dealer's currency.
 * Checks (in order): inputs, rider (exists, active, has a PIN), dealer (exists, active), then
 * inside one IMMEDIATE transaction: the counter's pause, the PIN lock-out, the amount against
 * what is available now, the PIN (a wrong one is logged as an attempt), then the awards drawn
 * soonest expiry first, redemption + allocations + one ledger row per award drawn + audit + the
 * rider's receipt mail (delivered once the transaction has committed). A legacy bcrypt PIN has
 * the pause, lock-out and amount checked before its comparison too.
 */
export async function redeem(db: DB, input: RedeemInput): Promise<RedeemResult> {
  const { riderId, dealerId, amountCents, actor } = input;
  const clock = () => input.now ?? new Date();
  const employeeName = (input.employeeName ?? '').trim();
  const pin = (input.pin ?? '').trim();
  const badInput = inputRefusal(input, pin, employeeName);
  if (badInput) return badInput;
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
  const dealer = loadDealer(db, dealerId);
  if (!dealer) return { ok: false, error: E.dealerNotFound, field: 'dealerId' };
  if (!dealer.active) return { ok: false, error: E.dealerInactive, field: 'dealerId' };
  const currency = currencyForCountry(dealer.country);

  // A PIN stored as HMAC is compared in the transaction, after the counter's pause, the rider's
  // lock-out and the credit (each read once, under the write lock). A legacy bcrypt PIN can only
  // be compared asynchronously, before it: those checks then run before the comparison too, so a
  // paused counter, a locked rider or a sum that cannot be paid never has its PIN compared.
  let legacyPinOk: boolean | undefined;
  if (isLegacyPinHash(rider.pinHash)) {
    const refused = checksBefore(db, input, currency, clock());
    if (refused) return refused;
    legacyPinOk = await verifyRiderPin(db, riderId, pin, rider.pinHash);
  }
  // A wrong PIN may pause the counter: the admins' mail is written in the same transaction; so is
  // the rider's receipt after a right one (translations load asynchronously, hence before it).
  const ts = await tForEach();
  const riderLang: Lang = rider.lang ?? DEFAULT_LANG;
  const sale: Sale = {
    riderId,
    dealerId,
    amountCents,
    currency,
    employeeName,
    actor,
    key,
    queued: [],
  };

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
    // Before the PIN counts: a sum that cannot be paid spares the rider a try.
    const credit = drawableCredit(tx, riderId, now, currency);
    if (credit.totalCents === 0) return { ok: false, error: E.noCredit, field: 'amount' };
    if (amountCents > credit.totalCents)
      return { ok: false, error: E.amountTooHigh, field: 'amount' };
    if (!(legacyPinOk ?? verifyPinNow(pin, rider.pinHash) === true))
      return wrongPin(tx, sale, now, ts);

    const redemption = insertRedemption(tx, sale, iso, credit.totalCents - amountCents);
    const code = formatRedemptionCode(redemption.id);
    const allocations = drawAwards(tx, sale, { id: redemption.id, code }, credit, iso);
    const facts = { code, riderId, dealerId, amountCents, currency, employeeName, allocations };
    audit(tx, actor, 'redemption.created', { type: 'creditRedemption', id: redemption.id }, facts);
    recordIdempotent(tx, key, { redemptionId: redemption.id });
    sale.queued.push(
      queueReceipt(tx, ts[riderLang], {
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
  // The receipt (or the admins' mail of a paused counter) goes out between requests.
  await deliverWhenIdle(db, sale.queued);
  return out;
}

/**
 * The draw on one award. Its status is set only when the draw spends it out: SQLite rewrites the
 * entry of every index holding a column an UPDATE sets, even to the same value, and five of the
 * awards' indexes hold the status (five pages written per redemption for nothing).
 */
function drawStatement(tx: Conn, spentOut: boolean) {
  return prepared(tx, spentOut ? 'redeem.drawOut' : 'redeem.draw', (c) =>
    c
      .update(awards)
      .set({
        currentCents: sql`${awards.currentCents} - ${sql.placeholder('take')}`,
        spentCents: sql`${awards.spentCents} + ${sql.placeholder('take')}`,
        redeemedAt: sql`${sql.placeholder('at')}`,
        ...(spentOut ? { status: 'spent' as const } : {}),
      })
      .where(
        and(
          eq(awards.id, sql.placeholder('awardId')),
          eq(awards.status, 'current'),
          gte(awards.currentCents, sql.placeholder('take')),
        ),
      )
      .prepare(),
  );
}
