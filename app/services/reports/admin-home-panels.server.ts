/**
 * The admin home's yearly panels: top pro and amateur riders, pro and
 * amateur rider stats, top dealers, recent events. Built from the report functions; the year is
 * the page's filter (default this year).
 */
import type { DB } from '~/db.server';
import { todayString } from '~/lib/format';
import { eventsAround } from '~/services/events/catalog/public-event-list.server';
import { riderStats, topDealers, topRiders, yearRange } from '~/services/reports/reports.server';

const TOP = 5;

/** The stats year from the query: a 4-digit year 2000–2100, else this year. */
export function statsYear(raw: string | null, now: Date = new Date()): number {
  const year = Number(raw);
  return Number.isInteger(year) && year >= 2000 && year <= 2100
    ? year
    : Number(todayString(now).slice(0, 4));
}

export function adminHomePanels(db: DB, year: number, now: Date = new Date()) {
  const range = yearRange(year);
  const today = todayString(now);
  const nextYear = `${year + 1}-01-01`;
  const before = nextYear < today ? nextYear : today;
  return {
    year,
    topPro: topRiders(db, 'pro', range, TOP),
    topAmateur: topRiders(db, 'amateur', range, TOP),
    proStats: riderStats(db, 'pro', range),
    amateurStats: riderStats(db, 'amateur', range),
    topDealers: topDealers(db, range, TOP),
    recentEvents: eventsAround(db, { before, limit: TOP }).filter(
      (e) => (e.date ?? '') >= range.startDate,
    ),
  };
}

export type AdminHomePanels = ReturnType<typeof adminHomePanels>;
