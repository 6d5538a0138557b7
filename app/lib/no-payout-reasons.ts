/**
 * What the public may know of why a result pays nothing. A reason about the rider's
 * own account (age, a guardian's consent, a deactivated account) is personal data: the public
 * page and the public event API say only that the rider's account does not meet the program's
 * eligibility rules (`riderNotEligible`); the rider's own pages keep the full reason and remedy.
 */

/** Reasons that state something about the rider's person or account. */
export const PERSONAL_REASONS: readonly string[] = ['underage', 'ageUnknown', 'riderInactive'];

/** The neutral reason shown to the public in place of a personal one. */
const PUBLIC_RIDER_REASON = 'riderNotEligible';

/** The reason as the public may see it. */
export function publicReason(reason: string | null): string | null {
  return reason !== null && PERSONAL_REASONS.includes(reason) ? PUBLIC_RIDER_REASON : reason;
}
