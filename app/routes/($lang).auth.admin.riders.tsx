import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { AdminList, RowLink } from '~/components/admin-list';
import { Badge } from '~/components/admin-ui';
import { PageHeading } from '~/components/dashboard-layout';
import { LLink, useLang } from '~/components/link';
import { getDb } from '~/db.server';
import { countryLabel } from '~/lib/countries';
import { parseSearch } from '~/lib/list-query';
import { riderFilterSchema } from '~/lib/schemas/admin';
import { listRiders } from '~/services/people/people-lists.server';
import { requireRole } from '~/services/auth/guard.server';
import type { TFunction } from 'i18next';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, 'admin');
  const { values, sort } = parseSearch(riderFilterSchema, request);
  return { ...listRiders(getDb(), values), sort };
}

type RiderRow = ReturnType<typeof useLoaderData<typeof loader>>['riders'][number];

/** No bike, some invalid, or all valid. */
function bikesBadge(t: TFunction, r: RiderRow) {
  if (r.bikeCount === 0) return <Badge tone="red">{t('admin:riders.noBike')}</Badge>;
  if (r.invalidBikes > 0)
    return <Badge tone="red">{t('admin:riders.invalidBikes', { count: r.invalidBikes })}</Badge>;
  return <Badge tone="green">{t('admin:riders.validBikes', { count: r.bikeCount })}</Badge>;
}

/** Deactivated, active, or not yet verified. */
function statusBadge(t: TFunction, r: RiderRow) {
  if (r.deactivated) return <Badge tone="red">{t('admin:status.deactivated')}</Badge>;
  if (r.emailVerified) return <Badge tone="green">{t('admin:status.active')}</Badge>;
  return <Badge tone="gray">{t('admin:status.unverified')}</Badge>;
}

export default function AdminRiders() {
  const { t } = useTranslation();
  const lang = useLang();
  const { riders, pagination, sort } = useLoaderData<typeof loader>();
  // Looked up once for the filter and every row.
  const levels = { amateur: t('admin:level.amateur'), pro: t('admin:level.pro') };
  return (
    <>
      <PageHeading title={t('common:pages.riders')}>
        <LLink to="/auth/admin/rider" className="btn" data-testid="add-rider">
          {t('adminAddRider:link')}
        </LLink>
      </PageHeading>
      <AdminList
        filters={[
          { name: 'q', label: t('admin:riders.search') },
          {
            name: 'country',
            label: t('admin:fields.country'),
            options: ['US', 'CA'].map((c) => ({ value: c, label: countryLabel(c, lang) })),
          },
          {
            name: 'level',
            label: t('admin:fields.level'),
            options: [
              { value: 'amateur', label: levels.amateur },
              { value: 'pro', label: levels.pro },
            ],
          },
          {
            name: 'status',
            label: t('admin:fields.status'),
            options: [
              { value: 'active', label: t('admin:status.active') },
              { value: 'deactivated', label: t('admin:status.deactivated') },
            ],
          },
        ]}
        rows={riders}
        rowKey={(r) => r.id}
        sort={sort}
        pagination={pagination}
        testId="riders-table"
        columns={[
          {
            header: t('admin:fields.name'),
            sort: 'name',
            cell: (r) => (
              <>
                <RowLink lang={lang} to={`/auth/admin/rider/${r.id}`}>
                  {r.lastName}, {r.firstName}
                </RowLink>
                {r.factory ? (
                  <>
                    {' '}
                    <span className="ml-2">
                      <Badge tone="orange">{t('admin:riders.factory')}</Badge>
                    </span>
                  </>
                ) : null}
              </>
            ),
          },
          { header: t('admin:fields.email'), sort: 'email', cell: (r) => r.email },
          {
            header: t('admin:fields.amaNumber'),
            sort: 'amaNumber',
            cell: (r) => r.amaNumber ?? '—',
          },
          {
            header: t('admin:fields.level'),
            sort: 'level',
            cell: (r) => levels[r.level],
          },
          {
            header: t('admin:fields.location'),
            sort: 'location',
            cell: (r) => [r.city, r.state, r.country].filter(Boolean).join(', '),
          },
          {
            header: t('admin:fields.bikes'),
            cell: (r) => bikesBadge(t, r),
          },
          {
            header: t('admin:fields.status'),
            cell: (r) => statusBadge(t, r),
          },
        ]}
      />
    </>
  );
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { title: 'titles:riders' } as const satisfies RouteHandle;
