/** The admin CSV exports (series events, class payouts): their queries, streamed, and their rows with translated headers. */
import type { TFunction } from 'i18next';
import type { DB } from '~/db.server';
import { centsToDecimal, type CsvCell } from '~/lib/csv';
import type { ReportRange } from '~/lib/schemas/reports';
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import { classPlaces, eventClasses, events, series } from '#db/schema';
import type { Currency, PayoutType } from '~/lib/constants';
import { streamRows } from '~/services/platform/row-stream.server';
import type { Range } from '~/services/reports/reports.server';

/** Rows for the series-events export: one line per event, with its series (streamed). */
export function seriesEventsExport(db: DB, range: Range) {
  const fields = {
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
  };
  const query = db
    .select(fields)
    .from(events)
    .leftJoin(series, eq(series.id, events.seriesId))
    .where(and(gte(events.date, range.startDate), lte(events.date, range.endDate)))
    .orderBy(asc(series.name), asc(events.date));
  type Row = {
    [K in keyof typeof fields]: K extends 'cancelled'
      ? number
      : K extends 'classes' | 'results' | 'eventId'
        ? number
        : string | null;
  };
  return streamRows<Row>(db, query, Object.keys(fields) as (keyof Row)[]);
}

/** Rows for the class-payouts export: one line per class with its place amounts (streamed). */
export function classPayoutsExport(db: DB, range: Range) {
  const inRange = and(gte(events.date, range.startDate), lte(events.date, range.endDate));
  const maxPlace =
    db
      .select({ n: sql<number>`coalesce(max(${classPlaces.place}), 0)` })
      .from(classPlaces)
      .innerJoin(eventClasses, eq(eventClasses.id, classPlaces.classId))
      .innerJoin(events, eq(events.id, eventClasses.eventId))
      .where(inRange)
      .get()?.n ?? 0;
  const fields = {
    classId: eventClasses.id,
    eventTitle: events.title,
    date: events.date,
    className: eventClasses.name,
    payoutType: eventClasses.payoutType,
    currency: eventClasses.currency,
    places: sql<
      string | null
    >`(SELECT group_concat(p.place || ':' || p.amount_cents) FROM class_places p WHERE p.class_id = ${eventClasses.id})`,
  };
  const query = db
    .select(fields)
    .from(eventClasses)
    .innerJoin(events, eq(events.id, eventClasses.eventId))
    .where(inRange)
    .orderBy(asc(events.date), asc(events.title), asc(eventClasses.sortOrder));
  type Raw = {
    classId: number;
    eventTitle: string;
    date: string;
    className: string;
    payoutType: PayoutType;
    currency: Currency;
    places: string | null;
  };
  function* rows() {
    for (const c of streamRows<Raw>(db, query, Object.keys(fields) as (keyof Raw)[])) {
      const amounts = new Map(
        (c.places ?? '')
          .split(',')
          .filter(Boolean)
          .map((pc) => pc.split(':').map(Number) as [number, number]),
      );
      yield {
        ...c,
        places: Array.from({ length: maxPlace }, (_, i) => amounts.get(i + 1) ?? null),
      };
    }
  }
  return { maxPlace, rows: rows() };
}

export function* seriesEventsRows(db: DB, range: ReportRange, t: TFunction): Generator<CsvCell[]> {
  const head = [
    'serie',
    'eventId',
    'event',
    'date',
    'venue',
    'city',
    'state',
    'country',
    'cancelled',
    'classes',
    'results',
  ];
  yield head.map((h) => t(`admin:exports.columns.${h}`));
  for (const r of seriesEventsExport(db, range))
    yield [
      r.seriesName ?? '',
      r.eventId,
      r.title,
      r.date,
      r.venue,
      r.city,
      r.state,
      r.country,
      r.cancelled ? t('common:yes') : t('common:no'),
      r.classes,
      r.results,
    ];
}

export function* classPayoutsRows(db: DB, range: ReportRange, t: TFunction): Generator<CsvCell[]> {
  const { maxPlace, rows } = classPayoutsExport(db, range);
  const head = [
    t('admin:exports.columns.event'),
    t('admin:exports.columns.date'),
    t('admin:exports.columns.class'),
    t('admin:exports.columns.payoutType'),
    t('admin:exports.columns.currency'),
    ...Array.from({ length: maxPlace }, (_, i) =>
      t('admin:exports.columns.place', { place: i + 1 }),
    ),
  ];
  yield head;
  for (const r of rows)
    yield [
      r.eventTitle,
      r.date,
      r.className,
      t(`common:payoutType.${r.payoutType}`),
      r.currency,
      ...r.places.map((c) => (c === null ? '' : centsToDecimal(c))),
    ];
}
