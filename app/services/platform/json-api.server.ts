/**
 * Small helpers for the JSON resource routes: body parsing, zod errors as 400 answers, partial
 * updates, and the one place where API error bodies become sentences in the caller's language.
 *
 * Routes answer errors with i18n keys (`validation:required`, `payouts:errors.notFound`) or a
 * short English literal ('Not found'); `localizeApiResponse` (run by the server for every
 * `/api` answer, see server/api-errors.ts) turns `error`, `message` and every
 * `fieldErrors[field][i]` into a sentence of the caller's language (lang cookie, else
 * Accept-Language, else English), filling `{{placeholders}}` from the body's `values`.
 */
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { tFor } from '~/i18next.server';
import type { Lang } from '~/lib/lang';

/** Thrown answer for a body that is not JSON. */
function malformedJson(): Response {
  return Response.json({ error: 'completion:api.malformedJson' }, { status: 400 });
}

/** The JSON body of a request; null when there is none; a 400 "not valid JSON" when it is malformed. */
export async function readJson(request: Request): Promise<unknown> {
  const text = await request.text().catch(() => '');
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw malformedJson();
  }
}

/** Parses `body` with `schema`; throws a 400 JSON Response listing the field errors. */
export function parseOr400<S extends z.ZodTypeAny>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const fieldErrors: Record<string, string[]> = {};
    const formErrors: string[] = [];
    for (const issue of parsed.error.issues) {
      const message = issueMessage(issue);
      const field = issue.path.join('.');
      if (field) (fieldErrors[field] ??= []).push(message);
      else formErrors.push(message);
    }
    throw Response.json(
      { error: formErrors[0] ?? 'completion:api.invalidInput', fieldErrors },
      { status: 400 },
    );
  }
  return parsed.data;
}

/** A zod issue's message, with a readable sentence for zod's own (English) messages. */
function issueMessage(issue: z.ZodIssue): string {
  if (issue.code === 'invalid_type' && issue.received !== 'undefined') {
    return `completion:api.wrongType|${JSON.stringify({ expected: issue.expected, received: issue.received })}`;
  }
  if (issue.code === 'too_big' && issue.type === 'string' && !issue.message.includes(':')) {
    return `completion:api.tooLong|${JSON.stringify({ maximum: Number(issue.maximum) })}`;
  }
  return issue.message;
}

/** Whether an address segment is an id: a positive whole number in digits. */
export function isIdSegment(raw: string | undefined | null): raw is string {
  return typeof raw === 'string' && /^[0-9]{1,15}$/.test(raw) && Number(raw) > 0;
}

/**
 * A positive integer id from a route param; a 400 "not a valid id" JSON Response otherwise
 * (`/api/event/abc` is a malformed request, not a missing event: issue 10.5).
 */
export function idOr400(raw: string | undefined): number {
  if (!isIdSegment(raw)) throw badId();
  return Number(raw);
}

/** The 400 answer for an id in the address that is not a positive whole number. */
export function badId(): Response {
  return Response.json({ error: 'completion:api.badId' }, { status: 400 });
}

/**
 * PUT changes only the fields it was sent: the body's fields over the record's current values
 * (in the form schema's shape). A field sent as null is cleared; a field not sent is kept.
 */
export function mergeForPut(
  current: Record<string, unknown>,
  body: unknown,
): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return { ...current };
  const kept = Object.fromEntries(
    Object.entries(current).filter(([, v]) => v !== null && v !== undefined),
  );
  return { ...kept, ...(body as Record<string, unknown>) };
}

/** The field names of a zod object schema, through refinements and transforms. */
function schemaKeys(schema: z.ZodTypeAny): string[] {
  let inner: z.ZodTypeAny = schema;
  while (inner._def && 'schema' in inner._def)
    inner = (inner._def as { schema: z.ZodTypeAny }).schema;
  const shape = (inner as z.AnyZodObject).shape as Record<string, unknown> | undefined;
  return shape ? Object.keys(shape) : [];
}

/**
 * A PUT body for `schema`: the record's current values of the schema's fields, with the fields the
 * caller sent over them (`mergeForPut`). `record` is the stored row (or its form-shaped view).
 */
export function putBody(
  schema: z.ZodTypeAny,
  record: object,
  body: unknown,
): Record<string, unknown> {
  const row = record as Record<string, unknown>;
  const current = Object.fromEntries(
    schemaKeys(schema)
      .filter((k) => k in row)
      .map((k) => [k, row[k]]),
  );
  return mergeForPut(current, body);
}

// ------------------------------------------------------------------ error bodies in words

