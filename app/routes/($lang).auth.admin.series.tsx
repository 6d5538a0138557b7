import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { AdminList, RowLink } from '~/components/admin-list';
import { PageHeading } from '~/components/dashboard-layout';
import { LLink, useLang } from '~/components/link';
import { getDb } from '~/db.server';
import { formatDate } from '~/lib/format';
import { parseSearch } from '~/lib/list-query';
import { seriesListSchema } from '~/lib/schemas/programs';
import { requireRole } from '~/services/auth/guard.server';
import { adminListSeries } from '~/services/events/catalog/programs.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, 'admin');
  const { values, sort } = parseSearch(seriesListSchema, request);
  return { ...adminListSeries(getDb(), values), sort };
}

export default function AdminSeries() {
  const { t } = useTranslation();
  const lang = useLang();
  const { series, pagination, sort } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeading title={t('common:pages.series')}>
        <LLink to="/auth/admin/serie" className="btn">
          {t('admin:programs.addSeries')}
        </LLink>
      </PageHeading>
      <AdminList
        filters={[{ name: 'name', label: t('admin:fields.name') }]}
        rows={series}
        rowKey={(s) => s.id}
        sort={sort}
        pagination={pagination}
        columns={[
          {
            header: t('admin:fields.name'),
            sort: 'name',
            cell: (s) => (
              <RowLink lang={lang} to={`/auth/admin/serie/${s.id}`}>
                {s.name}
              </RowLink>
            ),
          },
          {
            header: t('admin:programs.dates'),
            sort: 'dates',
            firstDir: 'desc',
            cell: (s) => `${formatDate(s.firstDate, lang)} – ${formatDate(s.lastDate, lang)}`,
          },
          {
            header: t('common:pages.category'),
            sort: 'category',
            cell: (s) => s.categoryName ?? '—',
          },
          {
            header: t('common:pages.promoter'),
            sort: 'promoter',
            cell: (s) => s.promoterName ?? '—',
          },
          {
            header: t('common:pages.events'),
            sort: 'events',
            firstDir: 'desc',
            cell: (s) => s.events,
          },
        ]}
      />
    </>
  );
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { title: 'titles:adminSeries' } as const satisfies RouteHandle;
