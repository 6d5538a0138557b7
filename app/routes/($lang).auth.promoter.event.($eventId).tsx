import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { EventManager } from '~/components/event-manager';
import {
  eventPageAction,
  eventPageLoader,
  type EventActionData,
} from '~/http/events/event-page.server';
import { at, itemTitle, type RouteHandle } from '~/lib/route-handle';

export async function loader({ request, params }: LoaderFunctionArgs) {
  return eventPageLoader(request, params.eventId, 'promoter');
}

export async function action({ request, params }: ActionFunctionArgs) {
  return eventPageAction(request, params.eventId, 'promoter');
}

export default function PromoterEventPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as EventActionData | undefined;
  return <EventManager data={data} actionData={actionData} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = {
  title: itemTitle('titles:promoterEvent', (d) => at(d, 'view', 'event', 'title')),
} as const satisfies RouteHandle;
