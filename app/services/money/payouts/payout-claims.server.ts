/**
 * Pro payout claims (docs/rules.md "Cash (pros)").
 *
 * - `createPayoutClaims`: a batch; one claim per rider AND currency holding the rider's earned,
 *   unclaimed cash awards. Debit card for US riders, cheque for everyone else. A rider whose
 *   payment information is incomplete (W-9 for US persons, driver's licence, address) is skipped
 *   and reported with the reasons. Non-US persons have 30% withheld. Creating a claim writes no
 *   ledger row: the money is still owed (the award keeps its value).
 * - `setClaimSent`: SENT moves the claim's awards to `sent` (value 0, ledger `payoutSent` −);
 *   undo moves them back to `earned` with their value (ledger `payoutUnsent` +).
 *
 * The claim lists are in payout-claim-lists, the rules (type, withholding, due date) in
 * payout-rules, a rider's payout status in payout-status.
 */
import { and, asc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { DB, Tx } from '~/db.server';
import { writeTx } from '~/db.server';
import type { Currency } from '~/lib/constants';
import {
  awards,
  events,
  ledgerEntries,
  payoutClaims,
  riders,
  type Award,
  type PayoutClaim,
  type Rider,
} from '#db/schema';
import { audit, type Actor } from '~/services/platform/audit.server';
import {
  paymentInfoMissingMany,
  type MissingPaymentInfo,
} from '~/services/money/ledger/expiry.server';
import { recordLedger } from '~/services/money/ledger/ledger.server';
import {
  claimTypeFor,
  payoutDueDate,
  withholding,
} from '~/services/money/payouts/payout-rules.server';
import {
  getPayoutClaim,
  type PayoutClaimView,
} from '~/services/money/payouts/payout-claim-lists.server';
import {
  fingerprintOf,
  lookupIdempotent,
  recordIdempotent,
  type IdempotencyRef,
} from '~/services/money/ledger/idempotency.server';

/** A refusal the caller shows to the user (`key` is an i18n key in the `payouts` namespace). */
export class PayoutError extends Error {
  constructor(
    readonly key: 'notFound' | 'claimMismatch' | 'keyReused',
    readonly status = key === 'notFound' ? 404 : key === 'keyReused' ? 422 : 409,
  ) {
    super(key === 'keyReused' ? 'security:idempotencyConflict' : `payouts:errors.${key}`);
  }
}

// ---------------------------------------------------------------- batch creation

type SkippedRider = {
  riderId: number;
  riderName: string;
  reasons: (MissingPaymentInfo | 'nothingOwed' | 'unknownRider')[];
};

/** `replayed`: the answer of an earlier batch made with the same one-time key (nothing created now). */
export type CreateClaimsResult = {
  created: PayoutClaimView[];
  skipped: SkippedRider[];
  replayed?: true;
};

type ClaimableAward = Pick<
  Award,
  'id' | 'riderId' | 'currency' | 'currentCents' | 'awardedAt' | 'eventId'
> & {
  eventDate: string | null;
  resultsVerifiedAt: string | null;
  /** A series-end award's series: the day of its last event that was not cancelled. */
  seriesLastDate: string | null;
};

/** The due date of one claimable award (see `payoutDueDate`). */
function awardDueDate(a: ClaimableAward): string {
  if (a.eventId !== null && a.eventDate) {
    return payoutDueDate({
      kind: 'event',
      resultsVerifiedAt: a.resultsVerifiedAt,
      eventDate: a.eventDate,
    });
  }
  if (a.seriesLastDate)
    return payoutDueDate({ kind: 'seriesEnd', seriesLastDate: a.seriesLastDate });
  return payoutDueDate({ kind: 'other', awardedAt: a.awardedAt });
}

/**
 * Creates payout claims for every rider (or the given riders) with earned, unclaimed cash.
 * One claim per rider and currency; the claim's due date is the earliest of its awards' due
 * dates. One transaction: the awards are tied to their claim with a guarded update, so two
 * batches at once can never put one award in two claims.
 */
/** Carries a previewed batch out of its rolled-back transaction. */
class DryRunRollback extends Error {
  constructor(readonly result: CreateClaimsResult) {
    super('dry run');
  }
}

export function createPayoutClaims(
  db: DB,
  actor: Actor,
  opts: { riderIds?: number[]; now?: Date; idempotencyKey?: string; dryRun?: boolean } = {},
): CreateClaimsResult {
  if (!opts.dryRun) return buildClaims(db, actor, opts, false);
  // A preview (`?dryRun=true`): the very same batch, built in a transaction then rolled back.
  try {
    return buildClaims(db, actor, { ...opts, idempotencyKey: undefined }, true);
  } catch (error) {
    if (error instanceof DryRunRollback) return error.result;
    throw error;
  }
}

/** Earned cash not yet in a claim (of the given riders only, when given), by rider then award. */
function claimableAwards(tx: Tx, onlyRiders: number[] | undefined): ClaimableAward[] {
  const conditions: SQL[] = [
    eq(awards.payoutType, 'cash'),
    eq(awards.status, 'earned'),
    isNull(awards.payoutClaimId),
    gt(awards.currentCents, 0),
  ];
  if (onlyRiders) conditions.push(inArray(awards.riderId, onlyRiders.length ? onlyRiders : [-1]));
  return tx
    .select({
      id: awards.id,
      riderId: awards.riderId,
      currency: awards.currency,
      currentCents: awards.currentCents,
      awardedAt: awards.awardedAt,
      eventId: awards.eventId,
      eventDate: events.date,
      resultsVerifiedAt: events.resultsVerifiedAt,
      seriesLastDate: sql<
        string | null
      >`(SELECT max(se.date) FROM events se WHERE se.series_id = ${awards.seriesId} AND se.cancelled = 0)`,
    })
    .from(awards)
    .leftJoin(events, eq(events.id, awards.eventId))
    .where(and(...conditions))
    .orderBy(asc(awards.riderId), asc(awards.id))
    .all();
}

/** One claim of a rider in one currency: written, its awards tied to it, audited. */
function writeClaim(
  tx: Tx,
  rider: Rider,
  currency: Currency,
  group: ClaimableAward[],
  actor: Actor,
  now: Date,
): PayoutClaimView | null {
  const riderId = rider.id;
  const gross = group.reduce((sum, a) => sum + a.currentCents, 0);
  const money = withholding(gross, rider.usPerson);
  const dueDate = group.map(awardDueDate).sort()[0];
  const claim = tx
    .insert(payoutClaims)
    .values({
      riderId,
      type: claimTypeFor(rider.country),
      status: 'pending',
      country: rider.country,
      currency,
      grossCents: money.grossCents,
      withheldCents: money.withheldCents,
      netCents: money.netCents,
      usPerson: rider.usPerson,
      dueDate,
      createdByUserId: actor.userId,
      createdAt: now.toISOString(),
    })
    .returning({ id: payoutClaims.id })
    .get();
  const ids = group.map((a) => a.id);
  const tied = tx
    .update(awards)
    .set({ payoutClaimId: claim.id })
    .where(and(inArray(awards.id, ids), isNull(awards.payoutClaimId), eq(awards.status, 'earned')))
    .run().changes;
  if (tied !== ids.length) throw new Error('award changed while creating a payout claim');
  const facts = { riderId, currency, awardIds: ids, ...money, dueDate };
  audit(tx, actor, 'payoutClaim.create', { type: 'payoutClaim', id: claim.id }, facts);
  return getPayoutClaim(tx, claim.id) ?? null;
}

/** Why a rider gets no claim in this batch, or null when the rider is owed and can be paid. */
function skipReasons(
  rider: Rider | undefined,
  list: ClaimableAward[],
  missing: ReturnType<typeof paymentInfoMissingMany>,
): SkippedRider['reasons'] | null {
  if (!rider) return ['unknownRider'];
  if (list.length === 0) return ['nothingOwed'];
  const reasons = missing.get(rider.id) ?? [];
  return reasons.length > 0 ? reasons : null;
}

function buildClaims(
  db: DB,
  actor: Actor,
  opts: { riderIds?: number[]; now?: Date; idempotencyKey?: string },
  rollback: boolean,
): CreateClaimsResult {
  const now = opts.now ?? new Date();
  const onlyRiders = opts.riderIds ? [...new Set(opts.riderIds)] : undefined;
  const key: IdempotencyRef | undefined = opts.idempotencyKey
    ? {
        scope: 'payout-claim',
        userId: actor.userId,
        key: opts.idempotencyKey,
        fingerprint: fingerprintOf({ riderIds: onlyRiders?.sort((a, b) => a - b) ?? 'all' }),
      }
    : undefined;
  return writeTx(db, (tx) => {
    // A batch already made with this key answers its first result (PayoutError on another request).
    const seen = lookupIdempotent<CreateClaimsResult>(tx, key);
    if (seen.kind === 'conflict') throw new PayoutError('keyReused');
    if (seen.kind === 'replay') return { ...seen.result, replayed: true };
    const rows = claimableAwards(tx, onlyRiders);
    const byRider = new Map<number, ClaimableAward[]>();
    for (const a of rows) byRider.set(a.riderId, [...(byRider.get(a.riderId) ?? []), a]);
    const riderIds = [...new Set([...(onlyRiders ?? []), ...byRider.keys()])];
    const riderRows = new Map<number, Rider>(
      (riderIds.length
        ? tx.select().from(riders).where(inArray(riders.id, riderIds)).all()
        : []
      ).map((r) => [r.id, r]),
    );
    const missing = paymentInfoMissingMany(tx, [...byRider.keys()]);

    const created: PayoutClaimView[] = [];
    const skipped: SkippedRider[] = [];
    for (const riderId of riderIds.sort((x, y) => x - y)) {
      const rider = riderRows.get(riderId);
      const list = byRider.get(riderId) ?? [];
      const reasons = skipReasons(rider, list, missing);
      if (!rider || reasons) {
        const riderName = rider ? `${rider.firstName} ${rider.lastName}`.trim() : '';
        skipped.push({ riderId, riderName, reasons: reasons ?? ['unknownRider'] });
        continue;
      }
      const byCurrency = new Map<Currency, ClaimableAward[]>();
      for (const a of list) byCurrency.set(a.currency, [...(byCurrency.get(a.currency) ?? []), a]);
      for (const [currency, group] of byCurrency) {
        const view = writeClaim(tx, rider, currency, group, actor, now);
        if (view) created.push(view);
      }
    }
    if (rollback) throw new DryRunRollback({ created, skipped });
    recordIdempotent(tx, key, { created, skipped });
    return { created, skipped };
  });
}

// ---------------------------------------------------------------- SENT and undo

/**
 * Marks a claim SENT (`sent` true) or undoes the mark (`sent` false), with its awards and ledger
 * rows, in one transaction. Asking for the state the claim is already in changes nothing.
 * SENT is refused (claimMismatch) when the awards no longer add up to the claim's gross.
 */
export function setClaimSent(
  db: DB,
  claimId: number,
  sent: boolean,
  actor: Actor,
  now: Date = new Date(),
): PayoutClaimView {
  return writeTx(db, (tx) => {
    const claim = tx.select().from(payoutClaims).where(eq(payoutClaims.id, claimId)).get();
    if (!claim) throw new PayoutError('notFound');
    const target = sent ? 'sent' : 'pending';
    if (claim.status !== target) {
      const list = tx.select().from(awards).where(eq(awards.payoutClaimId, claimId)).all();
      if (sent) markSent(tx, claim, list, actor, now);
      else markUnsent(tx, claim, list, actor);
    }
    const view = getPayoutClaim(tx, claimId);
    if (!view) throw new PayoutError('notFound');
    return view;
  });
}

function markSent(tx: Tx, claim: PayoutClaim, list: Award[], actor: Actor, now: Date) {
  const gross = list.reduce((sum, a) => sum + a.currentCents, 0);
  if (list.length === 0 || list.some((a) => a.status !== 'earned') || gross !== claim.grossCents) {
    throw new PayoutError('claimMismatch');
  }
  const changed = tx
    .update(payoutClaims)
    .set({ status: 'sent', sentAt: now.toISOString(), sentByUserId: actor.userId })
    .where(and(eq(payoutClaims.id, claim.id), eq(payoutClaims.status, 'pending')))
    .run().changes;
  if (changed !== 1) throw new PayoutError('claimMismatch');
  for (const a of list) {
    tx.update(awards)
      .set({ status: 'sent', currentCents: 0, redeemedAt: now.toISOString() })
      .where(eq(awards.id, a.id))
      .run();
    recordLedger(tx, {
      riderId: a.riderId,
      balance: 'cash',
      kind: 'payoutSent',
      amountCents: -a.currentCents,
      currency: a.currency,
      awardId: a.id,
      payoutClaimId: claim.id,
      actor,
    });
  }
  audit(
    tx,
    actor,
    'payoutClaim.sent',
    { type: 'payoutClaim', id: claim.id },
    {
      grossCents: claim.grossCents,
      netCents: claim.netCents,
    },
  );
}

function markUnsent(tx: Tx, claim: PayoutClaim, list: Award[], actor: Actor) {
  // What each award gets back is what the ledger took from it for this claim (sent − unsent).
  const taken = new Map<number, number>();
  const rows = tx
    .select({
      awardId: ledgerEntries.awardId,
      total: sql<number>`sum(${ledgerEntries.amountCents})`,
    })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.payoutClaimId, claim.id),
        inArray(ledgerEntries.kind, ['payoutSent', 'payoutUnsent']),
      ),
    )
    .groupBy(ledgerEntries.awardId)
    .all();
  for (const r of rows) if (r.awardId !== null) taken.set(r.awardId, -Number(r.total));
  const restored = list.reduce((sum, a) => sum + (taken.get(a.id) ?? 0), 0);
  if (list.some((a) => a.status !== 'sent') || restored !== claim.grossCents) {
    throw new PayoutError('claimMismatch');
  }
  const changed = tx
    .update(payoutClaims)
    .set({ status: 'pending', sentAt: null, sentByUserId: null })
    .where(and(eq(payoutClaims.id, claim.id), eq(payoutClaims.status, 'sent')))
    .run().changes;
  if (changed !== 1) throw new PayoutError('claimMismatch');
  for (const a of list) {
    const amount = taken.get(a.id) ?? 0;
    tx.update(awards)
      .set({ status: 'earned', currentCents: amount, redeemedAt: null })
      .where(eq(awards.id, a.id))
      .run();
    recordLedger(tx, {
      riderId: a.riderId,
      balance: 'cash',
      kind: 'payoutUnsent',
      amountCents: amount,
      currency: a.currency,
      awardId: a.id,
      payoutClaimId: claim.id,
      actor,
    });
  }
  audit(
    tx,
    actor,
    'payoutClaim.unsent',
    { type: 'payoutClaim', id: claim.id },
    {
      grossCents: claim.grossCents,
    },
  );
}
