/**
 * Admin lists sort only by the columns their service whitelists (docs/architecture.md "Admin
 * lists"): each sort key orders the rows, both directions, and anything else gives the default.
 */
import { describe, expect, it } from 'vitest';
import { dealers, events, promoters } from '#db/schema';
import { parseSearch } from '~/lib/list-query';
import { dealerFilterSchema, dealerLoginListSchema } from '~/lib/schemas/admin';
import { adminEventListSchema } from '~/lib/schemas/event-admin';
import { categoryListSchema } from '~/lib/schemas/programs';
import { adminEventList } from '~/services/events/management/manager-event-lists.server';
import { adminListCategories } from '~/services/events/catalog/programs.server';
import {
  listDealerLogins,
  listDealers,
  listPromoters,
} from '~/services/people/people-lists.server';
import { PAGE_SIZE } from '~/lib/constants';
import { makeUser } from '../../money/factory';
import { testDb } from '../../helpers/db';

function seedDealers() {
  const db = testDb();
  db.insert(dealers)
    .values([
      {
        name: 'Bravo Motors',
        dealerNumber: '300',
        country: 'US',
        state: 'CA',
        city: 'Reno',
        active: true,
      },
      {
        name: 'Alpha Cycles',
        dealerNumber: '200',
        country: 'CA',
        state: 'BC',
        city: 'Victoria',
        active: false,
      },
      {
        name: 'Charlie Moto',
        dealerNumber: '100',
        country: 'US',
        state: 'AZ',
        city: 'Mesa',
        active: true,
      },
    ])
    .run();
  return db;
}

const names = (rows: { name: string }[]) => rows.map((r) => r.name);
const dealersBy = (db: ReturnType<typeof testDb>, query: string) =>
  names(listDealers(db, parseSearch(dealerFilterSchema, query).values).dealers);

describe('admin lists: sorting', () => {
  it('the dealers list sorts by a whitelisted key, ascending or descending (default: name)', () => {
    const db = seedDealers();
    expect(dealersBy(db, '')).toEqual(['Alpha Cycles', 'Bravo Motors', 'Charlie Moto']);
    expect(dealersBy(db, '?sort=name&dir=desc')).toEqual([
      'Charlie Moto',
      'Bravo Motors',
      'Alpha Cycles',
    ]);
    expect(dealersBy(db, '?sort=dealerNumber&dir=asc')).toEqual([
      'Charlie Moto',
      'Alpha Cycles',
      'Bravo Motors',
    ]);
    // location = country, state, city: CA/BC first, then US/AZ, US/CA.
    expect(dealersBy(db, '?sort=location&dir=asc')).toEqual([
      'Alpha Cycles',
      'Charlie Moto',
      'Bravo Motors',
    ]);
    expect(dealersBy(db, '?sort=status&dir=asc')[0]).toBe('Alpha Cycles');
  });

  it('a column name that is not a sort key (or SQL) orders by the default, and filters still apply', () => {
    const db = seedDealers();
    const expected = ['Alpha Cycles', 'Bravo Motors', 'Charlie Moto'];
    expect(dealersBy(db, '?sort=city&dir=desc')).toEqual([...expected].reverse());
    expect(dealersBy(db, `?sort=${encodeURIComponent('name; DROP TABLE dealers')}`)).toEqual(
      expected,
    );
    // A caller that skips the schema cannot pass a column either: the service falls back.
    const raw = { sort: 'phone' } as unknown as Parameters<typeof listDealers>[1];
    expect(names(listDealers(db, raw).dealers)).toEqual(expected);
    expect(dealersBy(db, '?sort=name&dir=desc&country=US')).toEqual([
      'Charlie Moto',
      'Bravo Motors',
    ]);
  });

  it('sorting by a counted column (promoters by events) and an unpaged list (categories)', () => {
    const db = testDb();
    const [zed] = db
      .insert(promoters)
      .values([{ name: 'Zed Racing' }, { name: 'Ace Promotions' }])
      .returning()
      .all();
    db.insert(events).values({ title: 'Zed Open', date: '2026-05-01', promoterId: zed.id }).run();
    expect(names(listPromoters(db, { sort: 'name', dir: 'asc' }).promoters)).toEqual([
      'Ace Promotions',
      'Zed Racing',
    ]);
    expect(names(listPromoters(db, { sort: 'events', dir: 'desc' }).promoters)).toEqual([
      'Zed Racing',
      'Ace Promotions',
    ]);
    expect(names(listPromoters(db, { sort: 'events', dir: 'asc' }).promoters)).toEqual([
      'Ace Promotions',
      'Zed Racing',
    ]);
    const cats = adminListCategories(
      db,
      parseSearch(categoryListSchema, '?sort=name&dir=desc').values,
    );
    expect(names(cats)).toEqual([...names(cats)].sort().reverse());
  });
});

function seedEvents() {
  const db = testDb();
  const [ace, zed] = db
    .insert(promoters)
    .values([{ name: 'Ace Promotions' }, { name: 'Zed Racing' }])
    .returning()
    .all();
  db.insert(events)
    .values([
      { title: 'Bravo GP', date: '2026-05-01', country: 'US', state: 'CA', promoterId: zed.id },
      {
        title: 'Alpha 100% Cup',
        date: '2026-05-01',
        country: 'CA',
        state: 'BC',
        promoterId: ace.id,
      },
      {
        title: 'Charlie Open',
        date: '2026-04-01',
        country: 'US',
        state: 'AZ',
        resultsUploadedAt: '2026-04-02T00:00:00Z',
      },
      {
        title: 'Delta Night',
        date: '2026-06-01',
        country: 'US',
        state: 'TX',
        resultsUploadedAt: '2026-06-02T00:00:00Z',
        resultsVerifiedAt: '2026-06-03T00:00:00Z',
      },
    ])
    .run();
  return db;
}

