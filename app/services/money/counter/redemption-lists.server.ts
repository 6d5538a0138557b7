/**
 * Credit redemptions as listed and printed: all redemptions and the refunded ones (filters,
 * pagination), one redemption for its receipt, a dealer's redemptions today, and the awards a
 * redemption drew from.
 */
import { and, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { alias, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { fromZonedTime } from 'date-fns-tz';
import { prepared, type Conn, unplannedLimit } from '~/db.server';
import {
  admins,
  creditRedemptions,
  dealers,
  redemptionMonthTotals,
  revokedRedemptions,
  riders,
  users,
} from '#db/schema';
import { PAGE_SIZE, TIME_ZONE, type Currency } from '~/lib/constants';
import { parseDateOnly, todayString, formatRedemptionCode } from '~/lib/format';
import { pageWindow } from '~/lib/pagination';
import { likeContains } from '~/services/platform/like.server';

export type RedemptionFilters = {
  afterDate?: string | null; // 'YYYY-MM-DD', inclusive, Los Angeles day
  beforeDate?: string | null; // 'YYYY-MM-DD', inclusive, Los Angeles day
  country?: string | null; // the dealer's country (where the credit was spent)
  riderName?: string | null;
  dealerId?: number | null;
  riderId?: number | null;
  page?: number | null;
};

export type Pagination = { page: number; totalPages: number; total: number; pageSize: number };

export type CreditRedemptionRow = {
  id: number;
  code: string;
  riderId: number;
  riderName: string;
  dealerId: number;
  dealerName: string;
  dealerCountry: string;
  amountCents: number;
  currency: Currency;
  employeeName: string;
  idVerified: boolean;
  createdAt: string;
  status: 'active' | 'revoked';
  /** Revoked by the dealer's own void (within its window), not an admin's refund. */
  voided: boolean;
  refundedAt: string | null;
  refundedBy: string | null;
  reason: string | null;
  /** The rider's credit left once it was made (its receipt prints it); null when not kept. */
  remainingCents: number | null;
};

export type RevokedRedemptionRow = CreditRedemptionRow & { revokedId: number; refundedAt: string };

/** Start of a Los Angeles calendar day as an ISO instant (null for an invalid day). */
function dayStartIso(day: string | null | undefined, plusDays = 0): string | null {
  const d = day ? parseDateOnly(day) : null;
  if (!d) return null;
  const probe = new Date(Date.UTC(d.year, d.month - 1, d.day + plusDays));
  const ymd = probe.toISOString().slice(0, 10);
  return fromZonedTime(`${ymd}T00:00:00`, TIME_ZONE).toISOString();
}

const refunder = alias(users, 'refunder');
const refunderAdmin = alias(admins, 'refunder_admin');

function rowSelection() {
  return {
    id: creditRedemptions.id,
    riderId: creditRedemptions.riderId,
    firstName: riders.firstName,
    lastName: riders.lastName,
    dealerId: creditRedemptions.dealerId,
    dealerName: dealers.name,
    dealerCountry: dealers.country,
    amountCents: creditRedemptions.amountCents,
    currency: creditRedemptions.currency,
    employeeName: creditRedemptions.employeeName,
    idVerified: creditRedemptions.idVerified,
    createdAt: creditRedemptions.createdAt,
    status: creditRedemptions.status,
    remainingCents: creditRedemptions.remainingCents,
    revokedId: revokedRedemptions.id,
    revokedKind: revokedRedemptions.kind,
    refundedAt: revokedRedemptions.refundedAt,
    reason: revokedRedemptions.reason,
    refunderEmail: refunder.email,
    refunderFirst: refunderAdmin.firstName,
    refunderLast: refunderAdmin.lastName,
  };
}

type RawRow = {
  id: number;
  riderId: number;
  firstName: string;
  lastName: string;
  dealerId: number;
  dealerName: string;
  dealerCountry: string;
  amountCents: number;
  currency: Currency;
  employeeName: string;
  idVerified: boolean;
  createdAt: string;
  status: 'active' | 'revoked';
  remainingCents: number | null;
  revokedId: number | null;
  revokedKind: 'refund' | 'void' | null;
  refundedAt: string | null;
  reason: string | null;
  refunderEmail: string | null;
  refunderFirst: string | null;
  refunderLast: string | null;
};

function toRow(r: RawRow): CreditRedemptionRow {
  const adminName = [r.refunderFirst, r.refunderLast].filter(Boolean).join(' ').trim();
  return {
    id: r.id,
    code: formatRedemptionCode(r.id),
    riderId: r.riderId,
    riderName: `${r.firstName} ${r.lastName}`.trim(),
    dealerId: r.dealerId,
    dealerName: r.dealerName,
    dealerCountry: r.dealerCountry,
    amountCents: r.amountCents,
    currency: r.currency,
    employeeName: r.employeeName,
    idVerified: r.idVerified,
    createdAt: r.createdAt,
    status: r.status,
    voided: r.revokedKind === 'void',
    refundedAt: r.refundedAt,
    refundedBy: r.revokedId === null ? null : adminName || r.refunderEmail || null,
    reason: r.reason,
    remainingCents: r.remainingCents,
  };
}

/**
 * The filters as SQL with placeholders (built only when a statement is), the values to run it
 * with, and which filters are set.
 */
type Conditions = {
  where: () => SQL | undefined;
  values: Record<string, string | number>;
  shape: string;
};

/**
 * WHERE conditions shared by both lists; `dateColumn` is what the date filters apply to. They
 * name only credit_redemptions' (and the date column's table's) own columns: the dealer's country
 * and the rider's name become sets of ids, so counting and paging read the redemptions' indexes
 * alone, never a join over every redemption. The values are placeholders, so a statement is built
 * once per connection for each set of filters in use (`shape`) and only run after that; the SQL
 * itself is only built then too.
 */
function conditions(f: RedemptionFilters, dateColumn: AnySQLiteColumn): Conditions {
  const values: Record<string, string | number> = {};
  const after = dayStartIso(f.afterDate);
  const before = dayStartIso(f.beforeDate, 1);
  if (after) values.after = after;
  if (before) values.before = before;
  const country = f.country?.trim().toUpperCase();
  if (country) values.country = country;
  if (f.dealerId) values.dealerId = f.dealerId;
  if (f.riderId) values.riderId = f.riderId;
  const name = f.riderName?.trim().replace(/\s+/g, ' ');
  if (name) values.name = likeContains(name);
  const where = () => {
    const list: SQL[] = [];
    if ('after' in values) list.push(gte(dateColumn, sql.placeholder('after')));
    if ('before' in values) list.push(lt(dateColumn, sql.placeholder('before')));
    if ('country' in values)
      list.push(
        inArray(
          creditRedemptions.dealerId,
          sql`(SELECT ${dealers.id} FROM ${dealers} WHERE ${dealers.country} = ${sql.placeholder('country')})`,
        ),
      );
    if ('dealerId' in values)
      list.push(eq(creditRedemptions.dealerId, sql.placeholder('dealerId')));
    if ('riderId' in values) list.push(eq(creditRedemptions.riderId, sql.placeholder('riderId')));
    if ('name' in values)
      list.push(
        inArray(
          creditRedemptions.riderId,
          sql`(SELECT ${riders.id} FROM ${riders} WHERE (${riders.firstName} || ' ' || ${riders.lastName}) LIKE ${sql.placeholder('name')} ESCAPE '\\')`,
        ),
      );
    return list.length ? and(...list) : undefined;
  };
  return { where, values, shape: Object.keys(values).join(',') };
}

function pageOf(total: number, requested: number | null | undefined, pageSize: number): Pagination {
  return { ...pageWindow(total, requested ?? undefined, pageSize).pagination, pageSize };
}

function baseQuery(conn: Conn) {
  return conn
    .select(rowSelection())
    .from(creditRedemptions)
    .innerJoin(riders, eq(riders.id, creditRedemptions.riderId))
    .innerJoin(dealers, eq(dealers.id, creditRedemptions.dealerId))
    .leftJoin(revokedRedemptions, eq(revokedRedemptions.redemptionId, creditRedemptions.id))
    .leftJoin(refunder, eq(refunder.id, revokedRedemptions.refundedByUserId))
    .leftJoin(refunderAdmin, eq(refunderAdmin.userId, refunder.id));
}

const newestFirst = () => [desc(creditRedemptions.createdAt), desc(creditRedemptions.id)];
const newestRefundFirst = () => [desc(revokedRedemptions.refundedAt), desc(revokedRedemptions.id)];

/**
 * The shown page's rows only: their names, dealer and refund joined to those ids alone. The ids
 * go in as one JSON array, so one statement serves every page.
 */
function rowsOf(conn: Conn, ids: number[], order: 'created' | 'refunded'): RawRow[] {
  if (ids.length === 0) return [];
  return prepared(conn, `redemptions.rows.${order}`, (c) =>
    baseQuery(c)
      .where(
        inArray(
          creditRedemptions.id,
          sql`(SELECT value FROM json_each(${sql.placeholder('ids')}))`,
        ),
      )
      .orderBy(...(order === 'created' ? newestFirst() : newestRefundFirst()))
      .prepare(),
  ).all({ ids: JSON.stringify(ids) });
}

/**
 * How many redemptions there are in all, from kept totals: every redemption is either active
 * (counted in its month's `redemption_month_totals`) or refunded (one `revoked_redemptions` row),
 * so the unfiltered list never counts its whole table.
 */
function allRedemptionsCount(conn: Conn): number {
  const active = prepared(conn, 'redemptions.activeCount', (c) =>
    c
      .select({ n: sql<number>`coalesce(sum(${redemptionMonthTotals.count}), 0)` })
      .from(redemptionMonthTotals)
      .prepare(),
  ).get();
  const refunded = prepared(conn, 'redemptions.refundedCount', (c) =>
    c.select({ n: count() }).from(revokedRedemptions).prepare(),
  ).get();
  return Number(active?.n ?? 0) + (refunded?.n ?? 0);
}

/**
 * Credit redemptions, newest first, with filters and pagination (PAGE_SIZE rows a page).
 * Date filters are inclusive Los Angeles days on the redemption date; `country` is the dealer's.
 * Refunded redemptions are included with status 'revoked' and their refund date.
 */
export function listCreditRedemptions(
  conn: Conn,
  filters: RedemptionFilters = {},
  pageSize: number = PAGE_SIZE,
): { creditRedemptions: CreditRedemptionRow[]; pagination: Pagination } {
  const { where, values, shape } = conditions(filters, creditRedemptions.createdAt);
  const total =
    shape === ''
      ? allRedemptionsCount(conn)
      : (prepared(conn, `redemptions.count.${shape}`, (c) =>
          c.select({ n: count() }).from(creditRedemptions).where(where()).prepare(),
        ).get(values)?.n ?? 0);
  const pagination = pageOf(total, filters.page, pageSize);
  // Newest first through the redemptions' date index: the page's ids, then their rows.
  const ids = prepared(conn, `redemptions.page.${shape}`, (c) =>
    c
      .select({ id: creditRedemptions.id })
      .from(creditRedemptions)
      .where(where())
      .orderBy(...newestFirst())
      .limit(unplannedLimit('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(),
  )
    .all({ ...values, limit: pageSize, offset: (pagination.page - 1) * pageSize })
    .map((r) => r.id);
  return { creditRedemptions: rowsOf(conn, ids, 'created').map(toRow), pagination };
}

/**
 * What the filtered redemptions add up to, by currency: every page of the list, refunded ones
 * left out (their amount went back to the rider). The dealer's list shows it under the filters.
 */
export function redemptionTotals(
  conn: Conn,
  filters: RedemptionFilters = {},
): { currency: 'USD' | 'CAD' | 'EUR'; cents: number; count: number }[] {
  const { where, values, shape } = conditions(filters, creditRedemptions.createdAt);
  return prepared(conn, `redemptions.totals.${shape}`, (c) =>
    c
      .select({
        currency: creditRedemptions.currency,
        cents: sql<number>`coalesce(sum(${creditRedemptions.amountCents}), 0)`.mapWith(Number),
        count: sql<number>`count(*)`.mapWith(Number),
      })
      .from(creditRedemptions)
      .where(and(where(), eq(creditRedemptions.status, 'active')))
      .groupBy(creditRedemptions.currency)
      .orderBy(creditRedemptions.currency)
      .prepare(),
  ).all(values);
}

/**
 * Revoked (refunded) redemptions, newest refund first, with the same filters; here the date
 * filters apply to the refund date. Each row holds who refunded it and when.
 */
export function listRevokedRedemptions(
  conn: Conn,
  filters: RedemptionFilters = {},
  pageSize: number = PAGE_SIZE,
): { revokedRedemptions: RevokedRedemptionRow[]; pagination: Pagination } {
  const { where, values, shape } = conditions(filters, revokedRedemptions.refundedAt);
  // The refunds are the small table: read from it, each joined to its redemption.
  const total =
    prepared(conn, `revokedRedemptions.count.${shape}`, (c) =>
      c
        .select({ n: count() })
        .from(revokedRedemptions)
        .innerJoin(creditRedemptions, eq(creditRedemptions.id, revokedRedemptions.redemptionId))
        .where(where())
        .prepare(),
    ).get(values)?.n ?? 0;
  const pagination = pageOf(total, filters.page, pageSize);
  const ids = prepared(conn, `revokedRedemptions.page.${shape}`, (c) =>
    c
      .select({ id: creditRedemptions.id })
      .from(revokedRedemptions)
      .innerJoin(creditRedemptions, eq(creditRedemptions.id, revokedRedemptions.redemptionId))
      .where(where())
      .orderBy(...newestRefundFirst())
      .limit(unplannedLimit('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(),
  )
    .all({ ...values, limit: pageSize, offset: (pagination.page - 1) * pageSize })
    .map((r) => r.id);
  return {
    revokedRedemptions: rowsOf(conn, ids, 'refunded').map((r) => ({
      ...toRow(r),
      revokedId: r.revokedId ?? 0,
      refundedAt: r.refundedAt ?? '',
    })),
    pagination,
  };
}

/** One redemption (for the receipt), or undefined. */
export function getCreditRedemption(
  conn: Conn,
  redemptionId: number,
): CreditRedemptionRow | undefined {
  const r = prepared(conn, 'redemptions.one', (c) =>
    baseQuery(c)
      .where(eq(creditRedemptions.id, sql.placeholder('id')))
      .prepare(),
  ).get({ id: redemptionId });
  return r ? toRow(r) : undefined;
}

/** Redemptions made at a dealer today (Los Angeles day), newest first, refunded ones included. */
export function todaysRedemptions(
  conn: Conn,
  dealerId: number,
  now: Date = new Date(),
): CreditRedemptionRow[] {
  const today = todayString(now);
  const { where, values } = conditions(
    { afterDate: today, beforeDate: today, dealerId },
    creditRedemptions.createdAt,
  );
  return prepared(conn, 'redemptions.today', (c) =>
    baseQuery(c)
      .where(where())
      .orderBy(...newestFirst())
      .prepare(),
  )
    .all(values)
    .map(toRow);
}
