/**
 * The OpenAPI operations of VIN patterns, the VIN report and the admin's report lists: each with
 * the zod schema its route validates with.
 */
import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { sentReminderFilterSchema } from '~/lib/schemas/reminders';
import { taxYearSchema } from '~/lib/schemas/tax';
import {
  patternBodySchema,
  verifyBikesBodySchema,
  vinPatternQuerySchema,
  vinReportQuerySchema,
} from '~/lib/schemas/vin';
import { fileField, multipart, obj, op, pagination, rows } from '~/http/openapi/parts';

const admin = 'Admin only.';

export const vinPaths: ZodOpenApiPathsObject = {
  '/api/admin/reminders': {
    get: op('/api/admin/reminders', {
      summary: 'Deadline reminders sent, newest first',
      tags: ['Reports'],
      query: sentReminderFilterSchema,
      ok: { 200: obj() },
      errors: [401, 403],
    }),
  },
  '/api/admin/tax-lists': {
    get: op('/api/admin/tax-lists', {
      summary: 'The year-end tax lists (amounts in integer cents) and their totals',
      tags: ['Reports'],
      query: taxYearSchema,
      ok: { 200: obj() },
      errors: [401, 403],
    }),
  },

  '/api/vin-patterns': {
    get: op('/api/vin-patterns', {
      summary: 'One page of VIN patterns',
      description: admin,
      tags: ['VIN patterns and report'],
      query: vinPatternQuerySchema,
      ok: { 200: obj() },
      errors: [401, 403],
    }),
  },
  '/api/vin-patterns/import': {
    post: op('/api/vin-patterns/import', {
      summary: 'Import VIN patterns from a CSV or XLSX file (all or nothing)',
      tags: ['VIN patterns and report'],
      requestBody: multipart({ file: fileField }),
      ok: { 200: obj() },
      errors: [401, 403, 413, 415],
    }),
  },
  '/api/vin-patterns/{patternId}': {
    delete: op('/api/vin-patterns/{patternId}', {
      summary: 'Delete a VIN pattern',
      tags: ['VIN patterns and report'],
      ok: { 200: obj({ deleted: z.literal(true), id: z.number().int() }) },
      errors: [401, 403, 404],
    }),
  },
  ...Object.fromEntries(
    (['verify', 'unverify'] as const).map((v) => [
      `/api/vin-patterns/${v}`,
      {
        post: op(`/api/vin-patterns/${v}`, {
          summary: v === 'verify' ? 'Verify a VIN pattern' : 'Unverify a VIN pattern',
          tags: ['VIN patterns and report'],
          body: patternBodySchema,
          ok: { 200: obj({ vinPattern: obj() }) },
          errors: [401, 403, 404, 415],
        }),
      },
    ]),
  ),
  '/api/vin-patterns/verify-bikes': {
    post: op('/api/vin-patterns/verify-bikes', {
      summary: 'Verify patterns, then re-check every bike against the verified patterns',
      tags: ['VIN patterns and report'],
      body: verifyBikesBodySchema,
      ok: { 200: obj({ verifiedPatterns: z.unknown() }) },
      errors: [401, 403, 404, 415],
    }),
  },
  '/api/vin-report': {
    get: op('/api/vin-report', {
      summary: "Riders with their bikes' states (format=csv downloads every line)",
      tags: ['VIN patterns and report'],
      query: vinReportQuerySchema,
      ok: { 200: obj({ riders: rows(), pagination }) },
      errors: [401, 403],
    }),
  },
};
