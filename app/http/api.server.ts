/**
 * The request side of every `/api` resource route: the caller's language, ids in the address,
 * bodies (JSON, forms), methods, and refusals in the one error shape.
 *
 * Routes answer refusals with an i18n key (`apiError('ns:key', status)`); the `/api` handler
 * (`~/http/api-answer.server`) turns every error answer into `{ error, code, field?, issues? }`
 * with sentences of the caller's language, so routes never translate.
 */
import { z } from 'zod';
import { idParam, isIdSegment } from '~/lib/ids';
import type { Lang } from '~/lib/lang';
import { jsonAnswer } from '~/http/kept-answer.server';

// ------------------------------------------------------------------ language

/** The `lang` cookie's value, when it names a language. */
function cookieLang(request: Request): Lang | null {
  const m = /(?:^|;\s*)lang=(en|fr)(?:;|$)/.exec(request.headers.get('Cookie') ?? '');
  return m ? (m[1] as Lang) : null;
}

/** The first of our languages in Accept-Language, by the client's preference (q). */
function acceptLang(request: Request): Lang | null {
  const ranked = (request.headers.get('Accept-Language') ?? '')
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { lang: tag.split('-')[0], q: q === undefined ? 1 : Number(q), i };
    })
    .filter((x) => (x.lang === 'en' || x.lang === 'fr') && x.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return (ranked[0]?.lang as Lang | undefined) ?? null;
}

/**
 * The caller's language, one rule for every `/api` call: `?lang=`, then the `lang` cookie, then
 * Accept-Language, else English.
 */
export function apiLang(request: Request): Lang {
  const q = new URL(request.url).searchParams.get('lang');
  if (q === 'en' || q === 'fr') return q;
  return cookieLang(request) ?? acceptLang(request) ?? 'en';
}

// ------------------------------------------------------------------ refusals

/** Extra members of an error body: the field at fault, issue lists, details, response headers. */
export type ApiErrorExtra = {
  field?: string;
  code?: string;
  headers?: HeadersInit;
  [k: string]: unknown;
};

/** An error answer: `key` is an i18n key (`ns:key`) the `/api` handler puts into words. */
export function apiError(key: string, status: number, extra: ApiErrorExtra = {}): Response {
  const { headers, ...rest } = extra;
  return jsonAnswer({ error: key, ...rest }, { status, headers });
}

export const forbidden = () => apiError('completion:api.forbidden', 403);

// ------------------------------------------------------------------ methods

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The 405 answer, with the methods the call does take in `Allow`. */
function methodNotAllowed(allow: readonly Method[]): Response {
  const list = allow.includes('GET') ? [...allow, 'HEAD'] : [...allow];
  return apiError('api:methodNotAllowed', 405, {
    headers: { Allow: list.join(', ') },
    values: { allowed: allow.join(', ') },
  });
}

/** Throws the 405 answer unless the request's method is one of `allow` (HEAD counts as GET). */
export function allowMethods(request: Request, ...allow: Method[]): void {
  const method = request.method === 'HEAD' ? 'GET' : (request.method as Method);
  if (!allow.includes(method)) throw methodNotAllowed(allow);
}

/**
 * A loader or action that only answers 405: `export const loader = onlyMethods('POST')` for a
 * write-only call (a GET is refused with its `Allow` list, not a server error).
 */
export function onlyMethods(...allow: Method[]) {
  return async (_args?: unknown): Promise<Response> => methodNotAllowed(allow);
}

// ------------------------------------------------------------------ ids

export { idParam };

/** The 400 answer for an id in the address that is not a positive whole number. */
export function badId(field?: string): Response {
  return apiError('completion:api.badId', 400, field ? { field } : {});
}

/** A positive integer id from a route param; throws the 400 "not a valid id" otherwise. */
export function idOr400(raw: string | undefined, field?: string): number {
  if (!isIdSegment(raw)) throw badId(field);
  return Number(raw);
}

// ------------------------------------------------------------------ bodies

