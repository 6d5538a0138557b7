/**
 * Forms of the rider area: registration, account recovery, the rider profile and the rider API
 * (which validates with the very same schemas). Messages are i18n keys.
 *
 * Address region: a country with a region list (US, Canada) needs one of its regions in `state`;
 * any other country takes free text, from `stateText` (the no-JS form sends both fields) or from
 * `state` (API callers). The parsed value always carries the region in `state`.
 */
import { weakPinReason } from '../weak-pins';
import { z } from 'zod';
import { honeypotShape, refuseFilledHoneypot } from './honeypot';
import { AGE_OF_MAJORITY, RACE_STYLES, SEXES } from '../constants';
import { countryByCode, isValidRegion } from '../countries';
import { ageOn, parseDateOnly, todayString } from '../format';
import {
  confirmPasswordSchema,
  contactMessageSchema,
  dateStringSchema,
  emailSchema,
  hasNoControlChars,
  loginPasswordSchema,
  nameSchema,
  passwordSchema,
  passwordsMatchCheck,
  phoneSchema,
  pinSchema,
  requiredString,
} from './common';

/** Message keys of this module (namespace `rider`). */
export const RIDER_KEYS = {
  tooLong: 'rider:errors.tooLong',
  country: 'rider:errors.country',
  region: 'rider:errors.region',
  dateOfBirth: 'rider:errors.dateOfBirth',
  guardianName: 'rider:errors.guardianName',
  guardianEmail: 'rider:errors.guardianEmail',
  guardianConsent: 'rider:errors.guardianConsent',
  url: 'rider:errors.url',
  handle: 'rider:errors.handle',
  pinMatch: 'rider:errors.pinMatch',
  intent: 'rider:errors.intent',
  code: 'rider:errors.code',
} as const;

const K = RIDER_KEYS;
const REQUIRED = 'validation:required';

/** Rider levels: amateurs earn dealer credit, pros earn cash. */
export const LEVELS = ['amateur', 'pro'] as const;

/** Field length bounds. */
export const LIMITS = {
  name: 80,
  line: 120,
  zipcode: 20,
  ama: 20,
  bio: 2000,
  social: 200,
} as const;

/** Social media links stored in riders.socialMedia. */
export const SOCIAL_KEYS = ['facebook', 'instagram', 'x', 'youtube', 'tiktok', 'website'] as const;
type SocialKey = (typeof SOCIAL_KEYS)[number];

/** Blank or null → undefined; strings trimmed. */
function blankToUndefined(value: unknown): unknown {
  if (value === null) return undefined;
  if (typeof value === 'string') {
    const v = value.trim();
    return v === '' ? undefined : v;
  }
  return value;
}

/** An optional trimmed text of at most `max` characters (blank → undefined). */
function optionalText(max: number) {
  return z.preprocess(blankToUndefined, z.string().max(max, K.tooLong).optional());
}

/** A required trimmed text of at most `max` characters. */
function requiredText(max: number) {
  return requiredString.pipe(z.string().max(max, K.tooLong));
}

/** A required phone (same rule as the optional `phoneSchema`). */
const requiredPhone = requiredString.pipe(phoneSchema.unwrap());
/** An optional phone (blank → undefined). */
const optionalPhone = z.preprocess(blankToUndefined, phoneSchema);

/** An enum whose missing or unknown value reports 'validation:required'. */
function requiredEnum<U extends string, T extends Readonly<[U, ...U[]]>>(values: T) {
  return z.enum(values, { errorMap: () => ({ message: REQUIRED }) });
}

/** True when a 'YYYY-MM-DD' birth date is in the past and after 1900. */
function plausibleBirthDate(value: string): boolean {
  const d = parseDateOnly(value);
  if (!d || d.year < 1900) return false;
  return value <= todayString();
}

/** Date of birth: a real day, not in the future. */
export const dateOfBirthSchema = dateStringSchema.refine(plausibleBirthDate, K.dateOfBirth);

