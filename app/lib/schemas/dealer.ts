/**
 * Forms of the dealer counter, the dealer's profile and the admin's redemption pages, plus the
 * JSON bodies and query strings of the redemption API. Messages are i18n keys.
 */
import { z } from 'zod';
import { VOID_REASON_MAX } from '../constants';
import { isDateOnlyString, parseMoneyToCents } from '../format';
import {
  onceTokenSchema,
  confirmPasswordSchema,
  hasNoControlChars,
  loginPasswordSchema,
  nameSchema,
  passwordSchema,
  passwordsMatchCheck,
  phoneSchema,
  pinSchema,
  VALIDATION_KEYS as K,
} from './common';

const EMPLOYEE_NAME_MAX = 100;
export const REFUND_REASON_MAX = 500;
const DEALER_BIO_MAX = 2000;

const DK = {
  idNotVerified: 'dealer:errors.idNotVerified',
  employeeRequired: 'dealer:errors.employeeRequired',
  employeeTooLong: 'dealer:errors.employeeTooLong',
  amountPositive: 'dealer:errors.amountPositive',
  url: 'dealer:errors.url',
  tooLong: 'dealer:errors.tooLong',
} as const;

/** An amount typed at the counter ('12.50', '12,50', '12'), in integer cents, greater than 0. */
const counterAmount = z
  .string({ required_error: K.required, invalid_type_error: K.required })
  .trim()
  .min(1, K.required)
  .transform((v, ctx) => {
    const cents = parseMoneyToCents(v);
    if (cents === null) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: K.money, fatal: true });
      return z.NEVER;
    }
    return cents;
  })
  .refine((cents) => cents > 0, DK.amountPositive);

const employeeName = z
  .string({ required_error: DK.employeeRequired, invalid_type_error: DK.employeeRequired })
  .trim()
  .min(1, DK.employeeRequired)
  .max(EMPLOYEE_NAME_MAX, DK.employeeTooLong)
  .refine(hasNoControlChars, 'validation:controlChars');

/** The tick "Rider's photo ID verified" (Conform turns a ticked box into true). */
const idVerified = z
  .boolean({ required_error: DK.idNotVerified, invalid_type_error: DK.idNotVerified })
  .refine((v) => v === true, DK.idNotVerified);

/** The redemption form on the dealer's rider page. */
export const redeemSchema = z.object({
  amount: counterAmount,
  pin: pinSchema,
  employeeName,
  idVerified,
  onceToken: onceTokenSchema,
});

/**
 * POST /api/{role}/redeem (JSON). `amount` is in currency units with at most 2 decimals, as text
 * ('12.50') or a number (12.5); `pin` is text (a number would lose leading zeros). An admin
 * names the dealer with `dealerId`.
 */
export const redeemApiSchema = z.object({
  riderId: z.coerce.number({ invalid_type_error: K.required }).int().positive(),
  dealerId: z.coerce.number({ invalid_type_error: K.required }).int().positive().optional(),
  amount: z
    .union([z.string(), z.number()], { required_error: K.required, invalid_type_error: K.money })
    .transform((v, ctx) => {
      const cents = parseMoneyToCents(typeof v === 'string' ? v.trim() : v);
      if (cents === null) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: K.money, fatal: true });
        return z.NEVER;
      }
      return cents;
    })
    .refine((cents) => cents > 0, DK.amountPositive),
  pin: pinSchema,
  employeeName,
  idVerified: z
    .boolean({ required_error: DK.idNotVerified, invalid_type_error: DK.idNotVerified })
    .refine((v) => v === true, DK.idNotVerified),
});

/** Rider search at the counter (GET ?q=). */
export const riderSearchSchema = z.object({
  q: z.string().trim().max(100).optional(),
});

const optionalDate = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .refine((v) => v === undefined || isDateOnlyString(v), K.date);

