/**
 * Pro payouts (rules.md "Cash (pros)", spec §7 "Payout claims"; decisions in docs/decisions.md,
 * "Money: payouts").
 *
 * - `createPayoutClaims`: a batch; one claim per rider AND currency holding the rider's earned,
 *   unclaimed cash awards. Debit card for US riders, cheque for everyone else. A rider whose
 *   payment information is incomplete (W-9 for US persons, driver's licence, address) is skipped
 *   and reported with the reasons. Non-US persons have 30% withheld. Creating a claim writes no
 *   ledger row: the money is still owed (the award keeps its value).
 * - `setClaimSent`: SENT moves the claim's awards to `sent` (value 0, ledger `payoutSent` −);
 *   undo moves them back to `earned` with their value (ledger `payoutUnsent` +).
 * - `listPayoutClaims`, `earningsReport`, `riderPayoutStatus`: reads.
 */
import { and, asc, count, desc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Conn, DB, Tx } from '~/db.server';
import { writeTx } from '~/db.server';
import {
  CASH_PAID_DAYS,
  NON_RESIDENT_WITHHOLDING_PERCENT,
  SERIES_END_PAYMENT_DAYS,
  type Currency,
} from '~/lib/constants';
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
  addDays,
  laDay,
  laDayStart,
  paymentInfoMissingMany,
  type MissingPaymentInfo,
} from '~/services/money/expiry.server';
import { recordLedger } from '~/services/money/ledger.server';
import { pageWindow } from '~/lib/pagination';
import { awardSourceTitle } from '~/services/money/award-title.server';

export type { MissingPaymentInfo } from '~/services/money/expiry.server';

/** A refusal the caller shows to the user (`key` is an i18n key in the `payouts` namespace). */
export class PayoutError extends Error {
  constructor(
    readonly key: 'notFound' | 'claimMismatch',
    readonly status = key === 'notFound' ? 404 : 409,
  ) {
    super(`payouts:errors.${key}`);
  }
}

// ---------------------------------------------------------------- pure rules

export type ClaimType = PayoutClaim['type'];

/** Debit card for riders living in the US, cheque for Canada and every other country. */
export function claimTypeFor(country: string | null | undefined): ClaimType {
  return (country ?? '').toUpperCase() === 'US' ? 'debitCard' : 'cheque';
}

/**
 * Gross, withheld and net in integer cents. A rider who is not a US person has 30% withheld,
 * computed once on the claim's gross and rounded half up to the cent (exact integer maths);
 * net = gross − withheld, so the three always add up.
 */
export function withholding(grossCents: number, usPerson: boolean) {
  if (!Number.isSafeInteger(grossCents) || grossCents < 0) {
    throw new RangeError(`Not a gross amount in cents: ${grossCents}`);
  }
  const withheldCents = usPerson
    ? 0
    : Math.floor((grossCents * NON_RESIDENT_WITHHOLDING_PERCENT + 50) / 100);
  return { grossCents, withheldCents, netCents: grossCents - withheldCents };
}

/**
 * The day a cash award must be paid by ('YYYY-MM-DD'):
 * - an event award: 30 days after the day (LA) its results were verified, else after the event day;
 * - a series-end award: 60 days after the series' last event;
 * - an award with neither (entered by hand): 30 days after the day it was awarded.
 */
export function payoutDueDate(
  input:
    | { kind: 'event'; resultsVerifiedAt: string | null; eventDate: string }
    | { kind: 'seriesEnd'; seriesLastDate: string }
    | { kind: 'other'; awardedAt: string },
): string {
  switch (input.kind) {
    case 'event':
      return addDays(
        input.resultsVerifiedAt ? laDay(input.resultsVerifiedAt) : input.eventDate,
        CASH_PAID_DAYS,
      );
    case 'seriesEnd':
      return addDays(input.seriesLastDate, SERIES_END_PAYMENT_DAYS);
    case 'other':
      return addDays(laDay(input.awardedAt), CASH_PAID_DAYS);
  }
}

