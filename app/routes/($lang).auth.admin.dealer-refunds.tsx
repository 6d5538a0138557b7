/**
 * Admin dealer refunds report (rules.md "Dealer credit"): pick a month (default last month); per
 * dealer the redemptions made there that month less those refunded that month, what the maker
 * credits to the dealer's parts account within 30 days of the month's end; totals; CSV download
 * (resource route dealer-refunds.csv).
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '~/components/dashboard-layout';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { useLang, useLocalize } from '~/components/link';
import { getDb } from '~/db.server';
import { formatDate, formatMoney } from '~/lib/format';
import { monthSchema } from '~/lib/schemas/payouts';
import { dealerRefundsReport, lastMonth } from '~/services/money/dealer-refunds.server';
import { requireRole } from '~/services/auth/guard.server';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, 'admin');
  const url = new URL(request.url);
  const parsed = monthSchema.safeParse({ month: url.searchParams.get('month') ?? undefined });
  const month = (parsed.success && parsed.data.month) || lastMonth();
  return {
    report: dealerRefundsReport(getDb(), month),
    error: parsed.success ? null : (parsed.error.issues[0]?.message ?? 'payouts:errors.month'),
  };
}

export default function AdminDealerRefundsPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const localize = useLocalize();
  const { report, error } = useLoaderData<typeof loader>();
  const money = (cents: number, currency: (typeof report.rows)[number]['currency']) =>
    formatMoney(cents, currency, lang);
  const anyNegative = report.rows.some((r) => r.netCents < 0);
  return (
    <>
      <PageHeading title={t('common:pages.dealerRefunds')}>
        <a
          className="btn-secondary"
          href={`${localize('/auth/admin/dealer-refunds.csv')}?month=${report.month}`}
          download={`dealer-refunds-${report.month}.csv`}
          data-testid="download-csv"
        >
          {t('payouts:refunds.downloadCsv')}
        </a>
      </PageHeading>
      <p className="mb-4 max-w-3xl text-gray-700">{t('payouts:refunds.intro')}</p>
      <Form
        method="get"
        className="card mb-6 flex flex-wrap items-end gap-3"
        data-testid="month-form"
      >
        <div>
          <label htmlFor="month" className="label">
            {t('payouts:filters.month')}
          </label>
          <input
            id="month"
            name="month"
            type="month"
            className="input"
            defaultValue={report.month}
            pattern="\d{4}-\d{2}"
            placeholder="YYYY-MM"
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'month-error' : undefined}
          />
          {error ? (
            <p id="month-error" className="field-error" role="alert">
              {t(error)}
            </p>
          ) : null}
        </div>
        <button type="submit" className="btn">
          {t('payouts:refunds.show')}
        </button>
      </Form>
      <div className="mb-4" data-testid="refunds-period" data-month={report.month}>
        <p className="font-semibold">
          {t('payouts:refunds.period', {
            first: formatDate(report.firstDay, lang),
            last: formatDate(report.lastDay, lang),
          })}
        </p>
        <p className="text-brand-dark font-semibold" data-testid="credit-by">
          {t('payouts:refunds.creditBy', { date: formatDate(report.creditBy, lang) })}
        </p>
      </div>
      {report.rows.length === 0 ? (
        <p className="text-gray-600" data-testid="refunds-empty">
          {t('payouts:refunds.none')}
        </p>
      ) : (
        <div className="overflow-x-auto">
          <table className="table" data-testid="refunds-table">
            <thead>
              <tr>
                <th scope="col">{t('payouts:refunds.dealer')}</th>
                <th scope="col">{t('payouts:refunds.dealerId')}</th>
                <th scope="col">{t('payouts:refunds.location')}</th>
                <th scope="col">{t('payouts:refunds.currency')}</th>
                <th scope="col" className="text-right">
                  {t('payouts:refunds.redemptions')}
                </th>
                <th scope="col" className="text-right">
                  {t('payouts:refunds.redeemed')}
                </th>
                <th scope="col" className="text-right">
                  {t('payouts:refunds.refunds')}
                </th>
                <th scope="col" className="text-right">
                  {t('payouts:refunds.refunded')}
                </th>
                <th scope="col" className="text-right">
                  {t('payouts:refunds.net')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {report.rows.map((r) => (
                <tr key={`${r.dealerId}-${r.currency}`} data-testid={`refund-row-${r.dealerId}`}>
                  <td>{r.dealerName}</td>
                  <td>{r.dealerNumber ?? ''}</td>
                  <td>{[r.city, r.state].filter(Boolean).join(', ')}</td>
                  <td>{r.currency}</td>
                  <td className="text-right">{r.redemptions}</td>
                  <td className="text-right">{money(r.redeemedCents, r.currency)}</td>
                  <td className="text-right">{r.revocations}</td>
                  <td className="text-right">{money(r.revokedCents, r.currency)}</td>
                  <td
                    className={`text-right font-semibold ${r.netCents < 0 ? 'text-red-700' : ''}`}
                  >
                    {money(r.netCents, r.currency)}
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot className="border-t-2 border-gray-300">
              {report.totals.map((tot) => (
                <tr
                  key={tot.currency}
                  className="font-semibold"
                  data-testid={`refund-total-${tot.currency}`}
                >
                  <td colSpan={3}>{t('payouts:refunds.total')}</td>
                  <td>{tot.currency}</td>
                  <td className="text-right">{tot.redemptions}</td>
                  <td className="text-right">{money(tot.redeemedCents, tot.currency)}</td>
                  <td className="text-right">{tot.revocations}</td>
                  <td className="text-right">{money(tot.revokedCents, tot.currency)}</td>
                  <td className="text-right">{money(tot.netCents, tot.currency)}</td>
                </tr>
              ))}
            </tfoot>
          </table>
          {anyNegative ? (
            <p className="mt-2 text-sm text-gray-600">{t('payouts:refunds.negativeNote')}</p>
          ) : null}
        </div>
      )}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
