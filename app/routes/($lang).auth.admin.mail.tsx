/**
 * Mail delivery (admin): the mails not delivered yet — waiting for a retry, being sent, or failed
 * after the last retry — with their last error, and a retry button for each and for all failed.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Badge } from '~/components/admin-ui';
import { PageHeading } from '~/components/dashboard-layout';
import { useLang } from '~/components/link';
import { getDb } from '~/db.server';
import { formatDate, formatTime } from '~/lib/format';
import { requireRole } from '~/services/auth/guard.server';
import { retryMails, undeliveredMails } from '~/services/platform/mail.server';
import { scrollable } from '~/components/scroll-region';
import type { RouteHandle } from '~/lib/route-handle';

const schema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('retry'), id: z.coerce.number().int().positive() }),
  z.object({ intent: z.literal('retryAll') }),
]);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, 'admin');
  return undeliveredMails(getDb());
}

export async function action({ request }: ActionFunctionArgs) {
  await requireRole(request, 'admin');
  const parsed = schema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ retried: 0 }, { status: 400 });
  const retried = retryMails(
    getDb(),
    parsed.data.intent === 'retry' ? [parsed.data.id] : undefined,
  );
  return { retried };
}

const TONE = { pending: 'orange', sending: 'gray', failed: 'red' } as const;

export default function AdminMail() {
  const { t } = useTranslation();
  const lang = useLang();
  const { rows, sentCount } = useLoaderData<typeof loader>();
  const done = useActionData<typeof action>();
  const when = (v: string) => `${formatDate(v, lang)} ${formatTime(v, lang)}`;
  const anyFailed = rows.some((r) => r.status === 'failed');
  return (
    <>
      <PageHeading title={t('common:pages.mail')} />
      <p className="mb-2 text-gray-600">{t('admin:mail.intro')}</p>
      <p className="mb-4 text-sm text-gray-500" data-testid="mail-sent-count">
        {t('admin:mail.sentCount', { count: sentCount })}
      </p>
      {done && done.retried > 0 ? (
        <p role="status" className="mb-4 text-green-700">
          {t('admin:mail.retried', { count: done.retried })}
        </p>
      ) : null}
      {anyFailed ? (
        <Form method="post" className="mb-4">
          <input type="hidden" name="intent" value="retryAll" />
          <button type="submit" className="btn">
            {t('admin:mail.retryAll')}
          </button>
        </Form>
      ) : null}
      {rows.length === 0 ? (
        <p className="text-gray-500">{t('admin:mail.empty')}</p>
      ) : (
        <div className="card overflow-x-auto p-0" {...scrollable(t('a11y:scrollTable'))}>
          <table className="table" data-testid="mail-table">
            <thead>
              <tr>
                <th>{t('admin:mail.queued')}</th>
                <th>{t('admin:mail.to')}</th>
                <th>{t('admin:mail.subject')}</th>
                <th>{t('admin:fields.status')}</th>
                <th>{t('admin:mail.attempts')}</th>
                <th>{t('admin:mail.lastError')}</th>
                <th>{t('admin:mail.nextAttempt')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <td>{when(r.createdAt)}</td>
                  <td>{r.toAddress}</td>
                  <td>{r.subject}</td>
                  <td>
                    <Badge tone={TONE[r.status as keyof typeof TONE] ?? 'gray'}>
                      {t(`admin:mail.status.${r.status}`)}
                    </Badge>
                  </td>
                  <td>{r.attempts}</td>
                  <td className="max-w-xs truncate text-xs text-gray-600" title={r.lastError ?? ''}>
                    {r.lastError ?? '—'}
                  </td>
                  <td>{r.status === 'pending' ? when(r.nextAttemptAt) : '—'}</td>
                  <td>
                    {r.status !== 'sending' ? (
                      <Form method="post">
                        <input type="hidden" name="intent" value="retry" />
                        <input type="hidden" name="id" value={r.id} />
                        <button type="submit" className="btn-secondary">
                          {t('admin:mail.retry')}
                        </button>
                      </Form>
                    ) : null}
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

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { title: 'titles:mail' } as const satisfies RouteHandle;
