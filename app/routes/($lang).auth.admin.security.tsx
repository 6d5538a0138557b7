/** The admin's sign-in security: two-factor and passkeys (see security-route.server). */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { SecurityPage } from '~/components/two-factor-page';
import { requireRole } from '~/services/auth/guard.server';
import { securityAction, securityLoader } from '~/http/auth/security-route.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ request }: LoaderFunctionArgs) {
  return securityLoader(await requireRole(request, 'admin'));
}

export async function action({ request, context }: ActionFunctionArgs) {
  return securityAction(request, await requireRole(request, 'admin'), context.clientAddress);
}

export default SecurityPage;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { title: 'titles:adminSecurity' } as const satisfies RouteHandle;