// ---------------------------------------------------------------- views

export type PayoutClaimView = {
  id: number;
  _id: number;
  riderId: number;
  riderName: string;
  type: ClaimType;
  status: PayoutClaim['status'];
  country: string;
  currency: Currency;
  grossCents: number;
  withheldCents: number;
  netCents: number;
  dueDate: string | null;
  createdAt: string;
  sentAt: string | null;
  sentByUserId: number | null;
  awardCount: number;
};

const claimColumns = {
  id: payoutClaims.id,
  riderId: payoutClaims.riderId,
  firstName: riders.firstName,
  lastName: riders.lastName,
  type: payoutClaims.type,
  status: payoutClaims.status,
  country: payoutClaims.country,
  currency: payoutClaims.currency,
  grossCents: payoutClaims.grossCents,
  withheldCents: payoutClaims.withheldCents,
  netCents: payoutClaims.netCents,
  dueDate: payoutClaims.dueDate,
  createdAt: payoutClaims.createdAt,
  sentAt: payoutClaims.sentAt,
  sentByUserId: payoutClaims.sentByUserId,
  awardCount: sql<number>`(select count(*) from ${awards} where ${awards.payoutClaimId} = ${payoutClaims.id})`,
};

/** The claims query (joined with the rider for the name). */
function claimQuery(conn: Conn) {
  return conn
    .select(claimColumns)
    .from(payoutClaims)
    .innerJoin(riders, eq(riders.id, payoutClaims.riderId));
}

type ClaimRow = ReturnType<ReturnType<typeof claimQuery>['all']>[number];

function toView(r: ClaimRow): PayoutClaimView {
  return {
    id: r.id,
    _id: r.id,
    riderId: r.riderId,
    riderName: `${r.firstName} ${r.lastName}`.trim(),
    type: r.type,
    status: r.status,
    country: r.country,
    currency: r.currency,
    grossCents: r.grossCents,
    withheldCents: r.withheldCents,
    netCents: r.netCents,
    dueDate: r.dueDate,
    createdAt: r.createdAt,
    sentAt: r.sentAt,
    sentByUserId: r.sentByUserId,
    awardCount: Number(r.awardCount),
  };
}

/** One claim as shown in lists and API answers, or null. */
export function getPayoutClaim(conn: Conn, claimId: number): PayoutClaimView | null {
  const row = claimQuery(conn).where(eq(payoutClaims.id, claimId)).get();
  return row ? toView(row) : null;
}

// ---------------------------------------------------------------- batch creation

export type SkippedRider = {
  riderId: number;
  riderName: string;
  reasons: (MissingPaymentInfo | 'nothingOwed' | 'unknownRider')[];
};

export type CreateClaimsResult = { created: PayoutClaimView[]; skipped: SkippedRider[] };

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
  if (a.seriesLastDate) return payoutDueDate({ kind: 'seriesEnd', seriesLastDate: a.seriesLastDate });
  return payoutDueDate({ kind: 'other', awardedAt: a.awardedAt });
}

/**
 * Creates payout claims for every rider (or the given riders) with earned, unclaimed cash.
 * One claim per rider and currency; the claim's due date is the earliest of its awards' due
 * dates. One transaction: the awards are tied to their claim with a guarded update, so two
 * batches at once can never put one award in two claims.
 */
