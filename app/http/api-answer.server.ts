/**
 * The one error shape of `/api`: every error answer leaves the server as
 * `{ error, code, field?, issues?, ...details }` where `error` is a sentence in the caller's
 * language, `code` a stable machine code, `field` the input at fault and `issues` a list of
 * `{ path, message }` sentences. Routes answer i18n keys (`ns:key`, or `ns:key|{json values}`);
 * `localizeApiResponse` (run by the server for every `/api` answer) does the rest.
 */
import type { TFunction } from 'i18next';
import { tFor } from '~/i18next.server';
import { apiLang } from '~/http/api.server';
import { jsonAnswer } from '~/http/kept-answer.server';

/** English literals some callers still answer with, and the sentence each stands for. */
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
  required: 'validation:required',
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
  'unexpected server error': 'api:serverError',
};

/** The sentence key of an error status when the body names nothing better. */
const STATUS_KEYS: Record<number, string> = {
  400: 'completion:api.badRequest',
  401: 'completion:api.unauthorized',
  403: 'completion:api.forbidden',
  404: 'completion:api.notFound',
  405: 'completion:api.methodNotAllowed',
  409: 'api:conflict',
  413: 'api:tooLarge',
  415: 'api:mediaType.json',
  422: 'api:unprocessable',
  429: 'completion:api.tooManyRequests',
  // A password hash refused when its line is full (password.server): busy, not broken.
  503: 'security:busy',
};

const KEY_RE = /^[a-zA-Z]+:[A-Za-z0-9_.-]+$/;

function splitValues(message: string): [string, Record<string, unknown> | null] {
  const bar = message.indexOf('|');
  if (bar < 0) return [message, null];
  try {
    return [message.slice(0, bar), JSON.parse(message.slice(bar + 1)) as Record<string, unknown>];
  } catch {
    return [message, null];
  }
}

/** The i18n key a message stands for (itself, or a known literal's), or null. */
function keyOf(message: string): string | null {
  const [raw] = splitValues(message);
  if (KEY_RE.test(raw)) return raw;
  return LITERALS[raw.trim().toLowerCase()] ?? null;
}

/** One message in words: an i18n key (optionally `key|{json values}`), a known literal, or itself. */
export function messageInWords(
  t: TFunction,
  message: string,
  values: Record<string, unknown> = {},
): string {
  const [, json] = splitValues(message);
  const key = keyOf(message);
  if (!key) return message;
  const own = json ? { ...values, ...json } : values;
  const text = t(key, { ...own, defaultValue: '' }) as string;
  return text && text !== key ? text : message;
}

/**
 * A stable machine code for an error: the last word of its key (`dealer:errors.pinWrong` →
 * `pinWrong`), of a known literal's key, else of the status's key.
 */
function codeOf(message: string | undefined, status: number): string {
  if (message && /^[a-zA-Z][A-Za-z0-9_]*$/.test(message) && !LITERALS[message.toLowerCase()])
    return message;
  const key = (message && keyOf(message)) ?? STATUS_KEYS[status] ?? 'api:serverError';
  return key.split(/[:.]/).pop()!;
}

type Issue = { path: string; message: string };

/** Issues from any of the shapes routes used: zod issues, `{ field: [messages] }` records. */
function collectIssues(body: Record<string, unknown>): Issue[] {
  const out: Issue[] = [];
  const fromRecord = (record: unknown) => {
    if (!record || typeof record !== 'object' || Array.isArray(record)) return;
    for (const [path, list] of Object.entries(record as Record<string, unknown>)) {
      for (const m of Array.isArray(list) ? list : [list]) {
        if (typeof m === 'string') out.push({ path, message: m });
      }
    }
  };
  if (Array.isArray(body.issues)) {
    for (const i of body.issues as unknown[]) {
      if (!i || typeof i !== 'object') continue;
      const row = i as { path?: unknown; message?: unknown };
      const path = Array.isArray(row.path) ? row.path.join('.') : String(row.path ?? '');
      out.push({ path, message: typeof row.message === 'string' ? row.message : '' });
    }
  } else fromRecord(body.issues);
  fromRecord(body.fieldErrors);
  return out;
}

/** Members that are part of the shape itself or only carry words (not passed through). */
const SHAPE_KEYS = new Set([
  'error',
  'message',
  'code',
  'field',
  'issues',
  'fieldErrors',
  'values',
]);

/** An error body in the one shape, every message in words. */
function bodyInWords(
  t: TFunction,
  body: Record<string, unknown>,
  status = 400,
): Record<string, unknown> {
  const values = (body.values && typeof body.values === 'object' ? body.values : {}) as Record<
    string,
    unknown
  >;
  const raw =
    typeof body.error === 'string' && body.error.trim()
      ? body.error
      : typeof body.message === 'string' && body.message.trim()
        ? body.message
        : undefined;
  const fallback = STATUS_KEYS[status] ?? 'api:serverError';
  let error = messageInWords(t, raw ?? fallback, values);
  // A key nobody translated never reaches a caller: the status says it in words.
  if (KEY_RE.test(splitValues(error)[0])) error = messageInWords(t, fallback);
  const issues = collectIssues(body).map((i) => {
    const words = i.message ? messageInWords(t, i.message, values) : '';
    return {
      path: i.path,
      message:
        !words || KEY_RE.test(splitValues(words)[0])
          ? messageInWords(t, 'api:invalidValue')
          : words,
    };
  });
  const field =
    typeof body.field === 'string' && body.field ? body.field : issues.find((i) => i.path)?.path;
  const out: Record<string, unknown> = {
    error,
    code:
      typeof body.code === 'string' && body.code ? codeOf(body.code, status) : codeOf(raw, status),
  };
  if (field) out.field = field;
  if (issues.length > 0) out.issues = issues;
  for (const [k, v] of Object.entries(body)) if (!SHAPE_KEYS.has(k)) out[k] = v;
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
  return out;
}

/** An /api answer with its error body in the one shape and the caller's language. */
export async function localizeApiResponse(response: Response, request: Request): Promise<Response> {
  if (response.status < 400) return response;
  const type = response.headers.get('Content-Type') ?? '';
  let body: unknown = null;
  if (type.includes('json')) {
    body = await response
      .clone()
      .json()
      .catch(() => null);
  }
  // Plain-text errors (Remix's own, a framework refusal) become the status's sentence.
  if (!body || typeof body !== 'object' || Array.isArray(body)) body = {};
  const lang = apiLang(request);
  const t = await tFor(lang);
  const headers = new Headers(response.headers);
  headers.set('Content-Type', 'application/json; charset=utf-8');
  headers.delete('Content-Length');
  headers.delete('Content-Encoding');
  headers.set('Content-Language', lang);
  return jsonAnswer(bodyInWords(t, body as Record<string, unknown>, response.status), {
    status: response.status,
    headers,
  });
}
