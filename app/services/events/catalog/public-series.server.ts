/**
 * Public series: the series finder and one series' page with all its events. A series' first and
 * last dates are its own, else those of its earliest and latest events. A zipcode filter keeps the
 * series within ZIP_SEARCH_MILES of that code (an unknown code falls back to an exact match).
 */
import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import { prepared, type Conn } from '~/db.server';
import { categories, events, promoters, series, type Event } from '#db/schema';
import { todayString } from '~/lib/format';
import { ZIP_SEARCH_MILES, type SeriesSearch } from '~/lib/schemas/public';
import {
  coordsForPostalCode,
  locate,
  milesBetween,
  samePostalCode,
} from '~/services/platform/geo.server';
import {
  contingencyByEvent,
  contingencyQuery,
  sumTotals,
  type MoneyTotal,
} from '~/services/events/catalog/contingency.server';
import {
  eventColumns,
  toItem,
  type EventListItem,
  type EventRow,
} from '~/services/events/catalog/public-event-list.server';
import { contains, pageOf, type Pagination } from '~/services/events/catalog/public-query.server';
import { cachedForCatalog } from '~/services/platform/data-version.server';
import {
  seriesStandings,
  type ClassStandings,
} from '~/services/events/catalog/series-standings.server';

/** A series as an event page or a category names it. */
export type PublicSeriesRef = {
  id: number;
  name: string;
  description: string | null;
  firstDate: string | null;
  lastDate: string | null;
};

type SeriesListItem = {
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
  _id?: number;
  __v?: number;
};

export const firstDateExpr = sql<
  string | null
>`coalesce(${series.firstDate}, (select min(${events.date}) from ${events} where ${events.seriesId} = ${series.id}))`;
export const lastDateExpr = sql<
  string | null
>`coalesce(${series.lastDate}, (select max(${events.date}) from ${events} where ${events.seriesId} = ${series.id}))`;

type SeriesListPage = {
  allSeries: SeriesListItem[];
  pagination: Pagination;
  distinctStates: string[];
};

/**
 * The series finder: filtered, paginated series, plus every state that has a series. Cached until
 * the catalog changes (`cachedForCatalog`), per day and filters.
 */
export function listSeries(
  db: Conn,
  filters: SeriesSearch,
  today: string = todayString(),
): SeriesListPage {
  return cachedForCatalog(db, `series|${today}|${JSON.stringify(filters)}`, () =>
    computeListSeries(db, filters, today),
  );
}

function computeListSeries(db: Conn, filters: SeriesSearch, today: string): SeriesListPage {
  const conds: (SQL | undefined)[] = [];
  if (filters.when === 'upcoming')
    conds.push(or(sql`${lastDateExpr} >= ${today}`, sql`${lastDateExpr} is null`));
  if (filters.when === 'past') conds.push(sql`${lastDateExpr} < ${today}`);
  if (filters.name) conds.push(contains(series.name, filters.name));
  if (filters.year) {
    conds.push(
      sql`substr(coalesce(${firstDateExpr}, ${lastDateExpr}), 1, 4) <= ${String(filters.year)}`,
    );
    conds.push(
      sql`substr(coalesce(${lastDateExpr}, ${firstDateExpr}), 1, 4) >= ${String(filters.year)}`,
    );
  }
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
      version: series.version,
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
  let items: SeriesListItem[] = rows.map(({ version, ...r }) => ({
    ...r,
    _id: r.id,
    __v: version,
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
    /** The series' id and version as a client sends them back. */
    _id: number;
    __v: number;
    city: string | null;
    state: string | null;
    country: string;
    raceStyle: Event['eventType'];
    categoryName: string | null;
    promoterName: string | null;
    contingency: MoneyTotal[];
  };
  events: EventListItem[];
  /** Contingency earned per class in the series' events (not the series' championship points). */
  standings: ClassStandings[];
};

/**
 * The series page's reads, built once per connection (the series through a placeholder): a series
 * page is read on every visit, and drizzle would otherwise build the same three queries anew. The
 * contingency is read for the series' events through their series, not a list of their ids.
 */
function seriesPageQueries(db: Conn) {
  return prepared(db, 'catalog.publicSeries', (c) => {
    const bySeries = sql.placeholder('seriesId');
    return {
      series: c
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
        .where(eq(series.id, bySeries))
        .prepare(),
      events: c
        .select(eventColumns)
        .from(events)
        .leftJoin(series, eq(series.id, events.seriesId))
        .where(and(eq(events.seriesId, bySeries), eq(events.approval, 'approved')))
        .orderBy(asc(events.date), asc(events.startTime), asc(events.id))
        .prepare(),
      contingency: contingencyQuery(
        c,
        and(eq(events.seriesId, bySeries), eq(events.approval, 'approved')),
      ).prepare(),
    };
  });
}

/** One series with all its events (cancelled ones included, flagged); null if unknown. */
export function getPublicSeries(db: Conn, seriesId: number): PublicSeriesDetail | null {
  const q = seriesPageQueries(db);
  const s = q.series.get({ seriesId });
  if (!s) return null;
  const rows = q.events.all({ seriesId }) as EventRow[];
  const money = rows.length
    ? contingencyByEvent(q.contingency.all({ seriesId }))
    : new Map<number, MoneyTotal[]>();
  const list = rows.map((r) => toItem(r, money, null));
  return {
    series: {
      id: s.series.id,
      _id: s.series.id,
      __v: s.series.version,
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
    standings: seriesStandings(db, seriesId),
  };
}

/**
 * A series page's data, cached until the catalog changes (its events, their money and results, its
 * category and promoter all move the catalog version; see `cachedPublicEvent`).
 */
export function cachedPublicSeries(db: Conn, seriesId: number): PublicSeriesDetail | null {
  return cachedForCatalog(db, `publicSeries:${seriesId}`, () => getPublicSeries(db, seriesId));
}