/** True when a rider born on that day is under 18 today (Los Angeles). */
export function isMinorToday(
  dateOfBirth: string | null | undefined,
  today: string = todayString(),
): boolean {
  if (!dateOfBirth) return false;
  const age = ageOn(dateOfBirth, today);
  return age !== null && age < AGE_OF_MAJORITY;
}

const HTTP_URL = /^https?:\/\/[^\s/$.?#].[^\s]*$/i;
const HANDLE = /^@?[A-Za-z0-9_.-]{1,100}$/;

/** A social link: an http(s) URL or a handle; `website` must be a URL. */
function socialField(key: SocialKey) {
  return optionalText(LIMITS.social).refine(
    (v) => v === undefined || HTTP_URL.test(v) || (key !== 'website' && HANDLE.test(v)),
    key === 'website' ? K.url : K.handle,
  );
}

const socialShape = {
  facebook: socialField('facebook'),
  instagram: socialField('instagram'),
  x: socialField('x'),
  youtube: socialField('youtube'),
  tiktok: socialField('tiktok'),
  website: socialField('website'),
};

/** The address fields (shared by registration and profile). */
const addressShape = {
  addressLine1: requiredText(LIMITS.line),
  addressLine2: optionalText(LIMITS.line),
  city: requiredText(LIMITS.line),
  country: requiredString.pipe(z.string().toUpperCase()),
  state: optionalText(LIMITS.line),
  stateText: optionalText(LIMITS.line),
  zipcode: requiredText(LIMITS.zipcode),
};

/** The personal fields a rider fills at registration and edits on the profile. */
const personalShape = {
  firstName: nameSchema(LIMITS.name, K.tooLong),
  lastName: nameSchema(LIMITS.name, K.tooLong),
  phone1: requiredPhone,
  dateOfBirth: dateOfBirthSchema,
  sex: requiredEnum(SEXES),
  raceStyle: requiredEnum(RACE_STYLES),
  amaNumber: optionalText(LIMITS.ama),
  hometown: optionalText(LIMITS.line),
  ...addressShape,
};

type AddressValue = { country: string; state?: string; stateText?: string };

/** Checks the country and its region; reports on `country`, `state` or `stateText`. */
function checkAddress(value: AddressValue, ctx: z.RefinementCtx) {
  const country = countryByCode(value.country);
  if (!country) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['country'], message: K.country });
    return;
  }
  if (country.regions.length > 0) {
    if (!value.state) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['state'], message: REQUIRED });
    } else if (!isValidRegion(country.code, value.state)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['state'], message: K.region });
    }
  }
}

/** The region to store: the region code for US/Canada, the free text otherwise (or null). */
function resolvedRegion(value: AddressValue): string | null {
  const country = countryByCode(value.country);
  if (country && country.regions.length > 0) return (value.state ?? '').toUpperCase();
  return value.stateText ?? value.state ?? null;
}

// ---------------------------------------------------------------- registration

export const registerSchema = z
  .object({
    ...personalShape,
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: confirmPasswordSchema,
    level: requiredEnum(LEVELS),
    guardianName: optionalText(LIMITS.name * 2).refine(
      (v) => v === undefined || hasNoControlChars(v),
      'validation:controlChars',
    ),
    guardianEmail: z.preprocess(blankToUndefined, emailSchema.optional()),
    guardianConsent: z.boolean().optional(),
    ...honeypotShape,
  })
  .and(passwordsMatchCheck)
  .superRefine((value, ctx) => {
    refuseFilledHoneypot()(value, ctx);
    checkAddress(value, ctx);
    if (isMinorToday(value.dateOfBirth)) {
      if (!value.guardianName) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ['guardianName'],
          message: K.guardianName,
        });
      }
      if (!value.guardianEmail) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ['guardianEmail'],
          message: K.guardianEmail,
        });
      }
      if (value.guardianConsent !== true) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ['guardianConsent'],
          message: K.guardianConsent,
        });
      }
    }
  })
  .transform((value) => {
    const { stateText: _stateText, ...rest } = value;
    return { ...rest, state: resolvedRegion(value) };
  });

