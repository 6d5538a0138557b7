/**
 * Forms of the rider area: the list filters (GET forms, parsed from the
 * query string) and the favourite-dealer buttons (POST, one `intent` each).
 */
import { parseWithZod } from '@conform-to/zod';
import { z } from 'zod';
import { isDateOnlyString } from '~/lib/format';

/** Award types (the type earned), as db/schema's AWARD_TYPE_VALUES (kept here: no db import in the browser). */
export const AWARD_TYPES = ['cash', 'credit', 'bonus'] as const;
export type AwardType = (typeof AWARD_TYPES)[number];

/** Award statuses a rider can see (db/schema's AWARD_STATUS_VALUES, with 'reversed'). */
export const RIDER_AWARD_STATUSES = [
  'current',
  'expired',
  'spent',
  'earned',
  'funded',
  'sent',
  'paid',
  'redeemed',
  'reversed',
] as const;

/** A page number from the query string (1 when missing). */
export const pageField = z
  .number({ invalid_type_error: 'validation:required' })
  .int()
  .min(1)
  .optional();

/** An optional free-text filter, trimmed, at most 100 characters. */
const textFilter = z.string().trim().max(100).optional();

/** An optional 'YYYY-MM-DD' filter. */
const dateFilter = z.string().trim().refine(isDateOnlyString, 'validation:date').optional();

/** Earnings: award type, award status, page. */
export const earningsFilterSchema = z.object({
  type: z.enum(AWARD_TYPES).optional(),
  status: z.enum(RIDER_AWARD_STATUSES).optional(),
  page: pageField,
});
export type EarningsFilter = z.infer<typeof earningsFilterSchema>;

/** Redemptions: a date range (both ends included, Los Angeles days) and a page. */
export const redemptionsFilterSchema = z
  .object({ from: dateFilter, to: dateFilter, page: pageField })
  .superRefine((v, ctx) => {
    if (v.from && v.to && v.from > v.to) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['to'],
        message: 'riderArea:redemptions.badRange',
      });
    }
  });
export type RedemptionsFilter = z.infer<typeof redemptionsFilterSchema>;

/** Dealer finder: name, state/province, zipcode, country, page. */
export const dealerSearchSchema = z.object({
  name: textFilter,
  state: textFilter,
  zipcode: textFilter,
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'validation:required')
    .transform((v) => v.toUpperCase())
    .optional(),
  page: pageField,
});
export type DealerSearch = z.infer<typeof dealerSearchSchema>;

/** A list with only a page (My series, My events). */
export const pageOnlySchema = z.object({ page: pageField });

/** The favourite-dealer buttons: add or remove one dealer. */
export const favouriteSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('add'), dealerId: z.number().int().positive() }),
  z.object({ intent: z.literal('remove'), dealerId: z.number().int().positive() }),
]);

/**
 * Parses a list's query string with its schema. Invalid fields are reported (i18n keys per field)
 * and left out, so a bad filter never hides the whole list.
 */
export function parseFilters<S extends z.ZodTypeAny>(
  search: URLSearchParams,
  schema: S,
): { value: Partial<z.infer<S>>; errors: Record<string, string[]> } {
  // A list opened without a query string (most visits) parses to the same thing every time.
  if (search.size === 0) {
    let kept = unfiltered.get(schema);
    if (!kept) unfiltered.set(schema, (kept = parseSearch(search, schema)));
    return { value: { ...kept.value } as Partial<z.infer<S>>, errors: { ...kept.errors } };
  }
  return parseSearch(search, schema);
}

const unfiltered = new WeakMap<
  z.ZodTypeAny,
  { value: Record<string, unknown>; errors: Record<string, string[]> }
>();

function parseSearch<S extends z.ZodTypeAny>(
  search: URLSearchParams,
  schema: S,
): { value: Partial<z.infer<S>>; errors: Record<string, string[]> } {
  const first = parseWithZod(search, { schema });
  if (first.status === 'success') return { value: first.value, errors: {} };
  const errors: Record<string, string[]> = {};
  const kept = new URLSearchParams(search);
  for (const [key, list] of Object.entries(first.error ?? {})) {
    if (!list?.length) continue;
    errors[key] = list;
    kept.delete(key);
  }
  const second = parseWithZod(kept, { schema });
  return { value: second.status === 'success' ? second.value : {}, errors };
}
