/**
 * Helpers of the redemption JSON API (POST /api/{role}/redeem, GET credit-redemptions and
 * revoked-redemptions, DELETE credit-redemption/{id}). Their errors take the one `/api` shape
 * (`~/http/api-answer.server`): the key given here becomes a sentence of the caller's language
 * and a stable code.
 */
import type { ZodError } from 'zod';
import { ROLES } from '~/lib/constants';
import { redemptionFiltersSchema } from '~/lib/schemas/dealer';
import { apiError as errorAnswer, invalidInput } from '~/http/api.server';
import { idParam } from '~/lib/ids';
import { requireApiRoleSegment } from '~/http/auth/api-guard.server';
import type { RedemptionFilters } from '~/services/money/counter/redemption-lists.server';
import { IDEMPOTENCY_KEY_RE } from '~/services/money/ledger/idempotency.server';

/** A JSON error answer: `key` is put into words by the /api handler. */
export async function apiError(
  _request: Request,
  key: string,
  status: number,
  extra: { field?: string; headers?: HeadersInit; [k: string]: unknown } = {},
): Promise<Response> {
  return errorAnswer(key, status, extra);
}

/** A 400 answer for a body or query that failed its zod schema. */
async function apiValidationError(_request: Request, error: ZodError): Promise<Response> {
  return invalidInput(error);
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
      return { response: errorAnswer('completion:api.forbidden', 403) };
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
