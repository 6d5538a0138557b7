/**
 * Schemas of the payout pages and API calls (rider earnings, payout claims, dealer refunds).
 * Messages are i18n keys. Filters arrive as query strings: empty values mean "no filter".
 */
import { z } from 'zod';
import { AWARD_STATUSES } from '../constants';
import { isDateOnlyString } from '../format';
import { pageParam } from '../list-query';
import { onceTokenSchema } from './common';

const K = {
  date: 'validation:date',
  required: 'validation:required',
  month: 'payouts:errors.month',
} as const;

/** '' or missing → undefined; anything else trimmed. */
const optionalText = z.preprocess(
  (v) =>
    typeof v === 'string' && v.trim() === '' ? undefined : typeof v === 'string' ? v.trim() : v,
  z.string().max(200).optional(),
);

const optionalDate = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.string().trim().refine(isDateOnlyString, K.date).optional(),
);

const optionalEnum = <U extends string, T extends Readonly<[U, ...U[]]>>(values: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(values).optional());

const positiveInt = z.coerce.number({ invalid_type_error: K.required }).int().positive();

const optionalPositiveInt = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  positiveInt.optional(),
);

export const CLAIM_TYPES = ['debitCard', 'cheque'] as const;
export const CLAIM_STATUSES = ['pending', 'sent'] as const;

/** Filters of the payout-claims list (page and API). */
export const claimFiltersSchema = z.object({
  afterDate: optionalDate,
  beforeDate: optionalDate,
  country: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, K.required)
      .optional(),
  ),
  type: optionalEnum(CLAIM_TYPES),
  riderName: optionalText,
  riderId: optionalPositiveInt,
  status: optionalEnum(CLAIM_STATUSES),
  page: optionalPositiveInt,
});
export type ClaimFiltersInput = z.infer<typeof claimFiltersSchema>;

/** Filters of the earnings report (awards). */
export const earningsFiltersSchema = z.object({
  from: optionalDate,
  to: optionalDate,
  awardType: optionalEnum(['cash', 'credit'] as const),
  awardStatus: optionalEnum(AWARD_STATUSES),
  name: optionalText,
  awardsPage: optionalPositiveInt,
});
export type EarningsFiltersInput = z.infer<typeof earningsFiltersSchema>;

/**
 * PUT /api/{role}/payout-claim/{id}: the new status. The product writes the mark as `SENT` (and its
 * undo, `PENDING` or `UNSENT`; `NOT_SENT` and `UNDO` too): any case is accepted, and the error
 * message lists every word this list holds.
 */
const CLAIM_STATUS_WORDS = ['SENT', 'PENDING', 'UNSENT', 'NOT_SENT', 'NOTSENT', 'UNDO'] as const;

export const claimStatusSchema = z.object({
  status: z
    .preprocess(
      (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
      z.enum(CLAIM_STATUS_WORDS, { errorMap: () => ({ message: 'api:claimStatus' }) }),
    )
    .transform((word): (typeof CLAIM_STATUSES)[number] => (word === 'SENT' ? 'sent' : 'pending')),
});

/** POST /api/admin/payout-claims: optionally only these riders. */
export const createClaimsSchema = z
  .object({ riderIds: z.array(z.number().int().positive()).max(10_000).optional() })
  .strict();

/** The forms of the admin rider-earnings page (one `intent` each). */
export const riderEarningsActionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('createClaims'), onceToken: onceTokenSchema }),
  z.object({ intent: z.literal('sendExpiryMail') }),
  z.object({ intent: z.literal('markSent'), claimId: positiveInt }),
  z.object({ intent: z.literal('undoSent'), claimId: positiveInt }),
]);

/** The month picker of the dealer refunds report ('YYYY-MM'). */
export const monthSchema = z.object({
  month: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string()
      .trim()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, K.month)
      .optional(),
  ),
  // The report's page of dealers (its totals cover every dealer).
  page: pageParam,
});

/** The confirmation step of Mark SENT / Undo on the rider-earnings page (`?confirm=&claim=`). */
export const claimConfirmSchema = z.object({
  confirm: z.enum(['sent', 'undo']),
  claim: positiveInt,
});
