/**
 * DELETE /api/{role}/credit-redemption/{redemptionId}: refunds a redemption (admin
 * only; any other role gets 403). Optional JSON body `{ reason }`. The redemption becomes
 * revoked and its amount returns to the awards it was drawn from.
 * 200 `{ creditRedemption }` (status 'revoked', refundedAt, refundedBy); 404 unknown id;
 * 409 already refunded.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { ROLES } from '~/lib/constants';
import { refundBodySchema } from '~/lib/schemas/dealer';
import { requireApiRoleSegment } from '~/http/auth/api-guard.server';
import {
  apiError,
  idempotencyConflict,
  idempotencyKeyOf,
} from '~/http/money/redemption-api.server';
import { getCreditRedemption } from '~/services/money/counter/redemption-lists.server';
import { refundRedemptionAndMail } from '~/services/money/counter/redemption-refunds.server';
import { allowMethods, forbidden, idOr400, parseOr400, readJsonObject } from '~/http/api.server';
import { deliverHoldMail, holdMail } from '~/services/money/ledger/pending-changes.server';
import { jsonAnswer } from '~/http/kept-answer.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireApiRoleSegment(request, params.role, ROLES);
  if (auth.profile.role !== 'admin') return forbidden();
  const id = idOr400(params.redemptionId);
  const row = getCreditRedemption(getDb(), id);
  if (!row) return apiError(request, 'dealer:errors.redemptionNotFound', 404);
  return jsonAnswer({ creditRedemption: row });
}

export async function action({ request, params }: ActionFunctionArgs) {
  allowMethods(request, 'GET', 'DELETE');
  const auth = await requireApiRoleSegment(request, params.role, ROLES);
  if (auth.profile.role !== 'admin') return forbidden();
  const id = idOr400(params.redemptionId);
  const idem = await idempotencyKeyOf(request);
  if ('response' in idem) return idem.response;
  const { reason } = parseOr400(refundBodySchema, await readJsonObject(request));
  const db = getDb();
  const mail = await holdMail();
  const result = await refundRedemptionAndMail(
    db,
    id,
    auth.actor,
    reason,
    new Date(),
    idem.key,
    mail,
  );
  await deliverHoldMail(db, mail);
  if (!result.ok) {
    if (result.conflict) return idempotencyConflict(request);
    // Over the refund threshold: accepted, waiting for a second admin (nothing restored yet).
    if (result.held) return apiError(request, result.error, 202, { held: result.held });
    const status = result.error === 'dealer:errors.redemptionNotFound' ? 404 : 409;
    return apiError(request, result.error, status);
  }
  return jsonAnswer(
    { creditRedemption: getCreditRedemption(db, id) },
    result.replayed ? { headers: { 'Idempotent-Replayed': 'true' } } : undefined,
  );
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none' } as const satisfies RouteHandle;
