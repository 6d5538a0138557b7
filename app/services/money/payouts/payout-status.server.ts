/**
 * What is owed in cash and what stands in the way of paying it: a pro's payout status (what they
 * must still supply, unclaimed cash, their claims) and the admin's summary of unclaimed cash.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { prepared, type Conn } from '~/db.server';
import type { Currency } from '~/lib/constants';
import { awards, riders } from '#db/schema';
import {
  paymentInfoMissingFor,
  type MissingPaymentInfo,
} from '~/services/money/ledger/expiry.server';
import { claimTypeFor, type ClaimType } from '~/services/money/payouts/payout-rules.server';
import {
  listPayoutClaims,
  type PayoutClaimView,
} from '~/services/money/payouts/payout-claim-lists.server';

export type RiderPayoutStatus = {
  riderId: number;
  usPerson: boolean;
  claimType: ClaimType;
  /** What the rider must still supply before cash can be paid (empty: nothing). */
  missing: MissingPaymentInfo[];
  /** Earned cash not yet in a claim, per currency. */
  unclaimed: { currency: Currency; cents: number; awards: number }[];
  /** The earliest payment-information deadline among those awards (ISO instant), or null. */
  paymentInfoDueAt: string | null;
  claims: PayoutClaimView[];
};

/** What a pro still has to supply, what is owed and their claims (for the rider pages). */
export function riderPayoutStatus(conn: Conn, riderId: number): RiderPayoutStatus | null {
  const requirements = payoutRequirements(conn, riderId);
  return requirements
    ? {
        ...requirements,
        claims: listPayoutClaims(conn, { riderId, pageSize: 1000 }).payoutClaims,
      }
    : null;
}

/** The payout status without the claims (the rider home shows no claim). */
export function payoutRequirements(
  conn: Conn,
  riderId: number,
): Omit<RiderPayoutStatus, 'claims'> | null {
  const rider = prepared(conn, 'payoutStatus.rider', (c) =>
    c
      .select({ usPerson: riders.usPerson, country: riders.country })
      .from(riders)
      .where(eq(riders.id, sql.placeholder('riderId')))
      .prepare(),
  ).get({ riderId });
  if (!rider) return null;
  const open = prepared(conn, 'payoutStatus.openCash', (c) =>
    c
      .select({
        currency: awards.currency,
        cents: awards.currentCents,
        due: awards.paymentInfoDueAt,
      })
      .from(awards)
      .where(
        and(
          eq(awards.riderId, sql.placeholder('riderId')),
          eq(awards.payoutType, 'cash'),
          eq(awards.status, 'earned'),
          isNull(awards.payoutClaimId),
          gt(awards.currentCents, 0),
        ),
      )
      .prepare(),
  ).all({ riderId });
  const unclaimed = new Map<Currency, { currency: Currency; cents: number; awards: number }>();
  for (const a of open) {
    const u = unclaimed.get(a.currency) ?? { currency: a.currency, cents: 0, awards: 0 };
    u.cents += a.cents;
    u.awards += 1;
    unclaimed.set(a.currency, u);
  }
  const dues = open
    .map((a) => a.due)
    .filter((d): d is string => d !== null)
    .sort((x, y) => new Date(x).getTime() - new Date(y).getTime());
  return {
    riderId,
    usPerson: rider.usPerson,
    claimType: claimTypeFor(rider.country),
    missing: paymentInfoMissingFor(conn, riderId) ?? [],
    unclaimed: [...unclaimed.values()],
    paymentInfoDueAt: dues[0] ?? null,
  };
}

/** Earned cash not yet in a claim, per currency: how much and how many riders (admin summary). */
export function unclaimedCashSummary(
  conn: Conn,
): { currency: Currency; cents: number; riders: number }[] {
  return conn
    .select({
      currency: awards.currency,
      cents: sql<number>`coalesce(sum(${awards.currentCents}), 0)`,
      riders: sql<number>`count(distinct ${awards.riderId})`,
    })
    .from(awards)
    .where(
      and(
        eq(awards.payoutType, 'cash'),
        eq(awards.status, 'earned'),
        isNull(awards.payoutClaimId),
        gt(awards.currentCents, 0),
      ),
    )
    .groupBy(awards.currency)
    .orderBy(awards.currency)
    .all()
    .map((r) => ({ currency: r.currency, cents: Number(r.cents), riders: Number(r.riders) }));
}
