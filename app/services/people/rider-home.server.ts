/** The rider home: credit to spend and what expires soon, cash, recent results, PIN. */
import { LRUCache } from 'lru-cache';
import { and, eq, sql } from 'drizzle-orm';
import { prepared, type Conn } from '~/db.server';
import { awards, riders } from '#db/schema';
import type { Currency } from '~/lib/constants';
import { availableCredit, EXPIRING_SOON_DAYS } from '~/services/money/ledger/credit.server';
import { listFavourites, type FavouriteDealer } from '~/services/people/favourites.server';
import { payoutRequirements } from '~/services/money/payouts/payout-status.server';
import { isWeakPinHash } from '~/services/auth/password.server';
import type { MissingPaymentInfo } from '~/services/money/ledger/expiry.server';
import {
  moneyList,
  latestResults,
  type Money,
  type RiderResultRow,
} from '~/services/people/rider-area.server';
import { perfOn } from '~/perf.server';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How many of the rider's latest results the home shows. */
const RECENT_RESULTS = 5;

type ExpiringCredit = {
  awardId: number;
  currency: Currency;
  cents: number;
  expiresAt: string;
};

type PayoutRequirements = {
  /** What the rider must still supply before cash can be paid (empty: nothing). */
  missing: MissingPaymentInfo[];
  /** Riders who are not US persons have 30% withheld. */
  withholding: boolean;
  /** Earliest date payment information is due for earned, unclaimed cash. */
  paymentInfoDueAt: string | null;
};

export type RiderHome = {
  level: 'amateur' | 'pro';
  available: Money[];
  cash: { earned: Money[]; claimed: Money[]; sent: Money[] };
  expiring: ExpiringCredit[];
  expiringTotal: Money[];
  recentResults: RiderResultRow[];
  favourites: FavouriteDealer[];
  pinSet: boolean;
  /** The stored PIN is one anyone would try first: the home asks for a new one. */
  pinWeak: boolean;
  payoutRequirements: PayoutRequirements | null;
};

/**
 * Dealer credit the rider can spend now, per currency, and what of it expires within
 * EXPIRING_SOON_DAYS (soonest first). Built on credit.server's `availableCredit`.
 */
function creditNow(conn: Conn, riderId: number, now: Date) {
  const credit = availableCredit(conn, riderId, now);
  const until = now.getTime() + EXPIRING_SOON_DAYS * DAY_MS;
  const expiring: ExpiringCredit[] = credit.byCurrency
    .flatMap((c) => c.awards)
    .filter((a) => Date.parse(a.expiresAt) <= until)
    .sort((a, b) => Date.parse(a.expiresAt) - Date.parse(b.expiresAt) || a.id - b.id)
    .map((a) => ({
      awardId: a.id,
      currency: a.currency,
      cents: a.currentCents,
      expiresAt: a.expiresAt,
    }));
  return {
    available: moneyList(
      credit.byCurrency.map((c) => ({ currency: c.currency, cents: c.totalCents })),
    ),
    expiring,
    expiringTotal: moneyList(
      credit.byCurrency.map((c) => ({ currency: c.currency, cents: c.expiringSoonCents })),
    ),
  };
}

/** The rider's cash (pros): earned and not claimed, claimed and not sent, sent. */
function cashSummary(conn: Conn, riderId: number): RiderHome['cash'] {
  const rows = prepared(conn, 'riderHome.cash', (c) =>
    c
      .select({
        currency: awards.currency,
        earned: sql<number>`sum(case when ${awards.status} = 'earned' and ${awards.payoutClaimId} is null then ${awards.currentCents} else 0 end)`,
        claimed: sql<number>`sum(case when (${awards.status} = 'earned' and ${awards.payoutClaimId} is not null) or ${awards.status} = 'funded' then ${awards.currentCents} else 0 end)`,
        sent: sql<number>`sum(case when ${awards.status} in ('sent', 'paid') then ${awards.initialCents} else 0 end)`,
      })
      .from(awards)
      .where(and(eq(awards.riderId, sql.placeholder('riderId')), eq(awards.payoutType, 'cash')))
      .groupBy(awards.currency)
      .prepare(),
  ).all({ riderId });
  return {
    earned: moneyList(rows.map((r) => ({ currency: r.currency, cents: r.earned }))),
    claimed: moneyList(rows.map((r) => ({ currency: r.currency, cents: r.claimed }))),
    sent: moneyList(rows.map((r) => ({ currency: r.currency, cents: r.sent }))),
  };
}

/** The weak-PIN answers of the last 1,000 stored PIN hashes seen (per process). */
const weakByHash = new LRUCache<string, boolean>({ max: 1000 });

/**
 * `isWeakPinHash`, memoized per stored hash: its answer compares the hash with every weak PIN (an HMAC
 * each), and it never changes for the same hash (a new PIN is a new hash, with a new salt).
 */
function pinIsWeak(hash: string | null | undefined): boolean {
  if (!hash || !perfOn('small-memos')) return isWeakPinHash(hash);
  let weak = weakByHash.get(hash);
  if (weak === undefined) {
    weak = isWeakPinHash(hash);
    weakByHash.set(hash, weak);
  }
  return weak;
}

/** Everything the rider home shows. */
export function riderHome(conn: Conn, riderId: number, now: Date): RiderHome {
  const rider = prepared(conn, 'riderHome.rider', (c) =>
    c
      .select({ level: riders.level, pinHash: riders.pinHash })
      .from(riders)
      .where(eq(riders.id, sql.placeholder('riderId')))
      .prepare(),
  ).get({ riderId });
  const level = rider?.level ?? 'amateur';
  const payout = level === 'pro' ? payoutRequirements(conn, riderId) : null;
  return {
    level,
    ...creditNow(conn, riderId, now),
    cash: cashSummary(conn, riderId),
    recentResults: latestResults(conn, riderId, RECENT_RESULTS),
    favourites: listFavourites(conn, riderId),
    pinSet: Boolean(rider?.pinHash),
    pinWeak: pinIsWeak(rider?.pinHash),
    payoutRequirements: payout
      ? {
          missing: payout.missing,
          withholding: !payout.usPerson,
          paymentInfoDueAt: payout.paymentInfoDueAt,
        }
      : null,
  };
}
