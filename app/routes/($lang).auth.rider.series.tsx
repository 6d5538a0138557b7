import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '~/components/dashboard-layout';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { LLink, useLang } from '~/components/link';
import { Pagination } from '~/components/pagination';
import { MoneyList, ResultsTable } from '~/components/rider-area';
import { getDb } from '~/db.server';
import { formatDate } from '~/lib/format';
import { pageOnlySchema, parseFilters } from '~/lib/schemas/rider-area';
import { requireRole } from '~/services/auth/guard.server';
import { listRiderSeries } from '~/services/people/rider-events.server';

export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireRole(request, 'rider');
  const { value } = parseFilters(new URL(request.url).searchParams, pageOnlySchema);
  return listRiderSeries(getDb(), auth.profile.id, value.page);
}

export default function RiderSeriesPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const list = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeading title={t('riderArea:series.title')} />
      {list.rows.length === 0 ? (
        <p className="card text-sm text-gray-600">{t('riderArea:series.none')}</p>
      ) : (
        <ul className="space-y-4" data-testid="my-series">
          {list.rows.map((s) => (
            <li key={s.id} className="card" data-testid="my-serie">
              <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
                <div>
                  <h2 className="text-lg font-semibold">
                    <LLink to={`/auth/rider/serie/${s.id}`} className="text-brand hover:underline">
                      {s.name}
                    </LLink>
                  </h2>
                  <p className="text-sm text-gray-600">
                    {t('riderArea:series.dates', { first: formatDate(s.firstDate, lang), last: formatDate(s.lastDate, lang) })}
                  </p>
                </div>
                <p className="text-sm">
                  {t('riderArea:series.awarded')}{' '}
                  <span className="font-semibold">
                    <MoneyList items={s.awarded} />
                  </span>
                </p>
              </div>
              <ResultsTable rows={s.results} />
            </li>
          ))}
        </ul>
      )}
      <Pagination page={list.page} totalPages={list.totalPages} />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
