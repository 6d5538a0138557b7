/**
 * POST /api/{role}/redeem, the counter's JSON write: which dealership redeems, the redemption,
 * and its refusals in the one `/api` error shape (the route's header describes the contract).
 */
import { getDb } from '~/db.server';
import { allowMethods, forbidden, parseOr400, readJson } from '~/http/api.server';
import { requireApiRoleSegment } from '~/http/auth/api-guard.server';
import { jsonAnswer } from '~/http/kept-answer.server';
import {
  apiError,
  idempotencyConflict,
  idempotencyKeyOf,
} from '~/http/money/redemption-api.server';
import type { Auth } from '~/services/auth/guard.server';
import { formatRedemptionCode } from '~/lib/format';
import { redeemApiSchema } from '~/lib/schemas/dealer';
import { redeem } from '~/services/money/counter/redemptions.server';

type Redeemed = Awaited<ReturnType<typeof redeem>>;

/** The dealership that redeems: a dealer's own (another one is 403), or the admin's `dealerId`. */
async function redeemingDealer(
  request: Request,
  auth: Auth,
  dealerId: number | undefined,
): Promise<number | Response> {
  if (auth.profile.role === 'dealer') {
    if (dealerId !== undefined && dealerId !== auth.profile.id) return forbidden();
    return auth.profile.id;
  }
  if (dealerId === undefined)
    return apiError(request, 'dealer:errors.dealerIdRequired', 400, { field: 'dealerId' });
  return dealerId;
}

/** A refused redemption: 422 for a reused key, 429 (Retry-After) while the PIN is locked, 400. */
function refusal(request: Request, result: Extract<Redeemed, { ok: false }>) {
  if (result.conflict) return idempotencyConflict(request);
  if (result.lockedUntil) {
    const seconds = Math.max(1, Math.ceil((Date.parse(result.lockedUntil) - Date.now()) / 1000));
    return apiError(request, result.error, 429, {
      field: result.field,
      lockedUntil: result.lockedUntil,
      headers: { 'Retry-After': String(seconds) },
    });
  }
  return apiError(request, result.error, 400, { field: result.field });
}

/** The answer to a redemption made (or replayed for the same idempotency key). */
function redeemed(result: Extract<Redeemed, { ok: true }>) {
  const r = result.redemption;
  return jsonAnswer(
    {
      redemption: {
        id: r.id,
        code: formatRedemptionCode(r.id),
        riderId: r.riderId,
        dealerId: r.dealerId,
        amountCents: r.amountCents,
        currency: r.currency,
        employeeName: r.employeeName,
        idVerified: r.idVerified,
        remainingCents: r.remainingCents,
        status: r.status,
        createdAt: r.createdAt,
      },
      code: result.code,
    },
    result.replayed ? { headers: { 'Idempotent-Replayed': 'true' } } : undefined,
  );
}

/** The redeem route's action (`role` is the path's `{role}` segment). */
export async function redeemAction(request: Request, role: string | undefined) {
  allowMethods(request, 'POST');
  const auth = await requireApiRoleSegment(request, role, ['dealer', 'admin']);
  const body = await readJson(request);
  const idem = await idempotencyKeyOf(request);
  if ('response' in idem) return idem.response;
  const input = parseOr400(redeemApiSchema, body);
  const dealerId = await redeemingDealer(request, auth, input.dealerId);
  if (dealerId instanceof Response) return dealerId;
  const result = await redeem(getDb(), {
    riderId: input.riderId,
    dealerId,
    amountCents: input.amount,
    pin: input.pin,
    employeeName: input.employeeName,
    idVerified: input.idVerified,
    actor: auth.actor,
    idempotencyKey: idem.key,
  });
  return result.ok ? redeemed(result) : refusal(request, result);
}
