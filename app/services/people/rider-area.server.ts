/**
 * Shared pieces of the rider area's read models: money lists, paging,
 * the rider's results with what each paid (or why not) and award totals per event or series.
 * Every function takes the rider id of the signed-in profile and only ever reads that rider's
 * rows. Money stays integer cents with its currency. The pages' read models live beside it:
 * rider-home, rider-earnings, rider-dealers, rider-events, rider-event-detail (.server.ts).
 */
import { and, asc, desc, eq, inArray, ne, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { prepared, type Conn, unplannedLimit } from '~/db.server';
import { alias } from 'drizzle-orm/sqlite-core';
import { awards, eventClasses, events, results, type Award } from '#db/schema';
import { CURRENCIES, type Currency, type PayoutType, type ResultType } from '~/lib/constants';
import { columnsOf } from '~/services/platform/columns.server';

/** An award status (the schema's list, including 'reversed'). */
export type AwardStatus = Award['status'];

// ---------------------------------------------------------------- shared pieces

/** An amount of money: integer cents in a currency. */
export type Money = { currency: Currency; cents: number };

/** Where a list is: the page shown, how many pages, how many rows in all. */
export type PageInfo = { page: number; totalPages: number; total: number };

/** Sorts per-currency sums in the program's currency order and drops zero lines. */
export function moneyList(rows: { currency: Currency; cents: number | null }[]): Money[] {
  const order = (c: Currency) => CURRENCIES.indexOf(c);
  return rows
    .map((r) => ({ currency: r.currency, cents: Number(r.cents ?? 0) }))
    .filter((r) => r.cents !== 0)
    .sort((a, b) => order(a.currency) - order(b.currency));
}

/** The award's status as of `now`: a current award past its expiry date is expired. */
export function effectiveStatus(nowIso: string | Placeholder) {
  return sql<AwardStatus>`(case when ${awards.status} = 'current' and ${awards.expiresAt} is not null and julianday(${awards.expiresAt}) <= julianday(${nowIso}) then 'expired' else ${awards.status} end)`;
}

// ---------------------------------------------------------------- results of a rider

/** One of the rider's results, with what it paid or why not. */
export type RiderResultRow = {
  resultId: number;
  eventId: number;
  eventTitle: string;
  eventDate: string;
  eventCancelled: boolean;
  seriesId: number | null;
  className: string;
  classPayoutType: PayoutType;
  currency: Currency;
  place: number | null;
  resultType: ResultType;
  payoutCents: number;
  bonusCents: number;
  bonusNote: string | null;
  /** i18n key or bare reason ('twoClassLimit') when the result pays nothing; null when it pays. */
  noPayoutReason: string | null;
};

/** The columns of a RiderResultRow as selected (the reason is added after). */
function resultRowSelection() {
  return {
    resultId: results.id,
    eventId: events.id,
    eventTitle: events.title,
    eventDate: events.date,
    eventCancelled: events.cancelled,
    seriesId: events.seriesId,
    className: eventClasses.name,
    classPayoutType: eventClasses.payoutType,
    currency: eventClasses.currency,
    ...columnsOf(results, [
      'place',
      'resultType',
      'payoutCents',
      'bonusCents',
      'bonusNote',
      'noPayoutReason',
    ]),
  };
}

/** Newest event first, then the classes in their order. */
const resultRowOrder = () => [
  desc(events.date),
  desc(events.id),
  asc(eventClasses.sortOrder),
  asc(eventClasses.name),
  asc(results.id),
];

function resultsQuery(conn: Conn) {
  return conn
    .select(resultRowSelection())
    .from(results)
    .innerJoin(events, eq(events.id, results.eventId))
    .innerJoin(eventClasses, eq(eventClasses.id, results.classId));
}

type SelectedResultRow = Omit<RiderResultRow, 'noPayoutReason'> & { noPayoutReason: string | null };

const withReason = (r: SelectedResultRow): RiderResultRow => ({
  ...r,
  noPayoutReason: r.payoutCents > 0 ? null : reasonFor(r),
});

/** The rider's results matching `where`, newest event first (at most `limit` when given). */
export function resultRows(conn: Conn, where: SQL | undefined, limit?: number): RiderResultRow[] {
  const q = resultsQuery(conn)
    .where(where)
    .orderBy(...resultRowOrder());
  const rows = limit ? q.limit(unplannedLimit(limit)).all() : q.all();
  return rows.map(withReason);
}

/**
 * The rider's latest `limit` results, in resultRows' order. The first `limit` results can only
 * come from the events of the first `limit` (result, event) pairs by date, which the results'
 * (rider, event) index gives without reading a result row: only those events' results are read,
 * not every result the rider ever had. Built once per connection.
 */
export function latestResults(conn: Conn, riderId: number, limit: number): RiderResultRow[] {
  const query = prepared(conn, 'riderArea.latestResults', (c) => {
    const mine = alias(results, 'mine');
    const held = alias(events, 'held');
    const latestEvents = c
      .select({ id: held.id })
      .from(mine)
      .innerJoin(held, eq(held.id, mine.eventId))
      .where(eq(mine.riderId, sql.placeholder('riderId')))
      .orderBy(desc(held.date), desc(held.id))
      .limit(unplannedLimit('limit'));
    return resultsQuery(c)
      .where(
        and(
          eq(results.riderId, sql.placeholder('riderId')),
          inArray(results.eventId, latestEvents),
        ),
      )
      .orderBy(...resultRowOrder())
      .limit(unplannedLimit('limit'))
      .prepare();
  });
  return query.all({ riderId, limit }).map(withReason);
}

/** Why a result pays nothing: the engine's reason when it gave one, else what the row shows. */
function reasonFor(r: {
  noPayoutReason: string | null;
  eventCancelled: boolean;
  classPayoutType: PayoutType;
  resultType: ResultType;
}): string {
  if (r.noPayoutReason) return r.noPayoutReason;
  if (r.eventCancelled) return 'eventCancelled';
  if (r.classPayoutType === 'noPayout') return 'classNoPayout';
  if (r.resultType !== 'finish') return 'notClassified';
  return 'none';
}

/**
 * What a rider was awarded per event or per series (withdrawn awards left out). Per series, a
 * series-end (final standings) award counts with the awards of the series' events.
 */
export function awardTotals(
  conn: Conn,
  riderId: number,
  keyCol: typeof awards.eventId | typeof events.seriesId,
  keys: number[],
) {
  const out = new Map<number, Money[]>();
  if (keys.length === 0) return out;
  const key: SQL<number | null> =
    keyCol === events.seriesId
      ? sql`coalesce(${events.seriesId}, ${awards.seriesId})`
      : sql`${keyCol}`;
  const rows = conn
    .select({ key, currency: awards.currency, cents: sql<number>`sum(${awards.initialCents})` })
    .from(awards)
    .leftJoin(events, eq(events.id, awards.eventId))
    .where(and(eq(awards.riderId, riderId), ne(awards.status, 'reversed'), inArray(key, keys)))
    .groupBy(key, awards.currency)
    .all();
  for (const r of rows) {
    if (r.key === null) continue;
    out.set(
      r.key,
      moneyList([...(out.get(r.key) ?? []), { currency: r.currency, cents: r.cents }]),
    );
  }
  return out;
}
