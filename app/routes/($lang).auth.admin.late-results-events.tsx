import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData, useSearchParams } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { Empty, FilterBar, FilterField } from '~/components/admin-ui';
import { PageHeading } from '~/components/dashboard-layout';
import { LLink, useLang } from '~/components/link';
import { Pagination } from '~/components/pagination';
import { getDb } from '~/db.server';
import { formatDate } from '~/lib/format';
import { parsePage } from '~/lib/pagination';
import { lateFilterSchema } from '~/lib/schemas/reports';
import { requireRole } from '~/services/auth/guard.server';
import { lateEvents } from '~/services/reports/reports.server';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, 'admin');
  const f = lateFilterSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return lateEvents(getDb(), { ...f, page: parsePage(f.page) });
}

export default function LateResults() {
  const { t } = useTranslation();
  const lang = useLang();
  const { events, pagination } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  return (
    <>
      <PageHeading title={t('common:pages.lateResults')} />
      <p className="mb-4 text-gray-600">{t('admin:reports.lateHelp')}</p>
      <FilterBar>
        <FilterField label={t('admin:fields.event')}>
          <input name="title" defaultValue={params.get('title') ?? ''} className="input" />
        </FilterField>
        <FilterField label={t('admin:fields.state')}>
          <input name="state" defaultValue={params.get('state') ?? ''} className="input" maxLength={10} />
        </FilterField>
        <FilterField label={t('admin:fields.country')}>
          <input name="country" defaultValue={params.get('country') ?? ''} className="input" maxLength={2} />
        </FilterField>
      </FilterBar>
      {events.length === 0 ? (
        <Empty />
      ) : (
        <div className="card overflow-x-auto p-0">
          <table className="table" data-testid="late-events">
            <thead>
              <tr>
                <th>{t('admin:fields.event')}</th>
                <th>{t('admin:fields.date')}</th>
                <th>{t('common:pages.serie')}</th>
                <th>{t('admin:fields.location')}</th>
                <th>{t('admin:reports.daysLate')}</th>
              </tr>
            </thead>
            <tbody>
              {events.map((e) => (
                <tr key={e.id}>
                  <td>
                    <LLink to={`/auth/admin/event/${e.id}`} className="font-semibold text-brand hover:underline">{e.title}</LLink>
                  </td>
                  <td>{formatDate(e.date, lang)}</td>
                  <td>{e.seriesName ?? '—'}</td>
                  <td>{[e.city, e.state, e.country].filter(Boolean).join(', ')}</td>
                  <td>{e.daysLate}</td>
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
