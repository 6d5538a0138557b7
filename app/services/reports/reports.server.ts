/**
 * Admin reports (spec §2 Reports, §3 Aggregates): the yearly summary, market share by month and
 * by series, late results, top riders and dealers, and the CSV exports. Read-only.
 *
 * Market share = of the classified results (finishers with a known make) at non-cancelled events,
 * the share ridden on the maker's bikes; the podium share counts places 1–3 only.
 */
import { and, asc, count, desc, eq, gte, isNull, lt, lte, sql, sum } from 'drizzle-orm';
import type { DB } from '~/db.server';
import {
  awards,
  classPlaces,
  creditRedemptions,
  dealers,
  eventClasses,
  events,
  results,
  riders,
  series,
} from '#db/schema';
import type { Currency } from '~/lib/constants';
import { todayString } from '~/lib/format';
import type { SortInput } from '~/lib/list-query';
import { pageWindow } from '~/lib/pagination';
import type { LateSort } from '~/lib/schemas/reports';
import { orderFor } from '~/services/platform/list-order.server';
import { isMakerMake } from '~/services/money/award-eligibility.server';

export type Money = { currency: Currency; cents: number };
export type Range = { startDate: string; endDate: string }; // inclusive YYYY-MM-DD

/** The calendar year as an inclusive range. */
export function yearRange(year: number): Range {
  return { startDate: `${year}-01-01`, endDate: `${year}-12-31` };
}

/** Integer ratio in basis points (0–10000) — percentages without floating point in sums. */
function basisPoints(part: number, whole: number): number {
  return whole > 0 ? Math.floor((part * 10_000) / whole) : 0;
}

function byCurrency(rows: { currency: Currency; cents: number | null }[]): Money[] {
  return rows.filter((r) => (r.cents ?? 0) !== 0).map((r) => ({ currency: r.currency, cents: Number(r.cents ?? 0) }));
}

/** Yearly summary: earned, redeemed, available, rates, riders, events, and the same per month. */
export function summary(db: DB, range: Range, now = new Date()) {
  const from = `${range.startDate}T00:00:00.000Z`;
  const to = `${range.endDate}T23:59:59.999Z`;
  const earnedCredit = byCurrency(
    db
      .select({ currency: awards.currency, cents: sum(awards.initialCents).mapWith(Number) })
      .from(awards)
      .where(and(eq(awards.payoutType, 'dealerCredit'), gte(awards.awardedAt, from), lte(awards.awardedAt, to), sql`${awards.status} <> 'reversed'`))
      .groupBy(awards.currency)
      .all(),
  );
  const earnedCash = byCurrency(
    db
      .select({ currency: awards.currency, cents: sum(awards.initialCents).mapWith(Number) })
      .from(awards)
      .where(and(eq(awards.payoutType, 'cash'), gte(awards.awardedAt, from), lte(awards.awardedAt, to), sql`${awards.status} <> 'reversed'`))
      .groupBy(awards.currency)
      .all(),
  );
  const redeemed = byCurrency(
    db
      .select({ currency: creditRedemptions.currency, cents: sum(creditRedemptions.amountCents).mapWith(Number) })
      .from(creditRedemptions)
      .where(and(eq(creditRedemptions.status, 'active'), gte(creditRedemptions.createdAt, from), lte(creditRedemptions.createdAt, to)))
      .groupBy(creditRedemptions.currency)
      .all(),
  );
  const available = byCurrency(
    db
      .select({ currency: awards.currency, cents: sum(awards.currentCents).mapWith(Number) })
      .from(awards)
      .where(and(eq(awards.payoutType, 'dealerCredit'), eq(awards.status, 'current'), sql`${awards.expiresAt} > ${now.toISOString()}`))
      .groupBy(awards.currency)
      .all(),
  );
  const offered = byCurrency(
    db
      .select({ currency: eventClasses.currency, cents: sum(classPlaces.amountCents).mapWith(Number) })
      .from(classPlaces)
      .innerJoin(eventClasses, eq(eventClasses.id, classPlaces.classId))
      .innerJoin(events, eq(events.id, eventClasses.eventId))
      .where(and(eq(events.cancelled, false), gte(events.date, range.startDate), lte(events.date, range.endDate), sql`${eventClasses.payoutType} <> 'noPayout'`))
      .groupBy(eventClasses.currency)
      .all(),
  );
  const total = (list: Money[], c: Currency) => list.find((m) => m.currency === c)?.cents ?? 0;
  const rates = (['USD', 'CAD', 'EUR'] as const)
    .filter((c) => total(offered, c) || total(earnedCredit, c) || total(earnedCash, c))
    .map((c) => ({
      currency: c,
      earnRateBp: basisPoints(total(earnedCredit, c) + total(earnedCash, c), total(offered, c)),
      redemptionRateBp: basisPoints(total(redeemed, c), total(earnedCredit, c)),
    }));
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
      .where(and(eq(events.cancelled, false), gte(events.date, range.startDate), lte(events.date, range.endDate)))
      .get()?.n ?? 0;
  const monthRows = db
    .select({
      month: sql<string>`substr(${awards.awardedAt}, 1, 7)`,
      currency: awards.currency,
      cents: sum(awards.initialCents).mapWith(Number),
    })
    .from(awards)
    .where(and(gte(awards.awardedAt, from), lte(awards.awardedAt, to), sql`${awards.status} <> 'reversed'`))
    .groupBy(sql`1`, awards.currency)
    .all();
  const redeemedMonths = db
    .select({
      month: sql<string>`substr(${creditRedemptions.createdAt}, 1, 7)`,
      currency: creditRedemptions.currency,
      cents: sum(creditRedemptions.amountCents).mapWith(Number),
    })
    .from(creditRedemptions)
    .where(and(eq(creditRedemptions.status, 'active'), gte(creditRedemptions.createdAt, from), lte(creditRedemptions.createdAt, to)))
    .groupBy(sql`1`, creditRedemptions.currency)
    .all();
  const months = new Map<string, { month: string; earned: Money[]; redeemed: Money[] }>();
  const slot = (m: string) => months.get(m) ?? months.set(m, { month: m, earned: [], redeemed: [] }).get(m)!;
  for (const r of monthRows) slot(r.month).earned.push({ currency: r.currency, cents: r.cents });
  for (const r of redeemedMonths) slot(r.month).redeemed.push({ currency: r.currency, cents: r.cents });
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
    months: [...months.values()].sort((a, b) => a.month.localeCompare(b.month)),
  };
}

