/**
 * Pieces of the dealer counter and redemption pages: the rider search, the list filters and the
 * redemption table. Plain GET forms and links: everything works without JavaScript.
 */
import { Form } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LLink, useLang, useLocalize } from '~/components/link';
import type { Currency } from '~/lib/constants';
import { formatDate, formatMoney, formatTime } from '~/lib/format';

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
      <Form method="get" action={localize(action)} className="flex flex-wrap items-end gap-2" role="search">
        <div className="min-w-64 flex-1">
          <label htmlFor="rider-search-q" className="label">
            {t('dealer:search.label')}
          </label>
          <input id="rider-search-q" name="q" type="search" defaultValue={q} className="input" autoComplete="off" />
        </div>
        <button type="submit" className="btn">
          {t('dealer:search.submit')}
        </button>
      </Form>
      {tooShort ? <p className="mt-2 text-sm text-gray-600">{t('dealer:search.tooShort')}</p> : null}
      {results && results.length === 0 ? (
        <p className="mt-4 text-gray-600" data-testid="rider-search-none">
          {t('dealer:search.none', { q })}
        </p>
      ) : null}
      {results && results.length > 0 ? (
        <div className="mt-4 overflow-x-auto">
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
                    <LLink to={`/auth/dealer/rider/${r.id}`} className="font-semibold text-brand hover:underline">
                      {r.name}
                    </LLink>
                  </td>
                  <td className="py-2 pr-4">{[r.city, r.state].filter(Boolean).join(', ')}</td>
                  <td className="py-2 pr-4">{r.amaNumber ?? ''}</td>
                  <td className="py-2">
                    <LLink to={`/auth/dealer/rider/${r.id}`} className="btn-secondary text-xs" aria-label={`${t('dealer:search.open')} ${r.name}`}>
                      {t('dealer:search.open')}
                    </LLink>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {results.length >= limit ? <p className="mt-2 text-xs text-gray-500">{t('dealer:search.more', { count: limit })}</p> : null}
        </div>
      ) : null}
    </section>
  );
}

export type FilterValues = { afterDate?: string; beforeDate?: string; riderName?: string; country?: string };

