/**
 * The public event schedule (the event finder and the home page's recent and coming events).
 *
 * Rulings (docs/rules.md "Public site"):
 * - Lists show upcoming events (today and later, Los Angeles) by default; `when=past` shows
 *   earlier ones (newest first), `when=all` every one. Cancelled events are hidden unless
 *   `canceled` is set.
 * - A zipcode filter finds events within ZIP_SEARCH_MILES of that ZIP / postal code, using the
 *   event's coordinates or its own postal code's centroid; an unknown code falls back to an exact
 *   match.
 */
import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Conn } from '~/db.server';
import { events, results, series, type Event } from '#db/schema';
import type { Currency } from '~/lib/constants';
import type { Lang } from '~/lib/lang';
import { countryChoices, type Choice } from '~/lib/places.server';
import { todayString } from '~/lib/format';
import { ZIP_SEARCH_MILES, type EventSearch, type When } from '~/lib/schemas/public';
import {
  coordsForPostalCode,
  locate,
  milesBetween,
  samePostalCode,
} from '~/services/platform/geo.server';
import {
  contingencyFor,
  sumTotals,
  type MoneyTotal,
} from '~/services/events/catalog/contingency.server';
import {
  contains,
  jsonBytes,
  pageOf,
  type Pagination,
} from '~/services/events/catalog/public-query.server';
import { cachedForCatalog } from '~/services/platform/data-version.server';
import { unplannedLimit } from '~/db.server';

/** An event as the schedule lists it. */
export type EventListItem = {
  id: number;
  title: string;
  date: string;
  startTime: string | null;
  venue: string | null;
  city: string | null;
  state: string | null;
  zipcode: string | null;
  country: string;
  eventType: Event['eventType'];
  cancelled: boolean;
  currency: Currency;
  seriesId: number | null;
  seriesName: string | null;
  hasResults: boolean;
  contingency: MoneyTotal[];
  distanceMiles: number | null;
};

function whenCondition(when: When, today: string): SQL | undefined {
  if (when === 'upcoming') return gte(events.date, today);
  if (when === 'past') return lt(events.date, today);
  return undefined;
}

export const eventColumns = {
  id: events.id,
  title: events.title,
  date: events.date,
  startTime: events.startTime,
  venue: events.venue,
  city: events.city,
  state: events.state,
  zipcode: events.zipcode,
  country: events.country,
  lat: events.lat,
  lon: events.lon,
  eventType: events.eventType,
  cancelled: events.cancelled,
  currency: events.currency,
  seriesId: events.seriesId,
  seriesName: series.name,
  hasResults: sql<number>`exists (select 1 from ${results} where ${results.eventId} = ${events.id})`,
};

export type EventRow = {
  id: number;
  title: string;
  date: string;
  startTime: string | null;
  venue: string | null;
  city: string | null;
  state: string | null;
  zipcode: string | null;
  country: string;
  lat: number | null;
  lon: number | null;
  eventType: Event['eventType'];
  cancelled: boolean;
  currency: Currency;
  seriesId: number | null;
  seriesName: string | null;
  hasResults: number;
};

export function toItem(
  row: EventRow,
  contingency: Map<number, MoneyTotal[]>,
  distance: number | null,
): EventListItem {
  const { lat: _lat, lon: _lon, hasResults, ...rest } = row;
  return {
    ...rest,
    hasResults: Boolean(hasResults),
    contingency: contingency.get(row.id) ?? [],
    distanceMiles: distance === null ? null : Math.round(distance * 10) / 10,
  };
}

type EventListPage = {
  events: EventListItem[];
  pagination: Pagination;
  contingencyAmount: MoneyTotal[];
};

/**
 * The schedule: filtered, paginated events and the contingency of the whole filtered set. Cached
 * until the catalog changes (`cachedForCatalog`), per day and filters.
 */
export function listEvents(
  db: Conn,
  filters: EventSearch,
  today: string = todayString(),
): EventListPage {
  return cachedForCatalog(db, `events|${today}|${JSON.stringify(filters)}`, () =>
    computeListEvents(db, filters, today),
  );
}

/** `listEvents` as the API sends it: JSON bytes, cached like the list itself. */
export function listEventsJson(
  db: Conn,
  filters: EventSearch,
  today: string = todayString(),
): Uint8Array<ArrayBuffer> {
  return cachedForCatalog(db, `events-json|${today}|${JSON.stringify(filters)}`, () =>
    jsonBytes(listEvents(db, filters, today)),
  );
}

