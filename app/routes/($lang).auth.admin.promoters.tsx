import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData, useSearchParams } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { Empty, FilterBar, FilterField } from '~/components/admin-ui';
import { PageHeading } from '~/components/dashboard-layout';
import { LLink } from '~/components/link';
import { Pagination } from '~/components/pagination';
import { getDb } from '~/db.server';
import { formatPhone } from '~/lib/format';
import { promoterFilterSchema } from '~/lib/schemas/admin';
import { listPromoters } from '~/services/people/admin-people.server';
import { requireRole } from '~/services/auth/guard.server';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, 'admin');
  const filters = promoterFilterSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return listPromoters(getDb(), filters);
}

export default function AdminPromoters() {
  const { t } = useTranslation();
  const { promoters, pagination } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  return (
    <>
      <PageHeading title={t('common:pages.promoters')}>
        <LLink to="/auth/admin/promoter" className="btn">{t('admin:promoters.add')}</LLink>
      </PageHeading>
      <FilterBar>
        <FilterField label={t('admin:fields.name')}>
          <input name="name" defaultValue={params.get('name') ?? ''} className="input" />
        </FilterField>
      </FilterBar>
      {promoters.length === 0 ? (
        <Empty />
      ) : (
        <div className="card overflow-x-auto p-0">
          <table className="table">
            <thead>
              <tr>
                <th>{t('admin:fields.name')}</th>
                <th>{t('admin:fields.phone')}</th>
                <th>{t('admin:fields.email')}</th>
                <th>{t('admin:fields.login')}</th>
                <th>{t('admin:promoters.events')}</th>
              </tr>
            </thead>
            <tbody>
              {promoters.map((p) => (
                <tr key={p.id}>
                  <td>
                    <LLink to={`/auth/admin/promoter/${p.id}`} className="font-semibold text-brand hover:underline">{p.name}</LLink>
                  </td>
                  <td>{p.phone ? formatPhone(p.phone) : '—'}</td>
                  <td>{p.email ?? '—'}</td>
                  <td>{p.loginEmail ?? '—'}</td>
                  <td>{p.events}</td>
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
