import { beforeEach, describe, expect, it } from 'vitest';
import type { DB } from '~/db.server';
import {
  addFavourite,
  favouriteIds,
  listFavourites,
  removeFavourite,
} from '~/services/people/favourites.server';
import { dealerSearchOptions, searchDealersForRider } from '~/services/people/rider-dealers.server';
import { testDb } from '../helpers/db';
import { makeDealer, makeRider } from './rider-area-fixtures';

describe('favourite dealers', () => {
  let db: DB;
  beforeEach(() => {
    db = testDb();
  });

  it('add and remove are idempotent and per rider', () => {
    const a = makeRider(db);
    const b = makeRider(db);
    const d = makeDealer(db, 'Alpha Moto');
    expect(addFavourite(db, a.id, d.id)).toBe('added');
    expect(addFavourite(db, a.id, d.id)).toBe('alreadyFavourite');
    expect(listFavourites(db, a.id).map((f) => f.id)).toEqual([d.id]);
    expect(listFavourites(db, b.id)).toEqual([]);
    expect(removeFavourite(db, b.id, d.id)).toBe('notFavourite');
    expect(listFavourites(db, a.id)).toHaveLength(1);
    expect(removeFavourite(db, a.id, d.id)).toBe('removed');
    expect(removeFavourite(db, a.id, d.id)).toBe('notFavourite');
    expect(listFavourites(db, a.id)).toEqual([]);
  });

  it('refuses unknown and inactive dealers', () => {
    const a = makeRider(db);
    const closed = makeDealer(db, 'Closed Moto', { active: false });
    expect(addFavourite(db, a.id, 424242)).toBe('unknownDealer');
    expect(addFavourite(db, a.id, closed.id)).toBe('unknownDealer');
    expect(favouriteIds(db, a.id).size).toBe(0);
  });

  it('search: active dealers by name, state, zipcode prefix, country; the rider’s favourites first', () => {
    const a = makeRider(db);
    const b = makeRider(db);
    const alpha = makeDealer(db, 'Alpha Moto', { state: 'TX', zipcode: '78701' });
    const zulu = makeDealer(db, 'Zulu Moto', { state: 'TX', zipcode: '78702' });
    const quebec = makeDealer(db, 'Moto Québec', {
      state: 'QC',
      zipcode: 'H2X 1Y4',
      country: 'CA',
    });
    makeDealer(db, 'Closed Moto', { active: false });
    addFavourite(db, a.id, zulu.id);

    const all = searchDealersForRider(db, a.id, {});
    expect(all.rows.map((d) => [d.name, d.favourite])).toEqual([
      ['Zulu Moto', true],
      ['Alpha Moto', false],
      ['Moto Québec', false],
    ]);
    expect(searchDealersForRider(db, b.id, {}).rows.map((d) => d.favourite)).toEqual([
      false,
      false,
      false,
    ]);
    expect(searchDealersForRider(db, a.id, { name: 'alpha' }).rows.map((d) => d.id)).toEqual([
      alpha.id,
    ]);
    expect(searchDealersForRider(db, a.id, { name: '%' }).rows).toEqual([]);
    expect(searchDealersForRider(db, a.id, { state: 'tx' }).total).toBe(2);
    expect(searchDealersForRider(db, a.id, { zipcode: '7870' }).total).toBe(2);
    expect(searchDealersForRider(db, a.id, { zipcode: 'h2x1y4' }).rows.map((d) => d.id)).toEqual([
      quebec.id,
    ]);
    expect(searchDealersForRider(db, a.id, { country: 'CA' }).rows.map((d) => d.id)).toEqual([
      quebec.id,
    ]);

    const opts = dealerSearchOptions(db);
    expect(opts.countries).toEqual(['CA', 'US']);
    expect(opts.states).toEqual([
      { country: 'CA', state: 'QC' },
      { country: 'US', state: 'TX' },
    ]);
  });
});
