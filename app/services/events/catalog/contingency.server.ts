/**
 * An event's contingency: the money it offers. Ruling (docs/rules.md "Public site"): the sum
 * of every place amount of its classes whose payout type is not `noPayout`, per currency (no
 * conversion between USD, CAD and EUR). Used by the public pages and the reports.
 */
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Conn } from '~/db.server';
import { classPlaceTotals, eventClasses, events } from '#db/schema';
import type { Currency } from '~/lib/constants';

/** An amount of money in one currency. */
export type MoneyTotal = { currency: Currency; cents: number };

/** Adds money into a per-currency list (kept sorted USD, CAD, EUR). */
export function addMoney(list: MoneyTotal[], currency: Currency, cents: number): MoneyTotal[] {
  const found = list.find((m) => m.currency === currency);
  if (found) found.cents += cents;
  else list.push({ currency, cents });
  const order: Currency[] = ['USD', 'CAD', 'EUR'];
  return list.sort((a, b) => order.indexOf(a.currency) - order.indexOf(b.currency));
}

/**
 * The per-event contingency query (sum of paying classes' place amounts, per currency) for the
 * events `where` selects: run at once by `contingencyFor`, or prepared by a page that reads it on
 * every visit (values as placeholders).
 */
export function contingencyQuery(db: Conn, where: SQL | undefined) {
  return (
    db
      .select({
        eventId: eventClasses.eventId,
        currency: eventClasses.currency,
        cents: sql<number>`coalesce(sum(${classPlaceTotals.cents}), 0)`,
      })
      .from(eventClasses)
      // One kept total per class (migration 0010), not every place.
      .innerJoin(classPlaceTotals, eq(classPlaceTotals.classId, eventClasses.id))
      .innerJoin(events, eq(events.id, eventClasses.eventId))
      .where(and(ne(eventClasses.payoutType, 'noPayout'), where))
      .groupBy(eventClasses.eventId, eventClasses.currency)
  );
}

/** The query's rows as each event's money (events offering nothing are left out). */
export function contingencyByEvent(
  rows: { eventId: number; currency: Currency; cents: number }[],
): Map<number, MoneyTotal[]> {
  const map = new Map<number, MoneyTotal[]>();
  for (const r of rows) {
    if (r.cents <= 0) continue;
    map.set(r.eventId, addMoney(map.get(r.eventId) ?? [], r.currency, Number(r.cents)));
  }
  return map;
}

/** Per-event contingency (sum of paying classes' place amounts, per currency) for some events. */
export function contingencyFor(db: Conn, where: SQL | undefined): Map<number, MoneyTotal[]> {
  return contingencyByEvent(contingencyQuery(db, where).all());
}

/** Sums per-event totals into one per-currency total. */
export function sumTotals(lists: Iterable<MoneyTotal[]>): MoneyTotal[] {
  let out: MoneyTotal[] = [];
  for (const list of lists) for (const m of list) out = addMoney(out, m.currency, m.cents);
  return out;
}
