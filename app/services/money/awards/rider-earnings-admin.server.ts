/**
 * What the admin rider-earnings page shows (docs/rules.md "Cash (pros)"): the earnings
 * report and the payout-claims list for their filters, the claim of an open confirmation step,
 * how many expiry mails are due and the cash owed but not yet claimed. Read-only: the changes
 * are createPayoutClaims / setClaimSent (payout-claims.server) and sendExpiryMail (expiry.server).
 */
import type { DB } from '~/db.server';
import type { ClaimFiltersInput, EarningsFiltersInput } from '~/lib/schemas/payouts';
import { earningsReport } from '~/services/money/awards/earnings-report.server';
import { expiryMailDueCount } from '~/services/money/ledger/expiry.server';
import { laDay } from '~/lib/dates';
import { withOverdue } from '~/services/money/payouts/payout-rules.server';
import {
  getPayoutClaim,
  listPayoutClaims,
} from '~/services/money/payouts/payout-claim-lists.server';
import { unclaimedCashSummary } from '~/services/money/payouts/payout-status.server';

/** An open confirmation step: mark a claim SENT, or undo it. */
export type ClaimConfirm = { action: 'sent' | 'undo'; claimId: number };

export function riderEarningsOverview(
  db: DB,
  q: { earnings: EarningsFiltersInput; claims: ClaimFiltersInput; confirm: ClaimConfirm | null },
  now = new Date(),
) {
  const e = q.earnings;
  const c = q.claims;
  const claim = q.confirm ? getPayoutClaim(db, q.confirm.claimId) : null;
  const claims = listPayoutClaims(db, {
    afterDate: c.afterDate,
    beforeDate: c.beforeDate,
    country: c.country,
    type: c.type,
    riderName: c.riderName,
    status: c.status,
    page: c.page,
  });
  return {
    earnings: earningsReport(db, {
      afterDate: e.from,
      beforeDate: e.to,
      type: e.awardType,
      status: e.awardStatus,
      riderName: e.name,
      page: e.awardsPage,
    }),
    claims: { ...claims, payoutClaims: withOverdue(claims.payoutClaims, laDay(now)) },
    confirm: q.confirm && claim ? { action: q.confirm.action, claim } : null,
    expiryMailDue: expiryMailDueCount(db, now),
    unclaimed: unclaimedCashSummary(db),
  };
}

export type RiderEarningsOverview = ReturnType<typeof riderEarningsOverview>;
