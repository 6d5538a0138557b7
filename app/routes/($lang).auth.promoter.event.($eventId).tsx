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
import {
  eventPageAction,
  eventPageLoader,
  type EventActionData,
} from '~/http/events/event-page.server';
import {
  proposalOptions,
  proposeEventAction,
  savePromoterEventAction,
} from '~/http/events/event-proposal-route.server';
import { getEventDetails } from '~/services/events/management/event-admin.server';
import { eventAccess } from '~/services/events/management/event-access.server';
import { idParam } from '~/lib/ids';
import { addOrEditTitle, at, type RouteHandle } from '~/lib/route-handle';

/** The details a promoter's form shows: their own (the program and cancellation are the admin's). */
function promoterDetails(e: ReturnType<typeof getEventDetails>) {
  if (!e) return null;
  const { promoterId: _p, categoryId: _c, cancelled: _x, ...rest } = e;
  return rest;
}

/**
 * /auth/promoter/event: a new event (a proposal); /auth/promoter/event/{id}: its classes and
 * results, and its details.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireRole(request, 'promoter');
  const choices = proposalOptions(getDb(), auth.profile.id);
  if (params.eventId === undefined) return { mode: 'new' as const, ...choices };
  const page = await eventPageLoader(request, params.eventId, 'promoter');
  return {
    mode: 'edit' as const,
    page,
    options: choices.options,
    details: promoterDetails(getEventDetails(getDb(), page.view.event.id)),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireRole(request, 'promoter');
  if (params.eventId === undefined)
    return proposeEventAction(getDb(), await request.formData(), auth, requestLang(request));
  // The details form is url-encoded; uploads (multipart) go to the results manager untouched.
  const urlEncoded = request.headers
    .get('Content-Type')
    ?.startsWith('application/x-www-form-urlencoded');
  if (urlEncoded && (await request.clone().formData()).get('intent') === 'saveEvent') {
    const id = idParam(params.eventId);
    if (id === null || eventAccess(getDb(), id, auth.profile) !== 'ok')
      throw new Response('Not Found', { status: 404 });
    const formData = await request.formData();
    return savePromoterEventAction(getDb(), formData, auth, requestLang(request), id);
  }
  return eventPageAction(request, params.eventId, 'promoter');
}

export default function PromoterEventPage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as
    (EventActionData & { details?: SubmissionResult<string[]> }) | undefined;
  if (data.mode === 'new')
    return (
      <>
        <PageHeading title={t('events:proposal.title')} />
        <p className="mb-4 text-sm text-gray-700">{t('events:proposal.intro')}</p>
        <EventDetailsForm
          event={null}
          options={data.options}
          lastResult={actionData?.details}
          promoter={{ earlierEvents: data.earlierEvents }}
        />
      </>
    );
  return (
    <>
      <EventManager data={data.page} actionData={actionData} />
      {data.details ? (
        <div className="mt-8">
          <EventDetailsForm
            event={data.details}
            options={data.options}
            lastResult={actionData?.details}
            promoter={{ approval: data.details.approval }}
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
    'titles:promoterEvent',
    (d) => at(d, 'page', 'view', 'event', 'title'),
  ),
} as const satisfies RouteHandle;
