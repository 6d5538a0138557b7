import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '~/components/dashboard-layout';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { LLink, useLang } from '~/components/link';
import { Pagination } from '~/components/pagination';
import { dateOrDash, placeLabel, TableSection } from '~/components/rider-area';
import { RiderFilterForm } from '~/components/rider-filters';
import { WithdrawalNote } from '~/components/withdrawal-note';
import { getDb } from '~/db.server';
import { formatMoney } from '~/lib/format';
import {
  AWARD_TYPES,
  earningsFilterSchema,
  parseFilters,
  RIDER_AWARD_STATUSES,
} from '~/lib/schemas/rider-area';
import { requireRole } from '~/services/auth/guard.server';
import { listRiderAwards, listRiderClaims } from '~/services/people/rider-earnings.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireRole(request, 'rider');
  const { value, errors } = parseFilters(new URL(request.url).searchParams, earningsFilterSchema);
  const db = getDb();
  return {
    awards: listRiderAwards(db, auth.profile.id, value, new Date()),
    claims: listRiderClaims(db, auth.profile.id),
    errors,
  };
}

type Earnings = ReturnType<typeof useLoaderData<typeof loader>>;
type Money = (cents: number, currency: Parameters<typeof formatMoney>[1]) => string;

/** One award: its event (or series end), class, place, type, amounts, status and dates. */
function AwardRow({
  a,
  typeLabels,
  statusLabels,
  seriesEnd,
  money,
}: {
  a: Earnings['awards']['rows'][number];
  typeLabels: Record<(typeof AWARD_TYPES)[number], string>;
  statusLabels: Record<(typeof RIDER_AWARD_STATUSES)[number], string>;
  seriesEnd: string;
  money: Money;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <tr key={a.id}>
      <td>
        {a.eventId ? (
          <LLink to={`/auth/rider/event/${a.eventId}`} className="text-brand hover:underline">
            {a.eventTitle}
          </LLink>
        ) : a.seriesId ? (
          <>
            <LLink to={`/auth/rider/serie/${a.seriesId}`} className="text-brand hover:underline">
              {a.eventTitle}
            </LLink>
            <span className="block text-xs text-gray-500">{seriesEnd}</span>
          </>
        ) : (
          '—'
        )}
        {a.notes ? <span className="block text-xs text-gray-500">{a.notes}</span> : null}
        {a.withdrawnBy ? (
          <WithdrawalNote award={a} className="block text-xs text-gray-500" />
        ) : null}
      </td>
      <td>{a.className ?? '—'}</td>
      <td>{a.place === null ? '—' : placeLabel(t, a.place, 'finish')}</td>
      <td>
        {typeLabels[a.type]}
        {a.type === 'bonus' ? (
          <span className="block text-xs text-gray-500">
            {t(`common:payoutType.${a.payoutType}`)}
          </span>
        ) : null}
      </td>
      <td>{money(a.initialCents, a.currency)}</td>
      <td>{money(a.currentCents, a.currency)}</td>
      <td>{money(a.spentCents, a.currency)}</td>
      <td>{statusLabels[a.status]}</td>
      <td>{dateOrDash(a.awardedAt, lang)}</td>
      <td>{dateOrDash(a.expiresOn, lang)}</td>
    </tr>
  );
}

/** The rider's payout claims. */
function ClaimsSection({ claims, money }: { claims: Earnings['claims']; money: Money }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <TableSection
      title={t('riderArea:claims.title')}
      testId="claims"
      empty={claims.length === 0}
      none={t('riderArea:claims.none')}
      headers={[
        { label: t('riderArea:claims.type') },
        { label: t('riderArea:claims.gross'), right: true },
        { label: t('riderArea:claims.withheld'), right: true },
        { label: t('riderArea:claims.net'), right: true },
        { label: t('riderArea:claims.dueDate'), nowrap: true },
        { label: t('riderArea:claims.status') },
      ]}
    >
      {claims.map((c) => (
        <tr key={c.id}>
          <td>{t(`riderArea:claimType.${c.type}`)}</td>
          <td>{money(c.grossCents, c.currency)}</td>
          <td>{money(c.withheldCents, c.currency)}</td>
          <td>{money(c.netCents, c.currency)}</td>
          <td>{dateOrDash(c.dueDate, lang)}</td>
          <td>
            {t(`riderArea:claimStatus.${c.status}`)}
            {c.sentAt ? (
              <span className="block text-xs text-gray-500">{dateOrDash(c.sentAt, lang)}</span>
            ) : null}
          </td>
        </tr>
      ))}
    </TableSection>
  );
}

