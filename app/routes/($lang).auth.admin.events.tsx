import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { AdminList } from '~/components/admin-list';
import { PageHeading } from '~/components/dashboard-layout';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { LLink, navLinkProps, useLang } from '~/components/link';
import { getDb } from '~/db.server';
import { formatDate } from '~/lib/format';
import { parseSearch } from '~/lib/list-query';
import { adminEventListSchema } from '~/lib/schemas/event-admin';
import { requireRole } from '~/services/auth/guard.server';
import { adminEventList } from '~/services/events/management/manager-event-lists.server';
import type { RouteHandle } from '~/lib/route-handle';
import { UserText } from '~/components/user-text';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, 'admin');
  const { values, sort } = parseSearch(adminEventListSchema, request);
  return { ...adminEventList(getDb(), values), sort };
}

export default function AdminEventsPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { events, pagination, sort } = useLoaderData<typeof loader>();
  // The results column's words, looked up once for every row.
  const results = {
    verified: t('events:list.resultsVerified'),
    uploaded: t('events:list.resultsUploaded'),
    none: t('events:list.resultsNone'),
  };
  return (
    <>
      <PageHeading title={t('events:list.title')}>
        <LLink to="/auth/admin/event" className="btn" data-testid="add-event">
          {t('admin:eventAdmin.add')}
        </LLink>
      </PageHeading>
      <AdminList
        filters={[
          { name: 'title', label: t('events:list.filterTitle'), type: 'search', maxLength: 100 },
          { name: 'state', label: t('events:list.filterState'), maxLength: 10 },
          { name: 'country', label: t('events:list.filterCountry'), maxLength: 3 },
        ]}
        filterProps={{ submitLabel: t('events:list.filter'), testId: 'events-filter' }}
        empty={<p className="text-gray-600">{t('events:list.none')}</p>}
        rows={events}
        rowKey={(e) => e.id}
        sort={sort}
        pagination={pagination}
        testId="admin-events"
        columns={[
          {
            header: t('events:list.date'),
            sort: 'date',
            firstDir: 'desc',
            nowrap: true,
            cell: (e) => formatDate(e.date, lang),
          },
          {
            header: t('events:list.event'),
            sort: 'title',
            cell: (e) => (
              <>
                <a
                  {...navLinkProps(`/auth/admin/event/${e.id}`, lang)}
                  className="font-medium text-brand hover:underline"
                >
                  <UserText>{e.title}</UserText>
                </a>
                {e.cancelled ? (
                  <>
                    {' '}
                    <span className="ml-2 text-xs text-red-700">{t('events:page.cancelled')}</span>
                  </>
                ) : null}
              </>
            ),
          },
          {
            header: t('events:list.location'),
            sort: 'location',
            cell: (e) => [e.city, e.state, e.country].filter(Boolean).join(', '),
          },
          { header: t('events:list.series'), sort: 'series', cell: (e) => e.seriesName ?? '' },
          {
            header: t('events:list.promoter'),
            sort: 'promoter',
            cell: (e) => e.promoterName ?? '',
          },
          {
            header: t('events:list.results'),
            sort: 'results',
            firstDir: 'desc',
            cell: (e) =>
              e.resultsVerifiedAt
                ? results.verified
                : e.resultsUploadedAt
                  ? results.uploaded
                  : results.none,
          },
        ]}
      />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { title: 'titles:adminEvents' } as const satisfies RouteHandle;
