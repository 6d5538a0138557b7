/**
 * The public schedule: event and series finders, event and series details, recent events,
 * categories and the public promoter listing. Read-only.
 *
 * Rulings (docs/decisions.md, "Public site"):
 * - An event's contingency is the sum of every place amount of its classes whose payout type is
 *   not `noPayout`, per currency (no conversion between USD, CAD and EUR).
 * - Lists show upcoming events (today and later, Los Angeles) by default; `when=past` shows
 *   earlier ones (newest first), `when=all` every one. Cancelled events are hidden unless
 *   `canceled` is set.
 * - A zipcode filter finds events (or series) within ZIP_SEARCH_MILES of that ZIP / postal code,
 *   using the record's coordinates or its own postal code's centroid; an unknown code falls back
 *   to an exact match.
 */
import {
  and,
  asc,
  desc,
  eq,
  gte,
  inArray,
  lt,
  ne,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import type { Conn } from '~/db.server';
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
import { type Currency } from '~/lib/constants';
import { todayString } from '~/lib/format';
import {
  ZIP_SEARCH_MILES,
  type EventSearch,
  type SeriesSearch,
  type When,
} from '~/lib/schemas/public';
import { coordsForPostalCode, locate, milesBetween, samePostalCode } from '~/services/platform/geo.server';
import { pageWindow } from '~/lib/pagination';

export { ZIP_SEARCH_MILES };

/** An amount of money in one currency. */
export type MoneyTotal = { currency: Currency; cents: number };

export type Pagination = { page: number; totalPages: number; total: number };

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

// ---------------------------------------------------------------- helpers

/** `column LIKE '%text%'` with LIKE wildcards in the text taken literally (case-insensitive for ASCII). */
function contains(column: AnyColumn | SQL, text: string): SQL {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`${column} LIKE ${pattern} ESCAPE '\\'`;
}

function pageOf(total: number, requested: number) {
  const { offset, limit, pagination } = pageWindow(total, requested);
  return { ...pagination, offset, size: limit };
}

/** Adds money into a per-currency list (kept sorted USD, CAD, EUR). */
export function addMoney(list: MoneyTotal[], currency: Currency, cents: number): MoneyTotal[] {
  const found = list.find((m) => m.currency === currency);
  if (found) found.cents += cents;
  else list.push({ currency, cents });
  const order: Currency[] = ['USD', 'CAD', 'EUR'];
  return list.sort((a, b) => order.indexOf(a.currency) - order.indexOf(b.currency));
}

/** Per-event contingency (sum of paying classes' place amounts, per currency) for some events. */
export function contingencyFor(db: Conn, where: SQL | undefined): Map<number, MoneyTotal[]> {
  const rows = db
    .select({
      eventId: eventClasses.eventId,
      currency: eventClasses.currency,
      cents: sql<number>`coalesce(sum(${classPlaces.amountCents}), 0)`,
    })
    .from(eventClasses)
    .innerJoin(classPlaces, eq(classPlaces.classId, eventClasses.id))
    .innerJoin(events, eq(events.id, eventClasses.eventId))
    .where(and(ne(eventClasses.payoutType, 'noPayout'), where))
    .groupBy(eventClasses.eventId, eventClasses.currency)
    .all();
  const map = new Map<number, MoneyTotal[]>();
  for (const r of rows) {
    if (r.cents <= 0) continue;
    map.set(r.eventId, addMoney(map.get(r.eventId) ?? [], r.currency, Number(r.cents)));
  }
  return map;
}

/** Sums per-event totals into one per-currency total. */
export function sumTotals(lists: Iterable<MoneyTotal[]>): MoneyTotal[] {
  let out: MoneyTotal[] = [];
  for (const list of lists) for (const m of list) out = addMoney(out, m.currency, m.cents);
  return out;
}

function whenCondition(when: When, today: string): SQL | undefined {
  if (when === 'upcoming') return gte(events.date, today);
  if (when === 'past') return lt(events.date, today);
  return undefined;
}

const eventColumns = {
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

type EventRow = {
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

function toItem(
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

// ---------------------------------------------------------------- events

/** The schedule: filtered, paginated events and the contingency of the whole filtered set. */
export function listEvents(
  db: Conn,
  filters: EventSearch,
  today: string = todayString(),
): { events: EventListItem[]; pagination: Pagination; contingencyAmount: MoneyTotal[] } {
  const conds: (SQL | undefined)[] = [whenCondition(filters.when, today)];
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
  const rows = base().limit(p.size).offset(p.offset).all() as EventRow[];
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
    .where(and(cond, eq(events.cancelled, false)))
    .orderBy(...order)
    .limit(opts.limit)
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
  noPayoutReason: string | null;
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

export type PublicSeriesRef = {
  id: number;
  name: string;
  description: string | null;
  firstDate: string | null;
  lastDate: string | null;
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
export function getPublicEvent(db: Conn, eventId: number): PublicEventDetail | null {
  const row = db
    .select({
      event: events,
      categoryName: categories.name,
      promoterName: promoters.name,
    })
    .from(events)
    .leftJoin(categories, eq(categories.id, events.categoryId))
    .leftJoin(promoters, eq(promoters.id, events.promoterId))
    .where(eq(events.id, eventId))
    .get();
  if (!row) return null;
  const e = row.event;
  const classRows = db
    .select()
    .from(eventClasses)
    .where(eq(eventClasses.eventId, e.id))
    .orderBy(asc(eventClasses.sortOrder), asc(eventClasses.id))
    .all();
  const classIds = classRows.map((c) => c.id);
  const placeRows = classIds.length
    ? db
        .select()
        .from(classPlaces)
        .where(inArray(classPlaces.classId, classIds))
        .orderBy(asc(classPlaces.place))
        .all()
    : [];
  const resultRows = db
    .select()
    .from(results)
    .where(eq(results.eventId, e.id))
    .orderBy(sql`${results.place} is null`, asc(results.place), asc(results.id))
    .all();
  const classes: PublicClass[] = classRows.map((c) => {
    const places = placeRows
      .filter((p) => p.classId === c.id)
      .map((p) => ({ place: p.place, amountCents: p.amountCents }));
    return {
      id: c.id,
      name: c.name,
      payoutType: c.payoutType,
      currency: c.currency,
      places,
      totalCents: c.payoutType === 'noPayout' ? 0 : places.reduce((s, p) => s + p.amountCents, 0),
      results: resultRows
        .filter((r) => r.classId === c.id)
        .map((r) => ({
          id: r.id,
          place: r.place,
          resultType: r.resultType,
          riderName: r.riderName,
          bike: [r.make, r.model].filter(Boolean).join(' '),
          hometown: r.hometown,
          payoutCents: r.payoutCents,
          bonusCents: r.bonusCents,
          bonusNote: r.bonusNote,
          noPayoutReason: r.noPayoutReason,
        })),
    };
  });
  let contingency: MoneyTotal[] = [];
  for (const c of classes)
    if (c.totalCents > 0) contingency = addMoney(contingency, c.currency, c.totalCents);
  const s = e.seriesId
    ? db.select().from(series).where(eq(series.id, e.seriesId)).get()
    : undefined;
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

// ---------------------------------------------------------------- series

export type SeriesListItem = {
  id: number;
  name: string;
  description: string | null;
  city: string | null;
  state: string | null;
  zipcode: string | null;
  country: string;
  raceStyle: Event['eventType'];
  categoryName: string | null;
  firstDate: string | null;
  lastDate: string | null;
  eventCount: number;
  distanceMiles: number | null;
};

const firstDateExpr = sql<
  string | null
>`coalesce(${series.firstDate}, (select min(${events.date}) from ${events} where ${events.seriesId} = ${series.id}))`;
const lastDateExpr = sql<
  string | null
>`coalesce(${series.lastDate}, (select max(${events.date}) from ${events} where ${events.seriesId} = ${series.id}))`;

/** The series finder: filtered, paginated series, plus every state that has a series. */
export function listSeries(
  db: Conn,
  filters: SeriesSearch,
  today: string = todayString(),
): { allSeries: SeriesListItem[]; pagination: Pagination; distinctStates: string[] } {
  const conds: (SQL | undefined)[] = [];
  if (filters.when === 'upcoming')
    conds.push(or(sql`${lastDateExpr} >= ${today}`, sql`${lastDateExpr} is null`));
  if (filters.when === 'past') conds.push(sql`${lastDateExpr} < ${today}`);
  if (filters.name) conds.push(contains(series.name, filters.name));
  if (filters.city) conds.push(contains(series.city, filters.city));
  if (filters.state) conds.push(eq(series.state, filters.state));
  if (filters.country) conds.push(eq(series.country, filters.country));
  const where = and(...conds);
  const rows = db
    .select({
      id: series.id,
      name: series.name,
      description: series.description,
      city: series.city,
      state: series.state,
      zipcode: series.zipcode,
      country: series.country,
      raceStyle: series.raceStyle,
      categoryName: categories.name,
      firstDate: firstDateExpr,
      lastDate: lastDateExpr,
      eventCount: sql<number>`(select count(*) from ${events} where ${events.seriesId} = ${series.id})`,
    })
    .from(series)
    .leftJoin(categories, eq(categories.id, series.categoryId))
    .where(where)
    .orderBy(
      filters.when === 'past'
        ? sql`${lastDateExpr} desc`
        : sql`${firstDateExpr} is null, ${firstDateExpr} asc`,
      asc(series.name),
    )
    .all();
  let items: SeriesListItem[] = rows.map((r) => ({
    ...r,
    eventCount: Number(r.eventCount),
    distanceMiles: null,
  }));
  if (filters.zipcode) {
    const origin = coordsForPostalCode(filters.zipcode);
    items = items.flatMap((s) => {
      const at = origin ? locate({ zipcode: s.zipcode }) : null;
      if (origin && at) {
        const d = milesBetween(origin, at);
        return d <= ZIP_SEARCH_MILES ? [{ ...s, distanceMiles: Math.round(d * 10) / 10 }] : [];
      }
      return samePostalCode(filters.zipcode, s.zipcode) ? [s] : [];
    });
  }
  const p = pageOf(items.length, filters.page);
  const distinctStates = db
    .selectDistinct({ state: series.state })
    .from(series)
    .where(sql`${series.state} is not null and ${series.state} <> ''`)
    .orderBy(asc(series.state))
    .all()
    .map((r) => r.state as string);
  return {
    allSeries: items.slice(p.offset, p.offset + p.size),
    pagination: { page: p.page, totalPages: p.totalPages, total: p.total },
    distinctStates,
  };
}

export type PublicSeriesDetail = {
  series: PublicSeriesRef & {
    city: string | null;
    state: string | null;
    country: string;
    raceStyle: Event['eventType'];
    categoryName: string | null;
    promoterName: string | null;
    contingency: MoneyTotal[];
  };
  events: EventListItem[];
};

/** One series with all its events (cancelled ones included, flagged); null if unknown. */
export function getPublicSeries(db: Conn, seriesId: number): PublicSeriesDetail | null {
  const s = db
    .select({
      series,
      categoryName: categories.name,
      promoterName: promoters.name,
      firstDate: firstDateExpr,
      lastDate: lastDateExpr,
    })
    .from(series)
    .leftJoin(categories, eq(categories.id, series.categoryId))
    .leftJoin(promoters, eq(promoters.id, series.promoterId))
    .where(eq(series.id, seriesId))
    .get();
  if (!s) return null;
  const rows = db
    .select(eventColumns)
    .from(events)
    .leftJoin(series, eq(series.id, events.seriesId))
    .where(eq(events.seriesId, seriesId))
    .orderBy(asc(events.date), asc(events.startTime), asc(events.id))
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
  const list = rows.map((r) => toItem(r, money, null));
  return {
    series: {
      id: s.series.id,
      name: s.series.name,
      description: s.series.description,
      firstDate: s.firstDate,
      lastDate: s.lastDate,
      city: s.series.city,
      state: s.series.state,
      country: s.series.country,
      raceStyle: s.series.raceStyle,
      categoryName: s.categoryName,
      promoterName: s.promoterName,
      contingency: sumTotals(list.filter((e) => !e.cancelled).map((e) => e.contingency)),
    },
    events: list,
  };
}

// ---------------------------------------------------------------- categories and promoters

export type PublicCategory = {
  id: number;
  name: string;
  description: string | null;
  raceStyle: Event['eventType'];
  active: boolean;
  eligibleModels: string[] | null;
  minYear: number | null;
  maxYear: number | null;
};

const categoryColumns = {
  id: categories.id,
  name: categories.name,
  description: categories.description,
  raceStyle: categories.raceStyle,
  active: categories.active,
  eligibleModels: categories.eligibleModels,
  minYear: categories.minYear,
  maxYear: categories.maxYear,
};

/** Categories (programs), optionally only active or inactive ones. */
export function listCategories(db: Conn, active?: boolean): PublicCategory[] {
  return db
    .select(categoryColumns)
    .from(categories)
    .where(active === undefined ? undefined : eq(categories.active, active))
    .orderBy(asc(categories.name))
    .all();
}

/** One category with its series; null if unknown. */
export function getCategory(
  db: Conn,
  categoryId: number,
): { category: PublicCategory; series: PublicSeriesRef[] } | null {
  const category = db
    .select(categoryColumns)
    .from(categories)
    .where(eq(categories.id, categoryId))
    .get();
  if (!category) return null;
  const list = db
    .select({
      id: series.id,
      name: series.name,
      description: series.description,
      firstDate: firstDateExpr,
      lastDate: lastDateExpr,
    })
    .from(series)
    .where(eq(series.categoryId, categoryId))
    .orderBy(asc(series.name))
    .all();
  return { category, series: list };
}

/** The public promoter listing: names and phones only, optionally filtered. */
export function listPromoters(
  db: Conn,
  filters: { name?: string; phone?: string },
): { id: number; name: string; phone: string | null }[] {
  const conds: (SQL | undefined)[] = [];
  if (filters.name) conds.push(contains(promoters.name, filters.name));
  if (filters.phone) {
    const digits = filters.phone.replace(/\D/g, '');
    if (digits)
      conds.push(
        contains(
          sql`replace(replace(replace(replace(replace(replace(${promoters.phone}, ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', '')`,
          digits,
        ),
      );
  }
  return db
    .select({ id: promoters.id, name: promoters.name, phone: promoters.phone })
    .from(promoters)
    .where(and(...conds))
    .orderBy(asc(promoters.name))
    .all();
}
