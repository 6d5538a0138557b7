import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { EventManager } from '~/components/event-manager';
import {
  eventPageAction,
  eventPageLoader,
  type EventActionData,
} from '~/services/event-page.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.view.event.title} | contingency cash` : 'contingency cash' },
];

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
