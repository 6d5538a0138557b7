/**
 * Admin reports: the yearly summary, market share by month and
 * by series, late results, top riders and dealers, and the CSV exports. Read-only.
 *
 * Market share = of the classified results (finishers with a known make) at non-cancelled events,
 * the share ridden on the maker's bikes; the podium share counts places 1–3 only.
 */
import { and, count, eq, gt, gte, isNull, lt, lte, sql, sum } from 'drizzle-orm';
import type { DB } from '~/db.server';
import {
  awards,
  classPlaceTotals,
  creditRedemptions,
  eventClasses,
  events,
  results,
  redemptionMonthTotals,
  series,
} from '#db/schema';
import type { Currency } from '~/lib/constants';
import { todayString } from '~/lib/format';
import type { SortInput } from '~/lib/list-query';
import { pageWindow } from '~/lib/pagination';
import type { LateSort } from '~/lib/schemas/reports';
import { cachedReport } from '~/services/platform/data-version.server';
import { contains } from '~/services/platform/like.server';
import { orderFor } from '~/services/platform/list-order.server';
import { MAKER } from '~/services/money/awards/award-eligibility.server';
import { awardCountsBySeries } from '~/services/reports/series-award-counts.server';
import { topDealersNow, topRidersNow, riderStatsNow } from '~/services/reports/rankings.server';
import { unplannedLimit } from '~/db.server';

export type Money = { currency: Currency; cents: number };
export type Range = { startDate: string; endDate: string }; // inclusive YYYY-MM-DD

/** The calendar year as an inclusive range. */
export function yearRange(year: number): Range {
  return { startDate: `${year}-01-01`, endDate: `${year}-12-31` };
}

/** 'YYYY-MM' → the next month. */
function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/** Integer ratio in basis points (0–10000) — percentages without floating point in sums. */
function basisPoints(part: number, whole: number): number {
  return whole > 0 ? Math.floor((part * 10_000) / whole) : 0;
}

function byCurrency(rows: { currency: Currency; cents: number | null }[]): Money[] {
  return rows
    .filter((r) => (r.cents ?? 0) !== 0)
    .map((r) => ({ currency: r.currency, cents: Number(r.cents ?? 0) }));
}

type EarnedRow = {
  month: string;
  payoutType: 'dealerCredit' | 'cash';
  currency: Currency;
  cents: number;
};
type RedeemedRow = { month: string; currency: Currency; cents: number };

/**
 * Awards and redemptions month by month: each month a range of the covering index grouped by a
 * handful of (payout type,) currency groups, instead of one sort of every row in the range.
 */
function monthlyRows(db: DB, range: Range, from: string, to: string) {
  const earnedRows: EarnedRow[] = [];
  const earnedInMonth = db
    .select({
      payoutType: awards.payoutType,
      currency: awards.currency,
      cents: sum(awards.initialCents).mapWith(Number),
    })
    .from(awards)
    .where(
      and(
        gte(awards.awardedAt, sql.placeholder('from')),
        lte(awards.awardedAt, sql.placeholder('to')),
        sql`${awards.status} <> 'reversed'`,
      ),
    )
    .groupBy(awards.payoutType, awards.currency)
    .prepare();
  const redeemedRows: RedeemedRow[] = [];
  const inMonth = db
    .select({
      currency: creditRedemptions.currency,
      cents: sum(creditRedemptions.amountCents).mapWith(Number),
    })
    .from(creditRedemptions)
    .where(
      and(
        gte(creditRedemptions.createdAt, sql.placeholder('from')),
        lte(creditRedemptions.createdAt, sql.placeholder('to')),
        eq(creditRedemptions.status, 'active'),
      ),
    )
    .groupBy(creditRedemptions.currency)
    .prepare();
  const firstMonth = range.startDate.slice(0, 7);
  const lastMonth = range.endDate.slice(0, 7);
  // Whole months between the edges come from the monthly totals the triggers keep (one row per
  // month and currency instead of every redemption); the edge months, which the range may cut,
  // from the index.
  const wholeMonths = db
    .select({
      month: redemptionMonthTotals.month,
      currency: redemptionMonthTotals.currency,
      cents: redemptionMonthTotals.cents,
    })
    .from(redemptionMonthTotals)
    .where(
      and(gt(redemptionMonthTotals.month, firstMonth), lt(redemptionMonthTotals.month, lastMonth)),
    )
    .all();
  const wholeByMonth = new Map<string, { currency: Currency; cents: number }[]>();
  for (const r of wholeMonths)
    (wholeByMonth.get(r.month) ?? wholeByMonth.set(r.month, []).get(r.month)!).push(r);
  for (let m = firstMonth; m <= lastMonth; m = nextMonth(m)) {
    const start = m === firstMonth ? from : `${m}-01T00:00:00.000Z`;
    const end = m === lastMonth ? to : `${m}-31T23:59:59.999Z`;
    const redeemedIn =
      m === firstMonth || m === lastMonth
        ? inMonth.all({ from: start, to: end })
        : (wholeByMonth.get(m) ?? []);
    for (const r of redeemedIn)
      redeemedRows.push({ month: m, currency: r.currency, cents: Number(r.cents ?? 0) });
    for (const r of earnedInMonth.all({ from: start, to: end }))
      earnedRows.push({
        month: m,
        payoutType: r.payoutType,
        currency: r.currency,
        cents: Number(r.cents ?? 0),
      });
  }
  return { earnedRows, redeemedRows };
}

