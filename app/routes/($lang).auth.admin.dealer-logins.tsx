import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { AdminList } from '~/components/admin-list';
import { Badge } from '~/components/admin-ui';
import { PageHeading } from '~/components/dashboard-layout';
import { LLink, useLang } from '~/components/link';
import { getDb } from '~/db.server';
import { formatDate } from '~/lib/format';
import { parseSearch } from '~/lib/list-query';
import { dealerLoginListSchema } from '~/lib/schemas/admin';
import { setLoginActive } from '~/services/people/admin-people.server';
import { listDealerLogins } from '~/services/people/people-lists.server';
import { requireRole } from '~/services/auth/guard.server';
import type { RouteHandle } from '~/lib/route-handle';

const schema = z.object({
  intent: z.enum(['activate', 'deactivate']),
  userId: z.coerce.number().int().positive(),
});

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, 'admin');
  const { values, sort } = parseSearch(dealerLoginListSchema, request);
  return { ...listDealerLogins(getDb(), values), sort };
}

export async function action({ request }: ActionFunctionArgs) {
  const auth = await requireRole(request, 'admin');
  const parsed = schema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ ok: false }, { status: 400 });
  const ok = setLoginActive(
    getDb(),
    parsed.data.userId,
    parsed.data.intent === 'activate',
    auth.actor,
  );
  return data({ ok }, { status: ok ? 200 : 404 });
}

export default function DealerLogins() {
  const { t } = useTranslation();
  const lang = useLang();
  const { logins, pagination, sort } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeading title={t('common:pages.dealerLogins')} />
      <p className="mb-4 text-gray-600">{t('admin:dealerLogins.intro')}</p>
      <AdminList
        filters={[
          { name: 'q', label: t('admin:dealerLogins.search') },
          {
            name: 'status',
            label: t('admin:fields.status'),
            options: [
              { value: 'active', label: t('admin:status.active') },
              { value: 'deactivated', label: t('admin:status.deactivated') },
            ],
          },
        ]}
        rows={logins}
        rowKey={(l) => l.userId}
        sort={sort}
        pagination={pagination}
        columns={[
          {
            header: t('admin:fields.dealer'),
            sort: 'dealer',
            cell: (l) => (
              <>
                <LLink
                  to={`/auth/admin/dealer/${l.dealerId}`}
                  className="text-brand hover:underline"
                >
                  {l.dealerName}
                </LLink>
                <span className="block text-xs text-gray-500">
                  {[l.city, l.state].filter(Boolean).join(', ')}
                </span>
              </>
            ),
          },
          { header: t('admin:fields.email'), sort: 'email', cell: (l) => l.email },
          {
            header: t('admin:fields.created'),
            sort: 'created',
            firstDir: 'desc',
            cell: (l) => formatDate(l.createdAt, lang),
          },
          {
            header: t('admin:fields.status'),
            sort: 'status',
            cell: (l) =>
              l.deactivated ? (
                <Badge tone="red">{t('admin:status.deactivated')}</Badge>
              ) : (
                <Badge tone="green">{t('admin:status.active')}</Badge>
              ),
          },
          {
            header: '',
            className: 'flex gap-2',
            cell: (l) => (
              <>
                <Form method="post">
                  <input type="hidden" name="userId" value={l.userId} />
                  <input
                    type="hidden"
                    name="intent"
                    value={l.deactivated ? 'activate' : 'deactivate'}
                  />
                  <button type="submit" className="btn-secondary">
                    {l.deactivated ? t('admin:activate') : t('admin:deactivate')}
                  </button>
                </Form>
                <LLink to={`/proxy-dealer/${l.dealerId}`} className="btn-secondary">
                  {t('admin:actAs')}
                </LLink>
              </>
            ),
          },
        ]}
      />
    </>
  );
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { title: 'titles:dealerLogins' } as const satisfies RouteHandle;
