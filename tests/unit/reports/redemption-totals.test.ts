/**
 * Rule: redeemed credit per month is kept by triggers in the same transaction as every change of
 * a redemption (insert, refund, delete, date or amount change), so the reports read whole months
 * from `redemption_month_totals` and agree with the redemptions themselves.
 */
import { describe, expect, it } from 'vitest';
import { creditRedemptions, dealers, redemptionMonthTotals, riders, users } from '#db/schema';
import { eq, sql } from 'drizzle-orm';
import { summary } from '~/services/reports/reports.server';
import { yearlyTotals } from '~/services/reports/yearly-totals.server';
import { totalsProblems } from '~/services/platform/integrity.server';
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
  const add = (createdAt: string, amountCents: number, currency: 'USD' | 'CAD' = 'USD') =>
    db
      .insert(creditRedemptions)
      .values({
        riderId: rider.id,
        dealerId: dealer.id,
        amountCents,
        currency,
        employeeName: 'Sam',
        createdAt,
      })
      .returning()
      .get().id;
  return { db, add };
}

/** What the totals must be: active redemptions grouped by UTC month and currency. */
function expected(db: ReturnType<typeof testDb>) {
  return db
    .select({
      month: sql<string>`substr(${creditRedemptions.createdAt}, 1, 7)`,
      currency: creditRedemptions.currency,
      cents: sql<number>`sum(${creditRedemptions.amountCents})`,
      count: sql<number>`count(*)`,
    })
    .from(creditRedemptions)
    .where(eq(creditRedemptions.status, 'active'))
    .groupBy(sql`1`, creditRedemptions.currency)
    .orderBy(sql`1`, creditRedemptions.currency)
    .all();
}
function kept(db: ReturnType<typeof testDb>) {
  return db
    .select({
      month: redemptionMonthTotals.month,
      currency: redemptionMonthTotals.currency,
      cents: redemptionMonthTotals.cents,
      count: redemptionMonthTotals.count,
    })
    .from(redemptionMonthTotals)
    .where(sql`${redemptionMonthTotals.count} > 0`)
    .orderBy(redemptionMonthTotals.month, redemptionMonthTotals.currency)
    .all();
}

describe('monthly redemption totals', () => {
  it('follow inserts, refunds, deletions and changes of date, amount or currency', () => {
    const { db, add } = world();
    const a = add('2026-01-31T23:59:59.000Z', 1_000);
    add('2026-02-01T00:00:00.000Z', 2_500);
    const c = add('2026-02-14T12:00:00.000Z', 700, 'CAD');
    const d = add('2026-03-03T09:00:00.000Z', 400);
    expect(kept(db)).toEqual(expected(db));
    db.update(creditRedemptions)
      .set({ status: 'revoked' })
      .where(eq(creditRedemptions.id, a))
      .run();
    expect(kept(db)).toEqual(expected(db));
    db.update(creditRedemptions).set({ status: 'active' }).where(eq(creditRedemptions.id, a)).run();
    db.update(creditRedemptions)
      .set({ createdAt: '2026-03-01T00:00:00.000Z', amountCents: 900 })
      .where(eq(creditRedemptions.id, c))
      .run();
    db.update(creditRedemptions).set({ currency: 'CAD' }).where(eq(creditRedemptions.id, d)).run();
    db.delete(creditRedemptions).where(eq(creditRedemptions.id, a)).run();
    expect(kept(db)).toEqual(expected(db));
    expect(kept(db)).toEqual([
      { month: '2026-02', currency: 'USD', cents: 2_500, count: 1 },
      { month: '2026-03', currency: 'CAD', cents: 1_300, count: 2 },
    ]);
  });

  it('the summary takes whole months from the totals and the cut edge months from the redemptions', () => {
    const { db, add } = world();
    add('2026-01-10T10:00:00.000Z', 1); // before the range
    add('2026-01-20T10:00:00.000Z', 10); // in the cut first month
    add('2026-03-05T10:00:00.000Z', 100); // a whole month
    add('2026-03-25T10:00:00.000Z', 1_000, 'CAD');
    add('2026-06-09T10:00:00.000Z', 10_000); // in the cut last month
    add('2026-06-11T10:00:00.000Z', 100_000); // after the range
    const s = summary(db, { startDate: '2026-01-15', endDate: '2026-06-10' });
    expect(s.redeemed).toEqual([
      { currency: 'USD', cents: 10_110 },
      { currency: 'CAD', cents: 1_000 },
    ]);
    expect(s.months.map((m) => [m.month, m.redeemed])).toEqual([
      ['2026-01', [{ currency: 'USD', cents: 10 }]],
      [
        '2026-03',
        [
          { currency: 'CAD', cents: 1_000 },
          { currency: 'USD', cents: 100 },
        ],
      ],
      ['2026-06', [{ currency: 'USD', cents: 10_000 }]],
    ]);
    // And the yearly totals (every program year) agree with the redemptions.
    const year = yearlyTotals(db).filter((r) => r.year === 2026);
    expect(year.map((r) => [r.currency, r.redeemedCents]).sort()).toEqual([
      ['CAD', 1_000],
      ['USD', 110_111],
    ]);
  });
});

describe('the integrity check', () => {
  it('names a month whose total no longer matches its redemptions', () => {
    const { db, add } = world();
    add('2026-02-01T00:00:00.000Z', 2_500);
    expect(totalsProblems(db.$client)).toEqual([]);
    db.update(redemptionMonthTotals).set({ cents: 1 }).run();
    expect(totalsProblems(db.$client)).toEqual([
      'redemption_month_totals 2026-02 USD: 1 != redemptions 2500',
    ]);
  });
});
