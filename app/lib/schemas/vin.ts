/**
 * Forms and queries of the VIN area: a rider's bikes (add, remove), the VIN patterns admin page
 * and API, and the rider VIN report. Messages are i18n keys.
 */
import { z } from 'zod';
import { listParams } from '~/lib/list-query';
import { VALIDATION_KEYS, vinSyntaxSchema } from './common';

const K = VALIDATION_KEYS;

// ---------------------------------------------------------------- rider bikes

/**
 * Add a bike (rider profile). Only the VIN's shape is checked here: the check digit may be
 * exempted by a verified no-check-digit pattern, which only the server knows (`addBike`).
 */
export const addBikeSchema = z.object({
  intent: z.literal('addBike'),
  vin: vinSyntaxSchema,
});

/** Remove one of the rider's bikes. */
export const removeBikeSchema = z.object({
  intent: z.literal('removeBike'),
  bikeId: z.coerce.number({ invalid_type_error: K.required }).int().positive(K.required),
});

// ---------------------------------------------------------------- VIN patterns

/** Free-text filter: trimmed, at most 100 characters, blank = no filter. */
const filterText = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((v) => (v ? v : undefined));

/** Positive page number, 1 when absent. */
const pageNumber = z
  .union([z.literal('').transform(() => undefined), z.coerce.number().int().min(1).max(1_000_000)])
  .optional()
  .transform((v) => v ?? 1);

/** Sort keys of the VIN patterns list (the service maps them to columns). */
const VIN_PATTERN_SORTS = ['model', 'year', 'pattern', 'bikes', 'status'] as const;
export type VinPatternSort = (typeof VIN_PATTERN_SORTS)[number];

/** Query of the VIN patterns list (page and API): page, model, year, pattern, sort. */
export const vinPatternQuerySchema = z.object({
  ...listParams(VIN_PATTERN_SORTS, 'model'),
  page: pageNumber,
  model: filterText,
  year: z
    .union([z.literal('').transform(() => undefined), z.coerce.number().int().min(1900).max(2100)])
    .optional(),
  pattern: filterText.transform((v) => v?.toUpperCase()),
});
export type VinPatternQuery = z.infer<typeof vinPatternQuerySchema>;

/** A pattern's id from a form (hidden field). */
const patternId = z.coerce.number({ invalid_type_error: K.required }).int().positive(K.required);

/** Largest accepted import file (the spec's upload limit). */

/** The import form: one CSV or XLSX file. */
export const vinImportSchema = z.object({
  intent: z.literal('import'),
  file: z
    .instanceof(File, { message: K.required })
    .refine((f) => f.size > 0, K.required)
    .refine((f) => /\.(csv|xlsx)$/i.test(f.name), 'vin:import.errors.fileType'),
});

/** Every form of the VIN patterns page. */
export const vinPatternActionSchema = z.discriminatedUnion('intent', [
  vinImportSchema,
  z.object({ intent: z.literal('delete'), patternId }),
  z.object({ intent: z.literal('verify'), patternId }),
  z.object({ intent: z.literal('unverify'), patternId }),
  z.object({ intent: z.literal('verifyBikes') }),
]);

/**
 * How an API call names a pattern: its id, its pattern text, or an object carrying either
 * (`{ id }`, `{ _id }`, `{ pattern }`).
 */
const patternRefSchema = z.union([
  z.number().int().positive(),
  z
    .string()
    .trim()
    .min(1)
    .max(100)
    .transform((v) => (/^\d+$/.test(v) ? Number(v) : v.toUpperCase())),
  z
    .object({
      id: z.coerce.number().int().positive().optional(),
      _id: z.coerce.number().int().positive().optional(),
      pattern: z.string().trim().min(1).max(100).optional(),
    })
    .refine((o) => o.id !== undefined || o._id !== undefined || o.pattern !== undefined, {
      message: 'id or pattern required',
    })
    .transform((o) => o.id ?? o._id ?? (o.pattern as string).toUpperCase()),
]);
export type PatternRef = z.infer<typeof patternRefSchema>;

/** Body of POST /api/vin-patterns/verify and /unverify. */
export const patternBodySchema = z.object({ pattern: patternRefSchema });

/** Body of POST /api/vin-patterns/verify-bikes (patterns to verify first; may be empty). */
export const verifyBikesBodySchema = z.object({
  patterns: z.array(patternRefSchema).max(10_000).optional().default([]),
});

// ---------------------------------------------------------------- rider VIN report

export type VinReportState = 'valid' | 'invalid' | 'none';

/** Query of the rider VIN report (page and API): name, vin, valid (valid/invalid/none), page. */
export const vinReportQuerySchema = z.object({
  page: pageNumber,
  name: filterText,
  vin: filterText.transform((v) => v?.toUpperCase()),
  valid: z
    .enum(['', 'valid', 'invalid', 'none', 'true', 'false'])
    .optional()
    .transform((v): VinReportState | undefined =>
      v === 'true' ? 'valid' : v === 'false' ? 'invalid' : v ? v : undefined,
    ),
  format: z.enum(['json', 'csv']).optional(),
  lang: z.enum(['en', 'fr']).optional(),
});
