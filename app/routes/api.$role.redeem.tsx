/**
 * POST /api/{role}/redeem (role dealer or admin). JSON body
 * `{ riderId, amount, pin, employeeName, idVerified }` (+ `dealerId` for an admin; a dealer always
 * redeems at its own dealership). `amount` is in currency units with at most 2 decimals ("12.50"
 * or 12.5), in the dealer's currency.
 * 200 `{ redemption, code }`; 400 `{ error, code, field }`; 429 with Retry-After while the
 * rider's PIN is locked (5 wrong PINs in 15 minutes); 401/403/404 from the guard.
 * `Idempotency-Key` header (optional, 8–255 visible characters): the same key with the same body
 * answers the first redemption again (charged once; `Idempotent-Replayed: true`); the same key
 * with another body is 422.
 */
import type { ActionFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { redeemApiSchema } from '~/lib/schemas/dealer';
import { requireApiRoleSegment } from '~/services/auth/guard.server';
import {
  apiError,
  idempotencyConflict,
  idempotencyKeyOf,
} from '~/http/money/redemption-api.server';
import { allowMethods, forbidden, onlyMethods, parseOr400, readJson } from '~/http/api.server';
import { redeem } from '~/services/money/counter/redemptions.server';
import { toBase36Code } from '~/lib/format';
import { jsonAnswer } from '~/http/kept-answer.server';

export const loader = onlyMethods('POST');

export async function action({ request, params }: ActionFunctionArgs) {
  allowMethods(request, 'POST');
  const auth = await requireApiRoleSegment(request, params.role, ['dealer', 'admin']);
  const body = await readJson(request);
  const idem = await idempotencyKeyOf(request);
  if ('response' in idem) return idem.response;
  const input = parseOr400(redeemApiSchema, body);

  let dealerId: number;
  if (auth.profile.role === 'dealer') {
    if (input.dealerId !== undefined && input.dealerId !== auth.profile.id) {
      return forbidden();
    }
    dealerId = auth.profile.id;
  } else {
    if (input.dealerId === undefined)
      return apiError(request, 'dealer:errors.dealerIdRequired', 400, { field: 'dealerId' });
    dealerId = input.dealerId;
  }

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
  if (!result.ok) {
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
  const r = result.redemption;
  return jsonAnswer(
    {
      redemption: {
        id: r.id,
        code: toBase36Code(r.id),
        riderId: r.riderId,
        dealerId: r.dealerId,
        amountCents: r.amountCents,
        currency: r.currency,
        employeeName: r.employeeName,
        idVerified: r.idVerified,
        status: r.status,
        createdAt: r.createdAt,
      },
      code: result.code,
    },
    result.replayed ? { headers: { 'Idempotent-Replayed': 'true' } } : undefined,
  );
}

// What the server and the root layout read of this route (~/lib/route-handle).
// 'direct': the counter's burst is answered without Remix's static handler (server/api-writes.ts).
export const handle = { cache: 'none', rateLimit: 'sensitive', direct: 'action' } as const;
