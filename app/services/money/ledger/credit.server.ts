/**
 * Dealer credit a rider can spend now (docs/rules.md "Dealer credit").
 *
 * Spendable = dealer-credit awards (payoutType 'dealerCredit', award type credit or bonus) with
 * status 'current', currentCents > 0 and an expiry strictly after `now`: credit whose expiry has
 * passed cannot be spent even before the expiry job has marked it 'expired'.
 *
 * Currencies are never mixed or converted: credit earned at a US event is USD, at a Canadian
 * event CAD. A dealer redeems in its own country's currency (`currencyForCountry`), so one call
 * answers for one currency; `byCurrency` lists every currency the rider holds credit in.
 */
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { prepared, type Conn } from '~/db.server';
import { awards, events } from '#db/schema';
import { CURRENCIES, DEFAULT_CURRENCY, EXPIRY_MAIL_DAYS, type Currency } from '~/lib/constants';
import { awardSourceTitle } from '~/services/money/awards/award-title.server';

/** Credit within this many days of its expiry is "expiring soon". */
export const EXPIRING_SOON_DAYS = EXPIRY_MAIL_DAYS;

/** One spendable award, soonest expiry first. */
export type CreditAward = {
  id: number;
  currentCents: number;
  expiresAt: string; // ISO-8601 UTC instant
  eventTitle: string | null;
  currency: Currency;
};

/** What a rider can spend in one currency. */
type CurrencyCredit = {
  currency: Currency;
  totalCents: number;
  expiringSoonCents: number;
  awards: CreditAward[];
};

export type AvailableCredit = CurrencyCredit & {
  /** Every currency with spendable credit (> 0), in CURRENCIES order. */
  byCurrency: CurrencyCredit[];
};

/** Countries whose dealers redeem in euros (EUR is an allowed currency, docs/rules.md "Money"). */
const EURO_COUNTRIES = new Set([
  'AT',
  'BE',
  'HR',
  'CY',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PT',
  'SK',
  'SI',
  'ES',
]);

/** The currency money is counted in for a country: CAD in Canada, EUR in the euro area, else USD. */
export function currencyForCountry(country: string | null | undefined): Currency {
  const code = (country ?? '').trim().toUpperCase();
  if (code === 'CA') return 'CAD';
  if (EURO_COUNTRIES.has(code)) return 'EUR';
  return DEFAULT_CURRENCY;
}

/** Instant as milliseconds, or null when missing or unreadable. */
function ms(value: string | null): number | null {
  if (!value) return null;
  const t = Date.parse(value);
  return Number.isNaN(t) ? null : t;
}

/** What the spendable filter and order read of an award row. */
type AwardRow = { id: number; currentCents: number; expiresAt: string | null };

/**
 * The rows spendable at `now`, soonest expiry first, then oldest id (the order a redemption
 * draws in).
 */
function spendableAt<T extends AwardRow>(rows: T[], now: Date): (T & { expiresAt: string })[] {
  const nowMs = now.getTime();
  const out: (T & { expiresAt: string })[] = [];
  for (const r of rows) {
    // No expiry date is an award-engine fault: such credit is not spendable until corrected.
    if (r.expiresAt === null) continue;
    const exp = ms(r.expiresAt);
    if (exp === null || exp <= nowMs) continue;
    out.push(r as T & { expiresAt: string });
  }
  out.sort((a, b) => Date.parse(a.expiresAt) - Date.parse(b.expiresAt) || a.id - b.id);
  return out;
}

/** The spendable-award conditions: the rider's current dealer credit with something left. */
const spendableWhere = (...more: ReturnType<typeof eq>[]) =>
  and(
    eq(awards.riderId, sql.placeholder('riderId')),
    eq(awards.payoutType, 'dealerCredit'),
    eq(awards.status, 'current'),
    gt(awards.currentCents, 0),
    ...more,
  );

