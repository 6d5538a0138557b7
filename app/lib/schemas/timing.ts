/**
 * The mapping step of a results file from a timing system: one choice per column of the file, by
 * position (`columns[0]`, `columns[1]`, …): one of our result columns, or "ignore"; what each
 * distinct status value of the file means (`statuses[i].key` / `statuses[i].outcome`); the places
 * the uploader corrected (`fixes[i].row` / `fixes[i].place`); whether places are taken from the
 * file's order instead of its place column; and which class each class value of the file (a
 * live-timing export's races) feeds (`classes[i].key` / `classes[i].target`).
 */
import { z } from 'zod';
import { RESULT_TYPES } from '~/lib/constants';

/** Our result columns a file's column can be mapped to, in the order the select lists them. */
export const TIMING_COLUMNS = [
  'place',
  'name',
  'first',
  'last',
  'class',
  'resultType',
  'ama',
  'email',
  'make',
  'model',
  'hometown',
  'number',
] as const;
export const TIMING_CHOICES = [...TIMING_COLUMNS, 'ignore'] as const;
export type TimingChoice = (typeof TIMING_CHOICES)[number];

/** What a status value of a file can mean: one of our result types, or "leave the row out". */
export const STATUS_OUTCOMES = [...RESULT_TYPES, 'ignore'] as const;
export type StatusOutcome = (typeof STATUS_OUTCOMES)[number];

/** At most this many columns (as many as an import reads). */
const MAX_COLUMNS = 200;
/** At most this many distinct status values or corrected places in one form. */
const MAX_ENTRIES = 1000;

export const timingMappingSchema = z.object({
  intent: z.enum(['preview', 'apply', 'discard']),
  columns: z
    .array(z.enum(TIMING_CHOICES, { errorMap: () => ({ message: 'timing:errors.badChoice' }) }))
    .max(MAX_COLUMNS)
    .default([]),
  statuses: z
    .array(
      z.object({
        key: z.string().max(200).default(''),
        outcome: z
          .enum(STATUS_OUTCOMES, { errorMap: () => ({ message: 'timing:errors.badChoice' }) })
          .optional(),
      }),
    )
    .max(MAX_ENTRIES)
    .default([]),
  fixes: z
    .array(
      z.object({
        row: z.number().int().min(1),
        // Read by the service: a typo is shown back next to its row with the rest kept.
        place: z.string().trim().max(20).default(''),
      }),
    )
    .max(MAX_ENTRIES)
    .default([]),
  fromOrder: z.boolean().default(false),
  // Which class each class value of the file feeds: a class id, "ignore", or blank (unanswered).
  classes: z
    .array(
      z.object({
        key: z.string().max(200).default(''),
        target: z.string().max(20).optional(),
      }),
    )
    .max(MAX_ENTRIES)
    .default([]),
});
export type TimingMappingForm = z.infer<typeof timingMappingSchema>;
