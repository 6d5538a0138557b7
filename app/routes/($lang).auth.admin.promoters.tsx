import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { AdminList, RowLink } from '~/components/admin-list';
import { PageHeading } from '~/components/dashboard-layout';
import { LLink, useLang } from '~/components/link';
import { getDb } from '~/db.server';
import { formatPhone } from '~/lib/format';
import { parseSearch } from '~/lib/list-query';
import { promoterFilterSchema } from '~/lib/schemas/admin';
import { listPromoters } from '~/services/people/people-lists.server';
import { requireRole } from '~/services/auth/guard.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, 'admin');
  const { values, sort } = parseSearch(promoterFilterSchema, request);
  return { ...listPromoters(getDb(), values), sort };
}

export default function AdminPromoters() {
  const { t } = useTranslation();
  const lang = useLang();
  const { promoters, pagination, sort } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeading title={t('common:pages.promoters')}>
        <LLink to="/auth/admin/promoter" className="btn">
          {t('admin:promoters.add')}
        </LLink>
      </PageHeading>
      <AdminList
        filters={[{ name: 'name', label: t('admin:fields.name') }]}
        rows={promoters}
        rowKey={(p) => p.id}
        sort={sort}
        pagination={pagination}
        columns={[
          {
            header: t('admin:fields.name'),
            sort: 'name',
            cell: (p) => (
              <RowLink lang={lang} to={`/auth/admin/promoter/${p.id}`}>
                {p.name}
              </RowLink>
            ),
          },
          { header: t('admin:fields.phone'), cell: (p) => (p.phone ? formatPhone(p.phone) : '—') },
          { header: t('admin:fields.email'), sort: 'email', cell: (p) => p.email ?? '—' },
          { header: t('admin:fields.login'), sort: 'login', cell: (p) => p.loginEmail ?? '—' },
          {
            header: t('admin:promoters.events'),
            sort: 'events',
            firstDir: 'desc',
            cell: (p) => p.events,
          },
        ]}
      />
    </>
  );
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { title: 'titles:promoters' } as const satisfies RouteHandle;
