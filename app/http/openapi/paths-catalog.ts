/**
 * The OpenAPI operations of the public catalog, accounts and events: each with the zod schema
 * its route validates with.
 */
import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { LANGS } from '~/lib/lang';
import { adminProfileSchema } from '~/lib/schemas/admin';
import { adminEventListSchema, eventDetailsSchema } from '~/lib/schemas/event-admin';
import { apiEditResultSchema, apiReplaceResultsSchema } from '~/lib/schemas/events';
import { categorySchema, seriesSchema } from '~/lib/schemas/programs';
import {
  contactSchema,
  dealersLeanSchema,
  eventSearchSchema,
  eventsLeanSchema,
  seriesSearchSchema,
} from '~/lib/schemas/public';
import { lateFilterSchema, reportRangeSchema } from '~/lib/schemas/reports';
import { changePasswordSchema } from '~/lib/schemas/rider';
import { passkeyBodySchema } from '~/lib/schemas/passkeys';
import { eventView, resultRow } from '~/http/openapi/result-row';
import { seriesStandings } from '~/http/openapi/series-standings';
import {
  fileField,
  multipart,
  obj,
  op,
  pagination,
  rows,
  withoutIntent,
} from '~/http/openapi/parts';

const id = z.object({
  resultId: z.number().int().optional(),
  classId: z.number().int().optional(),
});
const changePassword = (role: string) =>
  op(`/api/${role}/${role}/change-password`, {
    summary: `Change the signed-in ${role}'s password`,
    tags: ['Accounts'],
    body: changePasswordSchema,
    ok: { 200: obj({ ok: z.literal(true) }) },
    errors: [401, 403, 415, 429],
  });
const seriesBody = withoutIntent(seriesSchema);

