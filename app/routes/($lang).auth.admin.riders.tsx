import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData, useSearchParams } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { Badge, Empty, FilterBar, FilterField } from '~/components/admin-ui';
import { PageHeading } from '~/components/dashboard-layout';
import { LLink, useLang } from '~/components/link';
import { Pagination } from '~/components/pagination';
import { getDb } from '~/db.server';
import { countryLabel } from '~/lib/countries';
import { riderFilterSchema } from '~/lib/schemas/admin';
import { listRiders } from '~/services/people/admin-people.server';
import { requireRole } from '~/services/auth/guard.server';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, 'admin');
  const filters = riderFilterSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return listRiders(getDb(), filters);
}

export default function AdminRiders() {
  const { t } = useTranslation();
  const lang = useLang();
  const { riders, pagination } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  return (
    <>
      <PageHeading title={t('common:pages.riders')} />
      <FilterBar>
        <FilterField label={t('admin:riders.search')}>
          <input name="q" defaultValue={params.get('q') ?? ''} className="input" />
        </FilterField>
        <FilterField label={t('admin:fields.country')}>
          <select name="country" defaultValue={params.get('country') ?? ''} className="input">
            <option value="">{t('admin:any')}</option>
            <option value="US">{countryLabel('US', lang)}</option>
            <option value="CA">{countryLabel('CA', lang)}</option>
          </select>
        </FilterField>
        <FilterField label={t('admin:fields.level')}>
          <select name="level" defaultValue={params.get('level') ?? ''} className="input">
            <option value="">{t('admin:any')}</option>
            <option value="amateur">{t('admin:level.amateur')}</option>
            <option value="pro">{t('admin:level.pro')}</option>
          </select>
        </FilterField>
        <FilterField label={t('admin:fields.status')}>
          <select name="status" defaultValue={params.get('status') ?? ''} className="input">
            <option value="">{t('admin:any')}</option>
            <option value="active">{t('admin:status.active')}</option>
            <option value="deactivated">{t('admin:status.deactivated')}</option>
          </select>
        </FilterField>
      </FilterBar>
      {riders.length === 0 ? (
        <Empty />
      ) : (
        <div className="card overflow-x-auto p-0">
          <table className="table" data-testid="riders-table">
            <thead>
              <tr>
                <th>{t('admin:fields.name')}</th>
                <th>{t('admin:fields.email')}</th>
                <th>{t('admin:fields.amaNumber')}</th>
                <th>{t('admin:fields.level')}</th>
                <th>{t('admin:fields.location')}</th>
                <th>{t('admin:fields.bikes')}</th>
                <th>{t('admin:fields.status')}</th>
              </tr>
            </thead>
            <tbody>
              {riders.map((r) => (
                <tr key={r.id}>
                  <td>
                    <LLink to={`/auth/admin/rider/${r.id}`} className="font-semibold text-brand hover:underline">
                      {r.lastName}, {r.firstName}
                    </LLink>
                    {r.factory ? <span className="ml-2"><Badge tone="orange">{t('admin:riders.factory')}</Badge></span> : null}
                  </td>
                  <td>{r.email}</td>
                  <td>{r.amaNumber ?? '—'}</td>
                  <td>{t(`admin:level.${r.level}`)}</td>
                  <td>{[r.city, r.state, r.country].filter(Boolean).join(', ')}</td>
                  <td>
                    {r.bikeCount === 0 ? (
                      <Badge tone="red">{t('admin:riders.noBike')}</Badge>
                    ) : r.invalidBikes > 0 ? (
                      <Badge tone="red">{t('admin:riders.invalidBikes', { count: r.invalidBikes })}</Badge>
                    ) : (
                      <Badge tone="green">{t('admin:riders.validBikes', { count: r.bikeCount })}</Badge>
                    )}
                  </td>
                  <td>
                    {r.deactivated ? (
                      <Badge tone="red">{t('admin:status.deactivated')}</Badge>
                    ) : r.emailVerified ? (
                      <Badge tone="green">{t('admin:status.active')}</Badge>
                    ) : (
                      <Badge tone="gray">{t('admin:status.unverified')}</Badge>
                    )}
                  </td>
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
