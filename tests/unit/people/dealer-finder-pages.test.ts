/**
 * The public dealer finder is paginated (1,055 dealers made an 855 KB page): 20 a page,
 * by name without a code, nearest first across pages with one, `total` counting every match.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { dealers } from '#db/schema';
import type { DB } from '~/db.server';
import {
  DEALER_PAGE_SIZE,
  findDealers,
  findDealersPage,
} from '~/services/people/dealer-finder.server';
import { testDb } from '../helpers/db';

let db: DB;
const N = 45;

beforeAll(() => {
  db = testDb();
  // N dealers on a line going south from Burlington, VT (05401), named against distance order.
  db.insert(dealers)
    .values(
      Array.from({ length: N }, (_, i) => ({
        name: `Dealer ${String(N - i).padStart(2, '0')}`,
        state: 'VT',
        zipcode: '05401',
        lat: 44.484 - i * 0.05,
        lon: -73.2199,
      })),
    )
    .run();
  db.insert(dealers)
    .values({
      name: 'Dealer closed',
      state: 'VT',
      zipcode: '05401',
      lat: 44.48,
      lon: -73.22,
      active: false,
    })
    .run();
});

describe('dealer finder pages', () => {
  it('sends one page by name with the total of every active match', () => {
    const p1 = findDealersPage(db, {}, 1);
    expect(p1.dealers).toHaveLength(DEALER_PAGE_SIZE);
    expect(p1.pagination).toEqual({ page: 1, totalPages: 3, total: N });
    expect(p1.dealers[0]!.name).toBe('Dealer 01');
    const p3 = findDealersPage(db, {}, 3);
    expect(p3.dealers.map((d) => d.name)).toEqual(
      findDealers(db, {})
        .dealers.slice(40)
        .map((d) => d.name),
    );
    expect(p3.distinctStates).toEqual(['VT']);
  });

  it('orders by distance across pages when a ZIP is known, and keeps the filter', () => {
    const q = { zipcode: '05401', zipDistance: 500 };
    const all = [1, 2, 3].flatMap((p) => findDealersPage(db, q, p).dealers);
    expect(all).toHaveLength(N);
    const d = all.map((x) => x.distanceMiles!);
    expect(d).toEqual([...d].sort((a, b) => a - b));
    expect(all[0]!.name).toBe(`Dealer ${N}`);
    expect(findDealersPage(db, { ...q, name: 'Dealer 0' }, 1).pagination.total).toBe(9);
  });

  it('clamps a page past the end to the last page', () => {
    expect(findDealersPage(db, {}, 99).pagination.page).toBe(3);
  });
});
