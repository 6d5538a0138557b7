/** The rider's view of one event or one series: classes, payouts, results, awards. */
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Conn } from '~/db.server';
import { awards, classPlaces, eventClasses, events, results, series } from '#db/schema';
import type { Currency, PayoutType } from '~/lib/constants';
import type { AwardType } from '~/lib/schemas/rider-area';
import {
  awardTotals,
  effectiveStatus,
  resultRows,
  type AwardStatus,
  type Money,
  type RiderResultRow,
} from '~/services/people/rider-area.server';

type RiderAwardRow = {
  id: number;
  className: string | null;
  type: AwardType;
  payoutType: 'cash' | 'dealerCredit';
  currency: Currency;
  initialCents: number;
  currentCents: number;
  status: AwardStatus;
};

type EventClassRow = {
  id: number;
  name: string;
  payoutType: PayoutType;
  currency: Currency;
  places: { place: number; amountCents: number }[];
};

export type RiderEventDetail = {
  event: {
    id: number;
    title: string;
    date: string;
    startTime: string | null;
    venue: string | null;
    venueWebsite: string | null;
    city: string | null;
    state: string | null;
    country: string;
    cancelled: boolean;
    eventType: string | null;
    notes: string | null;
    bonuses: string | null;
  };
  series: { id: number; name: string } | null;
  classes: EventClassRow[];
  results: RiderResultRow[];
  awards: RiderAwardRow[];
  awarded: Money[];
};

/** The rider's view of one event: its classes and payouts, the rider's results and awards; null if unknown. */
export function riderEventDetail(
  conn: Conn,
  riderId: number,
  eventId: number,
  now: Date,
): RiderEventDetail | null {
  const event = conn
    .select({
      id: events.id,
      title: events.title,
      date: events.date,
      startTime: events.startTime,
      venue: events.venue,
      venueWebsite: events.venueWebsite,
      city: events.city,
      state: events.state,
      country: events.country,
      cancelled: events.cancelled,
      eventType: events.eventType,
      notes: events.notes,
      bonuses: events.bonuses,
      seriesId: events.seriesId,
    })
    .from(events)
    .where(eq(events.id, eventId))
    .get();
  if (!event) return null;
  const { seriesId, ...rest } = event;
  const serie = seriesId
    ? (conn
        .select({ id: series.id, name: series.name })
        .from(series)
        .where(eq(series.id, seriesId))
        .get() ?? null)
    : null;
  const classList = conn
    .select({
      id: eventClasses.id,
      name: eventClasses.name,
      payoutType: eventClasses.payoutType,
      currency: eventClasses.currency,
    })
    .from(eventClasses)
    .where(eq(eventClasses.eventId, eventId))
    .orderBy(asc(eventClasses.sortOrder), asc(eventClasses.name))
    .all();
  const places = classList.length
    ? conn
        .select({
          classId: classPlaces.classId,
          place: classPlaces.place,
          amountCents: classPlaces.amountCents,
        })
        .from(classPlaces)
        .where(
          inArray(
            classPlaces.classId,
            classList.map((c) => c.id),
          ),
        )
        .orderBy(asc(classPlaces.place))
        .all()
    : [];
  const awardRows = conn
    .select({
      id: awards.id,
      className: eventClasses.name,
      type: awards.type,
      payoutType: awards.payoutType,
      currency: awards.currency,
      initialCents: awards.initialCents,
      currentCents: awards.currentCents,
      status: effectiveStatus(now.toISOString()),
    })
    .from(awards)
    .leftJoin(eventClasses, eq(eventClasses.id, awards.classId))
    .where(and(eq(awards.riderId, riderId), eq(awards.eventId, eventId)))
    .orderBy(asc(awards.id))
    .all();
  return {
    event: rest,
    series: serie,
    classes: classList.map((c) => ({
      ...c,
      places: places
        .filter((p) => p.classId === c.id)
        .map(({ place, amountCents }) => ({ place, amountCents })),
    })),
    results: resultRows(conn, and(eq(results.riderId, riderId), eq(results.eventId, eventId))),
    awards: awardRows,
    awarded: awardTotals(conn, riderId, awards.eventId, [eventId]).get(eventId) ?? [],
  };
}

export type RiderSeriesDetail = {
  series: {
    id: number;
    name: string;
    description: string | null;
    firstDate: string | null;
    lastDate: string | null;
    raceStyle: string | null;
  };
  events: {
    id: number;
    title: string;
    date: string;
    city: string | null;
    state: string | null;
    cancelled: boolean;
    raced: boolean;
  }[];
  results: RiderResultRow[];
  awarded: Money[];
  /** The rider's series-end (final standings) awards in this series, withdrawn ones left out. */
  finalAwards: {
    id: number;
    payoutType: PayoutType;
    currency: Currency;
    cents: number;
    notes: string | null;
  }[];
};

/** The rider's view of one series: its events and the rider's results in them; null if unknown. */
export function riderSeriesDetail(
  conn: Conn,
  riderId: number,
  seriesId: number,
): RiderSeriesDetail | null {
  const serie = conn
    .select({
      id: series.id,
      name: series.name,
      description: series.description,
      firstDate: series.firstDate,
      lastDate: series.lastDate,
      raceStyle: series.raceStyle,
    })
    .from(series)
    .where(eq(series.id, seriesId))
    .get();
  if (!serie) return null;
  const res = resultRows(conn, and(eq(results.riderId, riderId), eq(events.seriesId, seriesId)));
  const raced = new Set(res.map((r) => r.eventId));
  const eventList = conn
    .select({
      id: events.id,
      title: events.title,
      date: events.date,
      city: events.city,
      state: events.state,
      cancelled: events.cancelled,
    })
    .from(events)
    .where(eq(events.seriesId, seriesId))
    .orderBy(asc(events.date), asc(events.id))
    .all();
  return {
    series: serie,
    events: eventList.map((e) => ({ ...e, raced: raced.has(e.id) })),
    results: res,
    awarded: awardTotals(conn, riderId, events.seriesId, [seriesId]).get(seriesId) ?? [],
    finalAwards: conn
      .select({
        id: awards.id,
        payoutType: awards.payoutType,
        currency: awards.currency,
        cents: awards.initialCents,
        notes: awards.notes,
      })
      .from(awards)
      .where(
        and(
          eq(awards.riderId, riderId),
          eq(awards.seriesId, seriesId),
          ne(awards.status, 'reversed'),
        ),
      )
      .orderBy(asc(awards.id))
      .all(),
  };
}
