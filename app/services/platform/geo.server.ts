/**
 * Offline geography for the dealer and event finders (docs/rules.md "Formats"): US ZIP and Canadian
 * postal-code centroids come from the `zipcodes` package shipped with the project (no network),
 * distances are great-circle (haversine) in miles, the unit of the API's zipDistance.
 * Canadian codes resolve at the FSA level (the first three characters, e.g. 'M5V').
 */
import { createRequire } from 'node:module';
import { KM_PER_MILE } from '~/lib/constants';

/** A point on the globe, in decimal degrees. */
export type Coords = { lat: number; lon: number };

/** Where a postal code lies and which country's system it belongs to. */
export type PostalLocation = Coords & { code: string; country: 'US' | 'CA' };

type ZipRecord = {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  country: string;
};
type ZipcodesModule = { lookup: (zip: string) => ZipRecord | undefined };

/** Mean Earth radius in miles. */
const EARTH_RADIUS_MILES = 3958.7613;

const US_ZIP_RE = /^(\d{5})(?:-?\d{4})?$/;
const CA_POSTAL_RE = /^([ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z])(?:\s*(\d[ABCEGHJ-NPRSTV-Z]\d))?$/;

let zipcodes: ZipcodesModule | undefined;

/** The `zipcodes` data set (about 44,000 centroids), loaded on first use. */
function zipData(): ZipcodesModule {
  zipcodes ??= createRequire(import.meta.url)('zipcodes') as ZipcodesModule;
  return zipcodes;
}

/**
 * A postal code in canonical form: US ZIP → 5 digits ('90210-1234' → '90210'); Canadian postal
 * code → upper case without space ('m5v 3l9' → 'M5V3L9', or just the FSA 'M5V'). Null when it is
 * neither.
 */
export function normalizePostalCode(input: string | null | undefined): string | null {
  const value = (input ?? '').trim().toUpperCase();
  if (!value) return null;
  const us = US_ZIP_RE.exec(value);
  if (us) return us[1];
  const ca = CA_POSTAL_RE.exec(value);
  if (ca) return ca[1] + (ca[2] ?? '');
  return null;
}

/** The country a canonical postal code belongs to. */
function postalCountry(code: string): 'US' | 'CA' {
  return /^\d/.test(code) ? 'US' : 'CA';
}

/** The centroid of a US ZIP or Canadian postal code (FSA), offline; null when unknown. */
export function coordsForPostalCode(input: string | null | undefined): PostalLocation | null {
  const code = normalizePostalCode(input);
  if (!code) return null;
  const country = postalCountry(code);
  const key = country === 'US' ? code : code.slice(0, 3);
  const hit = zipData().lookup(key);
  if (!hit || !Number.isFinite(hit.latitude) || !Number.isFinite(hit.longitude)) return null;
  return { code, country, lat: hit.latitude, lon: hit.longitude };
}

/**
 * True when two postal codes are "the same place" for an exact search: equal canonical codes,
 * or a Canadian FSA query ('M5V') matching any full code inside it ('M5V3L9').
 */
export function samePostalCode(
  query: string | null | undefined,
  other: string | null | undefined,
): boolean {
  const a = normalizePostalCode(query);
  const b = normalizePostalCode(other);
  if (!a || !b) return false;
  if (a === b) return true;
  if (postalCountry(a) === 'CA' && postalCountry(b) === 'CA') {
    return a.length === 3 ? b.startsWith(a) : b.length === 3 && a.startsWith(b);
  }
  return false;
}

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance between two points, in miles (haversine). */
export function milesBetween(a: Coords, b: Coords): number {
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Kilometres → miles. */
export function kmToMiles(km: number): number {
  return km / KM_PER_MILE;
}

/** Miles → kilometres. */
export function milesToKm(miles: number): number {
  return miles * KM_PER_MILE;
}

/** True for finite coordinates inside the valid ranges (0,0 counts as missing: never a real dealer). */
export function hasCoords(lat: number | null | undefined, lon: number | null | undefined): boolean {
  return (
    typeof lat === 'number' &&
    typeof lon === 'number' &&
    Number.isFinite(lat) &&
    Number.isFinite(lon) &&
    Math.abs(lat) <= 90 &&
    Math.abs(lon) <= 180 &&
    !(lat === 0 && lon === 0)
  );
}

/** A record's own coordinates, else its postal code's centroid, else null. */
export function locate(record: {
  lat?: number | null;
  lon?: number | null;
  zipcode?: string | null;
}): Coords | null {
  if (hasCoords(record.lat, record.lon))
    return { lat: record.lat as number, lon: record.lon as number };
  const c = coordsForPostalCode(record.zipcode);
  return c ? { lat: c.lat, lon: c.lon } : null;
}
