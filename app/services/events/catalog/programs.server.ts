/**
 * Programs (categories) and series, as the admin manages them. A series carries a version
 * (spec `__v`): an update must send the version it read; a stale one is refused.
 */
import { and, asc, count, eq, max, min, sql } from 'drizzle-orm';
import { writeTx, type Conn, type DB, type Tx, unplannedLimit } from '~/db.server';
import { awards, categories, events, promoters, series } from '#db/schema';
import { pageWindow } from '~/lib/pagination';
import type { SortInput } from '~/lib/list-query';
import type { CategoryInput, CategorySort, SeriesInput, SeriesSort } from '~/lib/schemas/programs';
import { columnsOf } from '~/services/platform/columns.server';
import { contains } from '~/services/platform/like.server';
import { orderFor, type SortColumns } from '~/services/platform/list-order.server';
import { audit, type Actor } from '~/services/platform/audit.server';

// ---------------------------------------------------------------- categories

const categorySeries = sql<number>`(SELECT count(*) FROM series s WHERE s.category_id = ${categories.id})`;

const CATEGORY_ORDER: SortColumns<CategorySort> = {
  name: [categories.name],
  raceStyle: [categories.raceStyle],
  series: [categorySeries],
  status: [categories.active],
};

export function adminListCategories(db: DB, sort: SortInput<CategorySort> = {}) {
  return db
    .select({
      ...columnsOf(categories, [
        'id',
        'name',
        'description',
        'raceStyle',
        'active',
        'eligibleModels',
        'minYear',
        'maxYear',
      ]),
      series: categorySeries,
    })
    .from(categories)
    .orderBy(...orderFor(CATEGORY_ORDER, sort, { key: 'name' }, [categories.name, categories.id]))
    .all();
}

export function getCategoryWithSeries(db: DB, id: number) {
  const category = db.select().from(categories).where(eq(categories.id, id)).get();
  if (!category) return null;
  const list = db
    .select({
      id: series.id,
      name: series.name,
      firstDate: series.firstDate,
      lastDate: series.lastDate,
    })
    .from(series)
    .where(eq(series.categoryId, id))
    .orderBy(asc(series.name))
    .all();
  return { category, series: list };
}

function categoryValues(v: CategoryInput) {
  return {
    name: v.name,
    description: v.description,
    raceStyle: v.raceStyle ?? null,
    active: v.active,
    eligibleModels: v.eligibleModels,
    minYear: v.minYear ?? null,
    maxYear: v.maxYear ?? null,
  };
}

/** Creates (id null) or updates a category; returns its id. */
export function saveCategory(db: DB, id: number | null, v: CategoryInput, actor: Actor): number {
  return writeTx(db, (tx) => {
    if (id === null) {
      const row = tx
        .insert(categories)
        .values(categoryValues(v))
        .returning({ id: categories.id })
        .get();
      audit(tx, actor, 'category.create', { type: 'category', id: row.id });
      return row.id;
    }
    tx.update(categories).set(categoryValues(v)).where(eq(categories.id, id)).run();
    audit(tx, actor, 'category.update', { type: 'category', id });
    return id;
  });
}

/** Deletes a category; its series and events keep running under the default program. */
export function deleteCategory(db: DB, id: number, actor: Actor): boolean {
  return writeTx(db, (tx) => {
    const r = tx.delete(categories).where(eq(categories.id, id)).run();
    if (r.changes) audit(tx, actor, 'category.delete', { type: 'category', id });
    return r.changes > 0;
  });
}

// ---------------------------------------------------------------- series

const seriesEvents = sql<number>`(SELECT count(*) FROM events e WHERE e.series_id = ${series.id})`;

const SERIES_ORDER: SortColumns<SeriesSort> = {
  name: [series.name],
  dates: [series.firstDate],
  category: [categories.name],
  promoter: [promoters.name],
  events: [seriesEvents],
};

export function adminListSeries(
  db: DB,
  f: { name?: string; page?: number } & SortInput<SeriesSort>,
) {
  const cond = f.name ? contains(series.name, f.name) : undefined;
  const total = db.select({ n: count() }).from(series).where(cond).get()?.n ?? 0;
  const { offset, limit, pagination } = pageWindow(total, f.page ?? 1);
  const rows = db
    .select({
      id: series.id,
      name: series.name,
      firstDate: series.firstDate,
      lastDate: series.lastDate,
      state: series.state,
      country: series.country,
      promoterName: promoters.name,
      categoryName: categories.name,
      events: seriesEvents,
    })
    .from(series)
    .leftJoin(promoters, eq(promoters.id, series.promoterId))
    .leftJoin(categories, eq(categories.id, series.categoryId))
    .where(cond)
    .orderBy(...orderFor(SERIES_ORDER, f, { key: 'dates', dir: 'desc' }, [series.name, series.id]))
    .limit(unplannedLimit(limit))
    .offset(offset)
    .all();
  return { series: rows, pagination };
}

