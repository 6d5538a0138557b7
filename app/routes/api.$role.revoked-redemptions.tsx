/**
 * GET /api/{role}/revoked-redemptions: refunded redemptions, newest refund first, with
 * the same filters as credit-redemptions (here the dates are the refund date). Each row has
 * refundedBy and refundedAt. Scoped like credit-redemptions (admin all, dealer its own, rider
 * theirs, promoter 403). Response: `{ revokedRedemptions, pagination }`.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { listRevokedRedemptions } from '~/services/money/counter/redemption-lists.server';
import { scopedFilters } from '~/http/money/redemption-api.server';
import { onlyMethods } from '~/http/api.server';
import { jsonAnswer } from '~/http/kept-answer.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const scoped = await scopedFilters(request, params.role);
  if ('response' in scoped) return scoped.response;
  return jsonAnswer(listRevokedRedemptions(getDb(), scoped.filters));
}

export const action = onlyMethods('GET');
// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none' } as const satisfies RouteHandle;
