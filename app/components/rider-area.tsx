/** Display pieces shared by the rider area pages: money lists, results tables, labels. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { PageHeading } from '~/components/dashboard-layout';
import { LLink, navLinkProps, useLang } from '~/components/link';
import { Pagination } from '~/components/pagination';
import { NoPayoutReason } from '~/components/no-payout-reason';
import type { Currency, ResultType } from '~/lib/constants';
import type { Lang } from '~/lib/lang';
import { formatDate, formatMoney } from '~/lib/format';
import { scrollable } from '~/components/scroll-region';
import { tableColumns } from '~/lib/table-columns';

export type MoneyItem = { currency: Currency; cents: number };

/** Amounts per currency on one line ('$120.00 · CA$40.00'); `empty` when there is none. */
export function MoneyList({
  items,
  empty,
  testId,
}: {
  items: MoneyItem[];
  empty?: ReactNode;
  testId?: string;
}) {
  const lang = useLang();
  if (items.length === 0)
    return <span data-testid={testId}>{empty ?? formatMoney(0, 'USD', lang)}</span>;
  return (
    <span data-testid={testId}>
      {items.map((m, i) => (
        <span key={m.currency}>
          {i > 0 ? ' · ' : null}
          <span className="whitespace-nowrap">{formatMoney(m.cents, m.currency, lang)}</span>
        </span>
      ))}
    </span>
  );
}

/** A date, or a dash when there is none (TBD is for events, not for awards). */
export function dateOrDash(value: string | null | undefined, lang: Lang): string {
  return value ? formatDate(value, lang) : '—';
}

/** A place: the number for a finish, else the result type (DNF, DNS, DQ). */
export function placeLabel(t: TFunction, place: number | null, resultType: ResultType): string {
  if (resultType !== 'finish' || place === null) return t(`riderArea:resultType.${resultType}`);
  return String(place);
}

export type ResultLine = {
  resultId: number;
  eventId: number;
  eventTitle: string;
  eventDate: string;
  className: string;
  currency: Currency;
  place: number | null;
  resultType: ResultType;
  payoutCents: number;
  bonusCents: number;
  noPayoutReason: string | null;
};