function computeListEvents(db: Conn, filters: EventSearch, today: string): EventListPage {
  // A promoter's proposal is not on the schedule until an admin approves it.
  const conds: (SQL | undefined)[] = [
    whenCondition(filters.when, today),
    eq(events.approval, 'approved'),
  ];
  if (!filters.canceled) conds.push(eq(events.cancelled, false));
  if (filters.title) conds.push(contains(events.title, filters.title));
  if (filters.city) conds.push(contains(events.city, filters.city));
  if (filters.state) conds.push(eq(events.state, filters.state));
  if (filters.country) conds.push(eq(events.country, filters.country));
  const where = and(...conds);
  const order =
    filters.when === 'past'
      ? [desc(events.date), desc(events.startTime), desc(events.id)]
      : [asc(events.date), asc(events.startTime), asc(events.id)];
  const base = () =>
    db
      .select(eventColumns)
      .from(events)
      .leftJoin(series, eq(series.id, events.seriesId))
      .where(where)
      .orderBy(...order);

  if (filters.zipcode) {
    // Distance filter in memory: the finder's event count is small (a season or a few).
    const origin = coordsForPostalCode(filters.zipcode);
    const rows = base().all() as EventRow[];
    const kept: { row: EventRow; distance: number | null }[] = [];
    for (const row of rows) {
      if (!origin) {
        if (samePostalCode(filters.zipcode, row.zipcode)) kept.push({ row, distance: null });
        continue;
      }
      const at = locate(row);
      const distance = at ? milesBetween(origin, at) : null;
      if (distance !== null && distance <= ZIP_SEARCH_MILES) kept.push({ row, distance });
      else if (distance === null && samePostalCode(filters.zipcode, row.zipcode))
        kept.push({ row, distance: 0 });
    }
    const p = pageOf(kept.length, filters.page);
    const ids = kept.map((k) => k.row.id);
    const money = ids.length
      ? contingencyFor(db, inArray(events.id, ids))
      : new Map<number, MoneyTotal[]>();
    return {
      events: kept.slice(p.offset, p.offset + p.size).map((k) => toItem(k.row, money, k.distance)),
      pagination: { page: p.page, totalPages: p.totalPages, total: p.total },
      contingencyAmount: sumTotals(money.values()),
    };
  }

  const total =
    db
      .select({ n: sql<number>`count(*)` })
      .from(events)
      .where(where)
      .get()?.n ?? 0;
  const p = pageOf(Number(total), filters.page);
  const rows = base().limit(unplannedLimit(p.size)).offset(p.offset).all() as EventRow[];
  const pageMoney = rows.length
    ? contingencyFor(
        db,
        inArray(
          events.id,
          rows.map((r) => r.id),
        ),
      )
    : new Map<number, MoneyTotal[]>();
  const allMoney = contingencyFor(db, where);
  return {
    events: rows.map((r) => toItem(r, pageMoney, null)),
    pagination: { page: p.page, totalPages: p.totalPages, total: p.total },
    contingencyAmount: sumTotals(allMoney.values()),
  };
}

/** Events on one side of a day, for the home page: before (newest first) or from it on (soonest first). Cancelled ones left out. */
export function eventsAround(
  db: Conn,
  opts: { before?: string; from?: string; limit: number },
): EventListItem[] {
  // Cached until the catalog changes (`cachedForCatalog`): the home page asks on every visit.
  const from = opts.before === undefined ? (opts.from ?? todayString()) : undefined;
  const key = `around|${opts.before ?? ''}|${from ?? ''}|${opts.limit}`;
  return cachedForCatalog(db, key, () => computeEventsAround(db, { ...opts, from }));
}

/** `{ events: eventsAround(...) }` as the API sends it: JSON bytes, cached like the list itself. */
export function eventsAroundJson(
  db: Conn,
  opts: { before?: string; from?: string; limit: number },
): Uint8Array<ArrayBuffer> {
  const from = opts.before === undefined ? (opts.from ?? todayString()) : undefined;
  const key = `around-json|${opts.before ?? ''}|${from ?? ''}|${opts.limit}`;
  return cachedForCatalog(db, key, () => jsonBytes({ events: eventsAround(db, opts) }));
}

function computeEventsAround(
  db: Conn,
  opts: { before?: string; from?: string; limit: number },
): EventListItem[] {
  const cond =
    opts.before !== undefined
      ? lt(events.date, opts.before)
      : gte(events.date, opts.from ?? todayString());
  const order =
    opts.before !== undefined
      ? [desc(events.date), desc(events.id)]
      : [asc(events.date), asc(events.id)];
  const rows = db
    .select(eventColumns)
    .from(events)
    .leftJoin(series, eq(series.id, events.seriesId))
    .where(and(cond, eq(events.cancelled, false), eq(events.approval, 'approved')))
    .orderBy(...order)
    .limit(unplannedLimit(opts.limit))
    .all() as EventRow[];
  const money = rows.length
    ? contingencyFor(
        db,
        inArray(
          events.id,
          rows.map((r) => r.id),
        ),
      )
    : new Map<number, MoneyTotal[]>();
  return rows.map((r) => toItem(r, money, null));
}

/**
 * The countries events or series are held in: the schedule's country filter offers these, not
 * every country of the world (a choice that finds nothing, and ~250 options in every page and its
 * data). Cached until the catalog changes.
 */
function heldInCountries(db: Conn): string[] {
  return cachedForCatalog(db, 'held-in-countries', () =>
    db
      .select({ country: events.country })
      .from(events)
      .union(db.select({ country: series.country }).from(series))
      .all()
      .map((r) => r.country)
      .filter((c): c is string => Boolean(c)),
  );
}

/**
 * The schedule's country filter: the countries something is held in, plus the one asked for (a
 * link from elsewhere keeps showing its choice).
 */
export function scheduleCountryChoices(db: Conn, lang: Lang, asked: string | null): Choice[] {
  // Cached like the countries themselves: the filter walked every country of the world per visit.
  // Only a country code can match a choice: anything else asks for no extra one (and no key).
  const code = asked && /^[A-Z]{2}$/.test(asked) ? asked : '';
  return cachedForCatalog(db, `country-choices|${lang}|${code}`, () => {
    const held = new Set([...heldInCountries(db), code]);
    return countryChoices(lang).filter((c) => held.has(c.value));
  });
}
