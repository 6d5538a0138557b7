/** The rider's earnings (awards with totals, payout claims) and credit redemptions. */
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { prepared, type Conn, unplannedLimit } from '~/db.server';
import { awards, dealers, eventClasses, events, payoutClaims, results } from '#db/schema';
import { pageWindow } from '~/lib/pagination';
import { CURRENCIES, type Currency } from '~/lib/constants';
import type { AwardType, EarningsFilter, RedemptionsFilter } from '~/lib/schemas/rider-area';
import type { PayoutClaimView } from '~/services/money/payouts/payout-claim-lists.server';
import {
  type CreditRedemptionRow,
  listCreditRedemptions,
} from '~/services/money/counter/redemption-lists.server';
import { awardSourceTitle } from '~/services/money/awards/award-title.server';
import {
  effectiveStatus,
  type AwardStatus,
  type PageInfo,
} from '~/services/people/rider-area.server';

// ---------------------------------------------------------------- earnings

export type AwardRow = {
  id: number;
  eventId: number | null;
  /** Set for a series-end (final standings) award, which has no event. */
  seriesId: number | null;
  eventTitle: string | null;
  className: string | null;
  place: number | null;
  type: AwardType;
  payoutType: 'cash' | 'dealerCredit';
  currency: Currency;
  initialCents: number;
  currentCents: number;
  spentCents: number;
  status: AwardStatus;
  awardedAt: string;
  /**
   * What the Expires column shows: dealer credit's expiry, or the deadline for payment
   * information of cash not yet claimed (status earned); null otherwise.
   */
  expiresOn: string | null;
  notes: string | null;
  /** How it was withdrawn (status `reversed`): told to the rider as a sentence. */
  withdrawnBy: 'recompute' | 'admin' | null;
  withdrawnAt: string | null;
  withdrawnFromCents: number | null;
};

export type AwardTotals = {
  currency: Currency;
  initialCents: number;
  currentCents: number;
  spentCents: number;
};

/**
 * Every award of the rider (filtered by type and status as of `now`), a page at a time, with
 * totals. Values go in as placeholders: the statements are built once per connection for each
 * combination of filters.
 */
export function listRiderAwards(
  conn: Conn,
  riderId: number,
  filter: EarningsFilter,
  now: Date,
): PageInfo & { rows: AwardRow[]; totals: AwardTotals[] } {
  const shape = `${filter.type ? 'type' : ''}.${filter.status ? 'status' : ''}`;
  // The SQL pieces are built only when a statement is (once per connection and filter set).
  const status = () => effectiveStatus(sql.placeholder('now'));
  const where = () =>
    and(
      eq(awards.riderId, sql.placeholder('riderId')),
      filter.type ? eq(awards.type, sql.placeholder('type')) : undefined,
      filter.status ? sql`${status()} = ${sql.placeholder('status')}` : undefined,
    );
  const values = {
    riderId,
    now: now.toISOString(),
    ...(filter.type ? { type: filter.type } : {}),
    ...(filter.status ? { status: filter.status } : {}),
  };
  const totalsRows = prepared(conn, `riderEarnings.totals.${shape}`, (c) =>
    c
      .select({
        currency: awards.currency,
        n: count(),
        initialCents: sql<number>`coalesce(sum(${awards.initialCents}), 0)`,
        currentCents: sql<number>`coalesce(sum(${awards.currentCents}), 0)`,
        spentCents: sql<number>`coalesce(sum(${awards.spentCents}), 0)`,
      })
      .from(awards)
      .where(where())
      .groupBy(awards.currency)
      .prepare(),
  ).all(values);
  const total = totalsRows.reduce((s, r) => s + r.n, 0);
  const { offset, limit, pagination: w } = pageWindow(total, filter.page);
  // The page's ids first, in the awards' (rider, date) index order; only those rows are then
  // read and joined (the tie on the id would otherwise read every award of the rider first).
  const rows = prepared(conn, `riderEarnings.awards.${shape}`, (c) => {
    const page = c
      .select({ id: awards.id })
      .from(awards)
      .where(where())
      .orderBy(desc(awards.awardedAt), desc(awards.id))
      .limit(unplannedLimit('limit'))
      .offset(sql.placeholder('offset'));
    return c
      .select({
        id: awards.id,
        eventId: awards.eventId,
        seriesId: awards.seriesId,
        eventTitle: awardSourceTitle,
        className: eventClasses.name,
        place: results.place,
        type: awards.type,
        payoutType: awards.payoutType,
        currency: awards.currency,
        initialCents: awards.initialCents,
        currentCents: awards.currentCents,
        spentCents: awards.spentCents,
        status: status(),
        awardedAt: awards.awardedAt,
        // One column instead of both dates (the effective status only turns current into expired).
        expiresOn: sql<
          string | null
        >`(case when ${awards.payoutType} = 'dealerCredit' then ${awards.expiresAt} when ${awards.status} = 'earned' then ${awards.paymentInfoDueAt} end)`,
        notes: awards.notes,
        withdrawnBy: awards.withdrawnBy,
        withdrawnAt: awards.withdrawnAt,
        withdrawnFromCents: awards.withdrawnFromCents,
      })
      .from(awards)
      .leftJoin(events, eq(events.id, awards.eventId))
      .leftJoin(eventClasses, eq(eventClasses.id, awards.classId))
      .leftJoin(results, eq(results.id, awards.resultId))
      .where(inArray(awards.id, page))
      .orderBy(desc(awards.awardedAt), desc(awards.id))
      .prepare();
  }).all({ ...values, limit, offset });
  const order = (c: Currency) => CURRENCIES.indexOf(c);
  const totals = totalsRows
    .map(({ currency, initialCents, currentCents, spentCents }) => ({
      currency,
      initialCents: Number(initialCents),
      currentCents: Number(currentCents),
      spentCents: Number(spentCents),
    }))
    .sort((a, b) => order(a.currency) - order(b.currency));
  return { rows, totals, page: w.page, totalPages: w.totalPages, total };
}