/** The rider's results: event (optional), class, place, payout or why not. */
export function ResultsTable({
  rows,
  showEvent = true,
  testId,
}: {
  rows: ResultLine[];
  showEvent?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  if (rows.length === 0)
    return <p className="text-sm text-gray-600">{t('riderArea:results.none')}</p>;
  // Per row, plain texts and one link (no hooks per row); the date column's style is the table's.
  const layout = tableColumns(
    showEvent ? [{}, { nowrap: true, phoneHidden: true }, {}, {}, {}] : [],
  );
  return (
    <div className="overflow-x-auto" {...scrollable(t('a11y:scrollTable'))}>
      <table className="table" data-testid={testId} {...layout}>
        <thead>
          <tr>
            {showEvent ? <th scope="col">{t('riderArea:results.event')}</th> : null}
            {/* On a phone the date goes under the event, so the Payout column stays on screen. */}
            {showEvent ? (
              <th scope="col" className="hidden sm:table-cell">
                {t('riderArea:results.date')}
              </th>
            ) : null}
            <th scope="col">{t('riderArea:results.class')}</th>
            <th scope="col">{t('riderArea:results.place')}</th>
            <th scope="col">{t('riderArea:results.payout')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {rows.map((r) => (
            <tr key={r.resultId}>
              {showEvent ? (
                <td>
                  <a
                    {...navLinkProps(`/auth/rider/event/${r.eventId}`, lang)}
                    className="text-brand hover:underline"
                  >
                    {r.eventTitle}
                  </a>
                  <small>{formatDate(r.eventDate, lang)}</small>
                </td>
              ) : null}
              {showEvent ? <td>{formatDate(r.eventDate, lang)}</td> : null}
              <td>{r.className}</td>
              <td>{placeLabel(t, r.place, r.resultType)}</td>
              <td>
                {r.payoutCents > 0 ? (
                  <span className="font-semibold whitespace-nowrap">
                    {formatMoney(r.payoutCents, r.currency, lang)}
                  </span>
                ) : (
                  <NoPayoutReason
                    reason={r.noPayoutReason}
                    resultId={r.resultId}
                    audience="rider"
                  />
                )}
                {r.bonusCents > 0 ? (
                  <>
                    {' '}
                    <span className="ml-2 text-xs text-gray-600">
                      {t('riderArea:results.bonus', {
                        amount: formatMoney(r.bonusCents, r.currency, lang),
                      })}
                    </span>
                  </>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A titled white box. */
export function Section({
  title,
  children,
  actions,
  testId,
}: {
  title: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
  testId?: string;
}) {
  return (
    <section className="card mb-6" data-testid={testId}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** "Awarded: $120.00 · CA$40.00" (the label is the page's). */
export function AwardedLine({ label, items }: { label: string; items: MoneyItem[] }) {
  return (
    <p className="text-sm">
      {label}{' '}
      <span className="font-semibold">
        <MoneyList items={items} />
      </span>
    </p>
  );
}

/** The words and test ids of the rider's events and series pages. */
const CARD_LISTS = {
  events: {
    title: 'riderArea:events.title',
    none: 'riderArea:events.none',
    awarded: 'riderArea:events.awarded',
    testId: 'my-events',
    itemTestId: 'my-event',
  },
  series: {
    title: 'riderArea:series.title',
    none: 'riderArea:series.none',
    awarded: 'riderArea:series.awarded',
    testId: 'my-series',
    itemTestId: 'my-serie',
  },
} as const;

/**
 * The rider's events or series page (`kind`), a card each: its heading and details line
 * (`heading`), what it awarded the rider and the rider's results in it (the event column only on
 * series cards); the pagination under the cards.
 */
export function AwardedCards<
  Row extends { id: number; awarded: MoneyItem[]; results: ResultLine[] },
>({
  kind,
  list,
  heading,
}: {
  kind: keyof typeof CARD_LISTS;
  list: { rows: Row[]; page: number; totalPages: number };
  heading: (row: Row) => ReactNode;
}) {
  const { t } = useTranslation();
  const words = CARD_LISTS[kind];
  return (
    <>
      <PageHeading title={t(words.title)} />
      {list.rows.length === 0 ? (
        <p className="card text-sm text-gray-600">{t(words.none)}</p>
      ) : (
        <ul className="space-y-4" data-testid={words.testId}>
          {list.rows.map((row) => (
            <li key={row.id} className="card" data-testid={words.itemTestId}>
              <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
                <div>{heading(row)}</div>
                <AwardedLine label={t(words.awarded)} items={row.awarded} />
              </div>
              <ResultsTable rows={row.results} showEvent={kind === 'series'} />
            </li>
          ))}
        </ul>
      )}
      <Pagination page={list.page} totalPages={list.totalPages} />
    </>
  );
}

/** A detail page opened without its id: its title and a link to the list to pick one from. */
export function PickFromList({
  title,
  pick,
  to,
  listTitle,
}: {
  title: string;
  pick: string;
  to: string;
  listTitle: string;
}) {
  return (
    <>
      <PageHeading title={title} />
      <p className="card text-sm">
        {pick}{' '}
        <LLink to={to} className="text-brand hover:underline">
          {listTitle}
        </LLink>
      </p>
    </>
  );
}

/**
 * A column header of a rider-area table. `right`: an amount column, its body cells right-aligned
 * and on one line; `nowrap`: body cells on one line (dates). Said once on the table.
 */
export type HeaderDef = {
  label: string;
  right?: boolean;
  nowrap?: boolean;
  srOnly?: boolean;
  /** Hidden on a phone: the row shows it under another cell there (~/components/phone-details). */
  phoneHidden?: boolean;
};

function headerClass(h: HeaderDef): string | undefined {
  const classes = [h.right ? 'text-right' : '', h.phoneHidden ? 'hidden sm:table-cell' : ''];
  return classes.filter(Boolean).join(' ') || undefined;
}

/**
 * A titled box with a table (`headers`, the body rows as `children`, an optional `foot`), or the
 * `none` line when `empty`; `below` follows either (pagination, a note).
 */
export function TableSection({
  title,
  testId,
  tableTestId,
  empty,
  none,
  headers,
  children,
  foot,
  below,
}: {
  title: ReactNode;
  testId?: string;
  tableTestId?: string;
  empty: boolean;
  none: string;
  headers: readonly HeaderDef[];
  children: ReactNode;
  foot?: ReactNode;
  below?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Section title={title} testId={testId}>
      {empty ? (
        <p className="text-sm text-gray-600">{none}</p>
      ) : (
        <div
          className="overflow-x-auto"
          {...scrollable(typeof title === 'string' ? title : t('a11y:scrollTable'))}
        >
          <table
            className="table"
            data-testid={tableTestId}
            {...tableColumns(
              headers.map((h) => ({
                right: h.right,
                nowrap: h.right || h.nowrap,
                phoneHidden: h.phoneHidden,
              })),
            )}
          >
            <thead>
              <tr>
                {headers.map((h) => (
                  <th key={h.label} scope="col" className={headerClass(h)}>
                    {h.srOnly ? <span className="sr-only">{h.label}</span> : h.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">{children}</tbody>
            {foot}
          </table>
        </div>
      )}
      {below}
    </Section>
  );
}
