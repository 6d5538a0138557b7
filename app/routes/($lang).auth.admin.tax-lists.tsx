/**
 * Year-end tax lists (docs/rules.md "Tax lists"): pick a calendar year; US pros paid at or above
 * the 1099 threshold with their W-9 status, and non-resident pros with gross, withheld and net
 * (1042-S); totals per currency; CSV and XLSX downloads (resource route tax-lists.download).
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '~/components/admin-list';
import { PageHeading } from '~/components/dashboard-layout';
import { useLang, useLocalize } from '~/components/link';
import { Money } from '~/components/values';
import { getDb } from '~/db.server';
import { NON_RESIDENT_WITHHOLDING_PERCENT } from '~/lib/constants';
import { formatMoney, todayString } from '~/lib/format';
import { parseSearch } from '~/lib/list-query';
import { taxYearSchema } from '~/lib/schemas/tax';
import { requireRole } from '~/services/auth/guard.server';
import { taxLists, type TaxRow, type TaxTotal } from '~/services/reports/tax-lists.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, 'admin');
  const { values, errors } = parseSearch(taxYearSchema, request);
  const year = values.year ?? Number(todayString().slice(0, 4));
  return { lists: taxLists(getDb(), year), errors };
}

function Downloads({ year, list }: { year: number; list: '1099' | '1042s' }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  const href = (format: string) =>
    `${localize('/auth/admin/tax-lists/download')}?year=${year}&list=${list}&format=${format}`;
  return (
    <p className="mb-3 flex gap-2">
      <a className="btn-secondary" href={href('csv')} download data-testid={`download-${list}-csv`}>
        {t('tax:download.csv')}
      </a>
      <a
        className="btn-secondary"
        href={href('xlsx')}
        download
        data-testid={`download-${list}-xlsx`}
      >
        {t('tax:download.xlsx')}
      </a>
    </p>
  );
}

function Totals({
  totals,
  span,
  withheld,
}: {
  totals: TaxTotal[];
  span: number;
  withheld: boolean;
}) {
  const { t } = useTranslation();
  return totals.map((tot) => (
    <tr key={tot.currency} className="font-semibold" data-testid={`total-${tot.currency}`}>
      <td colSpan={span}>
        {t('tax:totals')} — {t('tax:totalsRow', { count: tot.riders, currency: tot.currency })}
      </td>
      <td className="text-right">
        <Money cents={tot.grossCents} currency={tot.currency} />
      </td>
      {withheld ? (
        <>
          <td className="text-right">
            <Money cents={tot.withheldCents} currency={tot.currency} />
          </td>
          <td className="text-right">
            <Money cents={tot.netCents} currency={tot.currency} />
          </td>
        </>
      ) : (
        <td />
      )}
    </tr>
  ));
}

const address = (r: TaxRow) =>
  [r.addressLine1, r.addressLine2, r.city, r.state, r.zipcode, r.country]
    .filter(Boolean)
    .join(', ');

/** The year whose lists are shown (a wrong one says why under the field). */
function YearForm({ year, error }: { year: number; error: string | undefined }) {
  const { t } = useTranslation();
  return (
    <Form method="get" className="mb-4 flex items-end gap-2" data-testid="tax-year-form">
      <div>
        <label htmlFor="tax-year" className="block text-sm font-medium">
          {t('tax:year')}
        </label>
        <input
          id="tax-year"
          name="year"
          type="number"
          min={2000}
          max={2100}
          defaultValue={year}
          className="input w-28"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'tax-year-error' : undefined}
        />
        {error ? (
          <p id="tax-year-error" className="text-sm text-red-700">
            {t(error)}
          </p>
        ) : null}
      </div>
      <button type="submit" className="btn">
        {t('tax:show')}
      </button>
    </Form>
  );
}

export default function TaxListsPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { lists, errors } = useLoaderData<typeof loader>();
  const person = [
    { header: t('tax:columns.name'), cell: (r: TaxRow) => `${r.lastName}, ${r.firstName}` },
    { header: t('tax:columns.email'), cell: (r: TaxRow) => r.email },
    { header: t('tax:columns.address'), cell: address },
    { header: t('tax:columns.claims'), align: 'right' as const, cell: (r: TaxRow) => r.claims },
    {
      header: t('tax:columns.gross'),
      align: 'right' as const,
      cell: (r: TaxRow) => <Money cents={r.grossCents} currency={r.currency} />,
    },
  ];
  return (
    <>
      <PageHeading title={t('tax:title')} />
      <p className="mb-4 max-w-3xl text-gray-700">{t('tax:intro')}</p>
      <YearForm year={lists.year} error={errors.year} />
      <p className="mb-6 max-w-3xl text-sm text-gray-700" data-testid="tax-threshold">
        {t('tax:threshold', {
          year: lists.year,
          amount: formatMoney(lists.thresholdCents, 'USD', lang),
        })}
      </p>

      <h2 className="mb-2 text-xl font-semibold">{t('tax:us.title')}</h2>
      <Downloads year={lists.year} list="1099" />
      {lists.us1099.length === 0 ? (
        <p className="mb-6 text-gray-600">{t('tax:us.empty', { year: lists.year })}</p>
      ) : (
        <DataTable
          rows={lists.us1099}
          rowKey={(r) => `${r.riderId}-${r.currency}`}
          testId="tax-1099"
          columns={[
            ...person,
            {
              header: t('tax:columns.w9'),
              cell: (r) =>
                r.w9 ? (
                  t('tax:yes')
                ) : (
                  <strong className="text-red-700">{t('tax:w9Missing')}</strong>
                ),
            },
            {
              header: t('tax:columns.otherCurrency'),
              cell: (r) => (r.otherCurrency ? t('tax:otherCurrency') : ''),
            },
          ]}
          footer={<Totals totals={lists.totals.us1099} span={4} withheld={false} />}
        />
      )}

      <h2 className="mb-2 mt-8 text-xl font-semibold">{t('tax:nr.title')}</h2>
      <p className="mb-2 text-sm text-gray-700">
        {t('tax:nr.intro', { percent: NON_RESIDENT_WITHHOLDING_PERCENT })}
      </p>
      <Downloads year={lists.year} list="1042s" />
      {lists.nonResident1042.length === 0 ? (
        <p className="text-gray-600">{t('tax:nr.empty', { year: lists.year })}</p>
      ) : (
        <DataTable
          rows={lists.nonResident1042}
          rowKey={(r) => `${r.riderId}-${r.currency}`}
          testId="tax-1042s"
          columns={[
            ...person,
            {
              header: t('tax:columns.withheld'),
              align: 'right',
              cell: (r) => <Money cents={r.withheldCents} currency={r.currency} />,
            },
            {
              header: t('tax:columns.net'),
              align: 'right',
              cell: (r) => <Money cents={r.netCents} currency={r.currency} />,
            },
          ]}
          footer={<Totals totals={lists.totals.nonResident1042} span={4} withheld />}
        />
      )}
    </>
  );
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { title: 'titles:taxLists' } as const satisfies RouteHandle;
