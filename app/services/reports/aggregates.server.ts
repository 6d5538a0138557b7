/**
 * Public aggregates (GET /api/aggregates/contingency and the home page).
 *
 * Ruling (docs/rules.md "Public site"): the contingency total is the money posted at
 * upcoming events — every place amount of every paying class (payout type not `noPayout`) of
 * every event that is not cancelled and is dated from today (Los Angeles) through the next 365
 * days. A rolling window rather than "the rest of this calendar year", so the figure does not
 * collapse to nothing in December while next season's schedule is already posted. Summed per
 * currency, never converted. The title names the window.
 */
import { and, eq, gte, lte } from 'drizzle-orm';
import type { Conn } from '~/db.server';
import { events } from '#db/schema';
import { todayString } from '~/lib/format';
import {
  contingencyFor,
  sumTotals,
  type MoneyTotal,
} from '~/services/events/catalog/contingency.server';
import { cachedForCatalog } from '~/services/platform/data-version.server';

/** Days ahead the posted contingency looks. */
const CONTINGENCY_WINDOW_DAYS = 365;

export type ContingencyAggregate = {
  /** From this day (today, Los Angeles)… */
  from: string;
  /** …through this day, inclusive. */
  to: string;
  /** Per currency, in the order USD, CAD, EUR. */
  amounts: MoneyTotal[];
  /** Events counted. */
  eventCount: number;
};

/** Adds days to a 'YYYY-MM-DD' calendar day. */
function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * The contingency posted at upcoming events (see the ruling above); cached in memory until the
 * event catalog changes (`cachedForCatalog`).
 */
export function contingencyAggregate(
  db: Conn,
  today: string = todayString(),
): ContingencyAggregate {
  return cachedForCatalog(db, `contingency|${today}`, () => computeContingency(db, today));
}

function computeContingency(db: Conn, today: string): ContingencyAggregate {
  const to = addDays(today, CONTINGENCY_WINDOW_DAYS);
  const where = and(eq(events.cancelled, false), gte(events.date, today), lte(events.date, to));
  const perEvent = contingencyFor(db, where);
  return { from: today, to, amounts: sumTotals(perEvent.values()), eventCount: perEvent.size };
}
