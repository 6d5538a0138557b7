import { beforeAll, describe, expect, it } from 'vitest';
import { dealers } from '#db/schema';
import type { DB } from '~/db.server';
import { radiusToMiles } from '~/lib/schemas/public';
import { findDealers } from '~/services/people/dealer-finder.server';
import { milesBetween } from '~/services/platform/geo.server';
import { testDb } from '../helpers/db';

// Burlington, VT 05401 is at about 44.484, -73.2199 in the offline data set.
const BURLINGTON = { lat: 44.484, lon: -73.2199 };
// About 99.7 miles due south: inside 100 miles, outside 160 km (99.42 miles).
const EDGE = { lat: 44.484 - 1.4439, lon: -73.2199 };

let db: DB;

beforeAll(() => {
  db = testDb();
  db.insert(dealers)
    .values([
      {
        name: 'Lakeside Moto',
        city: 'Burlington',
        state: 'VT',
        zipcode: '05401',
        lat: 44.49,
        lon: -73.21,
        phone: '8025550100',
        websiteUrl: 'lakeside.example',
      },
      {
        name: 'Capital Cycles',
        city: 'Montpelier',
        state: 'VT',
        zipcode: '05602',
        lat: 44.26,
        lon: -72.575,
      },
      {
        name: 'Edge Powersports',
        city: 'Edge',
        state: 'NY',
        zipcode: '12801',
        lat: EDGE.lat,
        lon: EDGE.lon,
      },
      { name: 'No Coords Motors', city: 'Burlington', state: 'VT', zipcode: '05401' },
      {
        name: 'Sunset Moto',
        city: 'Los Angeles',
        state: 'CA',
        zipcode: '90028',
        lat: 34.1,
        lon: -118.33,
      },
      {
        name: 'Closed Moto',
        city: 'Burlington',
        state: 'VT',
        zipcode: '05401',
        lat: 44.48,
        lon: -73.22,
        active: false,
      },
      {
        name: 'Toronto 100% Moto',
        city: 'Toronto',
        state: 'ON',
        zipcode: 'M5V 3L9',
        country: 'CA',
        lat: 43.64,
        lon: -79.39,
        websiteUrl: 'javascript:alert(1)',
      },
    ])
    .run();
});

describe('dealer finder', () => {
  it('lists active dealers by name with their states and countries, without distances', () => {
    const r = findDealers(db, {});
    expect(r.dealers.map((d) => d.name)).toEqual([
      'Capital Cycles',
      'Edge Powersports',
      'Lakeside Moto',
      'No Coords Motors',
      'Sunset Moto',
      'Toronto 100% Moto',
    ]);
    expect(r.dealers.every((d) => d.distanceMiles === null)).toBe(true);
    expect(r.distinctStates).toEqual(['CA', 'NY', 'ON', 'VT']);
    expect(r.distinctCountry).toEqual(['CA', 'US']);
    expect(r.zipNotFound).toBe(false);
  });

  it('keeps dealers within the radius of a ZIP, nearest first, with distances', () => {
    const r = findDealers(db, { zipcode: '05401', zipDistance: 100 });
    expect(r.dealers.map((d) => d.name)).toEqual([
      'No Coords Motors',
      'Lakeside Moto',
      'Capital Cycles',
      'Edge Powersports',
    ]);
    const [noCoords, lakeside, capital, edge] = r.dealers;
    expect(noCoords.distanceMiles).toBe(0); // placed by its own ZIP's centroid
    expect(noCoords.lat).toBeNull(); // …but no map marker
    expect(lakeside.distanceMiles).toBeLessThan(2);
    expect(capital.distanceMiles).toBeGreaterThan(30);
    expect(capital.distanceMiles).toBeLessThan(40);
    expect(edge.distanceMiles).toBeGreaterThan(99.42);
    expect(edge.distanceMiles).toBeLessThanOrEqual(100);
    expect(r.origin).toEqual({ lat: BURLINGTON.lat, lon: BURLINGTON.lon });
    expect(
      findDealers(db, { zipcode: '05401', zipDistance: 25 }).dealers.map((d) => d.name),
    ).toEqual(['No Coords Motors', 'Lakeside Moto']);
  });

  it('converts the French 160 km to 99.42 miles: the dealer at 99.7 miles drops out', () => {
    expect(milesBetween(BURLINGTON, EDGE)).toBeGreaterThan(99.5);
    const english = findDealers(db, { zipcode: '05401', zipDistance: radiusToMiles(100, 'en') });
    const french = findDealers(db, { zipcode: '05401', zipDistance: radiusToMiles(160, 'fr') });
    expect(english.dealers.map((d) => d.name)).toContain('Edge Powersports');
    expect(french.dealers.map((d) => d.name)).not.toContain('Edge Powersports');
    expect(french.dealers).toHaveLength(english.dealers.length - 1);
  });

  it('matches the exact postal code when the radius is 0 or missing', () => {
    expect(findDealers(db, { zipcode: '05401' }).dealers.map((d) => d.name)).toEqual([
      'No Coords Motors',
      'Lakeside Moto',
    ]);
    expect(
      findDealers(db, { zipcode: 'm5v 3l9', zipDistance: 0 }).dealers.map((d) => d.name),
    ).toEqual(['Toronto 100% Moto']);
    expect(findDealers(db, { zipcode: 'M5V', zipDistance: 0 }).dealers.map((d) => d.name)).toEqual([
      'Toronto 100% Moto',
    ]);
  });

  it('searches around a Canadian postal code', () => {
    const r = findDealers(db, { zipcode: 'M5V 1A1', zipDistance: 25 });
    expect(r.dealers.map((d) => d.name)).toEqual(['Toronto 100% Moto']);
    expect(r.dealers[0].distanceMiles).toBeLessThan(3);
  });

  it('falls back to an exact match for a code the data set does not know', () => {
    const r = findDealers(db, { zipcode: '00000', zipDistance: 500 });
    expect(r.zipNotFound).toBe(true);
    expect(r.dealers).toEqual([]);
  });

  it('filters by name (wildcards literal), state and country; inactive only on request', () => {
    expect(findDealers(db, { name: 'moto' }).dealers.map((d) => d.name)).toEqual([
      'Lakeside Moto',
      'No Coords Motors',
      'Sunset Moto',
      'Toronto 100% Moto',
    ]);
    expect(findDealers(db, { name: '100%' }).dealers.map((d) => d.name)).toEqual([
      'Toronto 100% Moto',
    ]);
    expect(findDealers(db, { name: '%' }).dealers.map((d) => d.name)).toEqual([
      'Toronto 100% Moto',
    ]);
    expect(findDealers(db, { state: 'VT' }).dealers).toHaveLength(3);
    expect(findDealers(db, { country: 'CA' }).dealers.map((d) => d.name)).toEqual([
      'Toronto 100% Moto',
    ]);
    expect(findDealers(db, { active: false }).dealers.map((d) => d.name)).toEqual(['Closed Moto']);
  });

  it('only hands out http(s) websites', () => {
    const all = findDealers(db, {}).dealers;
    expect(all.find((d) => d.name === 'Lakeside Moto')?.websiteUrl).toBe(
      'https://lakeside.example/',
    );
    expect(all.find((d) => d.name === 'Toronto 100% Moto')?.websiteUrl).toBeNull();
  });
});
