import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { AdminList, RowLink } from '~/components/admin-list';
import { PageHeading } from '~/components/dashboard-layout';
import { useLang } from '~/components/link';
import { getDb } from '~/db.server';
import { formatDate } from '~/lib/format';
import { parseSearch } from '~/lib/list-query';
import { lateFilterSchema } from '~/lib/schemas/reports';
import { requireRole } from '~/services/auth/guard.server';
import { lateEvents } from '~/services/reports/reports.server';
import type { RouteHandle } from '~/lib/route-handle';
import { UserText } from '~/components/user-text';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, 'admin');
  const { values, sort } = parseSearch(lateFilterSchema, request);
  return { ...lateEvents(getDb(), values), sort };
}

export default function LateResults() {
  const { t } = useTranslation();
  const lang = useLang();
  const { events, pagination, sort } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeading title={t('common:pages.lateResults')} />
      <p className="mb-4 text-gray-600">{t('admin:reports.lateHelp')}</p>
      <AdminList
        filters={[
          { name: 'title', label: t('admin:fields.event') },
          { name: 'state', label: t('admin:fields.state'), maxLength: 10 },
          { name: 'country', label: t('admin:fields.country'), maxLength: 2 },
        ]}
        rows={events}
        rowKey={(e) => e.id}
        sort={sort}
        pagination={pagination}
        testId="late-events"
        columns={[
          {
            header: t('admin:fields.event'),
            sort: 'title',
            cell: (e) => (
              <RowLink lang={lang} to={`/auth/admin/event/${e.id}`}>
                <UserText>{e.title}</UserText>
              </RowLink>
            ),
          },
          { header: t('admin:fields.date'), sort: 'date', cell: (e) => formatDate(e.date, lang) },
          { header: t('common:pages.serie'), sort: 'series', cell: (e) => e.seriesName ?? '—' },
          {
            header: t('admin:fields.location'),
            sort: 'location',
            cell: (e) => [e.city, e.state, e.country].filter(Boolean).join(', '),
          },
          {
            header: t('admin:reports.daysLate'),
            sort: 'daysLate',
            firstDir: 'desc',
            cell: (e) => e.daysLate,
          },
        ]}
      />
    </>
  );
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { title: 'titles:lateResults' } as const satisfies RouteHandle;