type ShareRow = { key: string; label: string; results: number; maker: number; podiums: number; makerPodiums: number };

function shareRows(db: DB, range: Range, keyOf: 'month' | 'series') {
  const rows = db
    .select({
      date: events.date,
      seriesId: events.seriesId,
      seriesName: series.name,
      make: results.make,
      place: results.place,
    })
    .from(results)
    .innerJoin(events, eq(events.id, results.eventId))
    .leftJoin(series, eq(series.id, events.seriesId))
    .where(
      and(
        eq(events.cancelled, false),
        eq(results.resultType, 'finish'),
        gte(events.date, range.startDate),
        lte(events.date, range.endDate),
        sql`trim(coalesce(${results.make}, '')) <> ''`,
      ),
    )
    .all();
  const map = new Map<string, ShareRow>();
  for (const r of rows) {
    const key = keyOf === 'month' ? r.date.slice(0, 7) : String(r.seriesId ?? 0);
    const label = keyOf === 'month' ? key : (r.seriesName ?? '');
    const row = map.get(key) ?? map.set(key, { key, label, results: 0, maker: 0, podiums: 0, makerPodiums: 0 }).get(key)!;
    const isMaker = isMakerMake(r.make);
    row.results += 1;
    if (isMaker) row.maker += 1;
    if (r.place !== null && r.place <= 3) {
      row.podiums += 1;
      if (isMaker) row.makerPodiums += 1;
    }
  }
  return [...map.values()].map((r) => ({
    ...r,
    shareBp: basisPoints(r.maker, r.results),
    podiumShareBp: basisPoints(r.makerPodiums, r.podiums),
  }));
}

export function marketShareByMonth(db: DB, range: Range) {
  return shareRows(db, range, 'month').sort((a, b) => a.key.localeCompare(b.key));
}

export function marketShareBySeries(db: DB, range: Range) {
  return shareRows(db, range, 'series').sort((a, b) => b.results - a.results);
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
    f.title ? sql`${events.title} LIKE ${`%${f.title}%`}` : undefined,
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
    .limit(limit)
    .offset(offset)
    .all();
  return { events: list, pagination };
}

/** Top riders by what they earned in the range (pros: cash, amateurs: dealer credit). */
export function topRiders(db: DB, level: 'pro' | 'amateur', range: Range, limit = 10) {
  return db
    .select({
      riderId: riders.id,
      name: sql<string>`${riders.firstName} || ' ' || ${riders.lastName}`,
      currency: awards.currency,
      cents: sum(awards.initialCents).mapWith(Number),
      awards: count(awards.id),
    })
    .from(awards)
    .innerJoin(riders, eq(riders.id, awards.riderId))
    .where(
      and(
        eq(riders.level, level),
        gte(awards.awardedAt, `${range.startDate}T00:00:00.000Z`),
        lte(awards.awardedAt, `${range.endDate}T23:59:59.999Z`),
        sql`${awards.status} <> 'reversed'`,
      ),
    )
    .groupBy(riders.id, awards.currency)
    .orderBy(desc(sql`4`))
    .limit(limit)
    .all();
}

