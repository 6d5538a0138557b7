/**
 * Admin dealer refunds report (docs/rules.md "Dealer credit"): pick a month (default last month); per
 * dealer the redemptions made there that month less those refunded that month, what the maker
 * credits to the dealer's parts account within 30 days of the month's end; totals; CSV download
 * (resource route dealer-refunds.csv).
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { AdminList, type Column } from '~/components/admin-list';
import { labeller, phoneDetails } from '~/components/phone-details';
import type { Lang } from '~/lib/lang';
import { PageHeading } from '~/components/dashboard-layout';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { useLang, useLocalize } from '~/components/link';
import { Money } from '~/components/values';
import { getDb } from '~/db.server';
import { formatDate, formatMoney } from '~/lib/format';
import type { Currency } from '~/lib/constants';
import { parseSearch } from '~/lib/list-query';
import { monthSchema } from '~/lib/schemas/payouts';
import { requireRole } from '~/services/auth/guard.server';
import {
  dealerRefundsPage,
  lastMonth,
  type DealerRefundRow,
} from '~/services/money/counter/dealer-refunds.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, 'admin');
  const { values, errors } = parseSearch(monthSchema, request);
  return { ...dealerRefundsPage(getDb(), values.month ?? lastMonth(), values.page), errors };
}

/** The amount columns, shared by the dealer rows and the totals per currency. */
type Amounts = Pick<
  DealerRefundRow,
  'currency' | 'redemptions' | 'redeemedCents' | 'revocations' | 'revokedCents' | 'netCents'
>;

function AmountCells({ row }: { row: Amounts }) {
  return (
    <>
      <td className="text-right">{row.redemptions}</td>
      <td className="text-right">
        <Money cents={row.redeemedCents} currency={row.currency} />
      </td>
      <td className="text-right">{row.revocations}</td>
      <td className="text-right">
        <Money cents={row.revokedCents} currency={row.currency} />
      </td>
      <td className="text-right">
        <Money cents={row.netCents} currency={row.currency} />
      </td>
    </>
  );
}

/** The month shown and the day dealers are to be credited by. */
function RefundsPeriod({
  report,
}: {
  report: ReturnType<typeof useLoaderData<typeof loader>>['report'];
}) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
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
  );
}

type Report = ReturnType<typeof useLoaderData<typeof loader>>['report'];

/**
 * The report's columns. On a phone the dealer number, place, counts and gross amounts go under
 * the dealer's name, so the parts account credit stays on screen.
 */
function refundColumns(t: TFunction, lang: Lang): Column<Report['rows'][number]>[] {
  // A plain text per cell: the table keeps the amounts' columns right-aligned on one line.
  const money = (cents: number, currency: Currency) => formatMoney(cents, currency, lang);
  const label = labeller(t);
  const dealerId = label(t('payouts:refunds.dealerId'));
  const location = label(t('payouts:refunds.location'));
  const redeemed = label(t('payouts:refunds.redeemed'));
  const refunded = label(t('payouts:refunds.refunded'));
  const place = (r: Report['rows'][number]) => [r.city, r.state].filter(Boolean).join(', ');
  return [
    {
      header: t('payouts:refunds.dealer'),
      cell: (r) => (
        <>
          {r.dealerName}
          {phoneDetails(
            dealerId(r.dealerNumber),
            location(place(r)),
            redeemed(`${money(r.redeemedCents, r.currency)} (${r.redemptions})`),
            refunded(`${money(r.revokedCents, r.currency)} (${r.revocations})`),
          )}
        </>
      ),
    },
    { header: t('payouts:refunds.dealerId'), cell: (r) => r.dealerNumber ?? '', hideOnPhone: true },
    { header: t('payouts:refunds.location'), cell: place, hideOnPhone: true },
    { header: t('payouts:refunds.currency'), cell: (r) => r.currency, hideOnPhone: true },
    {
      header: t('payouts:refunds.redemptions'),
      align: 'right',
      cell: (r) => r.redemptions,
      hideOnPhone: true,
    },
    {
      header: t('payouts:refunds.redeemed'),
      align: 'right',
      nowrap: true,
      cell: (r) => money(r.redeemedCents, r.currency),
      hideOnPhone: true,
    },
    {
      header: t('payouts:refunds.refunds'),
      align: 'right',
      cell: (r) => r.revocations,
      hideOnPhone: true,
    },
    {
      header: t('payouts:refunds.refunded'),
      align: 'right',
      nowrap: true,
      cell: (r) => money(r.revokedCents, r.currency),
      hideOnPhone: true,
    },
    {
      header: t('payouts:refunds.net'),
      align: 'right',
      nowrap: true,
      cell: (r) => (
        <strong className={r.netCents < 0 ? 'text-red-700' : undefined}>
          {money(r.netCents, r.currency)}
        </strong>
      ),
    },
  ];
}

/** The totals per currency: on a phone the total and its credit only, as the rows show. */
function refundTotals(t: TFunction, lang: Lang, totals: Report['totals']) {
  return totals.map((tot) => [
    <tr key={`${tot.currency}-phone`} className="font-semibold sm:hidden">
      <td>{t('payouts:refunds.total')}</td>
      <td className="text-right">
        <Money cents={tot.netCents} currency={tot.currency} />
      </td>
    </tr>,
    <tr
      key={tot.currency}
      className="hidden font-semibold sm:table-row"
      data-testid={`refund-total-${tot.currency}`}
    >
      <td colSpan={3}>{t('payouts:refunds.total')}</td>
      <td>{tot.currency}</td>
      <AmountCells row={tot} />
    </tr>,
  ]);
}

export default function AdminDealerRefundsPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const localize = useLocalize();
  const { report, pagination, errors } = useLoaderData<typeof loader>();
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
      <AdminList
        filters={[
          {
            name: 'month',
            id: 'month',
            type: 'month',
            label: t('payouts:filters.month'),
            value: report.month,
            pattern: '\\d{4}-\\d{2}',
            placeholder: 'YYYY-MM',
            required: true,
          },
        ]}
        errors={errors}
        filterProps={{ submitLabel: t('payouts:refunds.show'), testId: 'month-form', clear: false }}
        summary={<RefundsPeriod report={report} />}
        empty={
          <p className="text-gray-600" data-testid="refunds-empty">
            {t('payouts:refunds.none')}
          </p>
        }
        rows={report.rows}
        pagination={pagination}
        rowKey={(r) => `${r.dealerId}-${r.currency}`}
        rowProps={(r) => ({ 'data-testid': `refund-row-${r.dealerId}` })}
        testId="refunds-table"
        columns={refundColumns(t, lang)}
        footer={refundTotals(t, lang, report.totals)}
      />
      {report.rows.some((r) => r.netCents < 0) ? (
        <p className="mt-2 text-sm text-gray-600">{t('payouts:refunds.negativeNote')}</p>
      ) : null}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { title: 'titles:dealerRefunds' } as const satisfies RouteHandle;
