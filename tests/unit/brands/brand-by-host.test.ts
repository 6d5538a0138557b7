/**
 * Rule (decision 048): a request's host picks its brand. An install of one brand answers every host
 * with it; with several, a brand's host names pick it (with the port, then without); a local trial
 * on a loopback host takes the brand its picker cookie names, else the first brand; any other host
 * has no brand.
 */
import { describe, expect, it } from 'vitest';
import { pickedSlug, resolveBrand, type BrandSite } from '~/services/brands/brand-by-host.server';

const site = (id: number, slug: string, hosts: string[]): BrandSite => ({
  id,
  slug,
  name: slug,
  publicUrl: null,
  hosts,
});
const first = site(1, 'main', ['race.brand-a.example']);
const second = site(2, 'bravo', ['race.brand-b.example', 'brand-b.test:3000']);
const both = [first, second];
const real = { localTrial: false };
const trial = { localTrial: true };

describe('the brand of a request', () => {
  it('is the only brand of an install of one, whatever the host', () => {
    for (const host of ['race.brand-a.example', 'elsewhere.example', 'localhost:3000', undefined])
      expect(resolveBrand([first], { host, ...real })?.id).toBe(1);
    expect(resolveBrand([first], { host: 'localhost:3000', ...trial, picked: 'bravo' })?.id).toBe(
      1,
    );
  });

  it('is the brand whose host names the request, in any case, with or without the port', () => {
    expect(resolveBrand(both, { host: 'race.brand-b.example', ...real })?.id).toBe(2);
    expect(resolveBrand(both, { host: 'RACE.Brand-B.example.', ...real })?.id).toBe(2);
    expect(resolveBrand(both, { host: 'race.brand-a.example:443', ...real })?.id).toBe(1);
    expect(resolveBrand(both, { host: 'brand-b.test:3000', ...real })?.id).toBe(2);
    // A host named with its port answers only on that port.
    expect(resolveBrand(both, { host: 'brand-b.test:4000', ...real })).toBeNull();
  });

  it('has no brand on an unknown host of a real install with several brands', () => {
    expect(resolveBrand(both, { host: 'evil.example', ...real })).toBeNull();
    expect(resolveBrand(both, { host: undefined, ...real })).toBeNull();
    expect(resolveBrand(both, { host: 'localhost:3000', ...real, picked: 'bravo' })).toBeNull();
    expect(resolveBrand([], { host: 'race.brand-a.example', ...real })).toBeNull();
  });

  it('is the picked brand on a local trial’s loopback host, else the first brand', () => {
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'localhost']) {
      expect(resolveBrand(both, { host, ...trial, picked: 'bravo' })?.id).toBe(2);
      expect(resolveBrand(both, { host, ...trial })?.id).toBe(1);
      expect(resolveBrand(both, { host, ...trial, picked: 'unknown' })?.id).toBe(1);
    }
    // The first brand is brand 1 wherever it is listed.
    expect(resolveBrand([second, first], { host: 'localhost:3000', ...trial })?.id).toBe(1);
    // A brand's own host wins over the picker; a host that is not loopback is not picked.
    expect(
      resolveBrand(both, { host: 'race.brand-a.example', ...trial, picked: 'bravo' })?.id,
    ).toBe(1);
    expect(resolveBrand(both, { host: 'lan.example:3000', ...trial, picked: 'bravo' })).toBeNull();
  });
});

describe('the brand picker cookie', () => {
  it('names a slug, and nothing else', () => {
    expect(pickedSlug('lang=fr; cc_brand=bravo')).toBe('bravo');
    expect(pickedSlug('cc_brand=bravo;lang=fr')).toBe('bravo');
    expect(pickedSlug('lang=fr')).toBeNull();
    expect(pickedSlug(undefined)).toBeNull();
    expect(pickedSlug('xcc_brand=bravo')).toBeNull();
    expect(pickedSlug('cc_brand=Bravo%20X')).toBeNull();
    expect(pickedSlug(`cc_brand=${'a'.repeat(41)}`)).toBeNull();
  });
});
