/**
 * A series' contingency standings (docs/rules.md "Public site"): per class of its events, the
 * riders this program paid, ranked by what they earned. Read from what the results pay (the
 * amounts the public event pages show, which the award engine writes with the awards), so the
 * standings move with the catalog version exactly as the series and event pages do.
 */
import { and, asc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import { prepared, type Conn } from '~/db.server';
import { eventClasses, events, results } from '#db/schema';
import type { Currency } from '~/lib/constants';
import { nameKey } from '~/services/events/files/match-keys.server';

type StandingsRow = {
  rank: number;
  /** The name the rider's latest paid result in the class shows, as the event page shows it. */
  riderName: string;
  eventsCounted: number;
  wins: number;
  podiums: number;
  bestFinish: number | null;
  /** Cash and dealer credit at face, the results' bonuses included, in the table's currency. */
  totalCents: number;
};

export type ClassStandings = { className: string; currency: Currency; riders: StandingsRow[] };

type Tally = Omit<StandingsRow, 'rank' | 'eventsCounted'> & { events: Set<number> };

/** The series' paid results, oldest event first, classes in their event's order. */
function paidResultsQuery(db: Conn) {
  return prepared(db, 'catalog.seriesStandings', (c) =>
    c
      .select({
        eventId: events.id,
        className: eventClasses.name,
        currency: eventClasses.currency,
        riderId: results.riderId,
        riderName: results.riderName,
        place: results.place,
        payoutCents: results.payoutCents,
        bonusCents: results.bonusCents,
      })
      .from(results)
      .innerJoin(events, eq(events.id, results.eventId))
      .innerJoin(eventClasses, eq(eventClasses.id, results.classId))
      .where(
        and(
          eq(events.seriesId, sql.placeholder('seriesId')),
          eq(events.approval, 'approved'),
          eq(events.cancelled, false),
          isNotNull(results.riderId),
          gt(results.payoutCents, 0),
        ),
      )
      .orderBy(
        asc(events.date),
        asc(events.id),
        asc(eventClasses.sortOrder),
        asc(eventClasses.id),
        asc(results.id),
      )
      .prepare(),
  );
}

// Names as people sort them (accents and case second), the same in every language of the page.
const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

function compareTallies(a: Tally, b: Tally): number {
  return (
    b.totalCents - a.totalCents ||
    b.wins - a.wins ||
    b.podiums - a.podiums ||
    (a.bestFinish ?? Infinity) - (b.bestFinish ?? Infinity) ||
    byName.compare(a.riderName, b.riderName) ||
    (a.riderName < b.riderName ? -1 : a.riderName > b.riderName ? 1 : 0)
  );
}

/**
 * The standings of one series: a table per class (class names matched as uploads match them) and
 * currency, in the order the classes first run; only classes someone earned in. Empty when nothing
 * was earned yet.
 */
export function seriesStandings(db: Conn, seriesId: number): ClassStandings[] {
  const tables = new Map<
    string,
    { className: string; currency: Currency; by: Map<number, Tally> }
  >();
  for (const r of paidResultsQuery(db).all({ seriesId })) {
    const key = `${nameKey(r.className)}|${r.currency}`;
    let table = tables.get(key);
    if (!table) {
      table = {
        className: r.className.replace(/\s+/g, ' ').trim(),
        currency: r.currency,
        by: new Map(),
      };
      tables.set(key, table);
    }
    const riderId = r.riderId as number;
    let t = table.by.get(riderId);
    if (!t) {
      t = {
        riderName: '',
        events: new Set(),
        wins: 0,
        podiums: 0,
        bestFinish: null,
        totalCents: 0,
      };
      table.by.set(riderId, t);
    }
    t.riderName = r.riderName.replace(/\s+/g, ' ').trim();
    t.events.add(r.eventId);
    t.totalCents += r.payoutCents + r.bonusCents;
    if (r.place !== null) {
      if (r.place === 1) t.wins += 1;
      if (r.place <= 3) t.podiums += 1;
      if (t.bestFinish === null || r.place < t.bestFinish) t.bestFinish = r.place;
    }
  }
  return [...tables.values()].map(({ className, currency, by }) => ({
    className,
    currency,
    riders: [...by.values()].sort(compareTallies).map(({ events: seen, ...t }, i) => ({
      rank: i + 1,
      riderName: t.riderName,
      eventsCounted: seen.size,
      wins: t.wins,
      podiums: t.podiums,
      bestFinish: t.bestFinish,
      totalCents: t.totalCents,
    })),
  }));
}
