import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { DB } from '~/db.server';
import { eventClasses, results } from '#db/schema';
import { latestResults, resultRows } from '~/services/people/rider-area.server';
import { testDb } from '../helpers/db';
import { makeEvent, makeResult, makeRider } from './rider-area-fixtures';

/** A second class in the event, listed before or after the fixture's '450 Pro'. */
function addClass(db: DB, eventId: number, name: string, sortOrder: number) {
  return db
    .insert(eventClasses)
    .values({ eventId, name, sortOrder, payoutType: 'dealerCredit' })
    .returning()
    .get();
}

describe("the rider's latest results (rider home)", () => {
  let db: DB;
  beforeEach(() => {
    db = testDb();
  });

  it('newest event first, same-day events by the later event, classes in their order', () => {
    const a = makeRider(db);
    const other = makeRider(db);
    const old = makeEvent(db, 'Old', '2024-05-01');
    const sameDayFirst = makeEvent(db, 'Same day A', '2025-06-01');
    const sameDaySecond = makeEvent(db, 'Same day B', '2025-06-01');
    const newest = makeEvent(db, 'Newest', '2025-07-01');
    const middle = makeEvent(db, 'Middle', '2025-03-01');
    makeResult(db, old, a.id, 1, 10000);
    makeResult(db, middle, a.id, 2, 5000);
    makeResult(db, sameDayFirst, a.id, 1, 10000);
    makeResult(db, sameDaySecond, a.id, 2, 5000);
    // Two classes in the newest event: the one sorted first comes first whatever its name.
    makeResult(db, newest, a.id, 1, 10000);
    const early = addClass(db, newest.event.id, 'Vet 40+', -1);
    makeResult(db, { event: newest.event, cls: early }, a.id, 3, 0, 'twoClassLimit');
    // Another rider's newer results never show.
    makeResult(db, makeEvent(db, 'Not mine', '2026-01-01'), other.id, 1, 10000);

    const rows = latestResults(db, a.id, 4);
    expect(rows.map((r) => [r.eventTitle, r.className])).toEqual([
      ['Newest', 'Vet 40+'],
      ['Newest', '450 Pro'],
      ['Same day B', '450 Pro'],
      ['Same day A', '450 Pro'],
    ]);
    expect(rows[0].noPayoutReason).toBe('twoClassLimit');
    expect(rows[1].noPayoutReason).toBeNull();
  });

  it('is the first rows of all the rider’s results in the same order, for every count', () => {
    const a = makeRider(db);
    const b = makeRider(db);
    const dates = ['2025-04-01', '2025-02-01', '2025-04-01', '2024-12-01', '2025-09-01'];
    dates.forEach((date, i) => {
      const e = makeEvent(db, `Round ${i + 1}`, date);
      makeResult(db, e, a.id, 1, 10000);
      makeResult(db, e, b.id, 2, 5000);
      if (i % 2 === 0) {
        const cls = addClass(db, e.event.id, `Class ${i}`, i - 2);
        makeResult(db, { event: e.event, cls }, a.id, 2, 0);
      }
    });
    for (const rider of [a, b]) {
      const all = resultRows(db, eq(results.riderId, rider.id));
      for (let n = 1; n <= all.length + 1; n += 1)
        expect(latestResults(db, rider.id, n)).toEqual(all.slice(0, n));
    }
    expect(latestResults(db, makeRider(db).id, 5)).toEqual([]);
  });
});
