import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData, useSearchParams } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { Badge, Empty, FilterBar, FilterField } from '~/components/admin-ui';
import { PageHeading } from '~/components/dashboard-layout';
import { LLink } from '~/components/link';
import { Pagination } from '~/components/pagination';
import { getDb } from '~/db.server';
import { formatPhone } from '~/lib/format';
import { dealerFilterSchema } from '~/lib/schemas/admin';
import { listDealers } from '~/services/people/admin-people.server';
import { requireRole } from '~/services/auth/guard.server';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, 'admin');
  const filters = dealerFilterSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return listDealers(getDb(), filters);
}

export default function AdminDealers() {
  const { t } = useTranslation();
  const { dealers, pagination } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  return (
    <>
      <PageHeading title={t('common:pages.dealers')}>
        <div className="flex gap-2">
          <LLink to="/auth/admin/dealer-logins" className="btn-secondary">{t('common:pages.dealerLogins')}</LLink>
          <LLink to="/auth/admin/dealer" className="btn">{t('admin:dealers.add')}</LLink>
        </div>
      </PageHeading>
      <FilterBar>
        <FilterField label={t('admin:fields.name')}>
          <input name="name" defaultValue={params.get('name') ?? ''} className="input" />
        </FilterField>
        <FilterField label={t('admin:fields.state')}>
          <input name="state" defaultValue={params.get('state') ?? ''} className="input" maxLength={10} />
        </FilterField>
        <FilterField label={t('admin:fields.country')}>
          <select name="country" defaultValue={params.get('country') ?? ''} className="input">
            <option value="">{t('admin:any')}</option>
            <option value="US">US</option>
            <option value="CA">CA</option>
          </select>
        </FilterField>
        <FilterField label={t('admin:fields.status')}>
          <select name="active" defaultValue={params.get('active') ?? ''} className="input">
            <option value="">{t('admin:any')}</option>
            <option value="true">{t('admin:status.active')}</option>
            <option value="false">{t('admin:status.inactive')}</option>
          </select>
        </FilterField>
      </FilterBar>
      {dealers.length === 0 ? (
        <Empty />
      ) : (
        <div className="card overflow-x-auto p-0">
          <table className="table">
            <thead>
              <tr>
                <th>{t('admin:fields.name')}</th>
                <th>{t('admin:fields.dealerNumber')}</th>
                <th>{t('admin:fields.location')}</th>
                <th>{t('admin:fields.phone')}</th>
                <th>{t('admin:fields.login')}</th>
                <th>{t('admin:fields.status')}</th>
              </tr>
            </thead>
            <tbody>
              {dealers.map((d) => (
                <tr key={d.id}>
                  <td>
                    <LLink to={`/auth/admin/dealer/${d.id}`} className="font-semibold text-brand hover:underline">{d.name}</LLink>
                  </td>
                  <td>{d.dealerNumber ?? '—'}</td>
                  <td>{[d.city, d.state, d.country].filter(Boolean).join(', ')}</td>
                  <td>{d.phone ? formatPhone(d.phone) : '—'}</td>
                  <td>{d.loginEmail ?? '—'}</td>
                  <td>{d.active ? <Badge tone="green">{t('admin:status.active')}</Badge> : <Badge tone="gray">{t('admin:status.inactive')}</Badge>}</td>
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
