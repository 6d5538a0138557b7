/**
 * GET /api/{role}/payout-claims: payout claims with filters (afterDate, beforeDate,
 * country, type, riderName, riderId, status, page). An admin sees every claim, a rider only
 * their own; other roles get 403. Response: { payoutClaims, pagination: { page, totalPages } }.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { ROLES } from '~/lib/constants';
import { claimFiltersSchema } from '~/lib/schemas/payouts';
import { requireApiRoleSegment } from '~/http/auth/api-guard.server';
import { listPayoutClaims } from '~/services/money/payouts/payout-claim-lists.server';
import { onlyMethods, queryOr400 } from '~/http/api.server';
import { jsonAnswer } from '~/http/kept-answer.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireApiRoleSegment(request, params.role, ROLES);
  const role = auth.profile.role;
  if (role !== 'admin' && role !== 'rider') {
    return jsonAnswer({ error: 'Forbidden' }, { status: 403 });
  }
  const filters = queryOr400(claimFiltersSchema, request);
  const { payoutClaims, pagination } = listPayoutClaims(getDb(), {
    ...filters,
    riderId: role === 'rider' ? auth.profile.id : filters.riderId,
  });
  return jsonAnswer({ payoutClaims, pagination });
}

export const action = onlyMethods('GET');
// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none' } as const satisfies RouteHandle;
