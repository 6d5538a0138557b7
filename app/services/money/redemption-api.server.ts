/**
 * Helpers of the redemption JSON API (POST /api/{role}/redeem, GET credit-redemptions and
 * revoked-redemptions, DELETE credit-redemption/{id}): errors as `{ error, code, field? }` where
 * `error` is the message in the caller's language (the `lang` cookie or `?lang=fr`, else English)
 * and `code` the i18n key, for programs.
 */
import { createCookie } from '@remix-run/node';
import type { ZodError } from 'zod';
import { tFor } from '~/i18next.server';
import { ROLES } from '~/lib/constants';
import type { Lang } from '~/lib/lang';
import { redemptionFiltersSchema } from '~/lib/schemas/dealer';
import { requireApiRoleSegment } from '~/services/auth/guard.server';
import type { RedemptionFilters } from '~/services/money/redemption-lists.server';
import { IDEMPOTENCY_KEY_RE } from '~/services/money/idempotency.server';

const langCookie = createCookie('lang', { path: '/' });

/** The language of an API caller. */
export async function apiLang(request: Request): Promise<Lang> {
  const q = new URL(request.url).searchParams.get('lang');
  if (q === 'fr' || q === 'en') return q;
  try {
    const c: unknown = await langCookie.parse(request.headers.get('Cookie'));
    return c === 'fr' ? 'fr' : 'en';
  } catch {
    return 'en';
  }
}

/** A JSON error response with the message translated. */
export async function apiError(
  request: Request,
  key: string,
  status: number,
  extra: { field?: string; headers?: HeadersInit; [k: string]: unknown } = {},
): Promise<Response> {
  const t = await tFor(await apiLang(request));
  const { headers, ...rest } = extra;
  return Response.json({ error: t(key), code: key, ...rest }, { status, headers });
}

/** A 400 response for a body or query that failed its zod schema (first issue as the message). */
export async function apiValidationError(request: Request, error: ZodError): Promise<Response> {
  const t = await tFor(await apiLang(request));
  const issues = error.issues.map((i) => ({
    path: i.path.join('.'),
    message: t(i.message),
    code: i.message,
  }));
  const first = issues[0];
  return Response.json(
    {
      error: first ? `${first.path ? `${first.path}: ` : ''}${first.message}` : 'Invalid request',
      field: first?.path,
      issues,
    },
    { status: 400 },
  );
}

/** Parses a positive integer path parameter, or null. */
export function idParam(value: string | undefined): number | null {
  return value && /^\d{1,12}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

/** The filters of a list call, scoped to what the caller may see; a response when refused. */
export async function scopedFilters(
  request: Request,
  role: string | undefined,
): Promise<{ filters: RedemptionFilters } | { response: Response }> {
  const auth = await requireApiRoleSegment(request, role, ROLES);
  const params = new URL(request.url).searchParams;
  const parsed = redemptionFiltersSchema.safeParse(Object.fromEntries(params));
  if (!parsed.success) return { response: await apiValidationError(request, parsed.error) };
  const filters: RedemptionFilters = { ...parsed.data };
  switch (auth.profile.role) {
    case 'admin':
      filters.dealerId = idParam(params.get('dealerId') ?? undefined);
      filters.riderId = idParam(params.get('riderId') ?? undefined);
      break;
    case 'dealer':
      filters.dealerId = auth.profile.id;
      break;
    case 'rider':
      filters.riderId = auth.profile.id;
      break;
    default:
      return { response: Response.json({ error: 'Forbidden' }, { status: 403 }) };
  }
  return { filters };
}

/**
 * The `Idempotency-Key` header of a money write: undefined when absent, a 400 response when it is
 * not 8–255 visible characters.
 */
export async function idempotencyKeyOf(
  request: Request,
): Promise<{ key: string | undefined } | { response: Response }> {
  const key = request.headers.get('Idempotency-Key');
  if (key === null) return { key: undefined };
  if (!IDEMPOTENCY_KEY_RE.test(key))
    return { response: await apiError(request, 'security:idempotencyKeyBad', 400) };
  return { key };
}

/** The answer to a key reused with another request (Stripe answers 400; we say 422). */
export function idempotencyConflict(request: Request): Promise<Response> {
  return apiError(request, 'security:idempotencyConflict', 422);
}