export function createPayoutClaims(
  db: DB,
  actor: Actor,
  opts: { riderIds?: number[]; now?: Date } = {},
): CreateClaimsResult {
  const now = opts.now ?? new Date();
  const onlyRiders = opts.riderIds ? [...new Set(opts.riderIds)] : undefined;
  return writeTx(db, (tx) => {
    const conditions: SQL[] = [
      eq(awards.payoutType, 'cash'),
      eq(awards.status, 'earned'),
      isNull(awards.payoutClaimId),
      gt(awards.currentCents, 0),
    ];
    if (onlyRiders) conditions.push(inArray(awards.riderId, onlyRiders.length ? onlyRiders : [-1]));
    const rows: ClaimableAward[] = tx
      .select({
        id: awards.id,
        riderId: awards.riderId,
        currency: awards.currency,
        currentCents: awards.currentCents,
        awardedAt: awards.awardedAt,
        eventId: awards.eventId,
        eventDate: events.date,
        resultsVerifiedAt: events.resultsVerifiedAt,
        seriesLastDate: sql<string | null>`(SELECT max(se.date) FROM events se WHERE se.series_id = ${awards.seriesId} AND se.cancelled = 0)`,
      })
      .from(awards)
      .leftJoin(events, eq(events.id, awards.eventId))
      .where(and(...conditions))
      .orderBy(asc(awards.riderId), asc(awards.id))
      .all();

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
      const riderName = rider ? `${rider.firstName} ${rider.lastName}`.trim() : '';
      if (!rider) {
        skipped.push({ riderId, riderName, reasons: ['unknownRider'] });
        continue;
      }
      if (list.length === 0) {
        skipped.push({ riderId, riderName, reasons: ['nothingOwed'] });
        continue;
      }
      const reasons = missing.get(riderId) ?? [];
      if (reasons.length > 0) {
        skipped.push({ riderId, riderName, reasons });
        continue;
      }
      const byCurrency = new Map<Currency, ClaimableAward[]>();
      for (const a of list) byCurrency.set(a.currency, [...(byCurrency.get(a.currency) ?? []), a]);
      for (const [currency, group] of byCurrency) {
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
          .where(
            and(inArray(awards.id, ids), isNull(awards.payoutClaimId), eq(awards.status, 'earned')),
          )
          .run().changes;
        if (tied !== ids.length) throw new Error('award changed while creating a payout claim');
        audit(
          tx,
          actor,
          'payoutClaim.create',
          { type: 'payoutClaim', id: claim.id },
          {
            riderId,
            currency,
            awardIds: ids,
            ...money,
            dueDate,
          },
        );
        const view = getPayoutClaim(tx, claim.id);
        if (view) created.push(view);
      }
    }
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

// ---------------------------------------------------------------- lists

export type ClaimFilters = {
  afterDate?: string; // YYYY-MM-DD, claims created on or after this day (LA)
  beforeDate?: string; // YYYY-MM-DD, claims created on or before this day (LA)
  country?: string;
  type?: ClaimType;
  riderName?: string;
  riderId?: number;
  status?: PayoutClaim['status'];
  page?: number;
  pageSize?: number;
};

export type Pagination = { page: number; totalPages: number };

/** `%text%` for LIKE with the user's own % and _ taken literally. */
export function likePattern(text: string): string {
  return `%${text.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function nameMatches(text: string): SQL {
  return sql`(${riders.firstName} || ' ' || ${riders.lastName}) like ${likePattern(text)} escape '\\'`;
}

/** Payout claims with filters, newest first, a page at a time. */
export function listPayoutClaims(
  conn: Conn,
  f: ClaimFilters = {},
): { payoutClaims: PayoutClaimView[]; pagination: Pagination; total: number } {
  const conditions: SQL[] = [];
  if (f.afterDate)
    conditions.push(
      sql`julianday(${payoutClaims.createdAt}) >= julianday(${laDayStart(f.afterDate)})`,
    );
  if (f.beforeDate) {
    conditions.push(
      sql`julianday(${payoutClaims.createdAt}) < julianday(${laDayStart(addDays(f.beforeDate, 1))})`,
    );
  }
  if (f.country) conditions.push(eq(payoutClaims.country, f.country.toUpperCase()));
  if (f.type) conditions.push(eq(payoutClaims.type, f.type));
  if (f.status) conditions.push(eq(payoutClaims.status, f.status));
  if (f.riderId !== undefined) conditions.push(eq(payoutClaims.riderId, f.riderId));
  if (f.riderName?.trim()) conditions.push(nameMatches(f.riderName));
  const where = conditions.length ? and(...conditions) : undefined;
  const total =
    conn
      .select({ n: count() })
      .from(payoutClaims)
      .innerJoin(riders, eq(riders.id, payoutClaims.riderId))
      .where(where)
      .get()?.n ?? 0;
  const { offset, limit, pagination } = pageWindow(total, f.page, f.pageSize);
  const rows = claimQuery(conn)
    .where(where)
    .orderBy(desc(payoutClaims.createdAt), desc(payoutClaims.id))
    .limit(limit)
    .offset(offset)
    .all();
  return {
    payoutClaims: rows.map(toView),
    pagination: { page: pagination.page, totalPages: pagination.totalPages },
    total,
  };
}

export type EarningsFilters = {
  afterDate?: string; // awarded on or after (LA day)
  beforeDate?: string; // awarded on or before (LA day)
  type?: 'cash' | 'credit';
  status?: Award['status'];
  riderName?: string;
  riderId?: number;
  page?: number;
  pageSize?: number;
};

export type EarningRow = {
  id: number;
  riderId: number;
  riderName: string;
  eventId: number | null;
  eventTitle: string | null;
  eventDate: string | null;
  type: Award['type'];
  payoutType: Award['payoutType'];
  currency: Currency;
  initialCents: number;
  currentCents: number;
  status: Award['status'];
  awardedAt: string;
  expiresAt: string | null;
  paymentInfoDueAt: string | null;
  payoutClaimId: number | null;
};

export type EarningsTotal = {
  currency: Currency;
  initialCents: number;
  currentCents: number;
  awards: number;
};

/** The earnings report: awards with filters, newest first, and totals per currency. */
export function earningsReport(
  conn: Conn,
  f: EarningsFilters = {},
): { awards: EarningRow[]; totals: EarningsTotal[]; pagination: Pagination } {
  const conditions: SQL[] = [];
  if (f.afterDate)
    conditions.push(sql`julianday(${awards.awardedAt}) >= julianday(${laDayStart(f.afterDate)})`);
  if (f.beforeDate) {
    conditions.push(
      sql`julianday(${awards.awardedAt}) < julianday(${laDayStart(addDays(f.beforeDate, 1))})`,
    );
  }
  if (f.type) conditions.push(eq(awards.payoutType, f.type === 'cash' ? 'cash' : 'dealerCredit'));
  if (f.status) conditions.push(eq(awards.status, f.status));
  if (f.riderId !== undefined) conditions.push(eq(awards.riderId, f.riderId));
  if (f.riderName?.trim()) conditions.push(nameMatches(f.riderName));
  const where = conditions.length ? and(...conditions) : undefined;
  const totals = conn
    .select({
      currency: awards.currency,
      initialCents: sql<number>`coalesce(sum(${awards.initialCents}), 0)`,
      currentCents: sql<number>`coalesce(sum(${awards.currentCents}), 0)`,
      awards: count(),
    })
    .from(awards)
    .innerJoin(riders, eq(riders.id, awards.riderId))
    .where(where)
    .groupBy(awards.currency)
    .orderBy(awards.currency)
    .all()
    .map((t) => ({
      ...t,
      initialCents: Number(t.initialCents),
      currentCents: Number(t.currentCents),
    }));
  const total = totals.reduce((n, t) => n + t.awards, 0);
  const { offset, limit, pagination } = pageWindow(total, f.page, f.pageSize);
  const rows = conn
    .select({
      id: awards.id,
      riderId: awards.riderId,
      firstName: riders.firstName,
      lastName: riders.lastName,
      eventId: awards.eventId,
      eventTitle: awardSourceTitle,
      eventDate: events.date,
      type: awards.type,
      payoutType: awards.payoutType,
      currency: awards.currency,
      initialCents: awards.initialCents,
      currentCents: awards.currentCents,
      status: awards.status,
      awardedAt: awards.awardedAt,
      expiresAt: awards.expiresAt,
      paymentInfoDueAt: awards.paymentInfoDueAt,
      payoutClaimId: awards.payoutClaimId,
    })
    .from(awards)
    .innerJoin(riders, eq(riders.id, awards.riderId))
    .leftJoin(events, eq(events.id, awards.eventId))
    .where(where)
    .orderBy(desc(awards.awardedAt), desc(awards.id))
    .limit(limit)
    .offset(offset)
    .all();
  return {
    awards: rows.map(({ firstName, lastName, ...r }) => ({
      ...r,
      riderName: `${firstName} ${lastName}`.trim(),
    })),
    totals,
    pagination: { page: pagination.page, totalPages: pagination.totalPages },
  };
}

// ---------------------------------------------------------------- one rider

export type RiderPayoutStatus = {
  riderId: number;
  usPerson: boolean;
  claimType: ClaimType;
  /** What the rider must still supply before cash can be paid (empty: nothing). */
  missing: MissingPaymentInfo[];
  /** Earned cash not yet in a claim, per currency. */
  unclaimed: { currency: Currency; cents: number; awards: number }[];
  /** The earliest payment-information deadline among those awards (ISO instant), or null. */
  paymentInfoDueAt: string | null;
  claims: PayoutClaimView[];
};

/** What a pro still has to supply, what is owed and their claims (for the rider pages). */
export function riderPayoutStatus(conn: Conn, riderId: number): RiderPayoutStatus | null {
  const rider = conn.select().from(riders).where(eq(riders.id, riderId)).get();
  if (!rider) return null;
  const open = conn
    .select({
      currency: awards.currency,
      cents: awards.currentCents,
      due: awards.paymentInfoDueAt,
    })
    .from(awards)
    .where(
      and(
        eq(awards.riderId, riderId),
        eq(awards.payoutType, 'cash'),
        eq(awards.status, 'earned'),
        isNull(awards.payoutClaimId),
        gt(awards.currentCents, 0),
      ),
    )
    .all();
  const unclaimed = new Map<Currency, { currency: Currency; cents: number; awards: number }>();
  for (const a of open) {
    const u = unclaimed.get(a.currency) ?? { currency: a.currency, cents: 0, awards: 0 };
    u.cents += a.cents;
    u.awards += 1;
    unclaimed.set(a.currency, u);
  }
  const dues = open
    .map((a) => a.due)
    .filter((d): d is string => d !== null)
    .sort((x, y) => new Date(x).getTime() - new Date(y).getTime());
  return {
    riderId,
    usPerson: rider.usPerson,
    claimType: claimTypeFor(rider.country),
    missing: paymentInfoMissingMany(conn, [riderId]).get(riderId) ?? [],
    unclaimed: [...unclaimed.values()],
    paymentInfoDueAt: dues[0] ?? null,
    claims: listPayoutClaims(conn, { riderId, pageSize: 1000 }).payoutClaims,
  };
}

/** Earned cash not yet in a claim, per currency: how much and how many riders (admin summary). */
export function unclaimedCashSummary(
  conn: Conn,
): { currency: Currency; cents: number; riders: number }[] {
  return conn
    .select({
      currency: awards.currency,
      cents: sql<number>`coalesce(sum(${awards.currentCents}), 0)`,
      riders: sql<number>`count(distinct ${awards.riderId})`,
    })
    .from(awards)
    .where(
      and(
        eq(awards.payoutType, 'cash'),
        eq(awards.status, 'earned'),
        isNull(awards.payoutClaimId),
        gt(awards.currentCents, 0),
      ),
    )
    .groupBy(awards.currency)
    .orderBy(awards.currency)
    .all()
    .map((r) => ({ currency: r.currency, cents: Number(r.cents), riders: Number(r.riders) }));
}
