import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import type { SubmissionResult } from '@conform-to/react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '~/components/dashboard-layout';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { EventDetailsForm } from '~/components/event-details-form';
import { EventManager } from '~/components/event-manager';
import { getDb } from '~/db.server';
import { requestLang } from '~/i18next.server';
import { requireRole } from '~/services/auth/guard.server';
import { eventFormOptions, getEventDetails } from '~/services/events/management/event-admin.server';
import { EVENT_ADMIN_INTENTS, eventAdminAction } from '~/http/events/event-admin-route.server';
import {
  eventPageAction,
  eventPageLoader,
  type EventActionData,
} from '~/http/events/event-page.server';
import { idParam } from '~/lib/ids';
import { addOrEditTitle, at, type RouteHandle } from '~/lib/route-handle';

/** /auth/admin/event: the new-event form; /auth/admin/event/{id}: details, classes, results. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRole(request, 'admin');
  const options = eventFormOptions(getDb());
  if (params.eventId === undefined) return { mode: 'new' as const, options };
  const page = await eventPageLoader(request, params.eventId, 'admin');
  const id = idParam(params.eventId);
  return {
    mode: 'edit' as const,
    options,
    page,
    details: id ? getEventDetails(getDb(), id) : null,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireRole(request, 'admin');
  // The details forms are url-encoded; uploads (multipart) go to the results manager untouched.
  const urlEncoded = request.headers
    .get('Content-Type')
    ?.startsWith('application/x-www-form-urlencoded');
  const intent = urlEncoded ? (await request.clone().formData()).get('intent') : null;
  if (
    params.eventId === undefined ||
    (EVENT_ADMIN_INTENTS as readonly unknown[]).includes(intent)
  ) {
    const id = params.eventId === undefined ? null : idParam(params.eventId);
    if (params.eventId !== undefined && id === null)
      throw new Response('Not Found', { status: 404 });
    return eventAdminAction(await request.formData(), id, auth, requestLang(request));
  }
  return eventPageAction(request, params.eventId, 'admin');
}

export default function AdminEventPage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as
    | (EventActionData & {
        details?: SubmissionResult<string[]>;
        decision?: SubmissionResult<string[]>;
      })
    | undefined;
  if (data.mode === 'new') {
    return (
      <>
        <PageHeading title={t('admin:eventAdmin.add')} />
        <EventDetailsForm event={null} options={data.options} lastResult={actionData?.details} />
      </>
    );
  }
  return (
    <>
      <EventManager data={data.page} actionData={actionData} decision={actionData?.decision} />
      {data.details ? (
        <div className="mt-8">
          <EventDetailsForm
            event={data.details}
            options={data.options}
            lastResult={actionData?.details}
          />
        </div>
      ) : null}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = {
  title: addOrEditTitle(
    (d) => d.mode === 'new',
    'titles:newEvent',
    'titles:adminEvent',
    (d) => at(d, 'page', 'view', 'event', 'title'),
  ),
} as const satisfies RouteHandle;