/** Filters of the redemption lists (query string), shared by the pages and the API. */
export const redemptionFiltersSchema = z.object({
  afterDate: optionalDate,
  beforeDate: optionalDate,
  country: z
    .string()
    .trim()
    .max(2)
    .optional()
    .transform((v) => (v ? v.toUpperCase() : undefined)),
  riderName: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((v) => (v ? v : undefined)),
  page: z.coerce.number().int().positive().optional().catch(undefined),
});
export type RedemptionFiltersInput = z.infer<typeof redemptionFiltersSchema>;

/**
 * Reads the list filters from a query string: each valid filter is kept, an invalid date is
 * dropped and reported (field → i18n key) so the page can say so next to the field.
 */
export function parseRedemptionFilters(params: URLSearchParams): {
  filters: RedemptionFiltersInput;
  errors: Partial<Record<'afterDate' | 'beforeDate', string>>;
} {
  const raw = Object.fromEntries(
    ['afterDate', 'beforeDate', 'country', 'riderName', 'page'].map((k) => [
      k,
      params.get(k) ?? undefined,
    ]),
  );
  const errors: Partial<Record<'afterDate' | 'beforeDate', string>> = {};
  for (const k of ['afterDate', 'beforeDate'] as const) {
    if (!optionalDate.safeParse(raw[k]).success) {
      errors[k] = K.date;
      raw[k] = undefined;
    }
  }
  const parsed = redemptionFiltersSchema.safeParse(raw);
  return { filters: parsed.success ? parsed.data : {}, errors };
}

/** The admin's refund of one redemption (after the confirmation step). */
export const refundSchema = z.object({
  intent: z.literal('refund'),
  redemptionId: z.coerce.number({ invalid_type_error: K.required }).int().positive(),
  reason: z.string().trim().max(REFUND_REASON_MAX, DK.tooLong).optional(),
  onceToken: onceTokenSchema,
});

const optionalText = (max: number) => z.string().trim().max(max, DK.tooLong).optional();

/** The dealer's own details (name, address, phone, website, bio). */
export const dealerProfileSchema = z.object({
  intent: z.literal('profile'),
  name: nameSchema(120, DK.tooLong),
  addressLine1: optionalText(120),
  addressLine2: optionalText(120),
  city: optionalText(80),
  state: optionalText(40),
  zipcode: optionalText(12),
  phone: phoneSchema,
  websiteUrl: z
    .string()
    .trim()
    .max(200, DK.tooLong)
    .refine((v) => {
      try {
        const u = new URL(v);
        return u.protocol === 'http:' || u.protocol === 'https:';
      } catch {
        return false;
      }
    }, DK.url)
    .optional(),
  bio: optionalText(DEALER_BIO_MAX),
});

/** The dealer's password change (current password, then the new one twice). */
export const dealerPasswordSchema = z
  .object({
    intent: z.literal('password'),
    currentPassword: loginPasswordSchema,
    password: passwordSchema,
    confirmPassword: confirmPasswordSchema,
  })
  .and(passwordsMatchCheck);

/** DELETE /api/{role}/credit-redemption/{id} (JSON, optional): why the redemption is refunded. */
export const refundBodySchema = refundSchema.pick({ reason: true });

const VOID_REASON_REQUIRED = 'dealer:void.errors.reasonRequired';

/** The dealer's void of its own redemption, on the receipt: why, in the dealer's words (required). */
export const voidSchema = z.object({
  reason: z
    .string({ required_error: VOID_REASON_REQUIRED, invalid_type_error: VOID_REASON_REQUIRED })
    .trim()
    .min(1, VOID_REASON_REQUIRED)
    .max(VOID_REASON_MAX, DK.tooLong)
    .refine(hasNoControlChars, 'validation:controlChars'),
  onceToken: onceTokenSchema,
});

/** POST /api/{role}/credit-redemption/{id}/void (JSON): the dealer's reason. */
export const voidBodySchema = voidSchema.pick({ reason: true });
