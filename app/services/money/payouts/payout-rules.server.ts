/**
 * The money rules of a pro payout (docs/rules.md "Cash (pros)"):
 * how a claim is paid, what is withheld, and when a cash award must be paid by. Pure functions.
 */
import {
  CASH_PAID_DAYS,
  NON_RESIDENT_WITHHOLDING_PERCENT,
  SERIES_END_PAYMENT_DAYS,
} from '~/lib/constants';
import type { PayoutClaim } from '#db/schema';
import { addDays, laDay } from '~/services/money/ledger/expiry.server';

export type ClaimType = PayoutClaim['type'];

/** Debit card for riders living in the US, cheque for Canada and every other country. */
export function claimTypeFor(country: string | null | undefined): ClaimType {
  return (country ?? '').toUpperCase() === 'US' ? 'debitCard' : 'cheque';
}

/**
 * Gross, withheld and net in integer cents. A rider who is not a US person has 30% withheld,
 * computed once on the claim's gross and rounded half up to the cent (exact integer maths);
 * net = gross − withheld, so the three always add up.
 */
export function withholding(grossCents: number, usPerson: boolean) {
  if (!Number.isSafeInteger(grossCents) || grossCents < 0) {
    throw new RangeError(`Not a gross amount in cents: ${grossCents}`);
  }
  const withheldCents = usPerson
    ? 0
    : Math.floor((grossCents * NON_RESIDENT_WITHHOLDING_PERCENT + 50) / 100);
  return { grossCents, withheldCents, netCents: grossCents - withheldCents };
}

/**
 * The day a cash award must be paid by ('YYYY-MM-DD'):
 * - an event award: 30 days after the day (LA) its results were verified, else after the event day;
 * - a series-end award: 60 days after the series' last event;
 * - an award with neither (entered by hand): 30 days after the day it was awarded.
 */
export function payoutDueDate(
  input:
    | { kind: 'event'; resultsVerifiedAt: string | null; eventDate: string }
    | { kind: 'seriesEnd'; seriesLastDate: string }
    | { kind: 'other'; awardedAt: string },
): string {
  switch (input.kind) {
    case 'event':
      return addDays(
        input.resultsVerifiedAt ? laDay(input.resultsVerifiedAt) : input.eventDate,
        CASH_PAID_DAYS,
      );
    case 'seriesEnd':
      return addDays(input.seriesLastDate, SERIES_END_PAYMENT_DAYS);
    case 'other':
      return addDays(laDay(input.awardedAt), CASH_PAID_DAYS);
  }
}

/**
 * A claim still unpaid after its due date ('YYYY-MM-DD', LA) is overdue from the next day on:
 * one created after its due date is overdue from the start. `today` is the LA day.
 */
export function claimOverdue(
  claim: { status: PayoutClaim['status']; dueDate: string | null },
  today: string,
): boolean {
  return claim.status === 'pending' && claim.dueDate !== null && claim.dueDate < today;
}

/** Each claim of a list with its overdue mark. */
export function withOverdue<C extends { status: PayoutClaim['status']; dueDate: string | null }>(
  claims: readonly C[],
  today: string,
): (C & { overdue: boolean })[] {
  return claims.map((c) => ({ ...c, overdue: claimOverdue(c, today) }));
}
