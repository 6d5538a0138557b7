import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { TimingMapping } from '~/components/timing-mapping';
import {
  timingPageAction,
  timingPageLoader,
  type TimingActionData,
} from '~/services/events/timing-page.server';

/** /auth/promoter/event/{id}/timing/{token}: the mapping step of a results file (issue 12.4). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return timingPageLoader(request, params.eventId, params.token, 'promoter');
}

export async function action({ request, params }: ActionFunctionArgs) {
  return timingPageAction(request, params.eventId, params.token, 'promoter');
}

export default function PromoterTimingMappingPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as TimingActionData | undefined;
  return <TimingMapping data={data} actionData={actionData} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
