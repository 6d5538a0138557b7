import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '~/components/dashboard-layout';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { LLink, useLang } from '~/components/link';
import { formatDate } from '~/lib/format';
import { getDb } from '~/db.server';
import { requireRole } from '~/services/auth/guard.server';
import {
  promoterHome,
  type EventListItem,
} from '~/services/events/management/manager-event-lists.server';
import type { RouteHandle } from '~/lib/route-handle';
import { UserText } from '~/components/user-text';

export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireRole(request, 'promoter');
  return promoterHome(getDb(), auth.profile.id);
}

function EventList({
  list,
  empty,
  testId,
}: {
  list: EventListItem[];
  empty: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  if (list.length === 0) return <p className="text-gray-600">{empty}</p>;
  return (
    <ul className="divide-y divide-gray-200" data-testid={testId}>
      {list.map((e) => {
        const state = e.resultsVerifiedAt
          ? t('promoter:home.resultsVerified')
          : e.resultsUploadedAt
            ? t('promoter:home.resultsUploaded')
            : t('promoter:home.resultsNone');
        return (
          <li key={e.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div>
              <LLink
                to={`/auth/promoter/event/${e.id}`}
                className="font-medium text-brand hover:underline"
              >
                <UserText>{e.title}</UserText>
              </LLink>
              <p className="text-sm text-gray-600">
                {formatDate(e.date, lang)}
                {e.city || e.state ? ` · ${[e.city, e.state].filter(Boolean).join(', ')}` : ''}
                {e.seriesName ? ` · ${e.seriesName}` : ''}
                {e.cancelled ? ` · ${t('promoter:home.cancelled')}` : ''}
              </p>
              <p className="text-xs text-gray-500">{t('promoter:home.results', { state })}</p>
              <p className="text-xs text-gray-700" data-testid="event-approval-state">
                {t(`events:approval.state.${e.approval}`)}
                {e.approval === 'refused' && e.approvalReason
                  ? ` · ${t('events:approval.reason', { reason: e.approvalReason })}`
                  : ''}
              </p>
            </div>
            <LLink to={`/auth/promoter/event/${e.id}`} className="btn-secondary text-sm">
              {t('promoter:home.manage')}
            </LLink>
          </li>
        );
      })}
    </ul>
  );
}

export default function PromoterHomePage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { mySeries, myEvents, todaysEvents } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeading title={t('promoter:home.title')}>
        <LLink to="/auth/promoter/event" className="btn" data-testid="add-event">
          {t('events:proposal.add')}
        </LLink>
      </PageHeading>
      <section className="card mb-6" aria-labelledby="todays-events">
        <h2 id="todays-events" className="mb-2 text-lg font-semibold">
          {t('promoter:home.todaysEvents')}
        </h2>
        <EventList
          list={todaysEvents}
          empty={t('promoter:home.noneToday')}
          testId="todays-events"
        />
      </section>
      <section className="card mb-6" aria-labelledby="my-events">
        <h2 id="my-events" className="mb-2 text-lg font-semibold">
          {t('promoter:home.myEvents')}
        </h2>
        <EventList list={myEvents} empty={t('promoter:home.noEvents')} testId="my-events" />
      </section>
      <section className="card mb-6" aria-labelledby="my-series">
        <h2 id="my-series" className="mb-2 text-lg font-semibold">
          {t('promoter:home.mySeries')}
        </h2>
        {mySeries.length === 0 ? (
          <p className="text-gray-600">{t('promoter:home.noSeries')}</p>
        ) : (
          <ul className="divide-y divide-gray-200" data-testid="my-series">
            {mySeries.map((s) => (
              <li key={s.id} className="py-3">
                <LLink
                  to={`/auth/promoter/serie/${s.id}`}
                  className="font-medium text-brand hover:underline"
                >
                  {s.name}
                </LLink>
                {s.firstDate || s.lastDate ? (
                  <p className="text-sm text-gray-600">
                    {t('promoter:home.dates', {
                      first: formatDate(s.firstDate, lang),
                      last: formatDate(s.lastDate, lang),
                    })}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { title: 'titles:promoterHome' } as const satisfies RouteHandle;
