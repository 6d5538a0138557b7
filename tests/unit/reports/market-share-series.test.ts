/** Market share by series counts the series' awards, series-end (final standings) awards included. */
import { describe, expect, it } from 'vitest';
import { awards, eventClasses, events, results, riders, series, users } from '#db/schema';
import { marketShareBySeries } from '~/services/reports/reports.server';
import { testDb } from '../helpers/db';

describe('market share by series', () => {
  it('counts event awards and series-end awards of the series (not reversed ones, not outside the range)', () => {
    const db = testDb();
    const user = db
      .insert(users)
      .values({ email: 's@x.test', passwordHash: 'x', role: 'rider', emailVerified: true })
      .returning()
      .get();
    const rider = db
      .insert(riders)
      .values({ userId: user.id, firstName: 'Ana', lastName: 'Lee' })
      .returning()
      .get();
    const s = db.insert(series).values({ name: 'Desert Cup' }).returning().get();
    const ev = db
      .insert(events)
      .values({ title: 'Round 1', date: '2026-03-14', seriesId: s.id })
      .returning()
      .get();
    const cls = db
      .insert(eventClasses)
      .values({ eventId: ev.id, name: '450 B', payoutType: 'dealerCredit' })
      .returning()
      .get();
    db.insert(results)
      .values({ eventId: ev.id, classId: cls.id, place: 1, riderName: 'R', make: 'KTM' })
      .run();
    const base = {
      riderId: rider.id,
      type: 'credit',
      payoutType: 'dealerCredit',
      initialCents: 10_000,
      currentCents: 10_000,
      status: 'current',
    } as const;
    db.insert(awards)
      .values([
        { ...base, eventId: ev.id, awardedAt: '2026-03-20T10:00:00.000Z' },
        { ...base, seriesId: s.id, awardedAt: '2026-11-01T10:00:00.000Z' },
        { ...base, seriesId: s.id, awardedAt: '2026-11-02T10:00:00.000Z', status: 'reversed' },
        { ...base, seriesId: s.id, awardedAt: '2027-01-05T10:00:00.000Z' },
      ])
      .run();
    const [row] = marketShareBySeries(db, { startDate: '2026-01-01', endDate: '2026-12-31' });
    expect(row).toMatchObject({ label: 'Desert Cup', results: 1, awards: 2 });
  });
});
