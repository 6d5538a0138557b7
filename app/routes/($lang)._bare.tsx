import { Outlet } from '@remix-run/react';
import { BareLayout } from '~/components/bare-layout';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import type { RouteHandle } from '~/lib/route-handle';

export default function BareRoute() {
  return (
    <BareLayout>
      <Outlet />
    </BareLayout>
  );
}

export function ErrorBoundary() {
  return (
    <BareLayout>
      <GeneralErrorBoundary />
    </BareLayout>
  );
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none' } as const satisfies RouteHandle;
