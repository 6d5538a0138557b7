/**
 * The dealer finder (page /dealers and GET /api/dealers-lean). Works with no network: a ZIP or
 * postal code becomes coordinates through the offline data set (geo.server), dealers are placed
 * by their stored lat/lon or, failing that, by their own postal code's centroid.
 *
 * Rulings (docs/decisions.md, "Public site"):
 * - zipDistance is in miles; 0 or missing means an exact match on the postal code (a Canadian
 *   FSA such as 'M5V' matches every code inside it). With a radius, dealers are kept when their
 *   distance is at most the radius, nearest first.
 * - A postal code the data set does not know falls back to the exact match (and says so).
 * - Only active dealers are listed unless active=false is asked for explicitly.
 * - The lean listing carries what a rider needs to visit: name, address, phone, website and
 *   coordinates; never the dealer's e-mail, bio or account.
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Conn } from '~/db.server';
import { dealers } from '#db/schema';
import {
  hasCoords,
  locate,
  milesBetween,
  coordsForPostalCode,
  samePostalCode,
} from '~/services/platform/geo.server';
import { safeWebsite } from '~/services/events/public-event-detail.server';

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

function contains(column: typeof dealers.name | typeof dealers.city, text: string): SQL {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`${column} LIKE ${pattern} ESCAPE '\\'`;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** Filters dealers by name, state, country and (optionally) distance from a ZIP / postal code. */
export function findDealers(db: Conn, q: DealerQuery): DealerSearchResult {
  const active = q.active ?? true;
  const conds: (SQL | undefined)[] = [eq(dealers.active, active)];
  if (q.name) conds.push(contains(dealers.name, q.name));
  if (q.state) conds.push(eq(dealers.state, q.state));
  if (q.country) conds.push(eq(dealers.country, q.country));
  const rows = db
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
    .where(and(...conds))
    .orderBy(asc(dealers.name), asc(dealers.id))
    .all();

  const origin = q.zipcode ? coordsForPostalCode(q.zipcode) : null;
  const radius = q.zipDistance ?? 0;
  let list: DealerLean[] = rows.map((r) => ({
    ...r,
    websiteUrl: safeWebsite(r.websiteUrl),
    lat: hasCoords(r.lat, r.lon) ? r.lat : null,
    lon: hasCoords(r.lat, r.lon) ? r.lon : null,
    distanceMiles: null,
  }));

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
