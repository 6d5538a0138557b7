/**
 * The earnings report (admin "Rider earnings"): awards with filters, newest first, and their
 * totals per currency.
 */
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Conn } from '~/db.server';
import type { Currency } from '~/lib/constants';
import { awards, events, riders, type Award } from '#db/schema';
import { addDays, laDayStart } from '~/services/money/ledger/expiry.server';
import { pageWindow } from '~/lib/pagination';
import { awardSourceTitle } from '~/services/money/awards/award-title.server';
import { awardAmountColumns } from '~/services/money/ledger/select-columns.server';
import { nameMatches, type Pagination } from '~/services/money/payouts/payout-claim-lists.server';
import { unplannedLimit } from '~/db.server';
import { instantRange } from '~/services/platform/instant-window.server';

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

const totalColumns = {
  currency: awards.currency,
  initialCents: sql<number>`coalesce(sum(${awards.initialCents}), 0)`,
  currentCents: sql<number>`coalesce(sum(${awards.currentCents}), 0)`,
  awards: count(),
};

/** The earnings report: awards with filters, newest first, and totals per currency. */
export function earningsReport(
  conn: Conn,
  f: EarningsFilters = {},
): { awards: EarningRow[]; totals: EarningsTotal[]; pagination: Pagination } {
  const conditions: SQL[] = [];
  const from = f.afterDate ? laDayStart(f.afterDate) : null;
  const until = f.beforeDate ? laDayStart(addDays(f.beforeDate, 1)) : null;
  const awardedIn = instantRange(awards.awardedAt, from, until);
  if (awardedIn) conditions.push(awardedIn);
  if (f.type) conditions.push(eq(awards.payoutType, f.type === 'cash' ? 'cash' : 'dealerCredit'));
  if (f.status) conditions.push(eq(awards.status, f.status));
  if (f.riderId !== undefined) conditions.push(eq(awards.riderId, f.riderId));
  const byName = Boolean(f.riderName?.trim());
  if (byName) conditions.push(nameMatches(f.riderName!));
  const where = conditions.length ? and(...conditions) : undefined;
  // The rider's row only where the name filter needs it: every award has its rider, and joining
  // them all made the totals read every rider too.
  const totalsFrom = byName
    ? conn
        .select(totalColumns)
        .from(awards)
        .innerJoin(riders, eq(riders.id, awards.riderId))
        .where(where)
    : conn.select(totalColumns).from(awards).where(where);
  const totals = totalsFrom
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
      ...awardAmountColumns,
      expiresAt: awards.expiresAt,
      paymentInfoDueAt: awards.paymentInfoDueAt,
      payoutClaimId: awards.payoutClaimId,
    })
    .from(awards)
    .innerJoin(riders, eq(riders.id, awards.riderId))
    .leftJoin(events, eq(events.id, awards.eventId))
    .where(where)
    .orderBy(desc(awards.awardedAt), desc(awards.id))
    .limit(unplannedLimit(limit))
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