/** GET filter form of the redemption lists; `hidden` keeps other query values (e.g. a tab). */
export function RedemptionFilters({
  values,
  errors = {},
  countries,
  hidden = {},
  clearTo,
}: {
  values: FilterValues;
  errors?: Partial<Record<'afterDate' | 'beforeDate', string>>;
  countries?: { value: string; label: string }[];
  hidden?: Record<string, string>;
  clearTo: string;
}) {
  const { t } = useTranslation();
  return (
    <Form method="get" className="mb-6 flex flex-wrap items-end gap-3" aria-label={t('dealer:filters.title')} data-testid="redemption-filters">
      {Object.entries(hidden).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <div>
        <label htmlFor="f-afterDate" className="label">
          {t('dealer:filters.afterDate')}
        </label>
        <input id="f-afterDate" name="afterDate" type="date" defaultValue={values.afterDate ?? ''} className="input" aria-invalid={errors.afterDate ? true : undefined} />
        {errors.afterDate ? <p className="field-error">{t(errors.afterDate)}</p> : null}
      </div>
      <div>
        <label htmlFor="f-beforeDate" className="label">
          {t('dealer:filters.beforeDate')}
        </label>
        <input id="f-beforeDate" name="beforeDate" type="date" defaultValue={values.beforeDate ?? ''} className="input" aria-invalid={errors.beforeDate ? true : undefined} />
        {errors.beforeDate ? <p className="field-error">{t(errors.beforeDate)}</p> : null}
      </div>
      {countries ? (
        <div>
          <label htmlFor="f-country" className="label">
            {t('dealer:filters.country')}
          </label>
          <select id="f-country" name="country" defaultValue={values.country ?? ''} className="input">
            <option value="">{t('dealer:filters.anyCountry')}</option>
            {countries.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div>
        <label htmlFor="f-riderName" className="label">
          {t('dealer:filters.riderName')}
        </label>
        <input id="f-riderName" name="riderName" type="search" defaultValue={values.riderName ?? ''} className="input" />
      </div>
      <button type="submit" className="btn">
        {t('dealer:filters.apply')}
      </button>
      <LLink to={clearTo} className="btn-secondary">
        {t('dealer:filters.clear')}
      </LLink>
    </Form>
  );
}

export type RedemptionRowView = {
  id: number;
  code: string;
  riderName: string;
  dealerName: string;
  amountCents: number;
  currency: Currency;
  employeeName: string;
  createdAt: string;
  status: 'active' | 'revoked';
  refundedAt: string | null;
  refundedBy?: string | null;
  reason?: string | null;
};

/** Money in the page's language. */
export function Money({ cents, currency }: { cents: number; currency: Currency }) {
  const lang = useLang();
  return <span className="whitespace-nowrap tabular-nums">{formatMoney(cents, currency, lang)}</span>;
}

/** Date and time of an instant in the page's language (Los Angeles). */
export function DateTime({ value }: { value: string | null }) {
  const lang = useLang();
  return (
    <span className="whitespace-nowrap">
      {formatDate(value, lang)} {formatTime(value, lang)}
    </span>
  );
}

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
  if (rows.length === 0) {
    return (
      <p className="text-gray-600" data-testid={`${testId}-empty`}>
        {empty ?? t('dealer:list.empty')}
      </p>
    );
  }
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full text-sm" data-testid={testId}>
        <thead>
          <tr className="border-b text-left">
            <th className="py-2 pr-4">{refundColumns ? t('dealer:admin.redeemedOn') : t('dealer:list.date')}</th>
            <th className="py-2 pr-4">{t('dealer:list.code')}</th>
            {showRider ? <th className="py-2 pr-4">{t('dealer:list.rider')}</th> : null}
            {showDealer ? <th className="py-2 pr-4">{t('dealer:list.dealer')}</th> : null}
            <th className="py-2 pr-4 text-right">{t('dealer:list.amount')}</th>
            {showEmployee ? <th className="py-2 pr-4">{t('dealer:list.employee')}</th> : null}
            {refundColumns ? (
              <>
                <th className="py-2 pr-4">{t('dealer:admin.refundDate')}</th>
                <th className="py-2 pr-4">{t('dealer:admin.refundedBy')}</th>
                <th className="py-2 pr-4">{t('dealer:admin.reasonCol')}</th>
              </>
            ) : (
              <th className="py-2 pr-4">{t('dealer:list.status')}</th>
            )}
            {action ? <th className="py-2" /> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} className={`border-b ${r.status === 'revoked' ? 'text-gray-500' : ''}`} data-testid="redemption-row" data-code={r.code} data-status={r.status}>
              <td className="py-2 pr-4">
                <DateTime value={r.createdAt} />
              </td>
              <td className="py-2 pr-4 font-mono font-semibold">
                {receiptLinks ? (
                  <LLink to={`/auth/dealer/redemptions/${r.id}`} className="text-brand hover:underline" aria-label={`${t('dealer:list.receipt')} ${r.code}`}>
                    {r.code}
                  </LLink>
                ) : (
                  r.code
                )}
              </td>
              {showRider ? <td className="py-2 pr-4">{r.riderName}</td> : null}
              {showDealer ? <td className="py-2 pr-4">{r.dealerName}</td> : null}
              <td className={`py-2 pr-4 text-right ${r.status === 'revoked' ? 'line-through' : ''}`}>
                <Money cents={r.amountCents} currency={r.currency} />
              </td>
              {showEmployee ? <td className="py-2 pr-4">{r.employeeName}</td> : null}
              {refundColumns ? (
                <>
                  <td className="py-2 pr-4">
                    <DateTime value={r.refundedAt} />
                  </td>
                  <td className="py-2 pr-4">{r.refundedBy ?? ''}</td>
                  <td className="py-2 pr-4">{r.reason ?? ''}</td>
                </>
              ) : (
                <td className="py-2 pr-4">
                  {r.status === 'revoked' ? (
                    <span className="rounded bg-gray-200 px-2 py-0.5 text-xs font-semibold" data-testid="refunded-badge">
                      {t('dealer:list.refundedOn', { date: formatDate(r.refundedAt, lang) })}
                    </span>
                  ) : (
                    <span className="rounded bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">{t('dealer:list.active')}</span>
                  )}
                </td>
              )}
              {action ? <td className="py-2">{action(r)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
