/**
 * Forms of the event page (admin and promoter): class upload, results uploads, editing and
 * deleting results, removing classes and places, linking a result to a rider, verifying results.
 * One discriminated union on `intent`. Messages are i18n keys.
 */
import { z } from 'zod';
import { CURRENCIES, PAYOUT_TYPES, RESULT_TYPES } from '../constants';
import { parseMoneyToCents } from '../format';
import { VALIDATION_KEYS } from './common';

const K = VALIDATION_KEYS;

/** The three results upload shapes. */
export const RESULT_UPLOAD_SHAPES = [
  'upload-class-result',
  'upload-all-class-result',
  'upload-all-formatted-class-result',
] as const;

const id = z.coerce
  .number({ invalid_type_error: K.required, required_error: K.required })
  .int(K.required)
  .positive(K.required);

/** An uploaded file that is not empty (any File-like value: the server's multipart parser may use its own class). */
const file = z
  .custom<File>(
    (v) =>
      typeof v === 'object' &&
      v !== null &&
      typeof (v as { arrayBuffer?: unknown }).arrayBuffer === 'function' &&
      typeof (v as { size?: unknown }).size === 'number',
    'events:upload.fileRequired',
  )
  .refine((f) => f.size > 0, 'events:upload.fileRequired');

const uploadClassesSchema = z.object({
  intent: z.literal('uploadClasses'),
  file,
});

const uploadResultsObject = z.object({
  intent: z.literal('uploadResults'),
  shape: z.enum(RESULT_UPLOAD_SHAPES, { errorMap: () => ({ message: K.required }) }),
  classId: id.optional(),
  file,
});

/** One class's results need the class. */
function classRequired(
  v: { intent: string; shape?: string; classId?: number },
  ctx: z.RefinementCtx,
) {
  if (
    v.intent === 'uploadResults' &&
    v.shape === 'upload-class-result' &&
    v.classId === undefined
  ) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ['classId'],
      message: 'events:upload.classRequired',
    });
  }
}

/** An optional place: blank = no place (e.g. a DNS). */
const optionalPlace = z.coerce
  .number({ invalid_type_error: 'events:edit.badPlace' })
  .int('events:edit.badPlace')
  .min(1, 'events:edit.badPlace')
  .max(100000, 'events:edit.badPlace')
  .optional();

/** An optional amount typed as text, to cents; blank = 0. */
const optionalMoney = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx) => {
    if (!v) return 0;
    const cents = parseMoneyToCents(v);
    if (cents === null) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: K.money });
      return z.NEVER;
    }
    return cents;
  });

const editResultSchema = z.object({
  intent: z.literal('editResult'),
  resultId: id,
  place: optionalPlace,
  resultType: z.enum(RESULT_TYPES, { errorMap: () => ({ message: K.required }) }),
  bonus: optionalMoney,
  bonusNote: z.string().trim().max(200).optional(),
});

const linkResultSchema = z.object({
  intent: z.literal('linkResult'),
  resultId: id,
  riderId: id,
});

const deleteResultSchema = z.object({ intent: z.literal('deleteResult'), resultId: id });
const deleteClassResultsSchema = z.object({
  intent: z.literal('deleteClassResults'),
  classId: id,
});
const deleteAllResultsSchema = z.object({ intent: z.literal('deleteAllResults') });
const removeClassSchema = z.object({ intent: z.literal('removeClass'), classId: id });
const removePlaceSchema = z.object({ intent: z.literal('removePlace'), placeId: id });
const verifyResultsSchema = z.object({ intent: z.literal('verifyResults') });
const recomputeSchema = z.object({ intent: z.literal('recompute') });

/** Places the class form offers at least (a blank place pays nothing). */
export const CLASS_FORM_PLACES = 10;

/** Add or change a class without a file: name, payout type, currency, the amount of each place. */
export const saveClassSchema = z.object({
  intent: z.literal('saveClass'),
  classId: id.optional(),
  name: z.string({ required_error: K.required }).trim().min(1, K.required).max(100),
  payoutType: z.enum(PAYOUT_TYPES, { errorMap: () => ({ message: K.required }) }),
  currency: z.enum(CURRENCIES, { errorMap: () => ({ message: K.required }) }),
  places: z.array(optionalMoney).max(100).default([]),
});

/** The places a class form posted that pay something, numbered from 1. */
export function postedPlaces(amounts: number[]): { place: number; amountCents: number }[] {
  return amounts.flatMap((amountCents, i) =>
    amountCents > 0 ? [{ place: i + 1, amountCents }] : [],
  );
}

/** Every form of the event page. */
export const eventActionSchema = z
  .discriminatedUnion('intent', [
    uploadClassesSchema,
    uploadResultsObject,
    editResultSchema,
    linkResultSchema,
    deleteResultSchema,
    deleteClassResultsSchema,
    deleteAllResultsSchema,
    removeClassSchema,
    removePlaceSchema,
    verifyResultsSchema,
    recomputeSchema,
    saveClassSchema,
  ])
  .superRefine(classRequired);

/** The JSON body of PUT /api/event/{eventId}/result (edit one result). */
export const apiEditResultSchema = z
  .object({
    resultId: z.number().int().positive(),
    place: z.number().int().min(1).max(100000).nullable().optional(),
    resultType: z.enum(RESULT_TYPES).optional(),
    riderId: z.number().int().positive().nullable().optional(),
    bonusCents: z.number().int().min(0).optional(),
    bonus: z.union([z.string(), z.number()]).optional(),
    bonusNote: z.string().max(200).nullable().optional(),
  })
  .strict();

/** The JSON body of PUT /api/event/{eventId}/results (replace results). */
export const apiReplaceResultsSchema = z.object({
  classId: z.number().int().positive().optional(),
  results: z.array(z.record(z.unknown())).min(1),
});
