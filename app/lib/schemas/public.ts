/**
 * Forms and search queries of the public site: the contact form (page and POST /api/contact-us)
 * and the GET filters of the schedule, series and dealer finders (pages and /api/... calls).
 * Messages are i18n keys.
 */
import { z } from 'zod';
import { honeypotShape, refuseFilledHoneypot } from './honeypot';
import type { Lang } from '../lang';
import { defaultRadius, radiusChoices } from '../radius';
import {
  contactMessageSchema,
  emailSchema,
  nameSchema,
  phoneSchema,
  requiredString,
} from './common';

/** Longest name a contact message may carry. */
const CONTACT_NAME_MAX = 100;
/** Longest subject of a contact message. */
const CONTACT_SUBJECT_MAX = 150;
/** The field the reCAPTCHA v2 widget posts its token in. */
export const RECAPTCHA_FIELD = 'g-recaptcha-response';

/** The contact form. A filled honeypot is a form error. */
export const contactSchema = z
  .object({
    name: nameSchema(CONTACT_NAME_MAX, 'public:contact.errors.nameMax'),
    email: emailSchema,
    phone: phoneSchema,
    subject: requiredString.max(CONTACT_SUBJECT_MAX, 'public:contact.errors.subjectMax'),
    message: contactMessageSchema,
    ...honeypotShape,
  })
  .superRefine(refuseFilledHoneypot('public:contact.errors.spam'));

export type ContactInput = z.infer<typeof contactSchema>;

// ---------------------------------------------------------------- search queries (GET)

/** Optional free text from a query string: trimmed, at most 100 characters, '' → undefined. */
const queryText = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((v) => (v ? v : undefined))
  .catch(undefined);

/** Optional region or country code: upper case letters only, else undefined. */
const queryCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2,3}$/)
  .optional()
  .catch(undefined);

/** A page number (1 when missing or invalid). */
const queryPage = z.coerce.number().int().min(1).max(100_000).catch(1);

/** A query flag: 'true', '1', 'on' or 'yes' → true; anything else false. */
const queryFlag = z
  .string()
  .optional()
  .transform((v) => ['true', '1', 'on', 'yes'].includes((v ?? '').toLowerCase()))
  .catch(false);

export { ZIP_SEARCH_MILES } from '../constants';

/** Which events a list shows: from today on (default), before today, or every one. */
const WHEN_VALUES = ['upcoming', 'past', 'all'] as const;
export type When = (typeof WHEN_VALUES)[number];
const queryWhen = z.enum(WHEN_VALUES).catch('upcoming');

/** Schedule filters (page /events and GET /api/events). */
export const eventSearchSchema = z.object({
  page: queryPage,
  title: queryText,
  city: queryText,
  state: queryCode,
  zipcode: queryText,
  country: queryCode,
  canceled: queryFlag,
  when: queryWhen,
});
export type EventSearch = z.infer<typeof eventSearchSchema>;

/** Series filters (Series tab of /events and GET /api/series). */
export const seriesSearchSchema = z.object({
  page: queryPage,
  name: queryText,
  city: queryText,
  state: queryCode,
  zipcode: queryText,
  country: queryCode,
  when: queryWhen,
  /** A season: series with an event (first to last date) in that calendar year. */
  year: z.coerce.number().int().min(1900).max(2100).optional().catch(undefined),
});
export type SeriesSearch = z.infer<typeof seriesSearchSchema>;

/** GET /api/events-lean: events before a day (default today), newest first. */
export const eventsLeanSchema = z.object({
  before: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .catch(undefined),
  limit: z.coerce.number().int().min(1).max(50).catch(5),
});

export { defaultRadius, radiusChoices, radiusToMiles } from '../radius';

/** Dealer finder page filters; `radius` is one of radiusChoices(lang), in that language's unit. */
export function dealerPageSearchSchema(lang: Lang) {
  const choices = radiusChoices(lang);
  return z.object({
    name: queryText,
    state: queryCode,
    zipcode: queryText,
    country: queryCode,
    radius: z.coerce
      .number()
      .refine((v) => choices.includes(v))
      .catch(defaultRadius(lang)),
    page: z.coerce.number().int().min(1).catch(1),
  });
}

/** GET /api/dealers-lean filters; zipDistance in miles (0 or missing = exact ZIP match). */
export const dealersLeanSchema = z.object({
  name: queryText,
  state: queryCode,
  zipcode: queryText,
  country: queryCode,
  zipDistance: z.coerce.number().min(0).max(5000).optional().catch(undefined),
  active: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? true : v === 'true'))
    .catch(true),
});

/** Turns a URL's query string into a plain object for the schemas above. */
export function queryObject(url: URL): Record<string, string> {
  return Object.fromEntries(url.searchParams.entries());
}
