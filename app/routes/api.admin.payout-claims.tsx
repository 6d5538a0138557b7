/**
 * POST /api/admin/payout-claims (admin only): creates payout claims in a batch, for
 * every rider owed cash or only body { riderIds }. Response: { payoutClaims, skipped } where
 * skipped lists riders left out with their reasons (w9, driversLicence, address, nothingOwed,
 * unknownRider). With `?dryRun=true` nothing is created: the answer previews the batch (claim
 * ids are provisional) with `dryRun: true`. With an `Idempotency-Key`, a repeat answers the first
 * batch (header `Idempotent-Replayed: true`) and creates nothing; the key with other riders is 422.
 * GET /api/admin/payout-claims is the admin's `GET /api/{role}/payout-claims` (this static route
 * wins over api.$role.payout-claims for the admin segment): the same filters and answer.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { claimFiltersSchema, createClaimsSchema } from '~/lib/schemas/payouts';
import { requireApiRole } from '~/http/auth/api-guard.server';
import { PayoutError, createPayoutClaims } from '~/services/money/payouts/payout-claims.server';
import { listPayoutClaims } from '~/services/money/payouts/payout-claim-lists.server';
import { idempotencyConflict, idempotencyKeyOf } from '~/http/money/redemption-api.server';
import { allowMethods, parseOr400, queryOr400, readJsonObject } from '~/http/api.server';
import { jsonAnswer } from '~/http/kept-answer.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiRole(request, ['admin']);
  const { payoutClaims, pagination } = listPayoutClaims(
    getDb(),
    queryOr400(claimFiltersSchema, request),
  );
  return jsonAnswer({ payoutClaims, pagination });
}

export async function action({ request }: ActionFunctionArgs) {
  allowMethods(request, 'GET', 'POST');
  const auth = await requireApiRole(request, ['admin']);
  const idem = await idempotencyKeyOf(request);
  if ('response' in idem) return idem.response;
  const { riderIds } = parseOr400(createClaimsSchema, await readJsonObject(request));
  const dryRun = /^(true|1|yes)$/i.test(new URL(request.url).searchParams.get('dryRun') ?? '');
  let result;
  try {
    result = createPayoutClaims(getDb(), auth.actor, {
      riderIds,
      idempotencyKey: dryRun ? undefined : idem.key,
      dryRun,
    });
  } catch (err) {
    if (err instanceof PayoutError && err.key === 'keyReused') return idempotencyConflict(request);
    throw err;
  }
  return jsonAnswer(
    { payoutClaims: result.created, skipped: result.skipped, dryRun },
    result.replayed ? { headers: { 'Idempotent-Replayed': 'true' } } : undefined,
  );
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none' } as const satisfies RouteHandle;
