import { describe, it, expect } from 'vitest';
import {
  COUNTRIES,
  countryByCode,
  countryLabel,
  countryOptions,
  isValidRegion,
  regionLabel,
  regionsFor,
} from '~/lib/countries';

describe('COUNTRIES', () => {
  it('holds every ISO 3166-1 country once', () => {
    expect(COUNTRIES).toHaveLength(249);
    const codes = COUNTRIES.map((c) => c.code);
    expect(new Set(codes).size).toBe(249);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{2}$/);
    for (const c of COUNTRIES) {
      expect(c.label.length).toBeGreaterThan(0);
      expect(c.labelFr.length).toBeGreaterThan(0);
    }
  });

  it('lists the US and Canada first', () => {
    expect(COUNTRIES[0].code).toBe('US');
    expect(COUNTRIES[1].code).toBe('CA');
  });

  it('gives the US 50 states, DC and Puerto Rico', () => {
    const us = regionsFor('US');
    expect(us).toHaveLength(52);
    const codes = us.map((r) => r.code);
    expect(codes).toContain('DC');
    expect(codes).toContain('PR');
    expect(codes).toContain('CA');
    expect(new Set(codes).size).toBe(52);
  });

  it('gives Canada 13 provinces and territories with French names', () => {
    const ca = regionsFor('ca');
    expect(ca).toHaveLength(13);
    expect(ca.find((r) => r.code === 'QC')).toEqual({
      code: 'QC',
      label: 'Quebec',
      labelFr: 'Québec',
    });
    expect(ca.find((r) => r.code === 'BC')?.labelFr).toBe('Colombie-Britannique');
  });

  it('gives every other country no regions', () => {
    const others = COUNTRIES.filter((c) => c.code !== 'US' && c.code !== 'CA');
    expect(others).toHaveLength(247);
    for (const c of others) expect(c.regions).toEqual([]);
  });
});

describe('helpers', () => {
  it('finds countries by code, case-insensitively', () => {
    expect(countryByCode('fr')?.label).toBe('France');
    expect(countryByCode('DE')?.labelFr).toBe('Allemagne');
    expect(countryByCode('XX')).toBeUndefined();
    expect(countryByCode(null)).toBeUndefined();
    expect(regionsFor('XX')).toEqual([]);
  });

  it('validates regions', () => {
    expect(isValidRegion('US', 'CA')).toBe(true);
    expect(isValidRegion('US', 'dc')).toBe(true);
    expect(isValidRegion('US', 'ON')).toBe(false);
    expect(isValidRegion('US', '')).toBe(false);
    expect(isValidRegion('CA', 'ON')).toBe(true);
    expect(isValidRegion('CA', 'TX')).toBe(false);
    expect(isValidRegion('FR', '')).toBe(true);
    expect(isValidRegion('FR', 'Île-de-France')).toBe(true);
    expect(isValidRegion('XX', '')).toBe(false);
  });

  it('labels countries and regions in both languages', () => {
    expect(countryLabel('US')).toBe('United States');
    expect(countryLabel('US', 'fr')).toBe('États-Unis');
    expect(countryLabel('ZZ')).toBe('ZZ');
    expect(regionLabel('CA', 'QC', 'fr')).toBe('Québec');
    expect(regionLabel('US', 'NC', 'fr')).toBe('Caroline du Nord');
    expect(regionLabel('US', 'NC')).toBe('North Carolina');
    expect(regionLabel('US', 'ZZ')).toBe('ZZ');
  });

  it('builds options with the US and Canada first', () => {
    const fr = countryOptions('fr');
    expect(fr).toHaveLength(249);
    expect(fr.slice(0, 2)).toEqual([
      { value: 'US', label: 'États-Unis' },
      { value: 'CA', label: 'Canada' },
    ]);
    expect(fr[2]).toEqual({ value: 'AF', label: 'Afghanistan' });
    expect(countryOptions('en')[2]).toEqual({ value: 'AF', label: 'Afghanistan' });
  });
});
