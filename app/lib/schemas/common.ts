/**
 * Zod building blocks shared by every form. Messages are i18n keys in the `validation`
 * namespace (locales/<lang>/validation.json); the UI translates them.
 * Conform's parseWithZod turns empty fields into undefined, so required fields report
 * 'validation:required' for undefined as well as for blank text.
 */
import { z } from 'zod';
import { CONTACT_MESSAGE_MAX, PASSWORD_MAX_BYTES, PASSWORD_MIN, PIN_LENGTH } from '../constants';
import { isDateOnlyString, parseMoneyToCents } from '../format';
import { vinHasValidSyntax, vinShapeError } from '../vin';

/** Every message key these schemas use. */
export const VALIDATION_KEYS = {
  required: 'validation:required',
  email: 'validation:email',
  passwordMin: 'validation:passwordMin',
  passwordMax: 'validation:passwordMax',
  passwordChars: 'validation:passwordChars',
  passwordMatch: 'validation:passwordMatch',
  pin: 'validation:pin',
  vin: 'validation:vin',
  messageMax: 'validation:messageMax',
  date: 'validation:date',
  money: 'validation:money',
  moneyPositive: 'validation:moneyPositive',
  phone: 'validation:phone',
  controlChars: 'validation:controlChars',
} as const;

const K = VALIDATION_KEYS;

/** Characters the spec forbids in a password. */
const PASSWORD_FORBIDDEN = /[!@#$%^&*()]/;
const PIN_RE = new RegExp(`^\\d{${PIN_LENGTH}}$`);
const PHONE_RE = /^[0-9 +().-]{7,20}$/;
const PHONE_MIN_DIGITS = 7;

/** A string that must be present; missing and wrong-type both report 'validation:required'. */
function text() {
  return z.string({ required_error: K.required, invalid_type_error: K.required });
}

/** Server-enforced length of a required text (names, titles) unless a schema narrows it. */
const REQUIRED_TEXT_MAX = 200;

/** A required, trimmed, non-blank string of at most REQUIRED_TEXT_MAX characters. */
export const requiredString = text()
  .trim()
  .min(1, K.required)
  .max(REQUIRED_TEXT_MAX, 'admin:errors.tooLong');

/**
 * C0 and C1 controls (CR, LF, tab …), the Unicode line and paragraph separators and the
 * bidirectional overrides: none belongs in a name, and each can break or disguise the mail,
 * CSV or page line the name is written into.
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/** True when a text holds no control character (see CONTROL_CHARS). */
export function hasNoControlChars(value: string): boolean {
  return !CONTROL_CHARS.test(value);
}

/**
 * A person's or business's name: required, trimmed, at most `max` characters (`tooLong` says
 * so), and without control characters ('validation:controlChars').
 */
export function nameSchema(max: number = REQUIRED_TEXT_MAX, tooLong = 'admin:errors.tooLong') {
  return text()
    .trim()
    .min(1, K.required)
    .max(max, tooLong)
    .refine(hasNoControlChars, K.controlChars);
}

/** A required e-mail address, trimmed and lower-cased. */
export const emailSchema = text()
  .trim()
  .toLowerCase()
  .min(1, K.required)
  .max(254, K.email)
  .email(K.email);

/** A new password: at least 8 characters, at most 72 bytes, none of !@#$%^&*() (not trimmed). */
export const passwordSchema = text()
  .min(1, K.required)
  .min(PASSWORD_MIN, K.passwordMin)
  .refine((v) => new TextEncoder().encode(v).length <= PASSWORD_MAX_BYTES, K.passwordMax)
  .refine((v) => !PASSWORD_FORBIDDEN.test(v), K.passwordChars);

/** A password typed to sign in: only required, never checked against today's rules. */
export const loginPasswordSchema = text().min(1, K.required);

/** The confirmation field of a new password. */
export const confirmPasswordSchema = text().min(1, K.required);

/** Refinement: reports 'validation:passwordMatch' on confirmPassword when the two differ. */
export function passwordsMatch(
  value: { password: string; confirmPassword: string },
  ctx: z.RefinementCtx,
): void {
  if (value.password !== value.confirmPassword) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ['confirmPassword'],
      message: K.passwordMatch,
    });
  }
}

/**
 * The password-match check as a schema of its own, to intersect with a form's object
 * (`z.object({...}).and(passwordsMatchCheck)`): an object-level refine runs only once every
 * field is valid, which hid the mismatch until the rest of the form was fixed; an intersection
 * parses both sides, so the mismatch is reported together with every other problem.
 */
export const passwordsMatchCheck = z
  .object({ password: z.unknown(), confirmPassword: z.unknown() })
  .superRefine((value, ctx) => {
    const { password, confirmPassword } = value;
    if (
      typeof password === 'string' &&
      typeof confirmPassword === 'string' &&
      confirmPassword !== ''
    ) {
      passwordsMatch({ password, confirmPassword }, ctx);
    }
  });

/** An object of the given fields plus password and confirmPassword, which must match. */
export function passwordWithConfirm<T extends z.ZodRawShape>(shape: T) {
  return z
    .object(shape)
    .extend({ password: passwordSchema, confirmPassword: confirmPasswordSchema })
    .and(passwordsMatchCheck);
}

/** A rider's PIN: exactly 4 digits. */
/**
 * The one-time token of a money form (redemption, refund, payout claim): the loader puts a fresh
 * one in a hidden field; the service stores it with the money change (a repeat answers the first
 * result). 8–255 visible characters.
 */
export const onceTokenSchema = z
  .string()
  .regex(/^[\x21-\x7e]{8,255}$/)
  .optional();

export const pinSchema = text().trim().min(1, K.required).regex(PIN_RE, K.pin);

/** A VIN, normalized (trimmed, upper case): 17 VIN characters with a correct check digit. */
export const vinSchema = text()
  .trim()
  .toUpperCase()
  .min(1, K.required)
  .refine((v) => vinShapeError(v) === null, K.vin);

/** A VIN, normalized: 17 VIN characters, check digit not tested (a no-check-digit pattern may allow it). */
export const vinSyntaxSchema = text()
  .trim()
  .toUpperCase()
  .min(1, K.required)
  .refine(vinHasValidSyntax, K.vin);

/** A required contact message of at most 500 characters. */
export const contactMessageSchema = text()
  .trim()
  .min(1, K.required)
  .max(CONTACT_MESSAGE_MAX, K.messageMax);

/** A required 'YYYY-MM-DD' naming a real calendar day. */
export const dateStringSchema = text().trim().min(1, K.required).refine(isDateOnlyString, K.date);

/** A required amount typed as text ('12', '12.5', '12,50'), turned into integer cents (0 allowed). */
export const moneySchema = text()
  .trim()
  .min(1, K.required)
  .transform((v, ctx) => {
    const cents = parseMoneyToCents(v);
    if (cents === null) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: K.money, fatal: true });
      return z.NEVER;
    }
    return cents;
  });

/** A required amount greater than 0, in integer cents. */
export const positiveMoneySchema = moneySchema.refine((cents) => cents > 0, K.moneyPositive);

/** True for 7–20 characters of digits, spaces and + ( ) - . holding at least 7 digits. */
function isPhone(value: string): boolean {
  return PHONE_RE.test(value) && value.replace(/\D/g, '').length >= PHONE_MIN_DIGITS;
}

/** An optional phone: 7–20 characters of digits, spaces and + ( ) - . with at least 7 digits. */
export const phoneSchema = z
  .string({ invalid_type_error: K.phone })
  .trim()
  .refine(isPhone, K.phone)
  .optional();
