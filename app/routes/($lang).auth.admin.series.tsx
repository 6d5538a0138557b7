import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData, useSearchParams } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Empty, FilterBar, FilterField } from '~/components/admin-ui';
import { PageHeading } from '~/components/dashboard-layout';
import { LLink, useLang } from '~/components/link';
import { Pagination } from '~/components/pagination';
import { getDb } from '~/db.server';
import { formatDate } from '~/lib/format';
import { parsePage } from '~/lib/pagination';
import { requireRole } from '~/services/auth/guard.server';
import { adminListSeries } from '~/services/events/programs.server';

const filterSchema = z.object({ name: z.string().trim().max(100).optional(), page: z.string().optional() });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, 'admin');
  const f = filterSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return adminListSeries(getDb(), { name: f.name, page: parsePage(f.page) });
}

export default function AdminSeries() {
  const { t } = useTranslation();
  const lang = useLang();
  const { series, pagination } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  return (
    <>
      <PageHeading title={t('common:pages.series')}>
        <LLink to="/auth/admin/serie" className="btn">{t('admin:programs.addSeries')}</LLink>
      </PageHeading>
      <FilterBar>
        <FilterField label={t('admin:fields.name')}>
          <input name="name" defaultValue={params.get('name') ?? ''} className="input" />
        </FilterField>
      </FilterBar>
      {series.length === 0 ? (
        <Empty />
      ) : (
        <div className="card overflow-x-auto p-0">
          <table className="table">
            <thead>
              <tr>
                <th>{t('admin:fields.name')}</th>
                <th>{t('admin:programs.dates')}</th>
                <th>{t('common:pages.category')}</th>
                <th>{t('common:pages.promoter')}</th>
                <th>{t('common:pages.events')}</th>
              </tr>
            </thead>
            <tbody>
              {series.map((s) => (
                <tr key={s.id}>
                  <td>
                    <LLink to={`/auth/admin/serie/${s.id}`} className="font-semibold text-brand hover:underline">{s.name}</LLink>
                  </td>
                  <td>
                    {formatDate(s.firstDate, lang)} – {formatDate(s.lastDate, lang)}
                  </td>
                  <td>{s.categoryName ?? '—'}</td>
                  <td>{s.promoterName ?? '—'}</td>
                  <td>{s.events}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={pagination.page} totalPages={pagination.totalPages} />
    </>
  );
}