function contentType(request: Request): string {
  return (request.headers.get('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
}

/** JSON media types: application/json and any `+json` type. */
function isJsonType(type: string): boolean {
  return type === 'application/json' || type.endsWith('+json');
}

/** Form media types the API reads. */
function isFormType(type: string): boolean {
  return type === 'multipart/form-data' || type === 'application/x-www-form-urlencoded';
}

/** The 415 answer: `expected` names what the call reads. */
function unsupportedMediaType(expected: 'json' | 'jsonOrForm' | 'multipart'): Response {
  return apiError(`api:mediaType.${expected}`, 415);
}

/**
 * The JSON body of a request: null when there is none; a 400 "not valid JSON" when malformed; a
 * 415 when it is sent as another type (a form, text). No Content-Type is read as JSON.
 */
export async function readJson(request: Request): Promise<unknown> {
  const type = contentType(request);
  const text = await request.text().catch(() => '');
  if (text.trim() === '') return null;
  if (type !== '' && type !== 'text/plain' && !isJsonType(type)) {
    throw unsupportedMediaType('json');
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw apiError('completion:api.malformedJson', 400);
  }
}

/** The JSON body as an object (`{}` when there is none); a 400 when it is not an object. */
export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  const body = await readJson(request);
  if (body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw apiError('api:notAnObject', 400);
  return body as Record<string, unknown>;
}

/**
 * A form body (multipart or urlencoded): a 415 for another type, a 400 when it cannot be read
 * (a multipart body without its boundary, a cut body). `parse` reads multipart with limits.
 */
export async function readForm(
  request: Request,
  parse: (request: Request) => Promise<FormData> = (r) => r.formData(),
): Promise<FormData> {
  const type = contentType(request);
  if (!isFormType(type)) throw unsupportedMediaType('multipart');
  if (type === 'multipart/form-data' && !/boundary=/i.test(request.headers.get('Content-Type')!)) {
    throw apiError('api:malformedForm', 400);
  }
  try {
    return await parse(request);
  } catch (error) {
    // The body parsers fail with a TypeError on content they cannot read; size limits and
    // other refusals keep their own answers.
    if (error instanceof TypeError) throw apiError('api:malformedForm', 400);
    throw error;
  }
}

/** A body sent as JSON or as a form, as a plain object of its values (`{}` when empty). */
export async function readJsonOrForm(request: Request): Promise<Record<string, unknown>> {
  const type = contentType(request);
  if (isFormType(type)) return Object.fromEntries(await readForm(request));
  if (type !== '' && type !== 'text/plain' && !isJsonType(type)) {
    await request.body?.cancel().catch(() => undefined);
    throw unsupportedMediaType('jsonOrForm');
  }
  return readJsonObject(request);
}

/** The query string as a plain object (the last value of a repeated name wins). */
function queryOf(request: Request): Record<string, string> {
  return Object.fromEntries(new URL(request.url).searchParams);
}

// ------------------------------------------------------------------ validation

/** A zod issue as an i18n message (`key` or `key|{values}`), never zod's own English. */
function issueMessage(issue: z.ZodIssue): string {
  const withValues = (key: string, values: Record<string, unknown>) =>
    `${key}|${JSON.stringify(values)}`;
  // A value of the wrong type says which type was expected, whatever the schema's own message.
  if (
    issue.code === 'invalid_type' &&
    issue.received !== 'undefined' &&
    issue.received !== 'null'
  ) {
    return withValues('completion:api.wrongType', {
      expected: issue.expected,
      received: issue.received,
    });
  }
  if (/^[a-zA-Z]+:[A-Za-z0-9_.-]+(\|.*)?$/.test(issue.message)) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return 'validation:required';
    case 'invalid_enum_value':
      return withValues('api:oneOf', { options: issue.options.join(', ') });
    case 'invalid_literal':
      return withValues('api:oneOf', { options: String(issue.expected) });
    case 'invalid_union_discriminator':
      return withValues('api:oneOf', { options: issue.options.map(String).join(', ') });
    case 'too_big':
      return issue.type === 'string'
        ? withValues('completion:api.tooLong', { maximum: Number(issue.maximum) })
        : withValues('api:atMost', { maximum: Number(issue.maximum) });
    case 'too_small':
      return issue.type === 'string' && Number(issue.minimum) <= 1
        ? 'validation:required'
        : withValues('api:atLeast', { minimum: Number(issue.minimum) });
    case 'unrecognized_keys':
      return withValues('api:unknownKeys', { keys: issue.keys.join(', ') });
    default:
      return 'api:invalidValue';
  }
}

/** The issues of a failed parse, as `{ path, message }` with i18n messages. */
function issuesOf(error: z.ZodError): { path: string; message: string }[] {
  return error.issues.map((issue) => ({
    path: issue.path.join('.'),
    message: issueMessage(issue),
  }));
}

/**
 * The 400 answer for a body or query that failed its schema: every issue listed; the error is the
 * issue's own sentence when there is one ("“name” is required" for a missing field), else a
 * sentence saying several fields are wrong.
 */
export function invalidInput(error: z.ZodError): Response {
  const issues = issuesOf(error);
  const first = issues[0];
  let message = 'completion:api.invalidInput';
  if (issues.length === 1 && first) {
    message =
      first.message === 'validation:required' && first.path
        ? `api:required|${JSON.stringify({ field: first.path })}`
        : first.message;
  }
  return apiError(message, 400, {
    code: 'invalidInput',
    ...(first?.path ? { field: first.path } : {}),
    issues,
  });
}

/** Parses `body` with `schema`; throws the 400 answer listing the issues. */
export function parseOr400<S extends z.ZodTypeAny>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw invalidInput(parsed.error);
  return parsed.data;
}

/** Parses the query string with `schema`; throws the 400 answer listing the issues. */
export function queryOr400<S extends z.ZodTypeAny>(schema: S, request: Request): z.output<S> {
  return parseOr400(schema, queryOf(request));
}

// ------------------------------------------------------------------ PUT

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
  while (inner instanceof z.ZodEffects) inner = inner.innerType();
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
