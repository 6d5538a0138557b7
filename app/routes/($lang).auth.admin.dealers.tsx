import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { AdminList, RowLink } from '~/components/admin-list';
import { ActiveBadge } from '~/components/admin-ui';
import { PageHeading } from '~/components/dashboard-layout';
import { LLink, useLang } from '~/components/link';
import { getDb } from '~/db.server';
import { formatPhone } from '~/lib/format';
import { parseSearch } from '~/lib/list-query';
import { dealerFilterSchema } from '~/lib/schemas/admin';
import { listDealers } from '~/services/people/people-lists.server';
import { requireRole } from '~/services/auth/guard.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, 'admin');
  const { values, sort } = parseSearch(dealerFilterSchema, request);
  return { ...listDealers(getDb(), values), sort };
}

export default function AdminDealers() {
  const { t } = useTranslation();
  const lang = useLang();
  const { dealers, pagination, sort } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeading title={t('common:pages.dealers')}>
        <div className="flex flex-wrap gap-2">
          <LLink to="/auth/admin/dealer-logins" className="btn-secondary">
            {t('common:pages.dealerLogins')}
          </LLink>
          <LLink to="/auth/admin/dealer" className="btn">
            {t('admin:dealers.add')}
          </LLink>
        </div>
      </PageHeading>
      <AdminList
        filters={[
          { name: 'name', label: t('admin:fields.name') },
          { name: 'state', label: t('admin:fields.state'), maxLength: 10 },
          {
            name: 'country',
            label: t('admin:fields.country'),
            options: [
              { value: 'US', label: 'US' },
              { value: 'CA', label: 'CA' },
            ],
          },
          {
            name: 'active',
            label: t('admin:fields.status'),
            options: [
              { value: 'true', label: t('admin:status.active') },
              { value: 'false', label: t('admin:status.inactive') },
            ],
          },
        ]}
        rows={dealers}
        rowKey={(d) => d.id}
        sort={sort}
        pagination={pagination}
        columns={[
          {
            header: t('admin:fields.name'),
            sort: 'name',
            cell: (d) => (
              <RowLink lang={lang} to={`/auth/admin/dealer/${d.id}`}>
                {d.name}
              </RowLink>
            ),
          },
          {
            header: t('admin:fields.dealerNumber'),
            sort: 'dealerNumber',
            cell: (d) => d.dealerNumber ?? '—',
          },
          {
            header: t('admin:fields.location'),
            sort: 'location',
            cell: (d) => [d.city, d.state, d.country].filter(Boolean).join(', '),
          },
          { header: t('admin:fields.phone'), cell: (d) => (d.phone ? formatPhone(d.phone) : '—') },
          { header: t('admin:fields.login'), sort: 'login', cell: (d) => d.loginEmail ?? '—' },
          {
            header: t('admin:fields.status'),
            sort: 'status',
            cell: (d) => <ActiveBadge active={d.active} />,
          },
        ]}
      />
    </>
  );
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { title: 'titles:dealers' } as const satisfies RouteHandle;
