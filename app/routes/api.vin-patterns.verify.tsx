/** POST /api/vin-patterns/verify (admin): see setVerifiedAction. */
import { setVerifiedAction } from '~/http/vin-pattern-api.server';
import { onlyMethods } from '~/http/api.server';
import type { RouteHandle } from '~/lib/route-handle';

export const action = setVerifiedAction(true);

export const loader = onlyMethods('POST');
// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none' } as const satisfies RouteHandle;
