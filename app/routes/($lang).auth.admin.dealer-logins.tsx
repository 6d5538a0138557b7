import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Badge, Empty } from '~/components/admin-ui';
import { PageHeading } from '~/components/dashboard-layout';
import { LLink, useLang } from '~/components/link';
import { getDb } from '~/db.server';
import { formatDate } from '~/lib/format';
import { listDealerLogins, setLoginActive } from '~/services/people/admin-people.server';
import { requireRole } from '~/services/auth/guard.server';

const schema = z.object({ intent: z.enum(['activate', 'deactivate']), userId: z.coerce.number().int().positive() });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, 'admin');
  return { logins: listDealerLogins(getDb()) };
}

export async function action({ request }: ActionFunctionArgs) {
  const auth = await requireRole(request, 'admin');
  const parsed = schema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ ok: false }, { status: 400 });
  const ok = setLoginActive(getDb(), parsed.data.userId, parsed.data.intent === 'activate', auth.actor);
  return data({ ok }, { status: ok ? 200 : 404 });
}

export default function DealerLogins() {
  const { t } = useTranslation();
  const lang = useLang();
  const { logins } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeading title={t('common:pages.dealerLogins')} />
      <p className="mb-4 text-gray-600">{t('admin:dealerLogins.intro')}</p>
      {logins.length === 0 ? (
        <Empty />
      ) : (
        <div className="card overflow-x-auto p-0">
          <table className="table">
            <thead>
              <tr>
                <th>{t('admin:fields.dealer')}</th>
                <th>{t('admin:fields.email')}</th>
                <th>{t('admin:fields.created')}</th>
                <th>{t('admin:fields.status')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {logins.map((l) => (
                <tr key={l.userId}>
                  <td>
                    <LLink to={`/auth/admin/dealer/${l.dealerId}`} className="text-brand hover:underline">{l.dealerName}</LLink>
                    <span className="block text-xs text-gray-500">{[l.city, l.state].filter(Boolean).join(', ')}</span>
                  </td>
                  <td>{l.email}</td>
                  <td>{formatDate(l.createdAt, lang)}</td>
                  <td>{l.deactivated ? <Badge tone="red">{t('admin:status.deactivated')}</Badge> : <Badge tone="green">{t('admin:status.active')}</Badge>}</td>
                  <td className="flex gap-2">
                    <Form method="post">
                      <input type="hidden" name="userId" value={l.userId} />
                      <input type="hidden" name="intent" value={l.deactivated ? 'activate' : 'deactivate'} />
                      <button type="submit" className="btn-secondary">{l.deactivated ? t('admin:activate') : t('admin:deactivate')}</button>
                    </Form>
                    <LLink to={`/proxy-dealer/${l.dealerId}`} className="btn-secondary">{t('admin:actAs')}</LLink>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
