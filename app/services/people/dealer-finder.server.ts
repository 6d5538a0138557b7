/**
 * The dealer finder (page /dealers and GET /api/dealers-lean). Works with no network: a ZIP or
 * postal code becomes coordinates through the offline data set (geo.server), dealers are placed
 * by their stored lat/lon or, failing that, by their own postal code's centroid.
 *
 * Rulings (docs/rules.md "Public site"):
 * - zipDistance is in miles; 0 or missing means an exact match on the postal code (a Canadian
 *   FSA such as 'M5V' matches every code inside it). With a radius, dealers are kept when their
 *   distance is at most the radius, nearest first.
 * - A postal code the data set does not know falls back to the exact match (and says so).
 * - Only active dealers are listed unless active=false is asked for explicitly.
 * - The lean listing carries what a rider needs to visit: name, address, phone, website and
 *   coordinates; never the dealer's e-mail, bio or account.
 */
import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { Conn } from '~/db.server';
import { dealers } from '#db/schema';
import {
  hasCoords,
  locate,
  milesBetween,
  coordsForPostalCode,
  samePostalCode,
} from '~/services/platform/geo.server';
import { safeWebsite } from '~/services/events/catalog/public-event-detail.server';
import { pageWindow } from '~/lib/pagination';
import { contains } from '~/services/platform/like.server';
import { cachedFor } from '~/services/platform/data-version.server';
import { unplannedLimit } from '~/db.server';

export type DealerLean = {
  id: number;
  name: string;
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  state: string | null;
  zipcode: string | null;
  country: string;
  phone: string | null;
  websiteUrl: string | null;
  /** Stored coordinates only (map markers are skipped when missing). */
  lat: number | null;
  lon: number | null;
  /** Miles from the searched ZIP / postal code, one decimal; null when not searching by code. */
  distanceMiles: number | null;
};

export type DealerQuery = {
  name?: string;
  state?: string;
  zipcode?: string;
  /** Miles; 0 or undefined = exact postal-code match. */
  zipDistance?: number;
  country?: string;
  active?: boolean;
};

export type DealerSearchResult = {
  dealers: DealerLean[];
  distinctStates: string[];
  distinctCountry: string[];
  /** The searched code's centroid, when a code was given and found. */
  origin: { lat: number; lon: number } | null;
  /** True when a code was given but is not in the offline data set (exact match used). */
  zipNotFound: boolean;
};

const round1 = (n: number) => Math.round(n * 10) / 10;

function filters(q: DealerQuery): SQL | undefined {
  const conds: (SQL | undefined)[] = [eq(dealers.active, q.active ?? true)];
  if (q.name) conds.push(contains(dealers.name, q.name));
  if (q.state) conds.push(eq(dealers.state, q.state));
  if (q.country) conds.push(eq(dealers.country, q.country));
  return and(...conds);
}

function leanRows(db: Conn, where: SQL | undefined, window?: { offset: number; limit: number }) {
  const query = db
    .select({
      id: dealers.id,
      name: dealers.name,
      addressLine1: dealers.addressLine1,
      addressLine2: dealers.addressLine2,
      city: dealers.city,
      state: dealers.state,
      zipcode: dealers.zipcode,
      country: dealers.country,
      phone: dealers.phone,
      websiteUrl: dealers.websiteUrl,
      lat: dealers.lat,
      lon: dealers.lon,
    })
    .from(dealers)
    .where(where)
    .orderBy(asc(dealers.name), asc(dealers.id));
  return window
    ? query.limit(unplannedLimit(window.limit)).offset(window.offset).all()
    : query.all();
}

/** Filters dealers by name, state, country and (optionally) distance from a ZIP / postal code. */
export function findDealers(db: Conn, q: DealerQuery): DealerSearchResult {
  // Cached until a dealer changes (`cachedFor`): the finder's API sends every dealer on each call.
  return cachedFor(db, 'dealers', `find|${JSON.stringify(q)}`, () => computeFindDealers(db, q));
}

/**
 * The dealer finder's API body (`GET /api/dealers-lean`), serialized once per query and dealers
 * version: every dealer, so about 260 kB of JSON at 1,055 dealers.
 */
