/**
 * One event's public page (and GET /api/event/{id}): its details, classes with their payouts,
 * results, contingency and series. Read-only.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { prepared, type Conn } from '~/db.server';
import {
  categories,
  classPlaces,
  eventClasses,
  events,
  promoters,
  results,
  series,
  type Event,
} from '#db/schema';
import type { Currency } from '~/lib/constants';
import { columnsOf } from '~/services/platform/columns.server';
import { publicReason } from '~/lib/no-payout-reasons';
import { addMoney, type MoneyTotal } from '~/services/events/catalog/contingency.server';
import type { PublicSeriesRef } from '~/services/events/catalog/public-series.server';
import { cachedForCatalog } from '~/services/platform/data-version.server';
import { claimOffered } from '~/services/money/claims/claim-offer.server';

export type PublicResult = {
  id: number;
  place: number | null;
  resultType: 'finish' | 'DNF' | 'DNS' | 'DQ';
  riderName: string;
  bike: string;
  hometown: string | null;
  payoutCents: number;
  bonusCents: number;
  bonusNote: string | null;
  /** Personal reasons (age, consent, an inactive account) are `riderNotEligible` here. */
  noPayoutReason: string | null;
  /** A paying place of a paying class at an event that was held: a rider may claim it. */
  claimable: boolean;
};

export type PublicClass = {
  id: number;
  name: string;
  payoutType: 'cash' | 'dealerCredit' | 'noPayout';
  currency: Currency;
  places: { place: number; amountCents: number }[];
  totalCents: number;
  results: PublicResult[];
};

export type PublicEventDetail = {
  event: {
    id: number;
    title: string;
    venue: string | null;
    venueWebsite: string | null;
    city: string | null;
    state: string | null;
    zipcode: string | null;
    country: string;
    date: string;
    startTime: string | null;
    eventType: Event['eventType'];
    currency: Currency;
    cancelled: boolean;
    notes: string | null;
    bonuses: string | null;
    resultsUploadedAt: string | null;
    categoryName: string | null;
    promoterName: string | null;
    contingency: MoneyTotal[];
    classes: PublicClass[];
  };
  series: PublicSeriesRef | null;
};

/** Only http(s) links are shown (a stored 'javascript:' URL must never become a link). */
export function safeWebsite(url: string | null | undefined): string | null {
  const v = (url ?? '').trim();
  if (!v) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(v) ? v : `https://${v}`;
  try {
    const u = new URL(withScheme);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.toString() : null;
  } catch {
    return null;
  }
}

/** One event with its series, classes (payouts) and results, for the public page; null if unknown. */
/**
 * The event page's reads, built once per connection (values through placeholders): a busy event
 * page is read on every visit, and drizzle would otherwise build the same five queries' SQL anew.
 */
function eventPageQueries(db: Conn) {
  return prepared(db, 'catalog.publicEvent', (c) => {
    const byEvent = sql.placeholder('eventId');
    return {
      event: c
        .select({ event: events, categoryName: categories.name, promoterName: promoters.name })
        .from(events)
        .leftJoin(categories, eq(categories.id, events.categoryId))
        .leftJoin(promoters, eq(promoters.id, events.promoterId))
        .where(and(eq(events.id, byEvent), eq(events.approval, 'approved')))
        .prepare(),
      classes: c
        .select()
        .from(eventClasses)
        .where(eq(eventClasses.eventId, byEvent))
        .orderBy(asc(eventClasses.sortOrder), asc(eventClasses.id))
        .prepare(),
      places: c
        .select()
        .from(classPlaces)
        .where(
          inArray(
            classPlaces.classId,
            c
              .select({ id: eventClasses.id })
              .from(eventClasses)
              .where(eq(eventClasses.eventId, byEvent)),
          ),
        )
        .orderBy(asc(classPlaces.place))
        .prepare(),
      results: c
        .select(
          columnsOf(results, [
            'id',
            'classId',
            'place',
            'resultType',
            'riderId',
            'riderName',
            'make',
            'model',
            'hometown',
            'payoutCents',
            'bonusCents',
            'bonusNote',
            'noPayoutReason',
          ]),
        )
        .from(results)
        .where(eq(results.eventId, byEvent))
        .orderBy(sql`${results.place} is null`, asc(results.place), asc(results.id))
        .prepare(),
      series: c
        .select()
        .from(series)
        .where(eq(series.id, sql.placeholder('seriesId')))
        .prepare(),
    };
  });
}

