/**
 * Which results a rider may claim (docs/rules.md "Result claims"). Pure functions: the claim form
 * and the public event page's "Claim this result" link read the same rule.
 */

/** A finish in a paying place of a paying class, at an event not cancelled. */
export function isPaying(r: {
  cancelled: boolean;
  payoutType: string;
  resultType: string;
  amountCents: number | null;
}): boolean {
  return (
    !r.cancelled &&
    r.payoutType !== 'noPayout' &&
    r.resultType === 'finish' &&
    (r.amountCents ?? 0) > 0
  );
}

/**
 * "Claim this result" is offered on a paying result that pays nobody yet: unlinked, or linked to
 * a rider it does not pay. A result already linked and paid is not offered.
 */
export function claimOffered(
  r: Parameters<typeof isPaying>[0] & { riderId: number | null; payoutCents: number },
): boolean {
  return isPaying(r) && !(r.riderId !== null && r.payoutCents > 0);
}
