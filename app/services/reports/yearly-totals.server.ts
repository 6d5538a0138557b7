/**
 * The summary's yearly totals for every program year at once (the summary page shows one range):
 * per year and currency, earned (every award but reversed ones, by award date), redeemed (active
 * redemptions, by redemption date) and available (dealer credit earned that year still spendable
 * now). Years as the summary counts them (UTC dates of the instants). Read-only.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { DB } from '~/db.server';
import type { Currency } from '~/lib/constants';
import { awards, redemptionMonthTotals } from '#db/schema';
import { cachedReport } from '~/services/platform/data-version.server';

export type YearTotals = {
  year: number;
  currency: Currency;
  earnedCents: number;
  redeemedCents: number;
  availableCents: number;
};

function yearlyTotalsNow(db: DB, now = new Date()): YearTotals[] {
  const year = sql<string>`substr(${awards.awardedAt}, 1, 4)`;
  const earned = db
    .select({ year, currency: awards.currency, cents: sql<number>`sum(${awards.initialCents})` })
    .from(awards)
    .where(sql`${awards.status} <> 'reversed'`)
    .groupBy(sql`1`, awards.currency)
    .all();
  const available = db
    .select({ year, currency: awards.currency, cents: sql<number>`sum(${awards.currentCents})` })
    .from(awards)
    .where(
      and(
        eq(awards.payoutType, 'dealerCredit'),
        eq(awards.status, 'current'),
        sql`${awards.expiresAt} > ${now.toISOString()}`,
      ),
    )
    .groupBy(sql`1`, awards.currency)
    .all();
  // Redeemed per year from the monthly totals kept by triggers (not 700,000 redemptions).
  const redeemed = db
    .select({
      year: sql<string>`substr(${redemptionMonthTotals.month}, 1, 4)`,
      currency: redemptionMonthTotals.currency,
      cents: sql<number>`sum(${redemptionMonthTotals.cents})`,
    })
    .from(redemptionMonthTotals)
    .groupBy(sql`1`, redemptionMonthTotals.currency)
    .all();
  const map = new Map<string, YearTotals>();
  const slot = (y: string, currency: Currency) => {
    const key = `${y}-${currency}`;
    return (
      map.get(key) ??
      map
        .set(key, {
          year: Number(y),
          currency,
          earnedCents: 0,
          redeemedCents: 0,
          availableCents: 0,
        })
        .get(key)!
    );
  };
  for (const r of earned) slot(r.year, r.currency).earnedCents += Number(r.cents ?? 0);
  for (const r of redeemed) slot(r.year, r.currency).redeemedCents += Number(r.cents ?? 0);
  for (const r of available) slot(r.year, r.currency).availableCents += Number(r.cents ?? 0);
  // Every program year between the first and the last, empty years included.
  const out: YearTotals[] = [];
  const currencies = [...new Set([...map.values()].map((r) => r.currency))].sort();
  const years = [...map.values()].map((r) => r.year);
  if (!years.length) return out;
  for (let y = Math.min(...years); y <= Math.max(...years); y += 1) {
    for (const c of currencies)
      out.push(
        map.get(`${y}-${c}`) ?? {
          year: y,
          currency: c,
          earnedCents: 0,
          redeemedCents: 0,
          availableCents: 0,
        },
      );
  }
  return out;
}

/** Cached until the next write (`cachedUntilWrite`): the summary page and its two charts ask it. */
export const yearlyTotals = cachedReport('yearlyTotals', yearlyTotalsNow);
