/**
 * Payout claims as shown in lists and API answers: one claim, and the
 * claims with filters, newest first, a page at a time.
 */
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Conn } from '~/db.server';
import type { Currency } from '~/lib/constants';
import { awards, payoutClaims, riders, type PayoutClaim } from '#db/schema';
import { addDays, laDayStart } from '~/services/money/ledger/expiry.server';
import { pageWindow } from '~/lib/pagination';
import type { ClaimType } from '~/services/money/payouts/payout-rules.server';
import { likeContains } from '~/services/platform/like.server';
import { unplannedLimit } from '~/db.server';
import { instantRange } from '~/services/platform/instant-window.server';

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
function likePattern(text: string): string {
  return likeContains(text.trim());
}

/** Riders whose full name contains `text`. */
export function nameMatches(text: string): SQL {
  return sql`(${riders.firstName} || ' ' || ${riders.lastName}) like ${likePattern(text)} escape '\\'`;
}

/** Payout claims with filters, newest first, a page at a time. */
export function listPayoutClaims(
  conn: Conn,
  f: ClaimFilters = {},
): { payoutClaims: PayoutClaimView[]; pagination: Pagination; total: number } {
  const conditions: SQL[] = [];
  const from = f.afterDate ? laDayStart(f.afterDate) : null;
  const until = f.beforeDate ? laDayStart(addDays(f.beforeDate, 1)) : null;
  const createdIn = instantRange(payoutClaims.createdAt, from, until);
  if (createdIn) conditions.push(createdIn);
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
    .limit(unplannedLimit(limit))
    .offset(offset)
    .all();
  return {
    payoutClaims: rows.map(toView),
    pagination: { page: pagination.page, totalPages: pagination.totalPages },
    total,
  };
}
