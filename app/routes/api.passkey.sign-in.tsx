/** Sign-in with a passkey (JSON, two steps: options, verify); opens a session. */
import type { ActionFunctionArgs } from '@remix-run/node';
import { allowMethods, onlyMethods } from '~/http/api.server';
import { passkeySignIn } from '~/http/auth/passkey-route.server';
import type { RouteHandle } from '~/lib/route-handle';

export const loader = onlyMethods('POST');
export const action = ({ request, context }: ActionFunctionArgs) => {
  allowMethods(request, 'POST');
  return passkeySignIn(request, context.clientAddress ?? 'unknown');
};

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none', rateLimit: 'sensitive' } as const satisfies RouteHandle;