export type RegisterInput = z.infer<typeof registerSchema>;

// ---------------------------------------------------------------- account recovery

/** /forgot-password: the e-mail to send a code to. */
export const forgotPasswordSchema = z
  .object({
    email: emailSchema,
    ...honeypotShape,
  })
  .superRefine(refuseFilledHoneypot());

/** /forgot-password-reset and /password-lost-reset: e-mail, code and a new password twice. */
export const resetPasswordSchema = z
  .object({
    email: emailSchema,
    code: z
      .string({ required_error: REQUIRED })
      .trim()
      .min(1, REQUIRED)
      .regex(/^\d{6}$/, K.code),
    password: passwordSchema,
    confirmPassword: confirmPasswordSchema,
  })
  .and(passwordsMatchCheck);

/** /account-recovery: a rider without access to their e-mail asks support. */
export const accountRecoverySchema = z
  .object({
    name: nameSchema(LIMITS.name * 2, K.tooLong),
    oldEmail: emailSchema,
    newEmail: emailSchema,
    phone: requiredPhone,
    amaNumber: optionalText(LIMITS.ama),
    message: contactMessageSchema,
    ...honeypotShape,
  })
  .superRefine(refuseFilledHoneypot());

// ---------------------------------------------------------------- profile (and rider API)

/**
 * The personal section of the profile; also the body of PUT /api/{role}/rider/{riderId}.
 * The parsed value has `state` resolved and the social links gathered in `socialMedia`.
 */
export const riderProfileSchema = z
  .object({
    ...personalShape,
    phone2: optionalPhone,
    bio: optionalText(LIMITS.bio),
    ...socialShape,
  })
  .superRefine(checkAddress)
  .transform((value) => {
    const {
      stateText: _stateText,
      facebook,
      instagram,
      x,
      youtube,
      tiktok,
      website,
      ...rest
    } = value;
    const links = { facebook, instagram, x, youtube, tiktok, website };
    const socialMedia: Record<string, string> = {};
    for (const key of SOCIAL_KEYS) {
      const link = links[key];
      if (link) socialMedia[key] = link;
    }
    return { ...rest, state: resolvedRegion(value), socialMedia };
  });

export type RiderProfileInput = z.infer<typeof riderProfileSchema>;

/** Tax status: a US person needs a W-9; others have 30% withheld from cash payouts. */
export const taxStatusSchema = z.object({
  usPerson: requiredEnum(['yes', 'no']).transform((v) => v === 'yes'),
});

/** PIN set or change: the account password (or the current PIN), then the 4 digits twice. */
export const pinFormSchema = z
  .object({
    currentSecret: loginPasswordSchema,
    pin: pinSchema.superRefine((pin, ctx) => {
      const reason = weakPinReason(pin);
      if (reason)
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `pinSafety:weak.${reason}` });
    }),
    confirmPin: pinSchema,
  })
  .superRefine((value, ctx) => {
    if (value.pin !== value.confirmPin) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['confirmPin'], message: K.pinMatch });
    }
  });

/** Change password (profile form and the three change-password API calls). */
export const changePasswordSchema = z
  .object({
    currentPassword: loginPasswordSchema,
    password: passwordSchema,
    confirmPassword: confirmPasswordSchema,
  })
  .and(passwordsMatchCheck);

/** The kinds of document a rider uploads from the profile. */
export const RIDER_UPLOAD_KINDS = ['driversLicence', 'w9', 'idFile', 'profileImage'] as const;
export type RiderUploadKind = (typeof RIDER_UPLOAD_KINDS)[number];

/** Removing one of the rider's documents. */
export const deleteDocumentSchema = z.object({
  documentId: z.coerce.number({ invalid_type_error: REQUIRED }).int().positive(),
});

/** The profile page's intents (each section is its own form). */
export type ProfileIntent =
  | 'personal'
  | 'taxStatus'
  | 'pin'
  | 'password'
  | 'upload'
  | 'deleteDocument'
  | 'addBike'
  | 'removeBike'
  | 'reminders';
