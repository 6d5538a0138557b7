/**
 * PUT /api/{role}/payout-claim/{_id} (admin only): body { status: 'SENT' | 'PENDING' (or 'UNSENT'), any case }
 * marks the claim SENT or undoes the mark (awards and ledger move with it). Response
 * { payoutClaim }. GET returns the claim to an admin or to the rider it belongs to.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { ROLES } from '~/lib/constants';
import { claimStatusSchema } from '~/lib/schemas/payouts';
import { requireApiRoleSegment } from '~/http/auth/api-guard.server';
import { getPayoutClaim } from '~/services/money/payouts/payout-claim-lists.server';
import { PayoutError, setClaimSent } from '~/services/money/payouts/payout-claims.server';
import { allowMethods, idOr400, parseOr400, readJsonOrForm } from '~/http/api.server';
import { jsonAnswer } from '~/http/kept-answer.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireApiRoleSegment(request, params.role, ROLES);
  const id = idOr400(params.id);
  const role = auth.profile.role;
  if (role !== 'admin' && role !== 'rider')
    return jsonAnswer({ error: 'Forbidden' }, { status: 403 });
  const payoutClaim = getPayoutClaim(getDb(), id);
  if (!payoutClaim || (role === 'rider' && payoutClaim.riderId !== auth.profile.id)) {
    return jsonAnswer({ error: 'Not found' }, { status: 404 });
  }
  return jsonAnswer({ payoutClaim });
}

export async function action({ request, params }: ActionFunctionArgs) {
  allowMethods(request, 'GET', 'PUT');
  const auth = await requireApiRoleSegment(request, params.role, ROLES);
  if (auth.profile.role !== 'admin') return jsonAnswer({ error: 'Forbidden' }, { status: 403 });
  const id = idOr400(params.id);
  const { status } = parseOr400(claimStatusSchema, await readJsonOrForm(request));
  try {
    const payoutClaim = setClaimSent(getDb(), id, status === 'sent', auth.actor);
    return jsonAnswer({ payoutClaim });
  } catch (error) {
    if (error instanceof PayoutError) {
      return jsonAnswer({ error: error.message }, { status: error.status });
    }
    throw error;
  }
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none' } as const satisfies RouteHandle;