export function getSeriesForAdmin(db: DB, id: number) {
  const row = db.select().from(series).where(eq(series.id, id)).get();
  if (!row) return null;
  const list = db
    .select({
      id: events.id,
      title: events.title,
      date: events.date,
      city: events.city,
      state: events.state,
      cancelled: events.cancelled,
    })
    .from(events)
    .where(eq(events.seriesId, id))
    .orderBy(asc(events.date))
    .all();
  return { series: row, events: list };
}

/** A series as the API shows it: with `_id` and the version `__v` to send back on update. */
export function seriesForApi<T extends { id: number; version: number }>(row: T) {
  return { ...row, _id: row.id, __v: row.version };
}

/** Keeps a series' first and last dates equal to its earliest and latest events. */
export function refreshSeriesDates(tx: Conn, seriesId: number) {
  const span = tx
    .select({ first: min(events.date), last: max(events.date) })
    .from(events)
    .where(eq(events.seriesId, seriesId))
    .get();
  tx.update(series)
    .set({ firstDate: span?.first ?? null, lastDate: span?.last ?? null })
    .where(eq(series.id, seriesId))
    .run();
}

function seriesValues(v: SeriesInput) {
  return {
    name: v.name,
    description: v.description,
    categoryId: v.categoryId ?? null,
    promoterId: v.promoterId ?? null,
    raceStyle: v.raceStyle ?? null,
    city: v.city,
    state: v.state ? v.state.toUpperCase() : null,
    zipcode: v.zipcode,
    country: v.country.toUpperCase(),
  };
}

export function createSeries(db: DB, v: SeriesInput, actor: Actor) {
  return writeTx(db, (tx) => {
    const row = tx.insert(series).values(seriesValues(v)).returning().get();
    audit(tx, actor, 'series.create', { type: 'series', id: row.id });
    return row;
  });
}

export type SeriesUpdate =
  { ok: true; series: typeof series.$inferSelect } | { ok: false; reason: 'notFound' | 'stale' };

/** Updates a series only if `expectedVersion` is still its version; bumps the version. */
export function updateSeries(
  db: DB,
  id: number,
  v: SeriesInput,
  expectedVersion: number,
  actor: Actor,
): SeriesUpdate {
  return writeTx(db, (tx: Tx) => {
    const r = tx
      .update(series)
      .set({ ...seriesValues(v), version: sql`${series.version} + 1` })
      .where(and(eq(series.id, id), eq(series.version, expectedVersion)))
      .run();
    if (r.changes === 0) {
      const exists = tx.select({ id: series.id }).from(series).where(eq(series.id, id)).get();
      return { ok: false, reason: exists ? 'stale' : 'notFound' };
    }
    audit(tx, actor, 'series.update', { type: 'series', id }, { version: expectedVersion + 1 });
    return { ok: true, series: tx.select().from(series).where(eq(series.id, id)).get()! };
  });
}

/** Deletes a series (its events stay, outside any series); refused while it has final-standings awards. */
export function deleteSeries(db: DB, id: number, actor: Actor): boolean {
  return writeTx(db, (tx) => {
    if (
      tx
        .select({ id: awards.id })
        .from(awards)
        .where(eq(awards.seriesId, id))
        .limit(unplannedLimit(1))
        .get()
    )
      return false;
    tx.update(events).set({ seriesId: null }).where(eq(events.seriesId, id)).run();
    const r = tx.delete(series).where(eq(series.id, id)).run();
    if (r.changes) audit(tx, actor, 'series.delete', { type: 'series', id });
    return r.changes > 0;
  });
}

/** Takes an event out of a series (the event itself stays). */
export function removeEventFromSeries(
  db: DB,
  seriesId: number,
  eventId: number,
  actor: Actor,
): boolean {
  return writeTx(db, (tx) => {
    const r = tx
      .update(events)
      .set({ seriesId: null })
      .where(and(eq(events.id, eventId), eq(events.seriesId, seriesId)))
      .run();
    if (!r.changes) return false;
    refreshSeriesDates(tx, seriesId);
    tx.update(series)
      .set({ version: sql`${series.version} + 1` })
      .where(eq(series.id, seriesId))
      .run();
    audit(tx, actor, 'series.removeEvent', { type: 'series', id: seriesId }, { eventId });
    return true;
  });
}

/** Options for the series form. */
export function seriesFormOptions(db: DB) {
  return {
    categories: db
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .orderBy(asc(categories.name))
      .all(),
    promoters: db
      .select({ id: promoters.id, name: promoters.name })
      .from(promoters)
      .orderBy(asc(promoters.name))
      .all(),
  };
}