const eventsBy = (db: ReturnType<typeof testDb>, query: string) =>
  adminEventList(db, parseSearch(adminEventListSchema, query).values).events.map((e) => e.title);

describe('admin lists: the events list', () => {
  it('is newest first by default (then by title) and sorts by its whitelisted keys', () => {
    const db = seedEvents();
    const newest = ['Delta Night', 'Alpha 100% Cup', 'Bravo GP', 'Charlie Open'];
    expect(eventsBy(db, '')).toEqual(newest);
    expect(eventsBy(db, '?sort=nope&dir=sideways')).toEqual(newest);
    expect(eventsBy(db, '?sort=date&dir=asc')).toEqual([
      'Charlie Open',
      'Alpha 100% Cup',
      'Bravo GP',
      'Delta Night',
    ]);
    expect(eventsBy(db, '?sort=title&dir=desc')).toEqual([
      'Delta Night',
      'Charlie Open',
      'Bravo GP',
      'Alpha 100% Cup',
    ]);
    // location = country, state, city: CA/BC, then US/AZ, US/CA, US/TX.
    expect(eventsBy(db, '?sort=location&dir=asc')).toEqual([
      'Alpha 100% Cup',
      'Charlie Open',
      'Bravo GP',
      'Delta Night',
    ]);
    // No promoter sorts first ascending (NULL), then Ace, Zed; ties by title.
    expect(eventsBy(db, '?sort=promoter&dir=asc')).toEqual([
      'Charlie Open',
      'Delta Night',
      'Alpha 100% Cup',
      'Bravo GP',
    ]);
    // results: verified, then uploaded, then none.
    expect(eventsBy(db, '?sort=results&dir=desc')).toEqual([
      'Delta Night',
      'Charlie Open',
      'Alpha 100% Cup',
      'Bravo GP',
    ]);
  });

  it('takes the title filter literally and keeps the sort with filters', () => {
    const db = seedEvents();
    expect(eventsBy(db, 'title=%25')).toEqual(['Alpha 100% Cup']);
    expect(eventsBy(db, 'title=_')).toEqual([]);
    expect(eventsBy(db, 'country=us&sort=title&dir=asc')).toEqual([
      'Bravo GP',
      'Charlie Open',
      'Delta Night',
    ]);
  });
});

describe('admin lists: text search', () => {
  it('takes %, _ and \\ in the searched text literally (one LIKE helper for every list)', () => {
    const db = seedDealers();
    db.insert(dealers)
      .values([
        { name: '100% Moto', country: 'US', state: 'TX', city: 'Waco', active: true },
        { name: 'Back\\slash Cycles', country: 'US', state: 'TX', city: 'Waco', active: true },
      ])
      .run();
    expect(dealersBy(db, 'name=%25')).toEqual(['100% Moto']);
    expect(dealersBy(db, 'name=_')).toEqual([]);
    expect(dealersBy(db, `name=${encodeURIComponent('k\\s')}`)).toEqual(['Back\\slash Cycles']);
    expect(dealersBy(db, `name=${encodeURIComponent('\\')}`)).toEqual(['Back\\slash Cycles']);
    expect(dealersBy(db, 'name=moto')).toEqual(['100% Moto', 'Bravo Motors', 'Charlie Moto']);
  });
});

describe('admin lists: dealer logins', () => {
  it('a page at a time, searched by dealer or e-mail and by account state, sorted', () => {
    const db = testDb();
    const count = PAGE_SIZE + 5;
    for (let i = 0; i < count; i++) {
      const user = makeUser(db, 'dealer', {
        email: `counter${String(i).padStart(3, '0')}@shop${i % 2}.test`,
        deactivated: i % 10 === 0,
      });
      db.insert(dealers)
        .values({ name: `Dealer ${String(i).padStart(3, '0')}`, country: 'US', userId: user.id })
        .run();
    }
    // A dealer without a login is not a login.
    db.insert(dealers).values({ name: 'Dealer without login', country: 'US' }).run();
    const logins = (query: string) =>
      listDealerLogins(db, parseSearch(dealerLoginListSchema, query).values);

    const first = logins('');
    expect(first.pagination).toMatchObject({ page: 1, totalPages: 2, total: count });
    expect(first.logins).toHaveLength(PAGE_SIZE);
    expect(first.logins[0].dealerName).toBe('Dealer 000');
    expect(logins('page=2').logins.map((l) => l.dealerName)).toEqual(
      Array.from({ length: 5 }, (_, i) => `Dealer ${String(PAGE_SIZE + i).padStart(3, '0')}`),
    );
    expect(logins('q=dealer 01').logins.map((l) => l.dealerName)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Dealer 01${i}`),
    );
    expect(logins('q=%40shop1').pagination.total).toBe(Math.floor(count / 2));
    const off = logins('status=deactivated');
    expect(off.logins.every((l) => l.deactivated)).toBe(true);
    expect(off.pagination.total).toBe(Math.ceil(count / 10));
    expect(logins('status=active').pagination.total).toBe(count - Math.ceil(count / 10));
    expect(logins('sort=email&dir=desc').logins[0].email).toBe(
      `counter${String(count - 1).padStart(3, '0')}@shop${(count - 1) % 2}.test`,
    );
  });
});