export const catalogPaths: ZodOpenApiPathsObject = {
  '/api/contact-us': {
    post: op('/api/contact-us', {
      summary: 'Send the contact form',
      tags: ['Contact and accounts'],
      requestBody: {
        content: {
          'application/json': { schema: withoutIntent(contactSchema) },
          'application/x-www-form-urlencoded': { schema: withoutIntent(contactSchema) },
        },
      },
      ok: { 201: obj({ ok: z.literal(true), id: z.number().int() }) },
      errors: [415, 429],
    }),
  },
  '/api/set-lang': {
    get: op('/api/set-lang', {
      summary: 'Remember the language (cookie) and go to the page in it',
      tags: ['Contact and accounts'],
      query: z.object({ lang: z.enum(LANGS), redirectTo: z.string().optional() }),
      ok: { 302: null },
    }),
  },
  '/api/passkey/register': {
    post: op('/api/passkey/register', {
      summary:
        "Add a passkey to the signed-in account: ask for options, then verify the browser's answer",
      tags: ['Contact and accounts'],
      body: passkeyBodySchema,
      ok: { 200: obj() },
      errors: [401, 403],
    }),
  },
  '/api/passkey/sign-in': {
    post: op('/api/passkey/sign-in', {
      summary:
        "Sign in with a passkey: ask for options, then verify the browser's answer (opens a session; failures are throttled like passwords)",
      tags: ['Contact and accounts'],
      body: passkeyBodySchema,
      ok: { 200: obj() },
      errors: [429],
    }),
  },
  '/api/logout': {
    get: op('/api/logout', {
      summary: 'Sign out and go to the sign-in page',
      tags: ['Contact and accounts'],
      query: z.object({ redirectTo: z.string().optional() }),
      ok: { 302: null },
    }),
    post: op('/api/logout', {
      summary: 'Sign out and go to the sign-in page',
      tags: ['Contact and accounts'],
      ok: { 302: null },
    }),
  },
  '/api/admin/admin/{adminId}': {
    put: op('/api/admin/admin/{adminId}', {
      summary: "Change the signed-in admin's own name and phone (fields not sent are kept)",
      tags: ['Contact and accounts'],
      body: adminProfileSchema.omit({ intent: true }).partial(),
      ok: { 200: obj({ admin: obj() }) },
      errors: [401, 403, 404, 415],
    }),
  },
  '/api/admin/admin/change-password': { put: changePassword('admin') },
  '/api/dealer/dealer/change-password': { put: changePassword('dealer') },
  '/api/rider/rider/change-password': { put: changePassword('rider') },

  '/api/aggregates/contingency': {
    get: op('/api/aggregates/contingency', {
      summary: 'The contingency posted at upcoming events',
      tags: ['Aggregates'],
      ok: {
        200: obj({
          contingencyTitle: z.string(),
          contingencyAmount: z.array(obj({ currency: z.string(), cents: z.number().int() })),
        }),
      },
    }),
  },
  '/api/admin/aggregates/{report}': {
    get: op('/api/admin/aggregates/{report}', {
      summary:
        'A report: summary, market-share-month, market-share-series, top-pro-riders, pro-rider-stats, top-amateur-riders, amateur-rider-stats or top-dealers',
      tags: ['Aggregates'],
      query: reportRangeSchema,
      ok: {
        200: obj({ range: obj({ startDate: z.string(), endDate: z.string() }), data: z.unknown() }),
      },
      errors: [401, 403, 404],
    }),
  },
  '/api/events-lean': {
    get: op('/api/events-lean', {
      summary: 'Recent events, newest first',
      tags: ['Aggregates'],
      query: eventsLeanSchema,
      ok: { 200: obj({ events: rows() }) },
    }),
  },

  '/api/categories': {
    get: op('/api/categories', {
      summary: 'Programs (categories)',
      tags: ['Categories'],
      query: z.object({ active: z.enum(['true', 'false']).optional() }),
      ok: { 200: obj({ categories: rows() }) },
    }),
  },
  '/api/category/{categoryId}': {
    get: op('/api/category/{categoryId}', {
      summary: 'One program with its series',
      tags: ['Categories'],
      ok: { 200: obj({ category: obj(), series: rows() }) },
      errors: [404],
    }),
  },
  '/api/admin/categories': {
    post: op('/api/admin/categories', {
      summary: 'Create a program',
      tags: ['Categories'],
      body: withoutIntent(categorySchema),
      ok: { 201: obj({ category: obj() }) },
      errors: [401, 403, 415],
    }),
  },
  '/api/admin/category/{categoryId}': {
    put: op('/api/admin/category/{categoryId}', {
      summary: 'Change a program (fields not sent are kept)',
      tags: ['Categories'],
      body: withoutIntent(categorySchema).partial(),
      ok: { 200: obj({ category: obj() }) },
      errors: [401, 403, 404, 415],
    }),
    delete: op('/api/admin/category/{categoryId}', {
      summary: 'Delete a program',
      tags: ['Categories'],
      ok: { 200: obj({ ok: z.literal(true) }) },
      errors: [401, 403, 404],
    }),
  },

  '/api/dealers-lean': {
    get: op('/api/dealers-lean', {
      summary: "The dealer finder's data",
      tags: ['Dealers'],
      query: dealersLeanSchema,
      ok: {
        200: obj({
          dealers: rows(),
          distinctStates: z.array(z.unknown()),
          distinctCountry: z.array(z.unknown()),
        }),
      },
    }),
  },

  '/api/event/{eventId}': {
    get: op('/api/event/{eventId}', {
      summary: 'One event with its classes, results and series',
      tags: ['Events'],
      ok: { 200: obj({ event: obj() }) },
      errors: [404],
    }),
    delete: op('/api/event/{eventId}', {
      summary: 'Delete an event (admin; refused while it has awards)',
      tags: ['Events'],
      ok: { 200: obj({ ok: z.literal(true) }) },
      errors: [401, 403, 404, 409],
    }),
  },
  '/api/admin/event/{eventId}': {
    put: op('/api/admin/event/{eventId}', {
      summary: "Change an event's details (fields not sent are kept; awards recomputed)",
      tags: ['Events'],
      body: withoutIntent(eventDetailsSchema).partial(),
      ok: { 200: obj({ event: obj() }) },
      errors: [401, 403, 404, 409, 415],
    }),
  },
  '/api/admin/event/{eventId}/duplicate': {
    post: op('/api/admin/event/{eventId}/duplicate', {
      summary: 'Copy an event with its classes and payouts',
      tags: ['Events'],
      ok: { 201: obj({ event: obj() }) },
      errors: [401, 403, 404],
    }),
  },
  '/api/admin/events': {
    get: op('/api/admin/events', {
      summary: 'Every event, newest first (the admin list)',
      tags: ['Events'],
      query: adminEventListSchema,
      ok: { 200: obj({ events: rows(), pagination }) },
      errors: [401, 403],
    }),
    post: op('/api/admin/events', {
      summary: 'Create an event',
      tags: ['Events'],
      body: withoutIntent(eventDetailsSchema),
      ok: { 201: obj({ event: obj() }) },
      errors: [401, 403, 415],
    }),
  },
  '/api/event/{eventId}/result': {
    put: op('/api/event/{eventId}/result', {
      summary: 'Change one result (admin or the event’s promoter)',
      tags: ['Events'],
      body: apiEditResultSchema,
      ok: { 200: eventView },
      errors: [401, 403, 404, 415],
    }),
    delete: op('/api/event/{eventId}/result', {
      summary:
        "Delete one result (resultId) or a class's results (classId), in the query or a JSON body",
      tags: ['Events'],
      query: id,
      ok: { 200: eventView },
      errors: [401, 403, 404],
    }),
  },
  '/api/event/{eventId}/results': {
    put: op('/api/event/{eventId}/results', {
      summary: 'Replace the results (of one class with classId, else all) from JSON',
      tags: ['Events'],
      body: apiReplaceResultsSchema.extend({ results: z.array(resultRow).min(1) }),
      ok: { 200: eventView },
      errors: [401, 403, 404, 415],
    }),
  },
  ...Object.fromEntries(
    (
      [
        ['upload-class-result', 'Replace one class’s results from a file (field classId)'],
        ['upload-all-class-result', 'Replace every result from a file'],
        ['upload-all-formatted-class-result', 'Replace every result from a formatted file'],
        ['upload-class', "Replace the event's classes and places from a file"],
      ] as const
    ).map(([name, summary]) => [
      `/api/event/{eventId}/${name}`,
      {
        post: op(`/api/event/{eventId}/${name}`, {
          summary,
          tags: ['Events'],
          ...(name === 'upload-class-result' || name === 'upload-all-class-result'
            ? {
                description:
                  "An admin or the event's promoter. The file's header row is read with the columns and status words the event's promoter chose for the same header row on the results mapping page, else by its header words; what is still not recognised is refused (400, problems).",
              }
            : {}),
          requestBody: multipart({
            file: fileField,
            ...(name === 'upload-class-result' ? { classId: z.string() } : {}),
          }),
          ok: { 200: eventView },
          errors: [401, 403, 404, 413, 415],
        }),
      },
    ]),
  ),
  '/api/event/{eventId}/delete-all-class-result': {
    post: op('/api/event/{eventId}/delete-all-class-result', {
      summary: 'Delete every result of the event, or of one class (classId in the query or body)',
      tags: ['Events'],
      query: id.pick({ classId: true }),
      ok: { 200: eventView },
      errors: [401, 403, 404, 415],
    }),
    delete: op('/api/event/{eventId}/delete-all-class-result', {
      summary: 'Delete every result of the event, or of one class (classId in the query or body)',
      tags: ['Events'],
      query: id.pick({ classId: true }),
      ok: { 200: eventView },
      errors: [401, 403, 404, 415],
    }),
  },
  '/api/events': {
    get: op('/api/events', {
      summary: 'The public schedule',
      tags: ['Events'],
      query: eventSearchSchema,
      ok: { 200: obj({ events: rows(), pagination, contingencyAmount: z.array(z.unknown()) }) },
    }),
  },
  '/api/admin/events-late': {
    get: op('/api/admin/events-late', {
      summary: 'Events whose results are late',
      tags: ['Events'],
      query: lateFilterSchema,
      ok: { 200: obj() },
      errors: [401, 403],
    }),
  },

  '/api/serie/{seriesId}': {
    get: op('/api/serie/{seriesId}', {
      summary: 'One series with its events and its contingency standings',
      tags: ['Series'],
      ok: {
        200: obj({
          series: obj({ _id: z.number().int(), __v: z.number().int() }),
          events: rows(),
          standings: seriesStandings,
        }),
      },
      errors: [404],
    }),
  },
  '/api/series': {
    get: op('/api/series', {
      summary: 'The public series finder',
      tags: ['Series'],
      query: seriesSearchSchema,
      ok: { 200: obj({ allSeries: rows(), pagination, distinctStates: z.array(z.unknown()) }) },
    }),
  },
  '/api/admin/series': {
    post: op('/api/admin/series', {
      summary: 'Create a series',
      tags: ['Series'],
      body: seriesBody,
      ok: { 201: obj({ series: obj({ _id: z.number().int(), __v: z.number().int() }) }) },
      errors: [401, 403, 415],
    }),
  },
  '/api/admin/serie/{seriesId}': {
    put: op('/api/admin/serie/{seriesId}', {
      summary: 'Change a series: fields not sent are kept; __v is the version of your last read',
      tags: ['Series'],
      body: seriesBody.partial().required({ __v: true }),
      ok: { 200: obj({ series: obj({ _id: z.number().int(), __v: z.number().int() }) }) },
      errors: [401, 403, 404, 409, 415],
    }),
    delete: op('/api/admin/serie/{seriesId}', {
      summary: 'Delete a series',
      tags: ['Series'],
      ok: { 200: obj({ ok: z.literal(true) }) },
      errors: [401, 403, 404],
    }),
  },
  '/api/admin/serie/{seriesId}/upload-events': {
    post: op('/api/admin/serie/{seriesId}/upload-events', {
      summary: "Create a series' events from a CSV or XLSX file (all or nothing)",
      tags: ['Series'],
      requestBody: multipart({ file: fileField }),
      ok: { 201: obj({ created: z.unknown() }) },
      errors: [401, 403, 404, 413, 415],
    }),
  },
};
