/** Key figures for the admin home: people, events, money outstanding. */
import { and, count, eq, gte, isNull, lt, sql, sum } from 'drizzle-orm';
import type { DB } from '~/db.server';
import { awards, creditRedemptions, dealers, events, results, riders, users } from '#db/schema';
import { todayString } from '~/lib/format';

/** Amounts grouped by currency. */
type ByCurrency = { currency: 'USD' | 'CAD' | 'EUR'; cents: number }[];

export function adminHomeFigures(db: DB, now = new Date()) {
  const today = todayString(now);
  const monthStart = `${today.slice(0, 7)}-01`;
  // Every rider less those whose account is deactivated (a few, through their own index): the
  // same count as joining every rider to its account, without reading every account.
  const allRiders = db.select({ n: count() }).from(riders).get()?.n ?? 0;
  const deactivatedRiders =
    db
      .select({ n: count() })
      .from(users)
      .innerJoin(riders, eq(riders.userId, users.id))
      // A literal, not a bound value: only then may SQLite use the partial index.
      .where(sql`${users.deactivated} = 1`)
      .get()?.n ?? 0;
  const riderCount = allRiders - deactivatedRiders;
  const dealerCount =
    db.select({ n: count() }).from(dealers).where(eq(dealers.active, true)).get()?.n ?? 0;
  const upcoming =
    db
      .select({ n: count() })
      .from(events)
      .where(and(gte(events.date, today), eq(events.cancelled, false)))
      .get()?.n ?? 0;
  const twoWeeksAgo = new Date(now.getTime() - 14 * 86_400_000).toISOString().slice(0, 10);
  const late =
    db
      .select({ n: count() })
      .from(events)
      .where(
        and(
          lt(events.date, twoWeeksAgo),
          eq(events.cancelled, false),
          isNull(events.resultsUploadedAt),
          sql`NOT EXISTS (SELECT 1 FROM ${results} r WHERE r.event_id = ${events.id})`,
        ),
      )
      .get()?.n ?? 0;
  const outstanding = (payoutType: 'dealerCredit' | 'cash'): ByCurrency =>
    db
      .select({ currency: awards.currency, cents: sum(awards.currentCents).mapWith(Number) })
      .from(awards)
      .where(and(eq(awards.payoutType, payoutType), sql`${awards.currentCents} > 0`))
      .groupBy(awards.currency)
      .all();
  const redeemedThisMonth: ByCurrency = db
    .select({
      currency: creditRedemptions.currency,
      cents: sum(creditRedemptions.amountCents).mapWith(Number),
    })
    .from(creditRedemptions)
    .where(
      and(eq(creditRedemptions.status, 'active'), gte(creditRedemptions.createdAt, monthStart)),
    )
    .groupBy(creditRedemptions.currency)
    .all();
  return {
    riderCount,
    dealerCount,
    upcoming,
    late,
    creditOutstanding: outstanding('dealerCredit'),
    cashOwed: outstanding('cash'),
    redeemedThisMonth,
  };
}
