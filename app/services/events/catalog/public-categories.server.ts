/** Public categories (programs): the list, and one category with its series. Read-only. */
import { asc, eq } from 'drizzle-orm';
import type { Conn } from '~/db.server';
import { categories, series, type Event } from '#db/schema';
import {
  firstDateExpr,
  lastDateExpr,
  type PublicSeriesRef,
} from '~/services/events/catalog/public-series.server';

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
