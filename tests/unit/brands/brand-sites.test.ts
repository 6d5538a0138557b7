/**
 * Rule (decision 048): a request's brand is read from the brands and their host names as they are
 * now — a brand's public address counts as one of its hosts, and a change to the brands or their
 * hosts is seen by the next request; a migrated install has one brand and answers every host.
 */
import { describe, expect, it } from 'vitest';
import { brandHosts, brands } from '#db/schema';
import { brandSites, requestBrand } from '~/services/brands/brand-sites.server';
import { testDb } from '../helpers/db';

const real = { localTrial: false, cookie: undefined };

describe('the brands of an install', () => {
  it('is brand 1 alone once migrated, whatever the host', () => {
    const db = testDb();
    expect(brandSites(db)).toEqual([
      { id: 1, slug: 'main', name: 'contingency cash', publicUrl: null, hosts: [] },
    ]);
    expect(requestBrand(db, { host: 'anything.example', ...real })?.id).toBe(1);
  });

  it('reads each brand’s hosts and public address, and sees a change at once', () => {
    const db = testDb();
    db.insert(brands)
      .values({ id: 2, slug: 'bravo', name: 'Bravo', publicUrl: 'https://race.bravo.example' })
      .run();
    db.insert(brandHosts).values({ host: 'bravo.test:3000', brandId: 2 }).run();
    expect(brandSites(db).map((s) => [s.slug, s.hosts])).toEqual([
      ['main', []],
      ['bravo', ['bravo.test:3000', 'race.bravo.example']],
    ]);
    expect(requestBrand(db, { host: 'race.bravo.example', ...real })?.id).toBe(2);
    expect(requestBrand(db, { host: 'main.example', ...real })).toBeNull();
    db.insert(brandHosts).values({ host: 'main.example', brandId: 1 }).run();
    expect(requestBrand(db, { host: 'main.example', ...real })?.id).toBe(1);
    expect(
      requestBrand(db, { host: 'localhost:3000', localTrial: true, cookie: 'cc_brand=bravo' })?.id,
    ).toBe(2);
  });

  it('counts no host for a public address that is not a URL', () => {
    const db = testDb();
    db.insert(brands).values({ id: 2, slug: 'bravo', name: 'Bravo', publicUrl: 'not a url' }).run();
    expect(brandSites(db).map((s) => s.hosts)).toEqual([[], []]);
  });
});
