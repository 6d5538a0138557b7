/**
 * GET /api/{role}/credit-redemptions: credit redemptions, newest first, with filters
 * afterDate, beforeDate (inclusive Los Angeles days), country (the dealer's), riderName, page;
 * an admin may also pass dealerId and riderId. A dealer sees only its own redemptions, a rider
 * only theirs, an admin all; a promoter gets 403. Refunded ones have status 'revoked' and refundedAt.
 * Response: `{ creditRedemptions, pagination: { page, totalPages, total, pageSize } }`.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { scopedFilters } from '~/http/money/redemption-api.server';
import { listCreditRedemptions } from '~/services/money/counter/redemption-lists.server';
import { onlyMethods } from '~/http/api.server';
import { jsonAnswer } from '~/http/kept-answer.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const scoped = await scopedFilters(request, params.role);
  if ('response' in scoped) return scoped.response;
  return jsonAnswer(listCreditRedemptions(getDb(), scoped.filters));
}

export const action = onlyMethods('GET');
// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none' } as const satisfies RouteHandle;
