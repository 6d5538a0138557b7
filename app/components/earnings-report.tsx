/**
 * The earnings report of the admin rider-earnings page: awards with filters (their own query
 * parameters and page, `awardsPage`, so the payout-claims list on the same page keeps its own),
 * totals per currency, and the awards table.
 */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { AdminList, type Column } from '~/components/admin-list';
import { labeller, phoneDetails } from '~/components/phone-details';
import { CONFIRM_PARAMS } from '~/components/payout-claims';
import { useLang } from '~/components/link';
import { DateText, Money } from '~/components/values';
import { AWARD_STATUSES } from '~/lib/constants';
import { formatDate, formatMoney } from '~/lib/format';
import type { Lang } from '~/lib/lang';
import type { RiderEarningsOverview } from '~/services/money/awards/rider-earnings-admin.server';

type Earnings = RiderEarningsOverview['earnings'];

function Totals({ totals }: { totals: Earnings['totals'] }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <div className="mb-4 flex flex-wrap gap-4" data-testid="earnings-totals">
      {totals.length === 0 ? (
        <p className="text-gray-600">{t('payouts:earnings.none')}</p>
      ) : (
        totals.map((tot) => (
          <div key={tot.currency} className="card min-w-56">
            <p className="text-sm text-gray-600">
              {t('payouts:earnings.totalsFor', { currency: tot.currency, count: tot.awards })}
            </p>
            <p>
              {t('common:punctuation.label', { label: t('payouts:earnings.earned') })}{' '}
              <strong>{formatMoney(tot.initialCents, tot.currency, lang)}</strong>
            </p>
            <p>
              {t('common:punctuation.label', { label: t('payouts:earnings.current') })}{' '}
              <strong>{formatMoney(tot.currentCents, tot.currency, lang)}</strong>
            </p>
          </div>
        ))
      )}
    </div>
  );
}

type AwardRow = Earnings['awards'][number];

/** The award's event and its date. */
function EventCell({ a }: { a: AwardRow }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <>
      {a.eventTitle ?? t('common:none')}
      {a.eventDate ? (
        <span className="block text-xs text-gray-500">{formatDate(a.eventDate, lang)}</span>
      ) : null}
    </>
  );
}

/** Cash waits for payment information by a date; credit expires on one. */
function deadline(t: TFunction, a: AwardRow, lang: Lang): string {
  if (a.payoutType === 'cash')
    return a.paymentInfoDueAt
      ? t('payouts:earnings.paymentInfoBy', { date: formatDate(a.paymentInfoDueAt, lang) })
      : '';
  return a.expiresAt
    ? t('payouts:earnings.expiresOn', { date: formatDate(a.expiresAt, lang) })
    : '';
}

/**
 * The awards table's columns. On a phone the award's date, event, type, status, deadline and
 * claim go under the rider, so both amounts stay on screen.
 */
function earningsColumns(t: TFunction, lang: Lang): Column<AwardRow>[] {
  const label = labeller(t);
  const awarded = label(t('payouts:earnings.awarded'));
  const event = label(t('payouts:earnings.event'));
  const type = label(t('payouts:filters.awardType'));
  const status = label(t('payouts:filters.status'));
  const claim = label(t('payouts:earnings.claim'));
  const kind = (a: AwardRow) =>
    t(`payouts:awardKind.${a.payoutType === 'cash' ? 'cash' : 'credit'}`);
  return [
    {
      header: t('payouts:earnings.awarded'),
      cell: (a) => <DateText value={a.awardedAt} />,
      hideOnPhone: true,
    },
    {
      header: t('payouts:claims.rider'),
      cell: (a) => (
        <>
          {a.riderName}
          {phoneDetails(
            awarded(formatDate(a.awardedAt, lang)),
            event(a.eventTitle ?? t('common:none')),
            type(kind(a)),
            status(t(`payouts:awardStatus.${a.status}`)),
            deadline(t, a, lang),
            a.payoutClaimId ? claim(`#${a.payoutClaimId}`) : null,
          )}
        </>
      ),
    },
    { header: t('payouts:earnings.event'), cell: (a) => <EventCell a={a} />, hideOnPhone: true },
    {
      header: t('payouts:filters.awardType'),
      hideOnPhone: true,
      cell: (a) => (
        <>
          {kind(a)}
          {a.type === 'bonus' ? (
            <span className="block text-xs text-gray-500">{t('payouts:awardKind.bonus')}</span>
          ) : null}
        </>
      ),
    },
    {
      header: t('payouts:earnings.earned'),
      align: 'right',
      cell: (a) => <Money cents={a.initialCents} currency={a.currency} />,
    },
    {
      header: t('payouts:earnings.current'),
      align: 'right',
      cell: (a) => <Money cents={a.currentCents} currency={a.currency} />,
    },
    {
      header: t('payouts:filters.status'),
      cell: (a) => t(`payouts:awardStatus.${a.status}`),
      hideOnPhone: true,
    },
    {
      header: t('payouts:earnings.deadline'),
      cell: (a) => deadline(t, a, lang),
      hideOnPhone: true,
    },
    {
      header: t('payouts:earnings.claim'),
      cell: (a) => (a.payoutClaimId ? `#${a.payoutClaimId}` : ''),
      hideOnPhone: true,
    },
  ];
}

export function EarningsSection({
  earnings,
  errors,
}: {
  earnings: Earnings;
  errors: Partial<Record<string, string>>;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const any = t('payouts:filters.any');
  return (
    <section aria-labelledby="earnings-title">
      <h2 id="earnings-title" className="mb-3 text-xl font-semibold">
        {t('payouts:earnings.title')}
      </h2>
      <AdminList
        filters={[
          { name: 'from', id: 'from', type: 'date', label: t('payouts:filters.afterDate') },
          { name: 'to', id: 'to', type: 'date', label: t('payouts:filters.beforeDate') },
          {
            name: 'awardType',
            id: 'awardType',
            label: t('payouts:filters.awardType'),
            anyLabel: any,
            options: (['cash', 'credit'] as const).map((k) => ({
              value: k,
              label: t(`payouts:awardKind.${k}`),
            })),
          },
          {
            name: 'awardStatus',
            id: 'awardStatus',
            label: t('payouts:filters.status'),
            anyLabel: any,
            options: AWARD_STATUSES.map((s) => ({
              value: s,
              label: t(`payouts:awardStatus.${s}`),
            })),
          },
          { name: 'name', id: 'name', label: t('payouts:filters.riderName') },
        ]}
        errors={errors}
        filterProps={{ testId: 'earnings-filters' }}
        pageParam="awardsPage"
        drop={CONFIRM_PARAMS}
        summary={<Totals totals={earnings.totals} />}
        empty={null}
        rows={earnings.awards}
        rowKey={(a) => a.id}
        pagination={earnings.pagination}
        testId="earnings-table"
        columns={earningsColumns(t, lang)}
      />
    </section>
  );
}