/**
 * Every spendable award of a rider (all currencies), soonest expiry first, then oldest id.
 * Safe to call inside a write transaction (pass the `tx`).
 */
function spendableAwards(conn: Conn, riderId: number, now: Date = new Date()): CreditAward[] {
  const rows = prepared(conn, 'credit.spendable', (c) =>
    c
      .select({
        id: awards.id,
        currentCents: awards.currentCents,
        expiresAt: awards.expiresAt,
        currency: awards.currency,
        eventTitle: awardSourceTitle,
      })
      .from(awards)
      .leftJoin(events, eq(events.id, awards.eventId))
      .where(spendableWhere())
      .orderBy(asc(awards.expiresAt), asc(awards.id))
      .prepare(),
  ).all({ riderId });
  return spendableAt(rows, now).map((r) => ({
    id: r.id,
    currentCents: r.currentCents,
    expiresAt: r.expiresAt,
    eventTitle: r.eventTitle ?? null,
    currency: r.currency,
  }));
}

/** An award a redemption draws on. */
export type DrawableAward = { id: number; currentCents: number; expiresAt: string };

/**
 * What a redemption draws on, read under its write lock: the rider's spendable awards in one
 * currency in the order they are drawn, and their total. The same awards `availableCredit` lists
 * for that currency, without what they were for: the counter's transaction reads no event or
 * series row for titles nobody shows.
 */
export function drawableCredit(
  conn: Conn,
  riderId: number,
  now: Date,
  currency: Currency,
): { totalCents: number; awards: DrawableAward[] } {
  const rows = prepared(conn, 'credit.drawable', (c) =>
    c
      .select({ id: awards.id, currentCents: awards.currentCents, expiresAt: awards.expiresAt })
      .from(awards)
      .where(spendableWhere(eq(awards.currency, sql.placeholder('currency'))))
      .orderBy(asc(awards.expiresAt), asc(awards.id))
      .prepare(),
  ).all({ riderId, currency });
  const list = spendableAt(rows, now);
  return { totalCents: list.reduce((sum, a) => sum + a.currentCents, 0), awards: list };
}

function summarize(currency: Currency, list: CreditAward[], now: Date): CurrencyCredit {
  const soonLimit = now.getTime() + EXPIRING_SOON_DAYS * 24 * 60 * 60 * 1000;
  let totalCents = 0;
  let expiringSoonCents = 0;
  for (const a of list) {
    totalCents += a.currentCents;
    if (Date.parse(a.expiresAt) <= soonLimit) expiringSoonCents += a.currentCents;
  }
  return { currency, totalCents, expiringSoonCents, awards: list };
}

/**
 * The dealer credit a rider can spend now.
 * - `currency` given (a dealer's currency): that currency only.
 * - omitted: the rider's home currency (`homeCurrency`, default USD) when they hold credit in it,
 *   else the currency they hold the most credit in.
 * `awards` are soonest expiry first; `expiringSoonCents` is what expires within 30 days.
 */
export function availableCredit(
  conn: Conn,
  riderId: number,
  now: Date = new Date(),
  currency?: Currency,
  homeCurrency: Currency = DEFAULT_CURRENCY,
): AvailableCredit {
  const all = spendableAwards(conn, riderId, now);
  const byCurrency: CurrencyCredit[] = [];
  for (const c of CURRENCIES) {
    const list = all.filter((a) => a.currency === c);
    if (list.length > 0) byCurrency.push(summarize(c, list, now));
  }
  let chosen: Currency = currency ?? homeCurrency;
  if (!currency && !byCurrency.some((b) => b.currency === chosen) && byCurrency.length > 0) {
    chosen = byCurrency.reduce((best, b) => (b.totalCents > best.totalCents ? b : best)).currency;
  }
  const selected = byCurrency.find((b) => b.currency === chosen) ?? summarize(chosen, [], now);
  return { ...selected, byCurrency };
}
