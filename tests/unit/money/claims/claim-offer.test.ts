import { describe, expect, it } from 'vitest';
import { claimOffered } from '~/services/money/claims/claim-offer.server';

/** A finish in a paying place of a cash class, unlinked. */
const base = {
  cancelled: false,
  payoutType: 'cash',
  resultType: 'finish',
  amountCents: 50_000,
  riderId: null as number | null,
  payoutCents: 0,
};

describe('"Claim this result" is offered on a paying result nobody is paid for yet', () => {
  it('offers an unlinked finish in a paying place', () => {
    expect(claimOffered(base)).toBe(true);
  });

  it('offers a result linked to a rider it does not pay (not on the maker’s bike)', () => {
    expect(claimOffered({ ...base, riderId: 7, payoutCents: 0 })).toBe(true);
  });

  it('does not offer a result already linked and paid', () => {
    expect(claimOffered({ ...base, riderId: 7, payoutCents: 50_000 })).toBe(false);
  });

  it('does not offer a place that pays nothing, a no-payout class, a DNF or a cancelled event', () => {
    expect(claimOffered({ ...base, amountCents: 0 })).toBe(false);
    expect(claimOffered({ ...base, amountCents: null })).toBe(false);
    expect(claimOffered({ ...base, payoutType: 'noPayout' })).toBe(false);
    expect(claimOffered({ ...base, resultType: 'dnf' })).toBe(false);
    expect(claimOffered({ ...base, cancelled: true })).toBe(false);
  });
});
