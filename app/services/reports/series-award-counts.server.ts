/**
 * Awards per series for the market-share-by-series report: the awards of the
 * series' events held in the range AND its series-end (final standings) awards, which have no
 * event (`awards.seriesId` set) and are dated by `awardedAt`. Reversed awards are not counted.
 */
import { and, eq, gte, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { DB } from '~/db.server';
import { awards, events } from '#db/schema';

type Range = { startDate: string; endDate: string };

/** Map of series id (as text, '0' = no series) → number of awards. */
export function awardCountsBySeries(db: DB, range: Range): Map<string, number> {
  const notReversed = sql`${awards.status} <> 'reversed'`;
  const fromEvents = db
    .select({
      key: sql<string>`cast(coalesce(${events.seriesId}, 0) AS TEXT)`,
      n: sql<number>`count(*)`,
    })
    .from(awards)
    .innerJoin(events, eq(events.id, awards.eventId))
    .where(
      and(
        gte(events.date, range.startDate),
        lte(events.date, range.endDate),
        isNull(awards.seriesId),
        notReversed,
      ),
    )
    .groupBy(sql`1`)
    .all();
  const seriesEnd = db
    .select({ key: sql<string>`cast(${awards.seriesId} AS TEXT)`, n: sql<number>`count(*)` })
    .from(awards)
    .where(
      and(
        isNotNull(awards.seriesId),
        isNull(awards.eventId),
        gte(awards.awardedAt, `${range.startDate}T00:00:00.000Z`),
        lte(awards.awardedAt, `${range.endDate}T23:59:59.999Z`),
        notReversed,
      ),
    )
    .groupBy(sql`1`)
    .all();
  const counts = new Map<string, number>();
  for (const r of [...fromEvents, ...seriesEnd]) counts.set(r.key, (counts.get(r.key) ?? 0) + r.n);
  return counts;
}
