/** My events and My series: where the rider raced, with the rider's results and awards. */
import { and, asc, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Conn } from '~/db.server';
import { awards, events, results, series } from '#db/schema';
import { pageWindow } from '~/lib/pagination';
import {
  awardTotals,
  resultRows,
  type Money,
  type PageInfo,
  type RiderResultRow,
} from '~/services/people/rider-area.server';
import { unplannedLimit } from '~/db.server';

/** Ids of the events the rider has results in (a subquery). */
function riderEventIds(conn: Conn, riderId: number) {
  return conn
    .selectDistinct({ id: results.eventId })
    .from(results)
    .where(eq(results.riderId, riderId));
}

export type RiderEventItem = {
  id: number;
  title: string;
  date: string;
  city: string | null;
  state: string | null;
  country: string;
  cancelled: boolean;
  seriesId: number | null;
  seriesName: string | null;
  results: RiderResultRow[];
  awarded: Money[];
};

/** The events the rider has results in (newest first), each with the rider's results. */
export function listRiderEvents(
  conn: Conn,
  riderId: number,
  page: number | undefined,
): PageInfo & { rows: RiderEventItem[] } {
  const where = inArray(events.id, riderEventIds(conn, riderId));
  const total = conn.select({ n: count() }).from(events).where(where).get()?.n ?? 0;
  const { offset, limit, pagination: w } = pageWindow(total, page);
  const list = conn
    .select({
      id: events.id,
      title: events.title,
      date: events.date,
      city: events.city,
      state: events.state,
      country: events.country,
      cancelled: events.cancelled,
      seriesId: events.seriesId,
      seriesName: series.name,
    })
    .from(events)
    .leftJoin(series, eq(series.id, events.seriesId))
    .where(where)
    .orderBy(desc(events.date), desc(events.id))
    .limit(unplannedLimit(limit))
    .offset(offset)
    .all();
  const ids = list.map((e) => e.id);
  const res = ids.length
    ? resultRows(conn, and(eq(results.riderId, riderId), inArray(results.eventId, ids)))
    : [];
  const totals = awardTotals(conn, riderId, awards.eventId, ids);
  return {
    rows: list.map((e) => ({
      ...e,
      results: res.filter((r) => r.eventId === e.id),
      awarded: totals.get(e.id) ?? [],
    })),
    page: w.page,
    totalPages: w.totalPages,
    total,
  };
}

export type RiderSeriesItem = {
  id: number;
  name: string;
  firstDate: string | null;
  lastDate: string | null;
  results: RiderResultRow[];
  awarded: Money[];
};

/** The series the rider has results in (latest first), each with the rider's results. */
export function listRiderSeries(
  conn: Conn,
  riderId: number,
  page: number | undefined,
): PageInfo & { rows: RiderSeriesItem[] } {
  const seriesIds = conn
    .selectDistinct({ id: events.seriesId })
    .from(events)
    .where(and(isNotNull(events.seriesId), inArray(events.id, riderEventIds(conn, riderId))));
  const where = inArray(series.id, seriesIds);
  const total = conn.select({ n: count() }).from(series).where(where).get()?.n ?? 0;
  const { offset, limit, pagination: w } = pageWindow(total, page);
  const list = conn
    .select({
      id: series.id,
      name: series.name,
      firstDate: series.firstDate,
      lastDate: series.lastDate,
    })
    .from(series)
    .where(where)
    .orderBy(
      sql`${series.lastDate} is null`,
      desc(series.lastDate),
      asc(series.name),
      asc(series.id),
    )
    .limit(unplannedLimit(limit))
    .offset(offset)
    .all();
  const ids = list.map((s) => s.id);
  const res = ids.length
    ? resultRows(conn, and(eq(results.riderId, riderId), inArray(events.seriesId, ids)))
    : [];
  const totals = awardTotals(conn, riderId, events.seriesId, ids);
  return {
    rows: list.map((s) => ({
      ...s,
      results: res.filter((r) => r.seriesId === s.id),
      awarded: totals.get(s.id) ?? [],
    })),
    page: w.page,
    totalPages: w.totalPages,
    total,
  };
}
