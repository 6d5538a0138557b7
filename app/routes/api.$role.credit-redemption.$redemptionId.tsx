/**
 * DELETE /api/{role}/credit-redemption/{redemptionId} (spec §7): refunds a redemption (admin
 * only; any other role gets 403). Optional JSON body `{ reason }`. The redemption becomes
 * revoked and its amount returns to the awards it was drawn from.
 * 200 `{ creditRedemption }` (status 'revoked', refundedAt, refundedBy); 404 unknown id;
 * 409 already refunded.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { getDb } from '~/db.server';
import { ROLES } from '~/lib/constants';
import { REFUND_REASON_MAX } from '~/lib/schemas/dealer';
import { requireApiRoleSegment } from '~/services/auth/guard.server';
import {
  apiError,
  apiValidationError,
  idempotencyConflict,
  idempotencyKeyOf,
} from '~/services/money/redemption-api.server';
import { getCreditRedemption } from '~/services/money/redemption-lists.server';
import { refundRedemption } from '~/services/money/redemption-refunds.server';
import { idOr400 } from '~/services/platform/json-api.server';
import { deliverHoldMail, holdMail } from '~/services/money/pending-changes.server';

const bodySchema = z.object({
  reason: z.string().trim().max(REFUND_REASON_MAX, 'dealer:errors.tooLong').optional(),
});

export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireApiRoleSegment(request, params.role, ROLES);
  if (auth.profile.role !== 'admin') return Response.json({ error: 'Forbidden' }, { status: 403 });
  const id = idOr400(params.redemptionId);
  const row = getCreditRedemption(getDb(), id);
  if (!row) return apiError(request, 'dealer:errors.redemptionNotFound', 404);
  return Response.json({ creditRedemption: row });
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'DELETE') {
    return apiError(request, 'dealer:errors.methodNotAllowed', 405, {
      headers: { Allow: 'GET, DELETE' },
    });
  }
  const auth = await requireApiRoleSegment(request, params.role, ROLES);
  if (auth.profile.role !== 'admin') return Response.json({ error: 'Forbidden' }, { status: 403 });
  const id = idOr400(params.redemptionId);
  const idem = await idempotencyKeyOf(request);
  if ('response' in idem) return idem.response;
  let reason: string | undefined;
  const text = await request.text();
  if (text.trim()) {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return apiError(request, 'dealer:errors.badJson', 400);
    }
    const parsed = bodySchema.safeParse(body);
    if (!parsed.success) return apiValidationError(request, parsed.error);
    reason = parsed.data.reason;
  }
  const db = getDb();
  const mail = await holdMail();
  const result = refundRedemption(db, id, auth.actor, reason, new Date(), idem.key, mail);
  await deliverHoldMail(db, mail);
  if (!result.ok) {
    if (result.conflict) return idempotencyConflict(request);
    // Over the refund threshold: accepted, waiting for a second admin (nothing restored yet).
    if (result.held) return apiError(request, result.error, 202, { held: result.held });
    const status = result.error === 'dealer:errors.redemptionNotFound' ? 404 : 409;
    return apiError(request, result.error, status);
  }
  return Response.json(
    { creditRedemption: getCreditRedemption(db, id) },
    result.replayed ? { headers: { 'Idempotent-Replayed': 'true' } } : undefined,
  );
}
