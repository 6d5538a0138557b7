import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { TimingMappingPage } from '~/components/timing-mapping';
import { timingPageAction, timingPageLoader } from '~/http/events/timing-page.server';
import type { RouteHandle } from '~/lib/route-handle';

/** /auth/admin/event/{id}/timing/{token}: the mapping step of a results file. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return timingPageLoader(request, params.eventId, params.token, 'admin');
}

export async function action({ request, params }: ActionFunctionArgs) {
  return timingPageAction(request, params.eventId, params.token, 'admin');
}

export default function AdminTimingMappingPage() {
  return <TimingMappingPage />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { title: 'titles:adminTiming' } as const satisfies RouteHandle;
