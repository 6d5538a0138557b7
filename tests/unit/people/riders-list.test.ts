/**
 * The admin riders list: every filter and sort, asked again with other values (its statements
 * are built once per connection: a cached statement must answer for the values of each call).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { DB } from '~/db.server';
import { riders, users } from '#db/schema';
import { listRiders } from '~/services/people/people-lists.server';
import { testDb } from '../helpers/db';
import { makeRider } from './rider-area-fixtures';

const names = (db: DB, f: Parameters<typeof listRiders>[1]) =>
  listRiders(db, f).riders.map((r) => r.firstName);

describe('admin riders list', () => {
  let db: DB;
  beforeEach(() => {
    db = testDb();
    const ann = makeRider(db, { first: 'Ann', level: 'pro' });
    const bob = makeRider(db, { first: 'Bob' });
    const cyd = makeRider(db, { first: 'Cyd', level: 'pro' });
    db.update(riders)
      .set({ amaNumber: 'A-100', phone1: '5035550142' })
      .where(eq(riders.id, ann.id))
      .run();
    db.update(riders).set({ country: 'CA' }).where(eq(riders.id, bob.id)).run();
    db.update(users).set({ deactivated: true }).where(eq(users.id, cyd.userId)).run();
  });

  it('filters by name, AMA number, phone digits, country, level and account state', () => {
    expect(names(db, { q: 'ann' })).toEqual(['Ann']);
    expect(names(db, { q: 'bob' })).toEqual(['Bob']);
    expect(names(db, { q: 'A-100' })).toEqual(['Ann']);
    expect(names(db, { q: '555-0142' })).toEqual(['Ann']);
    expect(names(db, { q: '5559999' })).toEqual([]);
    expect(names(db, { q: '%' })).toEqual([]);
    expect(names(db, { country: 'ca' })).toEqual(['Bob']);
    expect(names(db, { country: 'us' })).toEqual(['Ann', 'Cyd']);
    expect(names(db, { level: 'pro' })).toEqual(['Ann', 'Cyd']);
    expect(names(db, { level: 'amateur' })).toEqual(['Bob']);
    expect(names(db, { status: 'deactivated' })).toEqual(['Cyd']);
    expect(names(db, { status: 'active', level: 'pro' })).toEqual(['Ann']);
    expect(listRiders(db, { q: 'rider' }).pagination).toMatchObject({ total: 3 });
    expect(listRiders(db, {}).pagination).toMatchObject({ page: 1, total: 3 });
  });

  it('sorts by a whitelisted key both ways, by name by default', () => {
    expect(names(db, {})).toEqual(['Ann', 'Bob', 'Cyd']);
    expect(names(db, { sort: 'name', dir: 'desc' })).toEqual(['Cyd', 'Bob', 'Ann']);
    expect(names(db, { sort: 'location', dir: 'asc' })).toEqual(['Bob', 'Ann', 'Cyd']);
    expect(names(db, { sort: 'level', dir: 'desc', country: 'us' })).toEqual(['Ann', 'Cyd']);
  });
});
