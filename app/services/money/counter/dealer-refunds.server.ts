/**
 * The dealer refunds report (docs/rules.md "Dealer credit"): for a month (America/Los_Angeles), per
 * dealer and currency, the redemptions made there that month less the redemptions revoked
 * (refunded) that month: what the maker credits to the dealer's parts account within 30 days of
 * the month's end.
 *
 * Revocations count in the month of their refund date, not the month of the redemption
 * (docs/rules.md "Dealer credit"): a closed month's report never changes afterwards, and a
 * refund of a redemption the dealer was already credited for is taken back on the next report.
 * So a dealer's net for a month can be negative (a debit on the parts account).
 */
import { LRUCache } from 'lru-cache';
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Conn } from '~/db.server';
import { centsToDecimal, toCsv, type CsvCell } from '~/lib/csv';
import { PARTS_CREDIT_DAYS, type Currency } from '~/lib/constants';
import { todayString } from '~/lib/format';
import type { Lang } from '~/lib/lang';
import { creditRedemptions, dealers, revokedRedemptions } from '#db/schema';
import { pageWindow } from '~/lib/pagination';
import { columnsOf } from '~/services/platform/columns.server';
import { cachedFor } from '~/services/platform/data-version.server';
import { addDays, addMonths, laDayStart } from '~/services/money/ledger/expiry.server';
import { perfOn } from '~/perf.server';

const MONTH_RE = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** True for 'YYYY-MM'. */
function isMonthString(value: string): boolean {
  return MONTH_RE.test(value);
}

/** The month before the one `now` falls in (Los Angeles), as 'YYYY-MM'. */
export function lastMonth(now: Date = new Date()): string {
  return addMonths(`${todayString(now).slice(0, 7)}-01`, -1).slice(0, 7);
}

type MonthBounds = {
  firstDay: string;
  lastDay: string;
  creditBy: string;
  startIso: string;
  endIso: string;
};

/** Months whose bounds are memoized: the time-zone arithmetic gives a month the same answer always. */
const boundsByMonth = new LRUCache<string, Readonly<MonthBounds>>({ max: 240 });

/** First day, last day, and the day the parts-account credit is due (last day + 30). */
export function monthBounds(month: string): Readonly<MonthBounds> {
  const memo = perfOn('small-memos') ? boundsByMonth.get(month) : undefined;
  if (memo) return memo;
  if (!isMonthString(month)) throw new RangeError(`Not a month: ${month}`);
  const firstDay = `${month}-01`;
  const nextFirst = addMonths(firstDay, 1);
  const lastDay = addDays(nextFirst, -1);
  const bounds = Object.freeze({
    firstDay,
    lastDay,
    creditBy: addDays(lastDay, PARTS_CREDIT_DAYS),
    startIso: laDayStart(firstDay),
    endIso: laDayStart(nextFirst),
  });
  boundsByMonth.set(month, bounds);
  return bounds;
}

export type DealerRefundRow = {
  dealerId: number;
  dealerNumber: string | null;
  dealerName: string;
  city: string | null;
  state: string | null;
  country: string;
  currency: Currency;
  redemptions: number;
  redeemedCents: number;
  revocations: number;
  revokedCents: number;
  netCents: number;
};

export type DealerRefundsReport = {
  month: string;
  firstDay: string;
  lastDay: string;
  creditBy: string;
  rows: DealerRefundRow[];
  totals: {
    currency: Currency;
    redemptions: number;
    redeemedCents: number;
    revocations: number;
    revokedCents: number;
    netCents: number;
  }[];
};

// localeCompare's order, with the collator built once rather than on every comparison.
const byName = new Intl.Collator();

/** How long after a month's end a redemption started before it may still commit. */
const SETTLE_MS = 60_000;

/**
 * The report for one month ('YYYY-MM'). A closed month's report never changes (redemptions and
 * refunds are dated when they happen, and count in the month of their own date; nothing moves a
 * redemption's date, amount or dealer): once the month has ended it is cached, until a dealer's
 * details change (the dealers' data version). The month under way is computed on each call.
 * Callers must not change what they get (it is shared).
 */
