/**
 * Year-end tax lists for the program's accountant (docs/rules.md "Tax lists"). Read-only.
 *
 * - What counts as paid: payout claims marked SENT, in the calendar year (America/Los_Angeles) of
 *   their SENT mark; a mark undone is not a payment. Amounts are never converted between currencies.
 * - Who is who: by the tax status the claim was made under (`payout_claims.usPerson`, the rider's
 *   answer when the claim was made, which decided its withholding), never the rider's answer
 *   today: a US person's claim is a 1099 payment, a non-resident's a 1042-S payment (even with 0
 *   withheld). A claim with tax withheld is a 1042-S payment whatever it records (withholding is
 *   only ever done for riders who are not US persons).
 * - 1099 list: US persons' claims (nothing withheld), per rider and currency; a rider's USD
 *   total is listed when it reaches the year's threshold (`tax1099ThresholdCents`, or
 *   TAX_1099_THRESHOLD); totals in another currency are listed whatever the amount, flagged, for
 *   the accountant to convert. With the rider's W-9 status (on file, and when uploaded).
 * - 1042-S list: non-residents' claims, every amount: gross, withheld, net (even when 0 withheld).
 */
import { and, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Conn } from '~/db.server';
import { env } from '~/env.server';
import { tax1099ThresholdCents, type Currency } from '~/lib/constants';
import { laDayStart } from '~/lib/dates';
import { payoutClaims, riderDocuments, riders, users } from '#db/schema';
import { instantRange } from '~/services/platform/instant-window.server';

export type TaxRow = {
  riderId: number;
  firstName: string;
  lastName: string;
  email: string;
  amaNumber: string | null;
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  state: string | null;
  zipcode: string | null;
  country: string;
  currency: Currency;
  claims: number;
  grossCents: number;
  withheldCents: number;
  netCents: number;
};
export type Tax1099Row = TaxRow & {
  w9: boolean;
  w9UploadedAt: string | null;
  otherCurrency: boolean;
};
export type TaxTotal = {
  currency: Currency;
  riders: number;
  grossCents: number;
  withheldCents: number;
  netCents: number;
};
export type TaxLists = {
  year: number;
  thresholdCents: number;
  us1099: Tax1099Row[];
  nonResident1042: TaxRow[];
  totals: { us1099: TaxTotal[]; nonResident1042: TaxTotal[] };
};

/** The 1099 threshold in force for `year` (the environment's figure wins when set). */
export function thresholdFor(year: number): number {
  const configured = env().TAX_1099_THRESHOLD;
  return configured !== undefined ? Math.round(configured * 100) : tax1099ThresholdCents(year);
}

/** Which list a claim belongs to (see the header): withheld, or made for a rider not a US person. */
function onList(list: '1099' | '1042s') {
  return list === '1042s'
    ? or(gt(payoutClaims.withheldCents, 0), eq(payoutClaims.usPerson, false))
    : and(eq(payoutClaims.withheldCents, 0), eq(payoutClaims.usPerson, true));
}

function paidInYear(conn: Conn, year: number, list: '1099' | '1042s'): TaxRow[] {
  const from = laDayStart(`${year}-01-01`);
  const until = laDayStart(`${year + 1}-01-01`);
  return conn
    .select({
      riderId: riders.id,
      firstName: riders.firstName,
      lastName: riders.lastName,
      email: users.email,
      amaNumber: riders.amaNumber,
      addressLine1: riders.addressLine1,
      addressLine2: riders.addressLine2,
      city: riders.city,
      state: riders.state,
      zipcode: riders.zipcode,
      country: riders.country,
      currency: payoutClaims.currency,
      claims: sql<number>`count(*)`,
      grossCents: sql<number>`sum(${payoutClaims.grossCents})`,
      withheldCents: sql<number>`sum(${payoutClaims.withheldCents})`,
      netCents: sql<number>`sum(${payoutClaims.netCents})`,
    })
    .from(payoutClaims)
    .innerJoin(riders, eq(riders.id, payoutClaims.riderId))
    .innerJoin(users, eq(users.id, riders.userId))
    .where(
      and(
        eq(payoutClaims.status, 'sent'),
        instantRange(payoutClaims.sentAt, from, until),
        onList(list),
      ),
    )
    .groupBy(riders.id, payoutClaims.currency)
    .orderBy(riders.lastName, riders.firstName, riders.id, payoutClaims.currency)
    .all();
}

function totalsOf(rows: readonly TaxRow[]): TaxTotal[] {
  const by = new Map<Currency, TaxTotal & { ids: Set<number> }>();
  for (const r of rows) {
    const t = by.get(r.currency) ?? {
      currency: r.currency,
      riders: 0,
      grossCents: 0,
      withheldCents: 0,
      netCents: 0,
      ids: new Set<number>(),
    };
    t.ids.add(r.riderId);
    t.grossCents += r.grossCents;
    t.withheldCents += r.withheldCents;
    t.netCents += r.netCents;
    by.set(r.currency, t);
  }
  return [...by.values()]
    .map(({ ids, ...t }) => ({ ...t, riders: ids.size }))
    .sort((a, b) => a.currency.localeCompare(b.currency));
}

/** Both lists for a calendar year, with their totals per currency. */
export function taxLists(conn: Conn, year: number): TaxLists {
  const thresholdCents = thresholdFor(year);
  const usRows = paidInYear(conn, year, '1099').filter(
    (r) => r.currency !== 'USD' || r.grossCents >= thresholdCents,
  );
  const ids = [...new Set(usRows.map((r) => r.riderId))];
  const w9 = new Map<number, string>();
  if (ids.length) {
    for (const d of conn
      .select({
        riderId: riderDocuments.riderId,
        at: sql<string>`max(${riderDocuments.createdAt})`,
      })
      .from(riderDocuments)
      .where(and(eq(riderDocuments.kind, 'w9'), inArray(riderDocuments.riderId, ids)))
      .groupBy(riderDocuments.riderId)
      .all())
      w9.set(d.riderId, d.at);
  }
  const us1099 = usRows.map((r) => ({
    ...r,
    w9: w9.has(r.riderId),
    w9UploadedAt: w9.get(r.riderId) ?? null,
    otherCurrency: r.currency !== 'USD',
  }));
  const nonResident1042 = paidInYear(conn, year, '1042s');
  return {
    year,
    thresholdCents,
    us1099,
    nonResident1042,
    totals: { us1099: totalsOf(us1099), nonResident1042: totalsOf(nonResident1042) },
  };
}