/** Items grouped by a key, each group in the items' order. */
function groupBy<T>(items: T[], key: (item: T) => number): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

export function getPublicEvent(db: Conn, eventId: number): PublicEventDetail | null {
  const q = eventPageQueries(db);
  const row = q.event.get({ eventId });
  if (!row) return null;
  const e = row.event;
  const classRows = q.classes.all({ eventId });
  const placesByClass = groupBy(q.places.all({ eventId }), (p) => p.classId);
  const resultsByClass = groupBy(q.results.all({ eventId }), (r) => r.classId);
  const classes: PublicClass[] = classRows.map((c) => {
    const places = (placesByClass.get(c.id) ?? []).map((p) => ({
      place: p.place,
      amountCents: p.amountCents,
    }));
    return {
      id: c.id,
      name: c.name,
      payoutType: c.payoutType,
      currency: c.currency,
      places,
      totalCents: c.payoutType === 'noPayout' ? 0 : places.reduce((s, p) => s + p.amountCents, 0),
      results: (resultsByClass.get(c.id) ?? []).map((r) => ({
        id: r.id,
        place: r.place,
        resultType: r.resultType,
        riderName: r.riderName,
        bike: [r.make, r.model].filter(Boolean).join(' '),
        hometown: r.hometown,
        payoutCents: r.payoutCents,
        bonusCents: r.bonusCents,
        bonusNote: r.bonusNote,
        noPayoutReason: publicReason(r.noPayoutReason),
        claimable: claimOffered({
          cancelled: e.cancelled,
          payoutType: c.payoutType,
          resultType: r.resultType,
          amountCents: places.find((p) => p.place === r.place)?.amountCents ?? null,
          riderId: r.riderId,
          payoutCents: r.payoutCents,
        }),
      })),
    };
  });
  let contingency: MoneyTotal[] = [];
  for (const c of classes)
    if (c.totalCents > 0) contingency = addMoney(contingency, c.currency, c.totalCents);
  const s = e.seriesId ? q.series.get({ seriesId: e.seriesId }) : undefined;
  return {
    event: {
      id: e.id,
      title: e.title,
      venue: e.venue,
      venueWebsite: safeWebsite(e.venueWebsite),
      city: e.city,
      state: e.state,
      zipcode: e.zipcode,
      country: e.country,
      date: e.date,
      startTime: e.startTime,
      eventType: e.eventType,
      currency: e.currency,
      cancelled: e.cancelled,
      notes: e.notes,
      bonuses: e.bonuses,
      resultsUploadedAt: e.resultsUploadedAt,
      categoryName: row.categoryName,
      promoterName: row.promoterName,
      contingency,
      classes,
    },
    series: s
      ? {
          id: s.id,
          name: s.name,
          description: s.description,
          firstDate: s.firstDate,
          lastDate: s.lastDate,
        }
      : null,
  };
}

/**
 * The event page's data, cached until the catalog changes: a busy event page is read on every visit
 * and changes a few times in its life. Every column it shows moves the catalog version (the
 * triggers of migrations 0011 and 0020: events, classes, places, series, categories, the results'
 * shown columns, a promoter's name). An unknown event is cached as null the same way.
 */
export function cachedPublicEvent(db: Conn, eventId: number): PublicEventDetail | null {
  return cachedForCatalog(db, `publicEvent:${eventId}`, () => getPublicEvent(db, eventId));
}
