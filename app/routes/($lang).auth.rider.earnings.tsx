import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { labeller, phoneDetails } from '~/components/phone-details';
import { PageHeading } from '~/components/dashboard-layout';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { LLink, useLang } from '~/components/link';
import { Pagination } from '~/components/pagination';
import { dateOrDash, placeLabel, TableSection } from '~/components/rider-area';
import { RiderFilterForm } from '~/components/rider-filters';
import { WithdrawalNote } from '~/components/withdrawal-note';
import { getDb } from '~/db.server';
import { formatMoney, todayString } from '~/lib/format';
import { withOverdue } from '~/services/money/payouts/payout-rules.server';
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
    claims: withOverdue(listRiderClaims(db, auth.profile.id), todayString()),
    errors,
  };
}

type Earnings = ReturnType<typeof useLoaderData<typeof loader>>;

/** The labels of an award's details on a phone, looked up once per table. */
function awardDetails(t: TFunction) {
  const label = labeller(t);
  return {
    className: label(t('riderArea:results.class')),
    place: label(t('riderArea:results.place')),
    type: label(t('riderArea:earnings.type')),
    initial: label(t('riderArea:earnings.initial')),
    spent: label(t('riderArea:earnings.spent')),
    awarded: label(t('riderArea:earnings.awarded')),
    expires: label(t('riderArea:earnings.expires')),
  };
}
type AwardDetails = ReturnType<typeof awardDetails>;
type Money = (cents: number, currency: Parameters<typeof formatMoney>[1]) => string;

/** One award: its event (or series end), class, place, type, amounts, status and dates. */
function AwardRow({
  a,
  typeLabels,
  statusLabels,
  seriesEnd,
  money,
  details,
}: {
  a: Earnings['awards']['rows'][number];
  typeLabels: Record<(typeof AWARD_TYPES)[number], string>;
  statusLabels: Record<(typeof RIDER_AWARD_STATUSES)[number], string>;
  seriesEnd: string;
  money: Money;
  details: AwardDetails;
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
        {phoneDetails(
          details.className(a.className),
          a.place === null ? null : details.place(placeLabel(t, a.place, 'finish')),
          details.type(typeLabels[a.type]),
          details.initial(money(a.initialCents, a.currency)),
          details.spent(money(a.spentCents, a.currency)),
          details.awarded(dateOrDash(a.awardedAt, lang)),
          a.expiresOn ? details.expires(dateOrDash(a.expiresOn, lang)) : null,
        )}
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

/** A claim's status, and "Overdue" while it waits past its due date. */
function claimStatus(t: TFunction, c: Earnings['claims'][number]) {
  return (
    <>
      {t(`riderArea:claimStatus.${c.status}`)}
      {c.overdue ? (
        <span className="block font-semibold text-red-800" data-testid="claim-overdue">
          {t('riderArea:claims.overdue')}
        </span>
      ) : null}
    </>
  );
}

/** The rider's payout claims; on a phone the gross, withheld and due date go under the type. */
function ClaimsSection({ claims, money }: { claims: Earnings['claims']; money: Money }) {
  const { t } = useTranslation();
  const lang = useLang();
  const label = labeller(t);
  const gross = label(t('riderArea:claims.gross'));
  const withheld = label(t('riderArea:claims.withheld'));
  const due = label(t('riderArea:claims.dueDate'));
  return (
    <TableSection
      title={t('riderArea:claims.title')}
      testId="claims"
      tableTestId="rider-claims-table"
      empty={claims.length === 0}
      none={t('riderArea:claims.none')}
      headers={[
        { label: t('riderArea:claims.type') },
        { label: t('riderArea:claims.gross'), right: true, phoneHidden: true },
        { label: t('riderArea:claims.withheld'), right: true, phoneHidden: true },
        { label: t('riderArea:claims.net'), right: true },
        { label: t('riderArea:claims.dueDate'), nowrap: true, phoneHidden: true },
        { label: t('riderArea:claims.status') },
      ]}
    >
      {claims.map((c) => (
        <tr key={c.id} data-testid="rider-claim" data-overdue={c.overdue || undefined}>
          <td>
            {t(`riderArea:claimType.${c.type}`)}
            {phoneDetails(
              gross(money(c.grossCents, c.currency)),
              withheld(money(c.withheldCents, c.currency)),
              c.dueDate ? due(dateOrDash(c.dueDate, lang)) : null,
            )}
          </td>
          <td>{money(c.grossCents, c.currency)}</td>
          <td>{money(c.withheldCents, c.currency)}</td>
          <td>{money(c.netCents, c.currency)}</td>
          <td>{dateOrDash(c.dueDate, lang)}</td>
          <td>
            {claimStatus(t, c)}
            {c.sentAt ? (
              <span className="block text-xs text-gray-500">{dateOrDash(c.sentAt, lang)}</span>
            ) : null}
          </td>
        </tr>
      ))}
    </TableSection>
  );
}

/** The totals per currency: on a phone the total's current value only, as the rows show. */
function awardTotals(t: TFunction, totals: Earnings['awards']['totals'], money: Money) {
  return (
    <tfoot className="border-t-2 border-gray-300 font-semibold" data-testid="awards-totals">
      {totals.map((tot) => (
        <tr key={`${tot.currency}-phone`} className="sm:hidden">
          <td>{t('riderArea:earnings.total', { currency: tot.currency })}</td>
          <td className="text-right whitespace-nowrap">{money(tot.currentCents, tot.currency)}</td>
          <td />
        </tr>
      ))}
      {totals.map((tot) => (
        <tr key={tot.currency} className="hidden sm:table-row">
          <td colSpan={4}>{t('riderArea:earnings.total', { currency: tot.currency })}</td>
          <td className="text-right whitespace-nowrap">{money(tot.initialCents, tot.currency)}</td>
          <td className="text-right whitespace-nowrap">{money(tot.currentCents, tot.currency)}</td>
          <td className="text-right whitespace-nowrap">{money(tot.spentCents, tot.currency)}</td>
          <td colSpan={3} />
        </tr>
      ))}
    </tfoot>
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
  const details = awardDetails(t);
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
        // On a phone the class, place, type, the other amounts and the dates go under the event,
        // so the current value and the status stay on screen.
        headers={[
          { label: t('riderArea:results.event') },
          { label: t('riderArea:results.class'), phoneHidden: true },
          { label: t('riderArea:results.place'), phoneHidden: true },
          { label: t('riderArea:earnings.type'), phoneHidden: true },
          { label: t('riderArea:earnings.initial'), right: true, phoneHidden: true },
          { label: t('riderArea:earnings.current'), right: true },
          { label: t('riderArea:earnings.spent'), right: true, phoneHidden: true },
          { label: t('riderArea:earnings.status') },
          { label: t('riderArea:earnings.awarded'), nowrap: true, phoneHidden: true },
          { label: t('riderArea:earnings.expires'), nowrap: true, phoneHidden: true },
        ]}
        foot={awardTotals(t, awards.totals, money)}
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
            details={details}
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
