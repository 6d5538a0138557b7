import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { AdminList, RowLink } from '~/components/admin-list';
import { PageHeading } from '~/components/dashboard-layout';
import { useLang } from '~/components/link';
import { getDb } from '~/db.server';
import { formatDate, formatTime } from '~/lib/format';
import { parseSearch } from '~/lib/list-query';
import { REMINDER_KIND_VALUES, sentReminderFilterSchema } from '~/lib/schemas/reminders';
import { requireRole } from '~/services/auth/guard.server';
import { listSentReminders, type SentReminderRow } from '~/services/platform/reminder-list.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, 'admin');
  const { values, errors } = parseSearch(sentReminderFilterSchema, request);
  return { ...listSentReminders(getDb(), values), errors };
}

function itemLink(r: SentReminderRow): { to: string; key: 'award' | 'rider' | 'event' } {
  if (r.kind === 'resultsLate') return { to: `/auth/admin/event/${r.itemId}`, key: 'event' };
  if (r.kind === 'w9Missing') return { to: `/auth/admin/rider/${r.itemId}`, key: 'rider' };
  return { to: '', key: 'award' };
}

export default function SentReminders() {
  const { t } = useTranslation();
  const lang = useLang();
  const { rows, pagination, errors } = useLoaderData<typeof loader>();
  const when = (r: SentReminderRow) =>
    r.kind === 'w9Missing'
      ? t('reminders:threshold.year', { year: r.threshold })
      : t(r.kind === 'resultsLate' ? 'reminders:threshold.after' : 'reminders:threshold.before', {
          count: r.threshold,
        });
  return (
    <>
      <PageHeading title={t('reminders:title')} />
      <p className="mb-4 text-gray-600">{t('reminders:intro')}</p>
      <AdminList
        filters={[
          {
            name: 'kind',
            label: t('reminders:filters.kind'),
            options: REMINDER_KIND_VALUES.map((k) => ({
              value: k,
              label: t(`reminders:kinds.${k}`),
            })),
            anyLabel: t('reminders:filters.all'),
          },
          { name: 'email', label: t('reminders:filters.email'), type: 'search', maxLength: 100 },
        ]}
        errors={errors}
        rows={rows}
        rowKey={(r) => r.id}
        pagination={pagination}
        testId="sent-reminders"
        empty={<p className="text-gray-600">{t('reminders:empty')}</p>}
        columns={[
          {
            header: t('reminders:columns.sentAt'),
            cell: (r) => `${formatDate(r.sentAt, lang)} ${formatTime(r.sentAt, lang)}`,
          },
          { header: t('reminders:columns.kind'), cell: (r) => t(`reminders:kinds.${r.kind}`) },
          { header: t('reminders:columns.threshold'), cell: when },
          {
            header: t('reminders:columns.item'),
            cell: (r) => {
              const link = itemLink(r);
              const label = t(`reminders:item.${link.key}`, { id: r.itemId });
              return link.to ? (
                <RowLink lang={lang} to={link.to}>
                  {label}
                </RowLink>
              ) : (
                label
              );
            },
          },
          { header: t('reminders:columns.recipient'), cell: (r) => r.recipientEmail },
          { header: t('reminders:columns.lang'), cell: (r) => r.lang.toUpperCase() },
          { header: t('reminders:columns.subject'), cell: (r) => r.subject },
          { header: t('reminders:columns.copied'), cell: (r) => r.copiedTo ?? '—' },
        ]}
      />
    </>
  );
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { title: 'titles:reminders' } as const satisfies RouteHandle;
