/** PUT /api/admin/admin/change-password — JSON { currentPassword, password, confirmPassword, removePasskeys? }. */
import type { ActionFunctionArgs } from '@remix-run/node';
import { changePasswordAction } from '~/http/auth/change-password.server';
import { onlyMethods } from '~/http/api.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function action({ request, context }: ActionFunctionArgs) {
  return changePasswordAction(request, 'admin', context.clientAddress);
}

export const loader = onlyMethods('PUT');
// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none' } as const satisfies RouteHandle;