export function dealerRefundsReport(
  conn: Conn,
  month: string,
  now: Date = new Date(),
): DealerRefundsReport {
  const closed = now.getTime() >= Date.parse(monthBounds(month).endIso) + SETTLE_MS;
  return closed
    ? cachedFor(conn, 'dealers', `dealer-refunds|${month}`, () => computeReport(conn, month))
    : computeReport(conn, month);
}

/** Redemptions made and refunded in the month, counted and summed by dealer and currency. */
function monthSums(conn: Conn, b: ReturnType<typeof monthBounds>) {
  const redeemed = conn
    .select({
      dealerId: creditRedemptions.dealerId,
      currency: creditRedemptions.currency,
      n: sql<number>`count(*)`,
      cents: sql<number>`coalesce(sum(${creditRedemptions.amountCents}), 0)`,
    })
    .from(creditRedemptions)
    // The dealers' own index (dealer, date, status, currency, amount) answers it alone: one
    // range of the month per dealer, never a read of every redemption. Stored dates are ISO
    // instants in UTC like the bounds, so they compare as text.
    .where(
      and(
        inArray(creditRedemptions.dealerId, conn.select({ id: dealers.id }).from(dealers)),
        gte(creditRedemptions.createdAt, b.startIso),
        lt(creditRedemptions.createdAt, b.endIso),
      ),
    )
    .groupBy(creditRedemptions.dealerId, creditRedemptions.currency)
    .all();
  const revoked = conn
    .select({
      dealerId: creditRedemptions.dealerId,
      currency: creditRedemptions.currency,
      n: sql<number>`count(*)`,
      cents: sql<number>`coalesce(sum(${creditRedemptions.amountCents}), 0)`,
    })
    .from(revokedRedemptions)
    .innerJoin(creditRedemptions, eq(creditRedemptions.id, revokedRedemptions.redemptionId))
    .where(
      and(
        gte(revokedRedemptions.refundedAt, b.startIso),
        lt(revokedRedemptions.refundedAt, b.endIso),
      ),
    )
    .groupBy(creditRedemptions.dealerId, creditRedemptions.currency)
    .all();

  return { redeemed, revoked };
}

type DealerSums = Omit<
  DealerRefundRow,
  'dealerNumber' | 'dealerName' | 'city' | 'state' | 'country' | 'netCents'
>;

/** One line per dealer and currency, made and refunded side by side. */
function perDealer({ redeemed, revoked }: ReturnType<typeof monthSums>): DealerSums[] {
  const key = (dealerId: number, currency: string) => `${dealerId}:${currency}`;
  const acc = new Map<string, DealerSums>();
  const slot = (dealerId: number, currency: Currency) => {
    const k = key(dealerId, currency);
    const hit = acc.get(k);
    if (hit) return hit;
    const fresh = {
      dealerId,
      currency,
      redemptions: 0,
      redeemedCents: 0,
      revocations: 0,
      revokedCents: 0,
    };
    acc.set(k, fresh);
    return fresh;
  };
  for (const r of redeemed) {
    const s = slot(r.dealerId, r.currency);
    s.redemptions += Number(r.n);
    s.redeemedCents += Number(r.cents);
  }
  for (const r of revoked) {
    const s = slot(r.dealerId, r.currency);
    s.revocations += Number(r.n);
    s.revokedCents += Number(r.cents);
  }
  return [...acc.values()];
}

/** The lines with their dealer's number, name and place, in name order. */
function withDealers(conn: Conn, sums: DealerSums[]): DealerRefundRow[] {
  const dealerIds = [...new Set(sums.map((a) => a.dealerId))];
  const dealerRows = new Map(
    (dealerIds.length
      ? conn
          .select(columnsOf(dealers, ['id', 'dealerNumber', 'name', 'city', 'state', 'country']))
          .from(dealers)
          .where(inArray(dealers.id, dealerIds))
          .all()
      : []
    ).map((d) => [d.id, d]),
  );
  return sums
    .map((a) => {
      const d = dealerRows.get(a.dealerId);
      return {
        ...a,
        dealerNumber: d?.dealerNumber ?? null,
        dealerName: d?.name ?? `#${a.dealerId}`,
        city: d?.city ?? null,
        state: d?.state ?? null,
        country: d?.country ?? '',
        netCents: a.redeemedCents - a.revokedCents,
      };
    })
    .sort(
      (x, y) =>
        byName.compare(x.dealerName, y.dealerName) ||
        x.dealerId - y.dealerId ||
        x.currency.localeCompare(y.currency),
    );
}

