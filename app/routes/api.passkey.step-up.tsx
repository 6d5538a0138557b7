/** A step-up with one of the account's passkeys (JSON, two steps: options, verify). */
import type { ActionFunctionArgs } from '@remix-run/node';
import { allowMethods, onlyMethods } from '~/http/api.server';
import { passkeyStepUp } from '~/http/auth/passkey-route.server';
import type { RouteHandle } from '~/lib/route-handle';

export const loader = onlyMethods('POST');
export const action = ({ request }: ActionFunctionArgs) => {
  allowMethods(request, 'POST');
  return passkeyStepUp(request);
};

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none', rateLimit: 'sensitive' } as const satisfies RouteHandle;
