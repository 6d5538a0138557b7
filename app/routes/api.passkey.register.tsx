/** Passkey registration for the signed-in user (JSON, two steps: options, verify). */
import type { ActionFunctionArgs } from '@remix-run/node';
import { allowMethods, onlyMethods } from '~/http/api.server';
import { passkeyRegister } from '~/http/auth/passkey-route.server';
import type { RouteHandle } from '~/lib/route-handle';

export const loader = onlyMethods('POST');
export const action = ({ request, context }: ActionFunctionArgs) => {
  allowMethods(request, 'POST');
  return passkeyRegister(request, context.clientAddress);
};

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none' } as const satisfies RouteHandle;
