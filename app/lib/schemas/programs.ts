/** Forms for categories (programs) and series. */
import { z } from 'zod';
import { RACE_STYLES } from '~/lib/constants';
import { listParams } from '~/lib/list-query';
import { positiveMoneySchema, requiredString } from '~/lib/schemas/common';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'admin:errors.tooLong')
    .optional()
    .transform((v) => (v ? v : null));

const optionalYear = z.coerce
  .number({ invalid_type_error: 'admin:errors.year' })
  .int('admin:errors.year')
  .min(1990, 'admin:errors.year')
  .max(2100, 'admin:errors.year')
  .optional();

export const categorySchema = z
  .object({
    intent: z.literal('save'),
    name: requiredString,
    description: optionalText(2000),
    raceStyle: z.enum(RACE_STYLES).optional(),
    active: z.preprocess((v) => v === 'on' || v === true || v === 'true', z.boolean()),
    // Comma- or line-separated model names; empty = any model of the maker.
    eligibleModels: z
      .string()
      .optional()
      .transform((v) => {
        const list = (v ?? '')
          .split(/[,\n]/)
          .map((s) => s.trim())
          .filter(Boolean);
        return list.length ? list : null;
      }),
    minYear: optionalYear,
    maxYear: optionalYear,
  })
  .superRefine((v, ctx) => {
    if (v.minYear && v.maxYear && v.minYear > v.maxYear) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['maxYear'],
        message: 'admin:errors.yearRange',
      });
    }
  });
export type CategoryInput = z.infer<typeof categorySchema>;

export const seriesSchema = z.object({
  intent: z.literal('save'),
  name: requiredString,
  description: optionalText(4000),
  categoryId: z.coerce.number().int().positive().optional(),
  promoterId: z.coerce.number().int().positive().optional(),
  raceStyle: z.enum(RACE_STYLES).optional(),
  city: optionalText(100),
  state: optionalText(10),
  zipcode: optionalText(20),
  country: z.string().trim().length(2, 'admin:errors.country').default('US'),
  // Optimistic lock (spec: __v is sent back on update; a stale one is refused).
  __v: z.coerce.number().int().min(0).optional(),
});
export type SeriesInput = z.infer<typeof seriesSchema>;

export const removeEventSchema = z.object({
  intent: z.literal('removeEvent'),
  eventId: z.coerce.number().int().positive(),
});

/** A series-end (final standings) award an admin enters on the series page. */
export const seriesAwardSchema = z.object({
  intent: z.literal('addAward'),
  riderId: z.coerce
    .number({
      invalid_type_error: 'admin:seriesAwards.pickRider',
      required_error: 'admin:seriesAwards.pickRider',
    })
    .int('admin:seriesAwards.pickRider')
    .positive('admin:seriesAwards.pickRider'),
  amount: positiveMoneySchema,
  notes: requiredString.max(200, 'admin:errors.tooLong'),
});

export const removeSeriesAwardSchema = z.object({
  intent: z.literal('removeAward'),
  awardId: z.coerce.number().int().positive(),
});

/** Sort keys of the admin categories and series lists (the services map them to columns). */
const CATEGORY_SORTS = ['name', 'raceStyle', 'series', 'status'] as const;
export type CategorySort = (typeof CATEGORY_SORTS)[number];
const SERIES_SORTS = ['name', 'dates', 'category', 'promoter', 'events'] as const;
export type SeriesSort = (typeof SERIES_SORTS)[number];

/** The admin categories list: sort only. */
export const categoryListSchema = z.object({ ...listParams(CATEGORY_SORTS, 'name') });

/** The admin series list: name filter, page, sort (newest first by default). */
export const seriesListSchema = z.object({
  name: z.string().trim().max(100).optional(),
  ...listParams(SERIES_SORTS, 'dates', 'desc'),
});

/** JSON callers may send eligibleModels as an array; the form schema takes text. */
export function listToText(raw: unknown): string | undefined {
  const v = (raw as { eligibleModels?: unknown } | null)?.eligibleModels;
  return Array.isArray(v) ? v.join(',') : typeof v === 'string' ? v : undefined;
}
