/** The event details form (admin): create, edit, cancel; the admin events list's query. */
import { z } from 'zod';
import { CURRENCIES, RACE_STYLES } from '~/lib/constants';
import { listParams } from '~/lib/list-query';
import { dateStringSchema, requiredString } from '~/lib/schemas/common';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'admin:errors.tooLong')
    .optional()
    .transform((v) => (v ? v : null));

const optionalId = z.coerce.number().int().positive().optional();

export const eventDetailsSchema = z.object({
  intent: z.enum(['createEvent', 'saveEvent']),
  title: requiredString,
  date: dateStringSchema,
  startTime: z
    .string()
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'admin:errors.time')
    .optional(),
  venue: optionalText(200),
  venueWebsite: z
    .string()
    .trim()
    .max(500, 'admin:errors.tooLong')
    .url('admin:errors.url')
    .optional(),
  city: optionalText(100),
  state: optionalText(10),
  zipcode: optionalText(20),
  country: z.string().trim().length(2, 'admin:errors.country').default('US'),
  eventType: z.enum(RACE_STYLES).optional(),
  currency: z.enum(CURRENCIES).default('USD'),
  seriesId: optionalId,
  promoterId: optionalId,
  categoryId: optionalId,
  cancelled: z.preprocess((v) => v === 'on' || v === true || v === 'true', z.boolean()),
  notes: optionalText(4000),
  bonuses: optionalText(4000),
});
export type EventDetailsInput = z.infer<typeof eventDetailsSchema>;

/**
 * A promoter's new event: the same details (the event is theirs, its program and cancellation the
 * admin's), and optionally an earlier event of theirs whose classes and payouts it copies.
 */
export const eventProposalSchema = eventDetailsSchema.extend({ copyFrom: optionalId });

/** An admin's refusal of a promoter's proposed event says why (the promoter is mailed it). */
export const refuseEventSchema = z.object({
  intent: z.literal('refuseEvent'),
  reason: z
    .string({ required_error: 'validation:required' })
    .trim()
    .min(1, 'validation:required')
    .max(1000, 'admin:errors.tooLong'),
});

/** Text filter of a list: trimmed and cut to `max` characters ('' when absent). */
const clipped = (max: number) =>
  z
    .string()
    .catch('')
    .transform((v) => v.trim().slice(0, max));

/** Sort keys of the admin events list (the service maps them to columns). */
const EVENT_SORTS = ['date', 'title', 'location', 'series', 'promoter', 'results'] as const;
export type EventSort = (typeof EVENT_SORTS)[number];

/** The admin events list: title, state and country filters, page, sort (newest first by default). */
export const adminEventListSchema = z.object({
  title: clipped(100),
  state: clipped(10),
  country: clipped(3),
  ...listParams(EVENT_SORTS, 'date', 'desc'),
});
