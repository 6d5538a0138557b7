/**
 * The promoter's series page (`/auth/promoter/serie/{id}`): the series' events with their dates,
 * status and class payouts, and what the series paid. Only the series' own promoter sees it.
 */
import { and, asc, eq, inArray, ne, or, sql, sum } from 'drizzle-orm';
import type { Conn } from '~/db.server';
import { awards, classPlaces, eventClasses, events, series } from '#db/schema';
import { todayString } from '~/lib/format';

/** Results are due within 2 weeks of the event (docs/rules.md): later without results is late. */
const RESULTS_DUE_DAYS = 14;

export type SeriesEventStatus = 'upcoming' | 'posted' | 'awaiting' | 'late' | 'cancelled';
type Currency = 'USD' | 'CAD' | 'EUR';

type PromoterSeriesEvent = {
  id: number;
  title: string;
  date: string | null;
  city: string | null;
  state: string | null;
  status: SeriesEventStatus;
  classes: {
    id: number;
    name: string;
    payoutType: 'cash' | 'dealerCredit' | 'noPayout';
    currency: Currency;
    places: { place: number; amountCents: number }[];
  }[];
  paid: { currency: Currency; cents: number }[];
};

/** One event's status on a given day. */
export function seriesEventStatus(
  e: { date: string | null; cancelled: boolean; hasResults: boolean },
  today: string,
): SeriesEventStatus {
  if (e.cancelled) return 'cancelled';
  if (e.hasResults) return 'posted';
  if (!e.date || e.date >= today) return 'upcoming';
  const due = new Date(`${e.date}T12:00:00Z`);
  due.setUTCDate(due.getUTCDate() + RESULTS_DUE_DAYS);
  return due.toISOString().slice(0, 10) < today ? 'late' : 'awaiting';
}

type Money = { currency: Currency; cents: number };

function addMoney(list: Money[], currency: Currency, cents: number) {
  const hit = list.find((m) => m.currency === currency);
  if (hit) hit.cents += cents;
  else list.push({ currency, cents });
}

/** The series' events in date order, and whether each has results yet. */
function seriesEvents(conn: Conn, seriesId: number) {
  return conn
    .select({
      id: events.id,
      title: events.title,
      date: events.date,
      city: events.city,
      state: events.state,
      cancelled: events.cancelled,
      uploaded: events.resultsUploadedAt,
      hasResults: sql<number>`EXISTS (SELECT 1 FROM results r WHERE r.event_id = "events"."id")`,
    })
    .from(events)
    .where(eq(events.seriesId, seriesId))
    .orderBy(asc(events.date), asc(events.title), asc(events.id))
    .all();
}

/** The classes of the events, in their order, each with its paying places. */
function classesWithPlaces(conn: Conn, ids: number[]) {
  const classes = ids.length
    ? conn
        .select()
        .from(eventClasses)
        .where(inArray(eventClasses.eventId, ids))
        .orderBy(asc(eventClasses.sortOrder), asc(eventClasses.id))
        .all()
    : [];
  const places = classes.length
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
            classes.map((c) => c.id),
          ),
        )
        .orderBy(asc(classPlaces.place))
        .all()
    : [];
  return { classes, places };
}

/** Awards paid (not reversed) for the events and the series' end, by event and currency. */
function paidSums(conn: Conn, seriesId: number, ids: number[]) {
  return conn
    .select({
      eventId: awards.eventId,
      seriesId: awards.seriesId,
      currency: awards.currency,
      cents: sum(awards.initialCents).mapWith(Number),
    })
    .from(awards)
    .where(
      and(
        ne(awards.status, 'reversed'),
        ids.length
          ? or(inArray(awards.eventId, ids), eq(awards.seriesId, seriesId))
          : eq(awards.seriesId, seriesId),
      ),
    )
    .groupBy(awards.eventId, awards.seriesId, awards.currency)
    .all();
}

/** The series page's data; null when the series is unknown or not this promoter's. */
export function promoterSeriesPage(
  conn: Conn,
  promoterId: number,
  seriesId: number,
  now: Date = new Date(),
) {
  const s = conn
    .select()
    .from(series)
    .where(and(eq(series.id, seriesId), eq(series.promoterId, promoterId)))
    .get();
  if (!s) return null;
  const today = todayString(now);
  const rows = seriesEvents(conn, seriesId);
  const ids = rows.map((r) => r.id);
  const { classes, places } = classesWithPlaces(conn, ids);
  const paidRows = paidSums(conn, seriesId, ids);
  const list: PromoterSeriesEvent[] = rows.map((r) => {
    const paid: PromoterSeriesEvent['paid'] = [];
    for (const p of paidRows) if (p.eventId === r.id) addMoney(paid, p.currency, p.cents);
    return {
      id: r.id,
      title: r.title,
      date: r.date,
      city: r.city,
      state: r.state,
      status: seriesEventStatus(
        {
          date: r.date,
          cancelled: r.cancelled,
          hasResults: Boolean(r.uploaded) || Number(r.hasResults) > 0,
        },
        today,
      ),
      classes: classes
        .filter((c) => c.eventId === r.id)
        .map((c) => ({
          id: c.id,
          name: c.name,
          payoutType: c.payoutType,
          currency: c.currency,
          places: places
            .filter((p) => p.classId === c.id)
            .map(({ place, amountCents }) => ({ place, amountCents })),
        })),
      paid,
    };
  });
  const total: Money[] = [];
  const seriesEnd: Money[] = [];
  for (const p of paidRows) {
    addMoney(total, p.currency, p.cents);
    if (p.eventId === null && p.seriesId === seriesId) addMoney(seriesEnd, p.currency, p.cents);
  }
  return {
    series: {
      id: s.id,
      name: s.name,
      description: s.description,
      firstDate: s.firstDate,
      lastDate: s.lastDate,
    },
    events: list,
    paid: total,
    seriesEndPaid: seriesEnd,
  };
}

export type PromoterSeriesPage = NonNullable<ReturnType<typeof promoterSeriesPage>>;
