import { describe, expect, it } from 'vitest';
import {
  coordsForPostalCode,
  hasCoords,
  kmToMiles,
  locate,
  milesBetween,
  milesToKm,
  normalizePostalCode,
  samePostalCode,
} from '~/services/platform/geo.server';

describe('postal codes → coordinates, offline', () => {
  it('finds a US ZIP (also ZIP+4 and as typed with spaces)', () => {
    const c = coordsForPostalCode('90210');
    expect(c).toMatchObject({ code: '90210', country: 'US' });
    expect(c!.lat).toBeCloseTo(34.09, 1);
    expect(c!.lon).toBeCloseTo(-118.41, 1);
    expect(coordsForPostalCode(' 90210-1234 ')).toMatchObject({
      code: '90210',
      lat: c!.lat,
      lon: c!.lon,
    });
    // A leading zero is kept (New England).
    expect(coordsForPostalCode('05401')?.lat).toBeCloseTo(44.48, 1);
  });

  it('finds a Canadian postal code by its FSA, whatever the case and spacing', () => {
    const c = coordsForPostalCode('M5V 3L9');
    expect(c).toMatchObject({ code: 'M5V3L9', country: 'CA' });
    expect(c!.lat).toBeCloseTo(43.65, 1);
    expect(c!.lon).toBeCloseTo(-79.37, 1);
    expect(coordsForPostalCode('m5v3l9')).toMatchObject({ lat: c!.lat, lon: c!.lon });
    expect(coordsForPostalCode('H2X')?.lat).toBeCloseTo(45.51, 1); // Montréal, FSA only
  });

  it('answers null for unknown or malformed codes', () => {
    expect(coordsForPostalCode('00000')).toBeNull();
    expect(coordsForPostalCode('ABC')).toBeNull();
    expect(coordsForPostalCode('D1A 1A1')).toBeNull(); // D is not a Canadian FSA letter
    expect(coordsForPostalCode('')).toBeNull();
    expect(coordsForPostalCode(null)).toBeNull();
  });

  it('normalizes and compares codes for an exact search', () => {
    expect(normalizePostalCode('k1a 0b1')).toBe('K1A0B1');
    expect(normalizePostalCode('1234')).toBeNull();
    expect(samePostalCode('90210', '90210-0001')).toBe(true);
    expect(samePostalCode('M5V', 'M5V 3L9')).toBe(true);
    expect(samePostalCode('M5V 3L9', 'M5V 1A1')).toBe(false);
    expect(samePostalCode('90210', '90211')).toBe(false);
  });
});

describe('distances', () => {
  it('measures great-circle miles (haversine)', () => {
    const la = { lat: 34.0522, lon: -118.2437 };
    const ny = { lat: 40.7128, lon: -74.006 };
    expect(milesBetween(la, ny)).toBeGreaterThan(2440);
    expect(milesBetween(la, ny)).toBeLessThan(2452);
    expect(milesBetween(la, la)).toBe(0);
    expect(milesBetween(la, ny)).toBeCloseTo(milesBetween(ny, la), 6);
  });

  it('converts kilometres and miles both ways', () => {
    expect(kmToMiles(160)).toBeCloseTo(99.42, 2);
    expect(kmToMiles(40)).toBeCloseTo(24.85, 2);
    expect(milesToKm(100)).toBeCloseTo(160.93, 2);
    expect(kmToMiles(milesToKm(25))).toBeCloseTo(25, 9);
  });

  it('locates a record by its coordinates, else by its postal code', () => {
    expect(locate({ lat: 45, lon: -73, zipcode: '90210' })).toEqual({ lat: 45, lon: -73 });
    expect(locate({ lat: null, lon: null, zipcode: '90210' })?.lat).toBeCloseTo(34.09, 1);
    expect(locate({ lat: 0, lon: 0, zipcode: null })).toBeNull();
    expect(hasCoords(91, 0)).toBe(false);
    expect(hasCoords(45.5, -73.6)).toBe(true);
  });
});
