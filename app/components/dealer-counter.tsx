/**
 * Pieces of the dealer counter and redemption pages: the rider search, the list filters and the
 * redemption table. Plain GET forms and links: everything works without JavaScript.
 */
import { Form } from '@remix-run/react';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, ListFilters, type Column, type FilterDef } from '~/components/admin-list';
import { LLink, useLang, useLocalize } from '~/components/link';
import type { Currency } from '~/lib/constants';
import type { Lang } from '~/lib/lang';
import { formatDate, formatMoney, formatRedemptionCode, formatTime } from '~/lib/format';
import { unbroken } from '~/lib/table-columns';
import { labeller, phoneDetails } from '~/components/phone-details';
import { scrollable } from '~/components/scroll-region';

export { Money } from '~/components/values';

export type RiderHit = {
  id: number;
  name: string;
  city: string | null;
  state: string | null;
  amaNumber: string | null;
};

/** The rider search form (GET ?q=) and its results, each linking to the counter page. */
export function RiderSearch({
  action,
  q,
  results,
  tooShort,
  limit,
}: {
  action: string;
  q: string;
  results: RiderHit[] | null;
  tooShort: boolean;
  limit: number;
}) {
  const { t } = useTranslation();
  const localize = useLocalize();
  return (
    <section aria-labelledby="rider-search-title" className="mb-8">
      <h2 id="rider-search-title" className="mb-3 text-lg font-semibold">
        {t('dealer:search.title')}
      </h2>
      <Form
        method="get"
        action={localize(action)}
        className="flex flex-wrap items-end gap-2"
        role="search"
      >
        <div className="min-w-64 flex-1">
          <label htmlFor="rider-search-q" className="label">
            {t('dealer:search.label')}
          </label>
          <input
            id="rider-search-q"
            name="q"
            type="search"
            defaultValue={q}
            className="input"
            autoComplete="off"
          />
        </div>
        <button type="submit" className="btn">
          {t('dealer:search.submit')}
        </button>
      </Form>
      {/* Always in the page, so the count is read when a search fills it. */}
      <p role="status" className="sr-only" data-testid="rider-search-status">
        {tooShort
          ? t('dealer:search.tooShort')
          : results
            ? t('a11y:ridersFound', { count: results.length })
            : ''}
      </p>
      {tooShort ? (
        <p className="mt-2 text-sm text-gray-600" aria-hidden="true">
          {t('dealer:search.tooShort')}
        </p>
      ) : null}
      {results && results.length === 0 ? (
        <p className="mt-4 text-gray-600" data-testid="rider-search-none">
          {t('dealer:search.none', { q })}
        </p>
      ) : null}
      {results && results.length > 0 ? <RiderResults results={results} limit={limit} /> : null}
    </section>
  );
}

