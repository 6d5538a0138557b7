import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { AdminList, RowLink } from '~/components/admin-list';
import { ActiveBadge } from '~/components/admin-ui';
import { PageHeading } from '~/components/dashboard-layout';
import { LLink, useLang } from '~/components/link';
import { getDb } from '~/db.server';
import { parseSearch } from '~/lib/list-query';
import { categoryListSchema } from '~/lib/schemas/programs';
import { requireRole } from '~/services/auth/guard.server';
import { adminListCategories } from '~/services/events/catalog/programs.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, 'admin');
  const { values, sort } = parseSearch(categoryListSchema, request);
  return { categories: adminListCategories(getDb(), values), sort };
}

export default function AdminCategories() {
  const { t } = useTranslation();
  const lang = useLang();
  const { categories, sort } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeading title={t('common:pages.categories')}>
        <LLink to="/auth/admin/category" className="btn">
          {t('admin:programs.addCategory')}
        </LLink>
      </PageHeading>
      <AdminList
        rows={categories}
        rowKey={(c) => c.id}
        sort={sort}
        columns={[
          {
            header: t('admin:fields.name'),
            sort: 'name',
            cell: (c) => (
              <>
                <RowLink lang={lang} to={`/auth/admin/category/${c.id}`}>
                  {c.name}
                </RowLink>
                {c.description ? (
                  <span className="block text-xs text-gray-500">{c.description}</span>
                ) : null}
              </>
            ),
          },
          {
            header: t('admin:fields.raceStyle'),
            sort: 'raceStyle',
            cell: (c) => (c.raceStyle ? t(`common:raceStyle.${c.raceStyle}`) : '—'),
          },
          {
            header: t('admin:programs.eligibility'),
            cell: (c) => (
              <>
                {c.eligibleModels?.length
                  ? c.eligibleModels.join(', ')
                  : t('admin:programs.anyModel')}
                {' · '}
                {c.minYear || c.maxYear
                  ? t('admin:programs.years', { min: c.minYear ?? '…', max: c.maxYear ?? '…' })
                  : t('admin:programs.defaultYears')}
              </>
            ),
          },
          {
            header: t('common:pages.series'),
            sort: 'series',
            firstDir: 'desc',
            cell: (c) => c.series,
          },
          {
            header: t('admin:fields.status'),
            sort: 'status',
            cell: (c) => <ActiveBadge active={c.active} />,
          },
        ]}
      />
    </>
  );
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { title: 'titles:categories' } as const satisfies RouteHandle;
