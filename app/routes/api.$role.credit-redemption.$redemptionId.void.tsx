/**
 * POST /api/{role}/credit-redemption/{redemptionId}/void: a dealer voids its own redemption within
 * its void window (until the dealer's midnight of that day), with the same service as the receipt
 * page. JSON body `{ reason }` (required); optional `Idempotency-Key` header. 200
 * `{ creditRedemption }` (status 'revoked', voided true); 400 no reason; 404 unknown or another
 * dealer's; 409 already voided or refunded, or the window closed (`closesAt`: then it is an admin
 * refund); 422 a key reused with another body. Dealers only (another role is 404).
 */
import type { ActionFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { voidBodySchema } from '~/lib/schemas/dealer';
import { requireApiRoleSegment } from '~/http/auth/api-guard.server';
import {
  apiError,
  idempotencyConflict,
  idempotencyKeyOf,
} from '~/http/money/redemption-api.server';
import { allowMethods, idOr400, onlyMethods, parseOr400, readJsonObject } from '~/http/api.server';
import { jsonAnswer } from '~/http/kept-answer.server';
import { getCreditRedemption } from '~/services/money/counter/redemption-lists.server';
import { voidRedemption } from '~/services/money/counter/redemption-voids.server';
import type { RouteHandle } from '~/lib/route-handle';

export const loader = onlyMethods('POST');

export async function action({ request, params }: ActionFunctionArgs) {
  allowMethods(request, 'POST');
  const auth = await requireApiRoleSegment(request, params.role, ['dealer']);
  const id = idOr400(params.redemptionId);
  const idem = await idempotencyKeyOf(request);
  if ('response' in idem) return idem.response;
  const { reason } = parseOr400(voidBodySchema, await readJsonObject(request));
  const db = getDb();
  const result = await voidRedemption(db, {
    redemptionId: id,
    dealerId: auth.profile.id,
    reason,
    actor: auth.actor,
    idempotencyKey: idem.key,
  });
  if (!result.ok) {
    if (result.conflict) return idempotencyConflict(request);
    if (result.field) return apiError(request, result.error, 400, { field: result.field });
    if (result.error === 'dealer:errors.redemptionNotFound')
      return apiError(request, result.error, 404);
    return apiError(
      request,
      result.error,
      409,
      result.closesAt ? { closesAt: result.closesAt } : {},
    );
  }
  return jsonAnswer(
    { creditRedemption: getCreditRedemption(db, id) },
    result.replayed ? { headers: { 'Idempotent-Replayed': 'true' } } : undefined,
  );
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none', rateLimit: 'sensitive' } as const satisfies RouteHandle;
