/** Forms of the admin area (people: riders, dealers, promoters; own profiles). */
import { z } from 'zod';
import { countryByCode, isValidRegion } from '~/lib/countries';
import { listParams } from '~/lib/list-query';
import { emailSchema, nameSchema, phoneSchema, requiredString } from '~/lib/schemas/common';

const optionalText = (max = 200) =>
  z
    .string()
    .trim()
    .max(max, 'admin:errors.tooLong')
    .optional()
    .transform((v) => (v ? v : null));

const coordinate = (min: number, max: number) =>
  z.coerce
    .number({ invalid_type_error: 'admin:errors.coordinate' })
    .min(min, 'admin:errors.coordinate')
    .max(max, 'admin:errors.coordinate')
    .optional();

/** Country code known to the list, and a region valid for it (US, Canada). */
function checkRegion(v: { country: string; state?: string | null }, ctx: z.RefinementCtx) {
  if (!countryByCode(v.country)) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ['country'],
      message: 'admin:errors.country',
    });
  } else if (v.state && !isValidRegion(v.country, v.state)) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['state'], message: 'admin:errors.region' });
  }
}

export const dealerSchema = z
  .object({
    intent: z.literal('save'),
    name: nameSchema(),
    dealerNumber: optionalText(40),
    addressLine1: optionalText(),
    addressLine2: optionalText(),
    city: optionalText(100),
    state: optionalText(10),
    zipcode: optionalText(20),
    country: requiredString,
    phone: phoneSchema,
    websiteUrl: z
      .string()
      .trim()
      .url('admin:errors.url')
      .optional()
      .transform((v) => v ?? null),
    email: emailSchema.optional(),
    bio: optionalText(2000),
    lat: coordinate(-90, 90),
    lon: coordinate(-180, 180),
    active: z.preprocess((v) => v === 'on' || v === true || v === 'true', z.boolean()),
  })
  .superRefine(checkRegion);
export type DealerInput = z.infer<typeof dealerSchema>;

export const promoterSchema = z.object({
  intent: z.literal('save'),
  name: nameSchema(),
  phone: phoneSchema,
  email: emailSchema.optional(),
});
export type PromoterInput = z.infer<typeof promoterSchema>;

const riderNoteSchema = z.object({
  intent: z.literal('note'),
  note: z.string().trim().max(5000, 'admin:errors.tooLong').optional(),
});

const riderLevelSchema = z.object({
  intent: z.literal('level'),
  level: z.enum(['amateur', 'pro'], { required_error: 'validation:required' }),
});

export const adminRiderActionSchema = z.discriminatedUnion('intent', [
  riderNoteSchema,
  riderLevelSchema,
  z.object({ intent: z.literal('deactivate') }),
  z.object({ intent: z.literal('activate') }),
  z.object({ intent: z.literal('markFactory') }),
  z.object({ intent: z.literal('unmarkFactory') }),
]);

export const adminProfileSchema = z.object({
  intent: z.literal('profile'),
  firstName: nameSchema(),
  lastName: nameSchema(),
  phone: phoneSchema,
});

/**
 * Sort keys of the admin people lists: the only values `?sort=` takes; each service maps them to
 * its columns (docs/architecture.md "Admin lists").
 */
const RIDER_SORTS = ['name', 'email', 'amaNumber', 'level', 'location'] as const;
export type RiderSort = (typeof RIDER_SORTS)[number];
const DEALER_SORTS = ['name', 'dealerNumber', 'location', 'login', 'status'] as const;
export type DealerSort = (typeof DEALER_SORTS)[number];
const PROMOTER_SORTS = ['name', 'email', 'login', 'events'] as const;
export type PromoterSort = (typeof PROMOTER_SORTS)[number];
const DEALER_LOGIN_SORTS = ['dealer', 'email', 'created', 'status'] as const;
export type DealerLoginSort = (typeof DEALER_LOGIN_SORTS)[number];

/** List filters, page and sort (GET forms and the list APIs). */
export const riderFilterSchema = z.object({
  q: z.string().trim().max(100).optional(),
  country: z.string().trim().max(2).optional(),
  level: z.enum(['amateur', 'pro']).optional().catch(undefined),
  status: z.enum(['active', 'deactivated']).optional().catch(undefined),
  ...listParams(RIDER_SORTS, 'name'),
});

export const dealerFilterSchema = z.object({
  name: z.string().trim().max(100).optional(),
  state: z.string().trim().max(10).optional(),
  country: z.string().trim().max(2).optional(),
  active: z.enum(['true', 'false']).optional().catch(undefined),
  ...listParams(DEALER_SORTS, 'name'),
});

export const promoterFilterSchema = z.object({
  name: z.string().trim().max(100).optional(),
  ...listParams(PROMOTER_SORTS, 'name'),
});

export const dealerLoginListSchema = z.object({
  q: z.string().trim().max(100).optional(),
  status: z.enum(['active', 'deactivated']).optional().catch(undefined),
  ...listParams(DEALER_LOGIN_SORTS, 'dealer'),
});

/**
 * Merging another rider with the one on screen: the other rider's e-mail, which of the
 * two to keep, and the typed confirmation (DELETE + e-mail of the rider to delete, or KEEP +
 * e-mail of the rider to keep; the service checks it names the right rider).
 */
export const riderMergeFormSchema = z.object({
  intent: z.literal('merge'),
  otherEmail: emailSchema,
  keep: z.enum(['this', 'other'], {
    required_error: 'validation:required',
    invalid_type_error: 'validation:required',
  }),
  confirmation: requiredString.regex(
    /^\s*(DELETE|KEEP)\s+\S+@\S+\s*$/,
    'admin:merge.confirmationShape',
  ),
});

/** POST /api/admin/riders-merge. */
export const riderMergeApiSchema = z.object({
  keepRiderId: z.coerce.number().int().positive(),
  deleteRiderId: z.coerce.number().int().positive(),
  confirmation: z.string().trim().min(1),
});

/** POST /api/admin/rider/{riderId}/mark-factory (JSON, optional): mark (default) or unmark. */
export const markFactorySchema = z.object({ factory: z.boolean().default(true) });
