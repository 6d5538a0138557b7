import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { Badge, Empty } from '~/components/admin-ui';
import { PageHeading } from '~/components/dashboard-layout';
import { LLink } from '~/components/link';
import { getDb } from '~/db.server';
import { requireRole } from '~/services/auth/guard.server';
import { adminListCategories } from '~/services/events/programs.server';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, 'admin');
  return { categories: adminListCategories(getDb()) };
}

export default function AdminCategories() {
  const { t } = useTranslation();
  const { categories } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeading title={t('common:pages.categories')}>
        <LLink to="/auth/admin/category" className="btn">{t('admin:programs.addCategory')}</LLink>
      </PageHeading>
      {categories.length === 0 ? (
        <Empty />
      ) : (
        <div className="card overflow-x-auto p-0">
          <table className="table">
            <thead>
              <tr>
                <th>{t('admin:fields.name')}</th>
                <th>{t('admin:fields.raceStyle')}</th>
                <th>{t('admin:programs.eligibility')}</th>
                <th>{t('common:pages.series')}</th>
                <th>{t('admin:fields.status')}</th>
              </tr>
            </thead>
            <tbody>
              {categories.map((c) => (
                <tr key={c.id}>
                  <td>
                    <LLink to={`/auth/admin/category/${c.id}`} className="font-semibold text-brand hover:underline">{c.name}</LLink>
                    {c.description ? <span className="block text-xs text-gray-500">{c.description}</span> : null}
                  </td>
                  <td>{c.raceStyle ? t(`common:raceStyle.${c.raceStyle}`) : '—'}</td>
                  <td>
                    {c.eligibleModels?.length ? c.eligibleModels.join(', ') : t('admin:programs.anyModel')}
                    {' · '}
                    {c.minYear || c.maxYear
                      ? t('admin:programs.years', { min: c.minYear ?? '…', max: c.maxYear ?? '…' })
                      : t('admin:programs.defaultYears')}
                  </td>
                  <td>{c.series}</td>
                  <td>{c.active ? <Badge tone="green">{t('admin:status.active')}</Badge> : <Badge tone="gray">{t('admin:status.inactive')}</Badge>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