export function findDealersJson(db: Conn, q: DealerQuery): string {
  return cachedFor(db, 'dealers', `json|${JSON.stringify(q)}`, () => {
    const found = findDealers(db, q);
    return JSON.stringify({
      dealers: found.dealers,
      distinctStates: found.distinctStates,
      distinctCountry: found.distinctCountry,
      zipNotFound: found.zipNotFound,
    });
  });
}

function computeFindDealers(db: Conn, q: DealerQuery): DealerSearchResult {
  const active = q.active ?? true;
  const rows = leanRows(db, filters(q));
  const origin = q.zipcode ? coordsForPostalCode(q.zipcode) : null;
  const radius = q.zipDistance ?? 0;
  let list: DealerLean[] = rows.map(toLean);

  if (q.zipcode) {
    list = list
      .map((d) => {
        const at = origin ? locate(d) : null;
        return { ...d, distanceMiles: origin && at ? round1(milesBetween(origin, at)) : null };
      })
      .filter((d) => {
        if (!origin || radius <= 0) return samePostalCode(q.zipcode, d.zipcode);
        return d.distanceMiles !== null && d.distanceMiles <= radius;
      })
      .sort(
        (a, b) =>
          (a.distanceMiles ?? Infinity) - (b.distanceMiles ?? Infinity) ||
          a.name.localeCompare(b.name),
      );
  }

  return {
    dealers: list,
    ...dealerFacets(db, active),
    origin: origin ? { lat: origin.lat, lon: origin.lon } : null,
    zipNotFound: Boolean(q.zipcode) && origin === null,
  };
}

function toLean(r: ReturnType<typeof leanRows>[number]): DealerLean {
  const located = hasCoords(r.lat, r.lon);
  return {
    ...r,
    websiteUrl: safeWebsite(r.websiteUrl),
    lat: located ? r.lat : null,
    lon: located ? r.lon : null,
    distanceMiles: null,
  };
}

/** Dealers per page of the public finder (and so markers on its map). */
export const DEALER_PAGE_SIZE = 20;

/**
 * One page of the public finder: nearest first when a ZIP / postal code is searched (every match
 * is measured, then the page is cut), else by name with the page cut in SQL. `total` counts every
 * match, so the page says "1,055 dealers found" while sending 20.
 */
export function findDealersPage(
  db: Conn,
  q: DealerQuery,
  page: number | undefined,
  size = DEALER_PAGE_SIZE,
) {
  return cachedFor(db, 'dealers', `page|${JSON.stringify(q)}|${page ?? ''}|${size}`, () =>
    computeDealersPage(db, q, page, size),
  );
}

function computeDealersPage(db: Conn, q: DealerQuery, page: number | undefined, size: number) {
  if (q.zipcode) {
    const all = findDealers(db, q);
    const { offset, limit, pagination } = pageWindow(all.dealers.length, page, size);
    return { ...all, dealers: all.dealers.slice(offset, offset + limit), pagination };
  }
  const where = filters(q);
  const total = db.select({ n: count() }).from(dealers).where(where).get()?.n ?? 0;
  const { offset, limit, pagination } = pageWindow(total, page, size);
  return {
    dealers: leanRows(db, where, { offset, limit }).map(toLean),
    ...dealerFacets(db, q.active ?? true),
    origin: null,
    zipNotFound: false,
    pagination,
  };
}

/** Every state and country that has a dealer (for the finder's drop-downs). */
export function dealerFacets(
  db: Conn,
  active = true,
): { distinctStates: string[]; distinctCountry: string[] } {
  const distinctStates = db
    .selectDistinct({ v: dealers.state })
    .from(dealers)
    .where(
      and(eq(dealers.active, active), sql`${dealers.state} is not null and ${dealers.state} <> ''`),
    )
    .orderBy(asc(dealers.state))
    .all()
    .map((r) => r.v as string);
  const distinctCountry = db
    .selectDistinct({ v: dealers.country })
    .from(dealers)
    .where(eq(dealers.active, active))
    .orderBy(asc(dealers.country))
    .all()
    .map((r) => r.v);
  return { distinctStates, distinctCountry };
}
