/**
 * Admin: rider VIN report. Riders with their bikes' states, one line per bike (a
 * rider without a bike has one line); filters rider name, VIN, state; pages; CSV download of
 * every line for the filters (from GET /api/vin-report?format=csv, formula-safe cells).
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData, useSearchParams } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { AdminList } from '~/components/admin-list';
import { PageHeading } from '~/components/dashboard-layout';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { LLink, useLang } from '~/components/link';
import { getDb } from '~/db.server';
import { parseSearch } from '~/lib/list-query';
import { vinReportQuerySchema } from '~/lib/schemas/vin';
import { vinReport } from '~/services/vin/vin-report.server';
import { requireRole } from '~/services/auth/guard.server';
import type { TFunction } from 'i18next';
import type { RouteHandle } from '~/lib/route-handle';

const FILTERS = ['name', 'vin', 'valid'] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, 'admin');
  const { values, errors } = parseSearch(vinReportQuerySchema, request);
  return { ...vinReport(getDb(), values), filterError: Object.keys(errors).length > 0 };
}

const badge = 'rounded-full px-2 py-0.5 text-xs font-semibold';

/** The CSV download's query: the list's filters, in the page's language. */
function csvQuery(searchParams: URLSearchParams, lang: string) {
  const csvParams = new URLSearchParams();
  for (const k of FILTERS) {
    const v = searchParams.get(k);
    if (v) csvParams.set(k, v);
  }
  csvParams.set('format', 'csv');
  csvParams.set('lang', lang);
  return csvParams;
}

/** No bike, a valid one, or an invalid one. */
function bikeState(
  t: TFunction,
  r: ReturnType<typeof useLoaderData<typeof loader>>['rows'][number],
) {
  if (r.bikeId === null)
    return <span className={`${badge} bg-amber-100 text-amber-900`}>{t('vin:report.noBike')}</span>;
  if (r.valid)
    return <span className={`${badge} bg-green-100 text-green-800`}>{t('vin:bikes.valid')}</span>;
  return <span className={`${badge} bg-red-100 text-red-800`}>{t('vin:bikes.invalid')}</span>;
}

export default function AdminRiderVinReportPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { rows, pagination, filterError } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();

  const csvParams = csvQuery(searchParams, lang);

  return (
    <>
      <PageHeading title={t('common:pages.riderVinReport')}>
        <a
          href={`/api/vin-report?${csvParams.toString()}`}
          className="btn-secondary"
          download
          data-testid="vin-report-csv"
        >
          {t('vin:report.downloadCsv')}
        </a>
      </PageHeading>

      <AdminList
        filters={[
          { name: 'name', label: t('vin:report.riderName') },
          { name: 'vin', label: t('vin:report.vin'), className: 'font-mono' },
          {
            name: 'valid',
            label: t('vin:report.state'),
            anyLabel: t('vin:report.stateAll'),
            options: [
              { value: 'valid', label: t('vin:report.stateValid') },
              { value: 'invalid', label: t('vin:report.stateInvalid') },
              { value: 'none', label: t('vin:report.stateNone') },
            ],
          },
        ]}
        summary={
          <>
            {filterError ? (
              <p role="alert" className="field-error mb-3">
                {t('vin:report.filterError')}
              </p>
            ) : null}
            <p className="mb-2 text-sm text-gray-600">
              {t('vin:report.count', { count: pagination.total })}
            </p>
          </>
        }
        empty={<p className="text-gray-700">{t('vin:report.empty')}</p>}
        rows={rows}
        rowKey={(r) => `${r.riderId}-${r.bikeId ?? 'none'}`}
        rowProps={() => ({ 'data-testid': 'vin-report-row' })}
        pagination={pagination}
        testId="vin-report"
        columns={[
          {
            header: t('vin:report.rider'),
            cell: (r) => (
              <LLink to={`/auth/admin/rider/${r.riderId}`} className="text-brand hover:underline">
                {r.lastName}, {r.firstName}
              </LLink>
            ),
          },
          { header: t('vin:report.email'), className: 'break-all', cell: (r) => r.email },
          { header: t('vin:report.vin'), className: 'font-mono', cell: (r) => r.vin ?? '—' },
          {
            header: t('vin:report.bike'),
            cell: (r) =>
              r.bikeId === null
                ? '—'
                : [r.year, r.make, r.model].filter((v) => v !== null && v !== '').join(' ') ||
                  t('vin:bikes.unknownModel'),
          },
          {
            header: t('vin:report.state'),
            cell: (r) => bikeState(t, r),
          },
          {
            header: t('vin:report.reason'),
            cell: (r) => (r.invalidReason ? t(r.invalidReason) : ''),
          },
        ]}
      />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { title: 'titles:riderVinReport' } as const satisfies RouteHandle;
