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
import { proposalOptions, proposeEventAction } from '~/http/events/event-proposal-route.server';
import { addOrEditTitle, at, type RouteHandle } from '~/lib/route-handle';

/** /auth/promoter/event: a new event (a proposal); /auth/promoter/event/{id}: its classes and results. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireRole(request, 'promoter');
  if (params.eventId === undefined)
    return { mode: 'new' as const, ...proposalOptions(getDb(), auth.profile.id) };
  return {
    mode: 'edit' as const,
    page: await eventPageLoader(request, params.eventId, 'promoter'),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireRole(request, 'promoter');
  if (params.eventId === undefined)
    return proposeEventAction(getDb(), await request.formData(), auth, requestLang(request));
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
          proposal={{ earlierEvents: data.earlierEvents }}
        />
      </>
    );
  return <EventManager data={data.page} actionData={actionData} />;
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