/** Dealer credit riders may still spend today, by currency. */
function availableCredit(db: DB, now: Date) {
  return byCurrency(
    db
      .select({ currency: awards.currency, cents: sum(awards.currentCents).mapWith(Number) })
      .from(awards)
      .where(
        and(
          eq(awards.payoutType, 'dealerCredit'),
          eq(awards.status, 'current'),
          sql`${awards.expiresAt} > ${now.toISOString()}`,
        ),
      )
      .groupBy(awards.currency)
      .all(),
  );
}

/** What the events of the range offered (their classes' place totals), by currency. */
function offeredIn(db: DB, range: Range) {
  return byCurrency(
    db
      .select({
        currency: eventClasses.currency,
        cents: sum(classPlaceTotals.cents).mapWith(Number),
      })
      .from(events)
      .innerJoin(eventClasses, eq(eventClasses.eventId, events.id))
      .innerJoin(classPlaceTotals, eq(classPlaceTotals.classId, eventClasses.id))
      .where(
        and(
          gte(events.date, range.startDate),
          lte(events.date, range.endDate),
          eq(events.cancelled, false),
          sql`${eventClasses.payoutType} <> 'noPayout'`,
        ),
      )
      .groupBy(eventClasses.currency)
      .all(),
  );
}

/** Riders awarded in the range, and its events that were run. */
function countsIn(db: DB, range: Range, from: string, to: string) {
  const riderCount =
    db
      .select({ n: sql<number>`count(DISTINCT ${awards.riderId})` })
      .from(awards)
      .where(and(gte(awards.awardedAt, from), lte(awards.awardedAt, to)))
      .get()?.n ?? 0;
  const eventCount =
    db
      .select({ n: count() })
      .from(events)
      .where(
        and(
          gte(events.date, range.startDate),
          lte(events.date, range.endDate),
          eq(events.cancelled, false),
        ),
      )
      .get()?.n ?? 0;
  return { riderCount, eventCount };
}

/** The month-by-month lines of the summary, earned and redeemed by currency, in month order. */
function byMonth(earnedRows: EarnedRow[], redeemedRows: RedeemedRow[]) {
  const months = new Map<string, { month: string; earned: Money[]; redeemed: Money[] }>();
  const slot = (m: string) =>
    months.get(m) ?? months.set(m, { month: m, earned: [], redeemed: [] }).get(m)!;
  const add = (list: Money[], currency: Currency, cents: number) => {
    const m = list.find((x) => x.currency === currency);
    if (m) m.cents += cents;
    else list.push({ currency, cents });
  };
  for (const r of earnedRows) add(slot(r.month).earned, r.currency, r.cents);
  for (const r of redeemedRows) add(slot(r.month).redeemed, r.currency, r.cents);
  return [...months.values()].sort((a, b) => a.month.localeCompare(b.month));
}

/** Yearly summary: earned, redeemed, available, rates, riders, events, and the same per month.
 * Each figure is one pass over a covering index (awards by awarded_at, redemptions by created_at):
 * the totals and the months come from the same grouped rows. */
function summaryNow(db: DB, range: Range, now = new Date()) {
  const from = `${range.startDate}T00:00:00.000Z`;
  const to = `${range.endDate}T23:59:59.999Z`;
  const { earnedRows, redeemedRows } = monthlyRows(db, range, from, to);
  const totalBy = (rows: { currency: Currency; cents: number }[]) => {
    const m = new Map<Currency, number>();
    for (const r of rows) m.set(r.currency, (m.get(r.currency) ?? 0) + r.cents);
    return byCurrency([...m].map(([currency, cents]) => ({ currency, cents })));
  };
  const earnedCredit = totalBy(earnedRows.filter((r) => r.payoutType === 'dealerCredit'));
  const earnedCash = totalBy(earnedRows.filter((r) => r.payoutType === 'cash'));
  const redeemed = totalBy(redeemedRows);
  const available = availableCredit(db, now);
  const offered = offeredIn(db, range);
  const total = (list: Money[], c: Currency) => list.find((m) => m.currency === c)?.cents ?? 0;
  const rates = (['USD', 'CAD', 'EUR'] as const)
    .filter((c) => total(offered, c) || total(earnedCredit, c) || total(earnedCash, c))
    .map((c) => ({
      currency: c,
      earnRateBp: basisPoints(total(earnedCredit, c) + total(earnedCash, c), total(offered, c)),
      redemptionRateBp: basisPoints(total(redeemed, c), total(earnedCredit, c)),
    }));
  const { riderCount, eventCount } = countsIn(db, range, from, to);
  return {
    range,
    earnedCredit,
    earnedCash,
    redeemed,
    available,
    offered,
    rates,
    riders: riderCount,
    events: eventCount,
    months: byMonth(earnedRows, redeemedRows),
  };
}

