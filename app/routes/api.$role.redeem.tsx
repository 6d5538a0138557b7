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
import { onlyMethods } from '~/http/api.server';
import { redeemAction } from '~/http/money/redeem-api.server';
import type { RouteHandle } from '~/lib/route-handle';

export const loader = onlyMethods('POST');

export async function action({ request, params }: ActionFunctionArgs) {
  return redeemAction(request, params.role);
}

// What the server and the root layout read of this route (~/lib/route-handle).
// 'direct': the counter's burst is answered without Remix's static handler (server/perf/api-writes.ts).
export const handle = {
  cache: 'none',
  rateLimit: 'sensitive',
  direct: 'action',
} as const satisfies RouteHandle;