/** English literals routes answer with, and the sentence each stands for. */
const LITERALS: Record<string, string> = {
  'not found': 'completion:api.notFound',
  notfound: 'completion:api.notFound',
  'method not allowed': 'completion:api.methodNotAllowed',
  forbidden: 'completion:api.forbidden',
  unauthorized: 'completion:api.unauthorized',
  'invalid json': 'completion:api.malformedJson',
  'invalid json body': 'completion:api.malformedJson',
  'invalid input': 'completion:api.invalidInput',
  'invalid body': 'completion:api.invalidInput',
  'invalid query': 'completion:api.invalidInput',
  'invalid filters': 'completion:api.invalidInput',
  'bad request': 'completion:api.badRequest',
  'too many requests': 'completion:api.tooManyRequests',
  'email not verified': 'completion:api.emailNotVerified',
  'your account has been deactivated, please contact support.': 'completion:api.deactivated',
  'not a valid rider.': 'completion:api.invalidRider',
  'invalid rider': 'completion:api.invalidRider',
  'sorry could not complete the removal.': 'completion:api.removalFailed',
  'this series was changed by someone else. reload it and try again.': 'completion:api.stale',
  'this change would take back money already spent, claimed or paid.': 'completion:api.conflicts',
  'award conflicts': 'completion:api.conflicts',
  conflicts: 'completion:api.conflicts',
};

const KEY_RE = /^[a-zA-Z]+:[A-Za-z0-9_.-]+$/;

/** One message in words: an i18n key (optionally `key|{json values}`), a known literal, or itself. */
export function messageInWords(
  t: TFunction,
  message: string,
  values: Record<string, unknown> = {},
): string {
  const [raw, json] = splitValues(message);
  const key = KEY_RE.test(raw) ? raw : LITERALS[raw.trim().toLowerCase()];
  if (!key) return message;
  const own = json ? { ...values, ...json } : values;
  const text = t(key, { ...own, defaultValue: '' }) as string;
  return text && text !== key ? text : message;
}

function splitValues(message: string): [string, Record<string, unknown> | null] {
  const bar = message.indexOf('|');
  if (bar < 0) return [message, null];
  try {
    return [message.slice(0, bar), JSON.parse(message.slice(bar + 1)) as Record<string, unknown>];
  } catch {
    return [message, null];
  }
}

/** An error body with every message in words (error, message, fieldErrors, errors[].message). */
export function bodyInWords(t: TFunction, body: Record<string, unknown>): Record<string, unknown> {
  const values = (body.values && typeof body.values === 'object' ? body.values : {}) as Record<
    string,
    unknown
  >;
  const out: Record<string, unknown> = { ...body };
  if (typeof body.error === 'string') out.error = messageInWords(t, body.error, values);
  if (typeof body.message === 'string') out.message = messageInWords(t, body.message, values);
  if (body.fieldErrors && typeof body.fieldErrors === 'object') {
    out.fieldErrors = Object.fromEntries(
      Object.entries(body.fieldErrors as Record<string, unknown>).map(([field, list]) => [
        field,
        (Array.isArray(list) ? list : [list]).map((m) =>
          typeof m === 'string' ? messageInWords(t, m, values) : m,
        ),
      ]),
    );
  }
  if (Array.isArray(body.errors)) {
    out.errors = body.errors.map((e) => {
      if (!e || typeof e !== 'object')
        return typeof e === 'string' ? messageInWords(t, e, values) : e;
      const row = e as Record<string, unknown>;
      const own = { ...values, ...row, ...((row.values as Record<string, unknown>) ?? {}) };
      const from = typeof row.key === 'string' ? row.key : row.message;
      return typeof from === 'string' ? { ...row, message: messageInWords(t, from, own) } : row;
    });
  }
  if (typeof out.error !== 'string') out.error = messageInWords(t, 'completion:api.badRequest');
  return out;
}

/** The caller's language for an API answer: the lang cookie, else Accept-Language, else English. */
export function apiLang(request: Request): Lang {
  const cookie = request.headers.get('Cookie') ?? '';
  const fromCookie = /(?:^|;\s*)lang=(en|fr)\b/.exec(cookie)?.[1];
  if (fromCookie === 'fr' || fromCookie === 'en') return fromCookie;
  for (const part of (request.headers.get('Accept-Language') ?? '').split(',')) {
    const tag = part.split(';')[0].trim().toLowerCase();
    if (tag.startsWith('fr')) return 'fr';
    if (tag.startsWith('en')) return 'en';
  }
  return 'en';
}

/** An /api answer with its error body in the caller's language (other answers unchanged). */
export async function localizeApiResponse(response: Response, request: Request): Promise<Response> {
  if (response.status < 400) return response;
  const type = response.headers.get('Content-Type') ?? '';
  let body: unknown;
  if (type.includes('application/json')) {
    body = await response
      .clone()
      .json()
      .catch(() => null);
  } else {
    // "No loader"/"no action" and other plain-text errors from Remix become a sentence too.
    const text = await response
      .clone()
      .text()
      .catch(() => '');
    body = {
      error:
        response.status === 405
          ? 'Method not allowed'
          : response.status === 404
            ? 'Not found'
            : text.slice(0, 200),
    };
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return response;
  const t = await tFor(apiLang(request));
  const headers = new Headers(response.headers);
  headers.set('Content-Type', 'application/json; charset=utf-8');
  headers.delete('Content-Length');
  headers.set('Content-Language', apiLang(request));
  return new Response(JSON.stringify(bodyInWords(t, body as Record<string, unknown>)), {
    status: response.status,
    headers,
  });
}
