/**
 * Award conflicts: an award a recompute would have to take back or change and cannot, because it
 * was spent, claimed, paid or has expired. A recompute with any conflict is refused whole.
 */
import type { Award } from '#db/schema';
import type { Currency } from '~/lib/constants';
import { formatMoney } from '~/lib/format';

/** Why an award cannot be removed or reduced. */
export type ConflictWhy = 'spent' | 'claimed' | 'paid' | 'expired';

/** An award a recompute would have to take back or change, and cannot. */
export type AwardConflict = {
  awardId: number;
  riderId: number;
  riderName: string;
  className: string;
  type: Award['type'];
  amountCents: number; // the award's value as earned
  newAmountCents: number; // what the results would now give (0 = nothing)
  currency: Currency;
  why: ConflictWhy;
};

export class AwardConflictError extends Error {
  constructor(readonly conflicts: AwardConflict[]) {
    super(
      `Recompute refused: ${conflicts
        .map(
          (c) =>
            `${c.riderName}, ${c.className}, ${formatMoney(c.amountCents, c.currency)} (${c.why})`,
        )
        .join('; ')}`,
    );
    this.name = 'AwardConflictError';
  }
}

/** Why an award may not be taken back or lowered, or null when it is untouched. */
export function touchedWhy(a: Award): ConflictWhy | null {
  if (a.status === 'sent' || a.status === 'paid' || a.status === 'funded') return 'paid';
  if (a.payoutClaimId !== null) return 'claimed';
  if (a.spentCents > 0 || a.status === 'spent' || a.status === 'redeemed') return 'spent';
  return null;
}