/** Counts for a rider level: riders, riders who earned, awards and totals in the range. */
export function riderStats(db: DB, level: 'pro' | 'amateur', range: Range) {
  const ridersTotal = db.select({ n: count() }).from(riders).where(eq(riders.level, level)).get()?.n ?? 0;
  const earners = topRiders(db, level, range, 100_000);
  const totals = new Map<Currency, number>();
  for (const e of earners) totals.set(e.currency, (totals.get(e.currency) ?? 0) + e.cents);
  return {
    level,
    riders: ridersTotal,
    earners: new Set(earners.map((e) => e.riderId)).size,
    awards: earners.reduce((n, e) => n + e.awards, 0),
    earned: [...totals].map(([currency, cents]) => ({ currency, cents })),
  };
}

/** Dealers by credit redeemed at their counter in the range. */
export function topDealers(db: DB, range: Range, limit = 10) {
  return db
    .select({
      dealerId: dealers.id,
      name: dealers.name,
      city: dealers.city,
      state: dealers.state,
      currency: creditRedemptions.currency,
      cents: sum(creditRedemptions.amountCents).mapWith(Number),
      redemptions: count(creditRedemptions.id),
    })
    .from(creditRedemptions)
    .innerJoin(dealers, eq(dealers.id, creditRedemptions.dealerId))
    .where(
      and(
        eq(creditRedemptions.status, 'active'),
        gte(creditRedemptions.createdAt, `${range.startDate}T00:00:00.000Z`),
        lte(creditRedemptions.createdAt, `${range.endDate}T23:59:59.999Z`),
      ),
    )
    .groupBy(dealers.id, creditRedemptions.currency)
    .orderBy(desc(sql`6`))
    .limit(limit)
    .all();
}

/** Rows for the series-events export: one line per event, with its series. */
export function seriesEventsExport(db: DB, range: Range) {
  return db
    .select({
      seriesName: series.name,
      eventId: events.id,
      title: events.title,
      date: events.date,
      venue: events.venue,
      city: events.city,
      state: events.state,
      country: events.country,
      cancelled: events.cancelled,
      classes: sql<number>`(SELECT count(*) FROM event_classes c WHERE c.event_id = ${events.id})`,
      results: sql<number>`(SELECT count(*) FROM results r WHERE r.event_id = ${events.id})`,
    })
    .from(events)
    .leftJoin(series, eq(series.id, events.seriesId))
    .where(and(gte(events.date, range.startDate), lte(events.date, range.endDate)))
    .orderBy(asc(series.name), asc(events.date))
    .all();
}

/** Rows for the class-payouts export: one line per class with its place amounts. */
export function classPayoutsExport(db: DB, range: Range) {
  const classes = db
    .select({
      classId: eventClasses.id,
      eventTitle: events.title,
      date: events.date,
      className: eventClasses.name,
      payoutType: eventClasses.payoutType,
      currency: eventClasses.currency,
    })
    .from(eventClasses)
    .innerJoin(events, eq(events.id, eventClasses.eventId))
    .where(and(gte(events.date, range.startDate), lte(events.date, range.endDate)))
    .orderBy(asc(events.date), asc(events.title), asc(eventClasses.sortOrder))
    .all();
  const places = db
    .select({ classId: classPlaces.classId, place: classPlaces.place, cents: classPlaces.amountCents })
    .from(classPlaces)
    .innerJoin(eventClasses, eq(eventClasses.id, classPlaces.classId))
    .innerJoin(events, eq(events.id, eventClasses.eventId))
    .where(and(gte(events.date, range.startDate), lte(events.date, range.endDate)))
    .all();
  const maxPlace = places.reduce((m, p) => Math.max(m, p.place), 0);
  const byClass = new Map<number, Map<number, number>>();
  for (const p of places) (byClass.get(p.classId) ?? byClass.set(p.classId, new Map()).get(p.classId)!).set(p.place, p.cents);
  return { maxPlace, rows: classes.map((c) => ({ ...c, places: Array.from({ length: maxPlace }, (_, i) => byClass.get(c.classId)?.get(i + 1) ?? null) })) };
}
