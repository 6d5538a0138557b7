/**
 * Rule: each class's place amounts are summed by triggers in the same transaction as every change
 * of a place (insert, delete, amount or class change, a class or event deleted with its places), so
 * the contingency the public pages and reports show reads one total per class, and always agrees
 * with the places themselves (the integrity check says so when it does not).
 */
import { describe, expect, it } from 'vitest';
import { classPlaceTotals, classPlaces, eventClasses, events } from '#db/schema';
import { eq, sql } from 'drizzle-orm';
import { contingencyFor } from '~/services/events/catalog/contingency.server';
import { totalsProblems } from '~/services/platform/integrity.server';
import { testDb } from '../helpers/db';

function world() {
  const db = testDb();
  const event = (date: string) =>
    db
      .insert(events)
      .values({ title: `E ${date}`, date })
      .returning()
      .get().id;
  const klass = (
    eventId: number,
    name: string,
    payoutType: 'cash' | 'dealerCredit' | 'noPayout' = 'cash',
    currency: 'USD' | 'CAD' = 'USD',
  ) => db.insert(eventClasses).values({ eventId, name, payoutType, currency }).returning().get().id;
  const place = (classId: number, placeNo: number, amountCents: number) =>
    db.insert(classPlaces).values({ classId, place: placeNo, amountCents }).returning().get().id;
  return { db, event, klass, place };
}

/** What the totals must be: the places summed per class. */
function expected(db: ReturnType<typeof testDb>) {
  return db
    .select({ classId: classPlaces.classId, cents: sql<number>`sum(${classPlaces.amountCents})` })
    .from(classPlaces)
    .groupBy(classPlaces.classId)
    .orderBy(classPlaces.classId)
    .all();
}
const kept = (db: ReturnType<typeof testDb>) =>
  db
    .select({ classId: classPlaceTotals.classId, cents: classPlaceTotals.cents })
    .from(classPlaceTotals)
    .where(sql`${classPlaceTotals.cents} <> 0`)
    .orderBy(classPlaceTotals.classId)
    .all();

describe('class place totals', () => {
  it('follow inserts, deletions, amount and class changes, and classes or events deleted with their places', () => {
    const { db, event, klass, place } = world();
    const e1 = event('2027-03-01');
    const e2 = event('2027-04-01');
    const pro = klass(e1, 'Pro');
    const am = klass(e1, 'Amateur', 'dealerCredit', 'CAD');
    const other = klass(e2, 'Open');
    const p1 = place(pro, 1, 50_000);
    place(pro, 2, 25_000);
    const p3 = place(am, 1, 10_000);
    place(other, 1, 7_000);
    expect(kept(db)).toEqual(expected(db));
    db.update(classPlaces).set({ amountCents: 60_000 }).where(eq(classPlaces.id, p1)).run();
    db.update(classPlaces).set({ classId: pro, place: 3 }).where(eq(classPlaces.id, p3)).run();
    expect(kept(db)).toEqual(expected(db));
    expect(kept(db).find((r) => r.classId === pro)?.cents).toBe(95_000);
    db.delete(classPlaces).where(eq(classPlaces.id, p1)).run();
    expect(kept(db)).toEqual(expected(db));
    db.delete(eventClasses).where(eq(eventClasses.id, pro)).run(); // its places go with it
    db.delete(events).where(eq(events.id, e2)).run(); // its classes and places go with it
    expect(kept(db)).toEqual(expected(db));
    expect(
      db
        .select()
        .from(classPlaceTotals)
        .all()
        .every((r) => r.classId !== pro && r.classId !== other),
    ).toBe(true);
    expect(totalsProblems(db.$client)).toEqual([]);
  });

  it('give each event the contingency of its paying classes, per currency', () => {
    const { db, event, klass, place } = world();
    const e = event('2027-05-01');
    place(klass(e, 'Pro'), 1, 30_000);
    place(klass(e, 'Am', 'dealerCredit', 'CAD'), 1, 5_000);
    place(klass(e, 'Mini', 'noPayout'), 1, 9_999);
    klass(e, 'Empty');
    expect(contingencyFor(db, eq(events.id, e)).get(e)).toEqual([
      { currency: 'USD', cents: 30_000 },
      { currency: 'CAD', cents: 5_000 },
    ]);
  });

  it('are reported by the integrity check when they drift from the places', () => {
    const { db, event, klass, place } = world();
    const c = klass(event('2027-06-01'), 'Pro');
    place(c, 1, 1_000);
    db.update(classPlaceTotals).set({ cents: 999 }).where(eq(classPlaceTotals.classId, c)).run();
    expect(totalsProblems(db.$client)).toEqual([
      `class_place_totals class ${c}: 999 != places 1000`,
    ]);
  });
});