export default function RiderEarningsPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { awards, claims, errors } = useLoaderData<typeof loader>();
  const money = (cents: number, currency: Parameters<typeof formatMoney>[1]) =>
    formatMoney(cents, currency, lang);
  // Each label looked up once, for the filters and every row.
  const typeLabels = labels(AWARD_TYPES, (v) => t(`riderArea:awardType.${v}`));
  const statusLabels = labels(RIDER_AWARD_STATUSES, (v) => t(`riderArea:awardStatus.${v}`));
  const seriesEnd = t('riderArea:earnings.seriesEnd');
  return (
    <>
      <PageHeading title={t('riderArea:earnings.title')} />

      <RiderFilterForm
        fields={[
          {
            name: 'type',
            id: 'filter-type',
            label: t('riderArea:earnings.type'),
            options: AWARD_TYPES.map((v) => ({ value: v, label: typeLabels[v] })),
          },
          {
            name: 'status',
            id: 'filter-status',
            label: t('riderArea:earnings.status'),
            options: RIDER_AWARD_STATUSES.map((v) => ({ value: v, label: statusLabels[v] })),
          },
        ]}
        errors={errors}
        clearTo="/auth/rider/earnings"
        testId="earnings-filter"
      />

      <TableSection
        title={t('riderArea:earnings.awards', { count: awards.total })}
        testId="awards"
        tableTestId="awards-table"
        empty={awards.rows.length === 0}
        none={t('riderArea:earnings.none')}
        headers={[
          { label: t('riderArea:results.event') },
          { label: t('riderArea:results.class') },
          { label: t('riderArea:results.place') },
          { label: t('riderArea:earnings.type') },
          { label: t('riderArea:earnings.initial'), right: true },
          { label: t('riderArea:earnings.current'), right: true },
          { label: t('riderArea:earnings.spent'), right: true },
          { label: t('riderArea:earnings.status') },
          { label: t('riderArea:earnings.awarded'), nowrap: true },
          { label: t('riderArea:earnings.expires'), nowrap: true },
        ]}
        foot={
          <tfoot className="border-t-2 border-gray-300 font-semibold" data-testid="awards-totals">
            {awards.totals.map((tot) => (
              <tr key={tot.currency}>
                <td colSpan={4}>{t('riderArea:earnings.total', { currency: tot.currency })}</td>
                <td className="text-right whitespace-nowrap">
                  {money(tot.initialCents, tot.currency)}
                </td>
                <td className="text-right whitespace-nowrap">
                  {money(tot.currentCents, tot.currency)}
                </td>
                <td className="text-right whitespace-nowrap">
                  {money(tot.spentCents, tot.currency)}
                </td>
                <td colSpan={3} />
              </tr>
            ))}
          </tfoot>
        }
        below={
          <>
            <Pagination page={awards.page} totalPages={awards.totalPages} />
            <p className="mt-3 text-xs text-gray-500">{t('riderArea:earnings.expiryHelp')}</p>
          </>
        }
      >
        {awards.rows.map((a) => (
          <AwardRow
            key={a.id}
            a={a}
            typeLabels={typeLabels}
            statusLabels={statusLabels}
            seriesEnd={seriesEnd}
            money={money}
          />
        ))}
      </TableSection>

      <ClaimsSection claims={claims} money={money} />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { title: 'titles:earnings' } as const satisfies RouteHandle;

/** Each value's label, looked up once. */
function labels<V extends string>(
  values: readonly V[],
  label: (v: V) => string,
): Record<V, string> {
  return Object.fromEntries(values.map((v) => [v, label(v)])) as Record<V, string>;
}
