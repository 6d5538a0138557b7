/** Admin reports: summary totals and rates, market share, late results, exports. */
import { describe, expect, it } from 'vitest';
import {
  awards,
  classPlaces,
  creditRedemptions,
  dealers,
  eventClasses,
  events,
  results,
  riders,
  users,
} from '#db/schema';
import { toCsv } from '~/lib/csv';
import { lateEvents, marketShareByMonth, summary } from '~/services/reports/reports.server';
import { classPayoutsExport } from '~/services/reports/exports.server';
import { testDb } from '../helpers/db';

function world() {
  const db = testDb();
  const user = db
    .insert(users)
    .values({ email: 'r@x.test', passwordHash: 'x', role: 'rider', emailVerified: true })
    .returning()
    .get();
  const rider = db
    .insert(riders)
    .values({ userId: user.id, firstName: 'Ana', lastName: 'Lee' })
    .returning()
    .get();
  const dealer = db.insert(dealers).values({ name: 'Shop' }).returning().get();
  const ev = db
    .insert(events)
    .values({
      title: '=HYPERLINK("x")',
      date: '2026-03-14',
      resultsUploadedAt: '2026-03-20T00:00:00Z',
    })
    .returning()
    .get();
  const cls = db
    .insert(eventClasses)
    .values({ eventId: ev.id, name: '450 B', payoutType: 'dealerCredit' })
    .returning()
    .get();
  db.insert(classPlaces)
    .values([
      { classId: cls.id, place: 1, amountCents: 30_000 },
      { classId: cls.id, place: 2, amountCents: 20_000 },
    ])
    .run();
  const makes = ['KTM', 'KTM', 'Honda', 'Yamaha'];
  makes.forEach((make, i) =>
    db
      .insert(results)
      .values({ eventId: ev.id, classId: cls.id, place: i + 1, riderName: `R${i}`, make })
      .run(),
  );
  db.insert(awards)
    .values({
      riderId: rider.id,
      eventId: ev.id,
      type: 'credit',
      payoutType: 'dealerCredit',
      initialCents: 30_000,
      currentCents: 20_000,
      spentCents: 10_000,
      status: 'current',
      awardedAt: '2026-03-20T10:00:00.000Z',
      expiresAt: '2027-03-21T06:59:59.999Z',
    })
    .run();
  db.insert(creditRedemptions)
    .values({
      riderId: rider.id,
      dealerId: dealer.id,
      amountCents: 10_000,
      employeeName: 'Sam',
      createdAt: '2026-04-02T18:00:00.000Z',
    })
    .run();
  return db;
}

describe('reports', () => {
  it('summary: offered, earned, redeemed, available and the rates in basis points', () => {
    const s = summary(
      world(),
      { startDate: '2026-01-01', endDate: '2026-12-31' },
      new Date('2026-06-01T00:00:00Z'),
    );
    expect(s.offered).toEqual([{ currency: 'USD', cents: 50_000 }]);
    expect(s.earnedCredit).toEqual([{ currency: 'USD', cents: 30_000 }]);
    expect(s.redeemed).toEqual([{ currency: 'USD', cents: 10_000 }]);
    expect(s.available).toEqual([{ currency: 'USD', cents: 20_000 }]);
    expect(s.rates).toEqual([{ currency: 'USD', earnRateBp: 6_000, redemptionRateBp: 3_333 }]);
    expect(s.months.map((m) => m.month)).toEqual(['2026-03', '2026-04']);
  });

  it("market share: the maker's share of finishers and of podiums", () => {
    const [march] = marketShareByMonth(world(), { startDate: '2026-01-01', endDate: '2026-12-31' });
    expect(march).toMatchObject({
      key: '2026-03',
      results: 4,
      maker: 2,
      shareBp: 5_000,
      podiums: 3,
      makerPodiums: 2,
      podiumShareBp: 6_666,
    });
  });

  it('late results: past the 2-week window, not cancelled, nothing uploaded', () => {
    const db = testDb();
    db.insert(events)
      .values([
        { title: 'Late', date: '2026-05-01' },
        { title: 'Recent', date: '2026-05-25' },
        { title: 'Cancelled', date: '2026-04-01', cancelled: true },
        { title: 'Done', date: '2026-04-01', resultsUploadedAt: '2026-04-05T00:00:00Z' },
      ])
      .run();
    const late = lateEvents(db, {}, new Date('2026-06-01T19:00:00Z'));
    expect(late.events.map((e) => e.title)).toEqual(['Late']);
    expect(late.events[0].daysLate).toBe(31);
  });

  it('class payouts export: one column per place, and cells are formula-safe', () => {
    const { maxPlace, rows: stream } = classPayoutsExport(world(), {
      startDate: '2026-01-01',
      endDate: '2026-12-31',
    });
    const rows = [...stream];
    expect(maxPlace).toBe(2);
    expect(rows[0].places).toEqual([30_000, 20_000]);
    expect(toCsv([[rows[0].eventTitle]])).toBe(`"'=HYPERLINK(""x"")"\r\n`);
  });
});