/** The totals over every dealer, by currency. */
function totalsOf(rows: DealerRefundRow[]) {
  const totals = new Map<Currency, DealerRefundsReport['totals'][number]>();
  for (const r of rows) {
    const t = totals.get(r.currency) ?? {
      currency: r.currency,
      redemptions: 0,
      redeemedCents: 0,
      revocations: 0,
      revokedCents: 0,
      netCents: 0,
    };
    t.redemptions += r.redemptions;
    t.redeemedCents += r.redeemedCents;
    t.revocations += r.revocations;
    t.revokedCents += r.revokedCents;
    t.netCents += r.netCents;
    totals.set(r.currency, t);
  }
  return [...totals.values()].sort((x, y) => x.currency.localeCompare(y.currency));
}

function computeReport(conn: Conn, month: string): DealerRefundsReport {
  const b = monthBounds(month);
  const rows = withDealers(conn, perDealer(monthSums(conn, b)));
  return {
    month,
    firstDay: b.firstDay,
    lastDay: b.lastDay,
    creditBy: b.creditBy,
    rows,
    totals: totalsOf(rows),
  };
}

/**
 * The report as the page shows it: one page of dealer rows (the whole list is the CSV's), the
 * totals over every dealer.
 */
export function dealerRefundsPage(
  conn: Conn,
  month: string,
  page: number | undefined,
  now: Date = new Date(),
) {
  const report = dealerRefundsReport(conn, month, now);
  const { offset, limit, pagination } = pageWindow(report.rows.length, page);
  return { report: { ...report, rows: report.rows.slice(offset, offset + limit) }, pagination };
}

/** Column titles of the CSV, per language. */
const CSV_HEADERS: Record<Lang, string[]> = {
  en: [
    'Month',
    'Dealer ID',
    'Dealer',
    'City',
    'State',
    'Country',
    'Currency',
    'Redemptions',
    'Redeemed',
    'Refunds',
    'Refunded',
    'Parts account credit',
    'Credit by',
  ],
  fr: [
    'Mois',
    'N° de concessionnaire',
    'Concessionnaire',
    'Ville',
    'État/province',
    'Pays',
    'Devise',
    'Échanges',
    'Montant échangé',
    'Remboursements',
    'Montant remboursé',
    'Crédit au compte de pièces',
    'Crédit au plus tard le',
  ],
};
const CSV_TOTAL: Record<Lang, string> = { en: 'Total', fr: 'Total' };

/** The report as CSV (amounts as plain decimals; every text cell is formula-safe). */
export function dealerRefundsCsv(report: DealerRefundsReport, lang: Lang = 'en'): string {
  return toCsv(dealerRefundsCsvRows(report, lang), lang);
}

/** The CSV's rows: a header line, one line per dealer and currency, one total per currency. */
export function dealerRefundsCsvRows(report: DealerRefundsReport, lang: Lang = 'en'): CsvCell[][] {
  const rows: CsvCell[][] = [CSV_HEADERS[lang]];
  for (const r of report.rows) {
    rows.push([
      report.month,
      r.dealerNumber,
      r.dealerName,
      r.city,
      r.state,
      r.country,
      r.currency,
      r.redemptions,
      centsToDecimal(r.redeemedCents),
      r.revocations,
      centsToDecimal(r.revokedCents),
      centsToDecimal(r.netCents),
      report.creditBy,
    ]);
  }
  for (const t of report.totals) {
    rows.push([
      report.month,
      '',
      CSV_TOTAL[lang],
      '',
      '',
      '',
      t.currency,
      t.redemptions,
      centsToDecimal(t.redeemedCents),
      t.revocations,
      centsToDecimal(t.revokedCents),
      centsToDecimal(t.netCents),
      report.creditBy,
    ]);
  }
  return rows;
}