/** Market share rows counted in SQL (one pass over results by event, a covering index). */
function shareRows(db: DB, range: Range, keyOf: 'month' | 'series') {
  const isMaker = sql`(instr(upper(${results.make}), ${MAKER}) > 0)`;
  const podium = sql`(${results.place} IS NOT NULL AND ${results.place} <= 3)`;
  const key =
    keyOf === 'month'
      ? sql<string>`substr(${events.date}, 1, 7)`
      : sql<string>`cast(coalesce(${events.seriesId}, 0) AS TEXT)`;
  const rows = db
    .select({
      key,
      label: keyOf === 'month' ? key : sql<string>`coalesce(max(${series.name}), '')`,
      results: sql<number>`count(*)`,
      maker: sql<number>`sum(${isMaker})`,
      podiums: sql<number>`sum(${podium})`,
      makerPodiums: sql<number>`sum(${isMaker} AND ${podium})`,
    })
    .from(events)
    .innerJoin(results, eq(results.eventId, events.id))
    .leftJoin(series, eq(series.id, events.seriesId))
    .where(
      and(
        gte(events.date, range.startDate),
        lte(events.date, range.endDate),
        eq(events.cancelled, false),
        eq(results.resultType, 'finish'),
        sql`trim(coalesce(${results.make}, '')) <> ''`,
      ),
    )
    .groupBy(sql`1`)
    .all();
  return rows.map((r): ShareRow & { shareBp: number; podiumShareBp: number } => ({
    key: r.key,
    label: r.label,
    results: r.results,
    maker: r.maker,
    podiums: r.podiums,
    makerPodiums: r.makerPodiums,
    shareBp: basisPoints(r.maker, r.results),
    podiumShareBp: basisPoints(r.makerPodiums, r.podiums),
  }));
}

type ShareRow = {
  key: string;
  label: string;
  results: number;
  maker: number;
  podiums: number;
  makerPodiums: number;
};

function marketShareByMonthNow(db: DB, range: Range) {
  return shareRows(db, range, 'month').sort((a, b) => a.key.localeCompare(b.key));
}

/** By series, with each series' award count (series-end awards included: series-award-counts). */
function marketShareBySeriesNow(db: DB, range: Range) {
  const counts = awardCountsBySeries(db, range);
  return shareRows(db, range, 'series')
    .map((r) => ({ ...r, awards: counts.get(r.key) ?? 0 }))
    .sort((a, b) => b.results - a.results);
}

/** Events past the 2-week results window, not cancelled, with no results uploaded. */
export function lateEvents(
  db: DB,
  f: { title?: string; state?: string; country?: string; page?: number } & SortInput<LateSort>,
  now = new Date(),
) {
  const cutoff = todayString(new Date(now.getTime() - 14 * 86_400_000));
  const conds = [
    lt(events.date, cutoff),
    eq(events.cancelled, false),
    isNull(events.resultsUploadedAt),
    sql`NOT EXISTS (SELECT 1 FROM results r WHERE r.event_id = ${events.id})`,
    f.title ? contains(events.title, f.title) : undefined,
    f.state ? eq(events.state, f.state.toUpperCase()) : undefined,
    f.country ? eq(events.country, f.country.toUpperCase()) : undefined,
  ];
  const where = and(...conds);
  const total = db.select({ n: count() }).from(events).where(where).get()?.n ?? 0;
  const { offset, limit, pagination } = pageWindow(total, f.page ?? 1);
  const daysLate = sql<number>`CAST(julianday(${todayString(now)}) - julianday(${events.date}) AS INTEGER)`;
  const order = orderFor(
    {
      title: [events.title],
      date: [events.date],
      series: [series.name],
      location: [events.country, events.state, events.city],
      daysLate: [daysLate],
    },
    f,
    { key: 'date' },
    [events.date, events.id],
  );
  const list = db
    .select({
      id: events.id,
      title: events.title,
      date: events.date,
      city: events.city,
      state: events.state,
      country: events.country,
      seriesName: series.name,
      daysLate,
    })
    .from(events)
    .leftJoin(series, eq(series.id, events.seriesId))
    .where(where)
    .orderBy(...order)
    .limit(unplannedLimit(limit))
    .offset(offset)
    .all();
  return { events: list, pagination };
}

// Cached until the next write to the database (`cachedUntilWrite`): the admin home, the summary page,
// its charts and the aggregates API ask the same figures again and again between writes.
export const summary = cachedReport('summary', summaryNow);
export const marketShareByMonth = cachedReport('marketShareByMonth', marketShareByMonthNow);
export const marketShareBySeries = cachedReport('marketShareBySeries', marketShareBySeriesNow);
export const topRiders = cachedReport('topRiders', topRidersNow);
export const riderStats = cachedReport('riderStats', riderStatsNow);
export const topDealers = cachedReport('topDealers', topDealersNow);
