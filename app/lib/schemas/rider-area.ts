/**
 * Forms of the rider area: the list filters (GET forms, parsed from the
 * query string) and the favourite-dealer buttons (POST, one `intent` each).
 */
import { unstable_coerceFormValue as coerceFormValue } from '@conform-to/zod';
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
const pageField = z.number({ invalid_type_error: 'validation:required' }).int().min(1).optional();

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
 *
 * The schema gets Conform's form-value coercion (empty strings are no value, numbers from text),
 * as `parseWithZod` applies it, but built once per schema (Conform builds it anew on every parse);
 * the query string is read as a flat record (a repeated name gives the list of its values), and
 * Conform's submission object, which a GET list never replies with, is not built.
 */
export function parseFilters<S extends z.ZodTypeAny>(
  search: URLSearchParams,
  schema: S,
): { value: Partial<z.infer<S>>; errors: Record<string, string[]> } {
  if (search.size === 0) {
    // Most views open the bare list: its parse is the same every time (a fresh copy each call).
    let bare = bareParses.get(schema) as ReturnType<typeof parseRecord<S>> | undefined;
    if (!bare) bareParses.set(schema, (bare = parseRecord({}, schema)));
    const errors = Object.fromEntries(Object.entries(bare.errors).map(([k, v]) => [k, [...v]]));
    return { value: { ...bare.value }, errors };
  }
  return parseRecord(searchRecord(search), schema);
}

function parseRecord<S extends z.ZodTypeAny>(
  payload: Record<string, string | string[]>,
  schema: S,
): { value: Partial<z.infer<S>>; errors: Record<string, string[]> } {
  let coerced = coercedSchemas.get(schema);
  if (!coerced) coercedSchemas.set(schema, (coerced = coerceFormValue(schema)));
  const first = coerced.safeParse(payload);
  if (first.success) return { value: first.data as Partial<z.infer<S>>, errors: {} };
  const errors: Record<string, string[]> = {};
  for (const issue of first.error.issues) {
    const key = issue.path.map(String).join('.');
    (errors[key] ??= []).push(issue.message);
    delete payload[String(issue.path[0] ?? '')];
  }
  const second = coerced.safeParse(payload);
  return { value: second.success ? (second.data as Partial<z.infer<S>>) : {}, errors };
}

/** Each filter schema's answer for an empty query string, memoized on first use. */
const bareParses = new WeakMap<z.ZodTypeAny, ReturnType<typeof parseRecord>>();

/** Each filter schema with Conform's coercion, built on first use. */
const coercedSchemas = new WeakMap<z.ZodTypeAny, z.ZodTypeAny>();

/** A query string as a record: each name's value, or the list of its values when repeated. */
function searchRecord(search: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of search) {
    const seen = out[key];
    out[key] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return out;
}