export type ClaimRow = Pick<
  PayoutClaimView,
  | 'id'
  | 'type'
  | 'status'
  | 'currency'
  | 'grossCents'
  | 'withheldCents'
  | 'netCents'
  | 'dueDate'
  | 'sentAt'
  | 'createdAt'
>;

/** As many claims as payouts.server's listing gives in one page for a rider. */
const RIDER_CLAIMS_SHOWN = 1000;

/**
 * The rider's payout claims, newest first (payouts.server's order), this rider only: only the
 * columns the page shows, in a statement built once per connection.
 */
export function listRiderClaims(conn: Conn, riderId: number): ClaimRow[] {
  return prepared(conn, 'riderEarnings.claims', (c) =>
    c
      .select({
        id: payoutClaims.id,
        type: payoutClaims.type,
        status: payoutClaims.status,
        currency: payoutClaims.currency,
        grossCents: payoutClaims.grossCents,
        withheldCents: payoutClaims.withheldCents,
        netCents: payoutClaims.netCents,
        dueDate: payoutClaims.dueDate,
        sentAt: payoutClaims.sentAt,
        createdAt: payoutClaims.createdAt,
      })
      .from(payoutClaims)
      .where(eq(payoutClaims.riderId, sql.placeholder('riderId')))
      .orderBy(desc(payoutClaims.createdAt), desc(payoutClaims.id))
      .limit(unplannedLimit(RIDER_CLAIMS_SHOWN))
      .prepare(),
  ).all({ riderId });
}

// ---------------------------------------------------------------- redemptions

export type RedemptionRow = Pick<
  CreditRedemptionRow,
  | 'id'
  | 'code'
  | 'dealerId'
  | 'dealerName'
  | 'amountCents'
  | 'currency'
  | 'createdAt'
  | 'refundedAt'
> & {
  refunded: boolean;
  /** Taken back by the dealer's own void, not an admin's refund. */
  voided: boolean;
  dealerCity: string | null;
  dealerState: string | null;
};

/** The rider's credit redemptions (newest first), in a date range (both days included). */
export function listRiderRedemptions(
  conn: Conn,
  riderId: number,
  filter: RedemptionsFilter,
): PageInfo & { rows: RedemptionRow[] } {
  if (!Number.isSafeInteger(riderId) || riderId <= 0) throw new Error('A rider id is required');
  const { creditRedemptions: list, pagination } = listCreditRedemptions(conn, {
    riderId,
    afterDate: filter.from ?? null,
    beforeDate: filter.to ?? null,
    page: filter.page ?? 1,
  });
  const dealerIds = [...new Set(list.map((r) => r.dealerId))];
  const places = new Map(
    (dealerIds.length
      ? conn
          .select({ id: dealers.id, city: dealers.city, state: dealers.state })
          .from(dealers)
          .where(inArray(dealers.id, dealerIds))
          .all()
      : []
    ).map((d) => [d.id, d]),
  );
  return {
    rows: list
      .filter((r) => r.riderId === riderId)
      .map((r) => ({
        id: r.id,
        code: r.code,
        dealerId: r.dealerId,
        dealerName: r.dealerName,
        dealerCity: places.get(r.dealerId)?.city ?? null,
        dealerState: places.get(r.dealerId)?.state ?? null,
        amountCents: r.amountCents,
        currency: r.currency,
        createdAt: r.createdAt,
        refundedAt: r.refundedAt,
        refunded: r.status === 'revoked' || r.refundedAt !== null,
        voided: r.voided,
      })),
    page: pagination.page,
    totalPages: pagination.totalPages,
    total: pagination.total,
  };
}
