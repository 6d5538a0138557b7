/**
 * The rankings of the admin reports: top riders by what they earned, the counts per rider level,
 * and top dealers by credit redeemed at their counter. Read-only; cached by `reports.server`.
 */
import { and, asc, count, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { DB } from '~/db.server';
import { awards, creditRedemptions, dealers, riders } from '#db/schema';
import type { Currency } from '~/lib/constants';
import type { Range } from '~/services/reports/reports.server';
import { unplannedLimit } from '~/db.server';

/** What each rider earned in the range, per currency (pros: cash, amateurs: dealer credit):
 * awards grouped by rider first (a covering index in rider order), riders joined per group. */
function earnedByRider(db: DB, level: 'pro' | 'amateur', range: Range) {
  const earned = db
    .select({
      riderId: awards.riderId,
      currency: awards.currency,
      cents: sql<number>`sum(${awards.initialCents})`.as('cents'),
      awards: sql<number>`count(*)`.as('awards'),
    })
    .from(awards)
    .where(
      and(
        gte(awards.awardedAt, `${range.startDate}T00:00:00.000Z`),
        lte(awards.awardedAt, `${range.endDate}T23:59:59.999Z`),
        sql`${awards.status} <> 'reversed'`,
      ),
    )
    .groupBy(awards.riderId, awards.currency)
    .as('earned');
  return { earned, level: and(eq(riders.id, earned.riderId), eq(riders.level, level)) };
}

/** Top riders by what they earned in the range (pros: cash, amateurs: dealer credit). */
export function topRidersNow(db: DB, level: 'pro' | 'amateur', range: Range, limit = 10) {
  const { earned, level: join } = earnedByRider(db, level, range);
  return db
    .select({
      riderId: riders.id,
      name: sql<string>`${riders.firstName} || ' ' || ${riders.lastName}`,
      currency: earned.currency,
      cents: sql<number>`${earned.cents}`.mapWith(Number),
      awards: sql<number>`${earned.awards}`.mapWith(Number),
    })
    .from(earned)
    .innerJoin(riders, join)
    .orderBy(desc(earned.cents), asc(riders.id))
    .limit(unplannedLimit(limit))
    .all();
}

/** Counts for a rider level: riders, riders who earned, awards and totals in the range. */
export function riderStatsNow(db: DB, level: 'pro' | 'amateur', range: Range) {
  const ridersTotal =
    db.select({ n: count() }).from(riders).where(eq(riders.level, level)).get()?.n ?? 0;
  const { earned, level: join } = earnedByRider(db, level, range);
  const rows = db
    .select({
      riderId: earned.riderId,
      currency: earned.currency,
      cents: sql<number>`${earned.cents}`,
      awards: sql<number>`${earned.awards}`,
    })
    .from(earned)
    .innerJoin(riders, join)
    .all();
  const totals = new Map<Currency, number>();
  for (const e of rows) totals.set(e.currency, (totals.get(e.currency) ?? 0) + e.cents);
  return {
    level,
    riders: ridersTotal,
    earners: new Set(rows.map((e) => e.riderId)).size,
    awards: rows.reduce((n, e) => n + e.awards, 0),
    earned: [...totals].map(([currency, cents]) => ({ currency, cents })),
  };
}

/** Per dealer, what was redeemed there in the range, one column pair per currency: grouped by
 * dealer alone so SQLite follows the covering (dealer, created_at, …) index with no sort. */
const CURRENCY_LIST = ['USD', 'CAD', 'EUR'] as const;

/** Dealers by credit redeemed at their counter in the range. */
export function topDealersNow(db: DB, range: Range, limit = 10) {
  const per = (c: Currency) => ({
    cents: sql<number>`sum(CASE WHEN ${creditRedemptions.currency} = ${c} THEN ${creditRedemptions.amountCents} ELSE 0 END)`,
    n: sql<number>`sum(${creditRedemptions.currency} = ${c})`,
  });
  const [usd, cad, eur] = CURRENCY_LIST.map(per);
  const totals = db
    .select({
      dealerId: creditRedemptions.dealerId,
      usd: usd.cents,
      usdN: usd.n,
      cad: cad.cents,
      cadN: cad.n,
      eur: eur.cents,
      eurN: eur.n,
    })
    .from(creditRedemptions)
    .where(
      and(
        gte(creditRedemptions.createdAt, `${range.startDate}T00:00:00.000Z`),
        lte(creditRedemptions.createdAt, `${range.endDate}T23:59:59.999Z`),
        eq(creditRedemptions.status, 'active'),
      ),
    )
    .groupBy(creditRedemptions.dealerId)
    .all();
  const ranked = totals
    .flatMap((t) =>
      (
        [
          ['USD', t.usd, t.usdN],
          ['CAD', t.cad, t.cadN],
          ['EUR', t.eur, t.eurN],
        ] as const
      )
        .filter(([, , n]) => n > 0)
        .map(([currency, cents, redemptions]) => ({
          dealerId: t.dealerId,
          currency,
          cents,
          redemptions,
        })),
    )
    .sort((x, y) => y.cents - x.cents || x.dealerId - y.dealerId)
    .slice(0, limit);
  if (ranked.length === 0) return [];
  const names = new Map(
    db
      .select({ id: dealers.id, name: dealers.name, city: dealers.city, state: dealers.state })
      .from(dealers)
      .where(
        inArray(
          dealers.id,
          ranked.map((r) => r.dealerId),
        ),
      )
      .all()
      .map((d) => [d.id, d]),
  );
  return ranked.map((r) => {
    const d = names.get(r.dealerId)!;
    return {
      dealerId: r.dealerId,
      name: d.name,
      city: d.city,
      state: d.state,
      currency: r.currency as Currency,
      cents: r.cents,
      redemptions: r.redemptions,
    };
  });
}
