/**
 * Admin: rider VIN report (spec §2, §7). Riders with their bikes' states, one line per bike (a
 * rider without a bike has one line); filters rider name, VIN, state; pages; CSV download of
 * every line for the filters (from GET /api/vin-report?format=csv, formula-safe cells).
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData, useSearchParams } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { FilterBar, FilterField } from '~/components/admin-ui';
import { Pagination } from '~/components/pagination';
import { PageHeading } from '~/components/dashboard-layout';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { LLink, useLang } from '~/components/link';
import { getDb } from '~/db.server';
import { vinReportQuerySchema } from '~/lib/schemas/vin';
import { vinReport } from '~/services/vin/bikes.server';
import { requireRole } from '~/services/auth/guard.server';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, 'admin');
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = vinReportQuerySchema.safeParse(params);
  const query = parsed.success
    ? parsed.data
    : { page: 1, name: undefined, vin: undefined, valid: undefined };
  return { ...vinReport(getDb(), query), filterError: !parsed.success };
}

export default function AdminRiderVinReportPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { rows, pagination, filterError } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const filtered = ['name', 'vin', 'valid'].some((k) => searchParams.get(k));

  const csvParams = new URLSearchParams();
  for (const k of ['name', 'vin', 'valid']) {
    const v = searchParams.get(k);
    if (v) csvParams.set(k, v);
  }
  csvParams.set('format', 'csv');
  csvParams.set('lang', lang);

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

      <FilterBar clearTo={filtered ? '/auth/admin/rider-vin-report' : null}>
        <FilterField label={t('vin:report.riderName')}>
          <input
            id="filter-name"
            name="name"
            className="input"
            defaultValue={searchParams.get('name') ?? ''}
          />
        </FilterField>
        <FilterField label={t('vin:report.vin')}>
          <input
            id="filter-vin"
            name="vin"
            className="input font-mono"
            defaultValue={searchParams.get('vin') ?? ''}
          />
        </FilterField>
        <FilterField label={t('vin:report.state')}>
          <select
            id="filter-valid"
            name="valid"
            className="input"
            defaultValue={searchParams.get('valid') ?? ''}
          >
            <option value="">{t('vin:report.stateAll')}</option>
            <option value="valid">{t('vin:report.stateValid')}</option>
            <option value="invalid">{t('vin:report.stateInvalid')}</option>
            <option value="none">{t('vin:report.stateNone')}</option>
          </select>
        </FilterField>
      </FilterBar>
      {filterError ? (
        <p role="alert" className="field-error mb-3">
          {t('vin:report.filterError')}
        </p>
      ) : null}

      <p className="mb-2 text-sm text-gray-600">
        {t('vin:report.count', { count: pagination.total })}
      </p>
      {rows.length === 0 ? (
        <p className="text-gray-700">{t('vin:report.empty')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="table" data-testid="vin-report">
            <thead>
              <tr>
                <th scope="col">{t('vin:report.rider')}</th>
                <th scope="col">{t('vin:report.email')}</th>
                <th scope="col">{t('vin:report.vin')}</th>
                <th scope="col">{t('vin:report.bike')}</th>
                <th scope="col">{t('vin:report.state')}</th>
                <th scope="col">{t('vin:report.reason')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {rows.map((r) => (
                <tr key={`${r.riderId}-${r.bikeId ?? 'none'}`} data-testid="vin-report-row">
                  <td>
                    <LLink
                      to={`/auth/admin/rider/${r.riderId}`}
                      className="text-brand hover:underline"
                    >
                      {r.lastName}, {r.firstName}
                    </LLink>
                  </td>
                  <td className="break-all">{r.email}</td>
                  <td className="font-mono">{r.vin ?? '—'}</td>
                  <td>
                    {r.bikeId === null
                      ? '—'
                      : [r.year, r.make, r.model].filter((v) => v !== null && v !== '').join(' ') ||
                        t('vin:bikes.unknownModel')}
                  </td>
                  <td>
                    {r.bikeId === null ? (
                      <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                        {t('vin:report.noBike')}
                      </span>
                    ) : r.valid ? (
                      <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
                        {t('vin:bikes.valid')}
                      </span>
                    ) : (
                      <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">
                        {t('vin:bikes.invalid')}
                      </span>
                    )}
                  </td>
                  <td>{r.invalidReason ? t(r.invalidReason) : ''}</td>
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

/** Previous / next links that keep the filters (plain links: work without JavaScript). */

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
