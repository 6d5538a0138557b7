/**
 * The mapping step of a results file from a timing system (issue 12.4): one choice per column of
 * the file, by position (`columns[0]`, `columns[1]`, …): one of our result columns, or "ignore".
 */
import { z } from 'zod';

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
export type TimingColumn = (typeof TIMING_COLUMNS)[number];
export const TIMING_CHOICES = [...TIMING_COLUMNS, 'ignore'] as const;
export type TimingChoice = (typeof TIMING_CHOICES)[number];

/** At most this many columns (as many as an import reads). */
const MAX_COLUMNS = 200;

export const timingMappingSchema = z.object({
  intent: z.enum(['preview', 'apply', 'discard']),
  columns: z
    .array(z.enum(TIMING_CHOICES, { errorMap: () => ({ message: 'timing:errors.badChoice' }) }))
    .max(MAX_COLUMNS)
    .default([]),
});