/** The rider search's results table, each rider linking to the counter page. */
function RiderResults({ results, limit }: { results: RiderHit[]; limit: number }) {
  const { t } = useTranslation();
  return (
    <div className="mt-4 overflow-x-auto" {...scrollable(t('dealer:search.results'))}>
      <table className="min-w-full text-sm" data-testid="rider-search-results">
        <caption className="sr-only">{t('dealer:search.results')}</caption>
        <thead>
          <tr className="border-b text-left">
            <th className="py-2 pr-4">{t('dealer:search.name')}</th>
            <th className="py-2 pr-4">{t('dealer:search.location')}</th>
            <th className="py-2 pr-4">{t('dealer:search.ama')}</th>
            <th className="py-2" />
          </tr>
        </thead>
        <tbody>
          {results.map((r) => (
            <tr key={r.id} className="border-b">
              <td className="py-2 pr-4">
                <LLink
                  to={`/auth/dealer/rider/${r.id}`}
                  className="font-semibold text-brand hover:underline"
                >
                  {r.name}
                </LLink>
              </td>
              <td className="py-2 pr-4">{[r.city, r.state].filter(Boolean).join(', ')}</td>
              <td className="py-2 pr-4">{r.amaNumber ?? ''}</td>
              <td className="py-2">
                <LLink
                  to={`/auth/dealer/rider/${r.id}`}
                  className="btn-secondary text-xs"
                  aria-label={`${t('dealer:search.open')} ${r.name}`}
                >
                  {t('dealer:search.open')}
                </LLink>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {results.length >= limit ? (
        <p className="mt-2 text-xs text-gray-500">{t('dealer:search.more', { count: limit })}</p>
      ) : null}
    </div>
  );
}

/**
 * GET filter form of the redemption lists (the shared list filter bar): other query values (a
 * tab) are kept, an open confirmation (`confirm`) is not.
 */
export function RedemptionFilters({
  errors = {},
  countries,
}: {
  errors?: Partial<Record<'afterDate' | 'beforeDate', string>>;
  countries?: { value: string; label: string }[];
}) {
  const { t } = useTranslation();
  const filters: FilterDef[] = [
    { name: 'afterDate', id: 'f-afterDate', type: 'date', label: t('dealer:filters.afterDate') },
    { name: 'beforeDate', id: 'f-beforeDate', type: 'date', label: t('dealer:filters.beforeDate') },
    ...(countries
      ? [
          {
            name: 'country',
            id: 'f-country',
            label: t('dealer:filters.country'),
            anyLabel: t('dealer:filters.anyCountry'),
            options: countries,
          },
        ]
      : []),
    { name: 'riderName', id: 'f-riderName', type: 'search', label: t('dealer:filters.riderName') },
  ];
  return (
    <ListFilters
      filters={filters}
      errors={errors}
      drop={['confirm']}
      submitLabel={t('dealer:filters.apply')}
      testId="redemption-filters"
      label={t('dealer:filters.title')}
    />
  );
}

export type RedemptionRowView = {
  id: number;
  code: string;
  riderName: string;
  /** Sent only to a table that shows it (`showDealer`). */
  dealerName?: string;
  amountCents: number;
  currency: Currency;
  employeeName: string;
  createdAt: string;
  status: 'active' | 'revoked';
  voided?: boolean; // revoked by the dealer's own void, not an admin's refund
  refundedAt: string | null;
  refundedBy?: string | null;
  reason?: string | null;
};

/** A table of redemptions; refunded ones are marked. `action` renders a last cell per row. */
export function RedemptionTable({
  rows,
  showRider = true,
  showDealer = false,
  showEmployee = true,
  receiptLinks = false,
  refundColumns = false,
  action,
  empty,
  testId = 'redemption-table',
}: {
  rows: RedemptionRowView[];
  showRider?: boolean;
  showDealer?: boolean;
  showEmployee?: boolean;
  receiptLinks?: boolean;
  refundColumns?: boolean;
  action?: (row: RedemptionRowView) => ReactNode;
  empty?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  // Plain texts rather than a component per cell (no hooks per row).
  const dateTime = (value: string | null) =>
    `${formatDate(value, lang)} ${formatTime(value, lang)}`;
  // With a Status column, a phone (below `sm`) shows Code, Amount and Status: the date, rider,
  // dealer and employee go under the code, so Status stays on screen.
  const compact = !refundColumns;
  const details = compact
    ? phoneDetailsOf(t, lang, { showRider, showDealer, showEmployee })
    : () => null;
  if (rows.length === 0) {
    return (
      <p className="text-gray-600" data-testid={`${testId}-empty`}>
        {empty ?? t('dealer:list.empty')}
      </p>
    );
  }
  const columns: (Column<RedemptionRowView> | false)[] = [
    {
      header: refundColumns ? t('dealer:admin.redeemedOn') : t('dealer:list.date'),
      cell: (r) => dateTime(r.createdAt),
      nowrap: true,
      hideOnPhone: compact,
    },
    codeColumn(t, lang, receiptLinks, details),
    showRider && { header: t('dealer:list.rider'), cell: (r) => r.riderName, hideOnPhone: compact },
    showDealer && {
      header: t('dealer:list.dealer'),
      cell: (r) => r.dealerName,
      hideOnPhone: compact,
    },
    {
      header: t('dealer:list.amount'),
      align: 'right',
      nowrap: true,
      // A refunded amount is struck through; the column's alignment and figures are the table's.
      cell: (r) =>
        r.status === 'revoked' ? (
          <s>{formatMoney(r.amountCents, r.currency, lang)}</s>
        ) : (
          formatMoney(r.amountCents, r.currency, lang)
        ),
    },
    showEmployee && {
      header: t('dealer:list.employee'),
      // A long name wraps (anywhere, even without spaces) instead of pushing Status off screen.
      cell: (r) => (
        <span className="block max-w-48 [overflow-wrap:anywhere]">{r.employeeName}</span>
      ),
      hideOnPhone: compact,
    },
    ...refundAndStatusColumns(t, lang, refundColumns, dateTime),
    action ? { header: '', cell: action } : false,
  ];
  return (
    <DataTable
      rows={rows}
      rowKey={(r) => r.id}
      columns={columns}
      testId={testId}
      rowProps={(r) => ({
        className: r.status === 'revoked' ? 'text-gray-500' : undefined,
        'data-testid': 'redemption-row',
        'data-code': r.code,
        'data-status': r.voided ? 'voided' : r.status,
      })}
    />
  );
}

/** The phone's details under a redemption code (~/components/phone-details): the date and time
 * (each on one line), then the rider, dealer and employee shown. */
function phoneDetailsOf(
  t: TFunction,
  lang: Lang,
  shown: { showRider: boolean; showDealer: boolean; showEmployee: boolean },
) {
  const label = labeller(t);
  const rider = label(t('dealer:list.rider'));
  const dealer = label(t('dealer:list.dealer'));
  const employee = label(t('dealer:list.employee'));
  return (r: RedemptionRowView) =>
    phoneDetails(
      `${unbroken(formatDate(r.createdAt, lang))} ${unbroken(formatTime(r.createdAt, lang))}`,
      shown.showRider && rider(r.riderName),
      shown.showDealer && dealer(r.dealerName),
      shown.showEmployee && employee(r.employeeName),
    );
}

/** The last columns of a redemption table: the refund's date, author and reason, or a status. */
function refundAndStatusColumns(
  t: TFunction,
  lang: Lang,
  refundColumns: boolean,
  dateTime: (value: string | null) => string,
): (Column<RedemptionRowView> | false)[] {
  const active = t('dealer:list.active');
  return [
    refundColumns && {
      header: t('dealer:admin.refundDate'),
      cell: (r) =>
        r.voided
          ? t('dealer:list.voidedOn', { date: dateTime(r.refundedAt) })
          : dateTime(r.refundedAt),
      nowrap: true,
    },
    refundColumns && { header: t('dealer:admin.refundedBy'), cell: (r) => r.refundedBy ?? '' },
    refundColumns && {
      header: t('dealer:admin.reasonCol'),
      cell: (r) => (
        <span className="block max-w-64 [overflow-wrap:anywhere]">{r.reason ?? ''}</span>
      ),
    },
    !refundColumns && {
      header: t('dealer:list.status'),
      cell: (r) =>
        r.status === 'revoked' ? (
          <span
            className="inline-block rounded bg-gray-200 px-2 py-0.5 text-xs font-semibold text-gray-800 sm:whitespace-nowrap"
            data-testid={r.voided ? 'voided-badge' : 'refunded-badge'}
          >
            {t(r.voided ? 'dealer:list.voidedOn' : 'dealer:list.refundedOn', {
              date: formatDate(r.refundedAt, lang),
            })}
          </span>
        ) : (
          <span className="rounded bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">
            {active}
          </span>
        ),
    },
  ];
}

/** The code column: the code (a link to its receipt where asked) and, on a phone, its details. */
function codeColumn(
  t: TFunction,
  lang: Lang,
  receiptLinks: boolean,
  details: (r: RedemptionRowView) => ReactNode,
): Column<RedemptionRowView> {
  // Words of every row, looked up once.
  const receipt = t('dealer:list.receipt');
  return {
    header: t('dealer:list.code'),
    className: 'font-mono font-semibold',
    cell: (r) => {
      const code = formatRedemptionCode(r.code);
      return (
        <>
          {receiptLinks ? (
            <LLink
              to={`/auth/dealer/redemptions/${r.id}`}
              className="text-brand hover:underline"
              aria-label={`${receipt} ${code}`}
            >
              {code}
            </LLink>
          ) : (
            code
          )}
          {details(r)}
        </>
      );
    },
  };
}
