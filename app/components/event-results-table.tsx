/**
 * The results of one class on the event page: each result with what it pays (or why not), its
 * bonus, and the edit / link / delete actions; the edit and link panels open under their row.
 */
import { useLocation } from '@remix-run/react';
import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ConfirmForm, forIntent, Refusal } from '~/components/event-form-parts';
import { EditPanel, LinkPanel } from '~/components/event-result-panels';
import { useLang } from '~/components/link';
import type { Currency } from '~/lib/constants';
import { formatMoney } from '~/lib/format';
import type { ClassView, ResultView } from '~/services/events/management/event-view.server';
import type { EventActionData, EventPageData } from '~/http/events/event-page.server';
import { scrollable } from '~/components/scroll-region';
import { labeller, phoneDetails } from '~/components/phone-details';
import { tableColumns } from '~/lib/table-columns';

// On a phone the AMA number, bike, hometown, result and bonus go under the rider
// (~/components/phone-details): the place, rider, payout and actions fit 390 px.
const PHONE_HIDDEN = { phoneHidden: true };
const RESULT_COLUMNS = tableColumns([
  {},
  {},
  PHONE_HIDDEN,
  PHONE_HIDDEN,
  PHONE_HIDDEN,
  PHONE_HIDDEN,
  {},
  PHONE_HIDDEN,
  {},
]);
const WIDE = 'hidden sm:table-cell';

/** The phone's lines under a result's rider: what its hidden columns say. */
function riderDetails(t: TFunction, r: ResultView, bonus: string) {
  const label = labeller(t);
  return phoneDetails(
    label(t('events:table.ama'))(r.amaNumber),
    label(t('events:table.bike'))([r.make, r.model].filter(Boolean).join(' ')),
    label(t('events:table.hometown'))(r.hometown),
    label(t('events:table.result'))(t(`events:resultTypes.${r.resultType}`)),
    label(t('events:table.bonus'))(bonus),
  );
}

/** What a result pays (cash or credit), or why it pays nothing. */
function PayoutCell({
  r,
  currency,
  payoutLabel,
}: {
  r: ResultView;
  currency: Currency;
  payoutLabel: string;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  if (r.payoutCents > 0) {
    return (
      <span data-testid="payout" className="font-medium text-green-800">
        {formatMoney(r.payoutCents, currency, lang)}{' '}
        <span className="text-xs text-gray-600">({payoutLabel})</span>
      </span>
    );
  }
  return (
    <span data-testid="payout" className="text-gray-600">
      {r.noPayoutReason ? t(`events:reasons.${r.noPayoutReason}`) : '—'}
    </span>
  );
}

/** A row under a result spanning the whole table (a refusal, the edit or link panel). */
function WideRow({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={9} className={className}>
        {children}
      </td>
    </tr>
  );
}

export function ResultsTable({
  cls,
  rows,
  data,
  actionData,
}: {
  cls: ClassView;
  rows: ResultView[];
  data: EventPageData;
  actionData?: EventActionData;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const { pathname } = useLocation();
  const payoutLabel = t(`events:payoutTypes.${cls.payoutType}`);
  const classError = forIntent(actionData, 'deleteClassResults', cls.id);
  return (
    <section
      className="mb-8"
      data-testid="results-class"
      data-class={cls.name}
      aria-labelledby={`results-${cls.id}`}
    >
      <div className="mb-2 flex flex-wrap items-center justify-between gap-3">
        <h3 id={`results-${cls.id}`} className="text-base font-semibold">
          {cls.name}{' '}
          <span className="text-sm font-normal text-gray-600">
            ({payoutLabel} · {t('events:page.present', { count: cls.present })})
          </span>
        </h3>
        <ConfirmForm
          intent="deleteClassResults"
          fields={{ classId: cls.id }}
          message="events:table.confirmDeleteResults"
          className="text-sm text-red-700 underline"
        >
          {t('events:table.deleteClassResults')}
        </ConfirmForm>
      </div>
      {classError ? <Refusal data={classError} testId="class-action-errors" /> : null}
      <div
        className="overflow-x-auto"
        {...scrollable(t('events:table.caption', { className: cls.name }))}
      >
        <table
          className="table w-full text-sm"
          data-testid="event-results-table"
          {...RESULT_COLUMNS}
        >
          <caption className="sr-only">
            {t('events:table.caption', { className: cls.name })}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('events:table.place')}</th>
              <th scope="col">{t('events:table.rider')}</th>
              <th scope="col" className={WIDE}>
                {t('events:table.ama')}
              </th>
              <th scope="col" className={WIDE}>
                {t('events:table.bike')}
              </th>
              <th scope="col" className={WIDE}>
                {t('events:table.hometown')}
              </th>
              <th scope="col" className={WIDE}>
                {t('events:table.result')}
              </th>
              <th scope="col">{t('events:table.payout')}</th>
              <th scope="col" className={WIDE}>
                {t('events:table.bonus')}
              </th>
              <th scope="col">{t('events:table.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <ResultRows
                key={r.id}
                r={r}
                cls={cls}
                data={data}
                actionData={actionData}
                payoutLabel={payoutLabel}
                pathname={pathname}
                lang={lang}
              />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/**
 * The result's rider as the file named them: unlinked (with the link to link them), linked to
 * someone of another name, and riders marked "not this rider". A plain call, not a component:
 * it runs for every row of a busy event.
 */
function riderCell(t: TFunction, r: ResultView, pathname: string, bonus: string) {
  return (
    <td data-testid="rider">
      <span className="font-medium">{r.riderName}</span>
      {r.riderId === null ? (
        <>
          {' '}
          <span
            className="rounded bg-yellow-100 px-1.5 text-xs text-yellow-900"
            data-testid="unlinked"
          >
            {t('events:table.unlinked')}
          </span>{' '}
          <a href={`${pathname}?link=${r.id}#result-${r.id}`} className="text-xs underline">
            {t('events:table.link')}
          </a>
        </>
      ) : r.linkedRiderName && r.linkedRiderName !== r.riderName ? (
        <span className="block text-xs text-gray-600">
          {t('events:table.linkedTo', { name: r.linkedRiderName })}
        </span>
      ) : null}
      {r.notThisRider.length ? (
        <span className="block text-xs text-gray-600" data-testid="not-this-rider">
          {t('removeRaces:notThisRider', { names: r.notThisRider.join(', ') })}
        </span>
      ) : null}
      {riderDetails(t, r, bonus)}
    </td>
  );
}

function ResultRows({
  r,
  cls,
  data,
  actionData,
  payoutLabel,
  pathname,
  lang,
}: {
  r: ResultView;
  cls: ClassView;
  data: EventPageData;
  actionData?: EventActionData;
  payoutLabel: string;
  pathname: string;
  lang: 'en' | 'fr';
}) {
  const { t } = useTranslation();
  const editing = data.editId === r.id || forIntent(actionData, 'editResult', r.id) !== undefined;
  const linking = data.link?.resultId === r.id ? data.link : null;
  const rowError = forIntent(actionData, 'deleteResult', r.id);
  const bonus =
    r.bonusCents > 0
      ? r.payoutCents > 0
        ? formatMoney(r.bonusCents, cls.currency, lang)
        : t('events:table.bonusNotPaid', {
            amount: formatMoney(r.bonusCents, cls.currency, lang),
          })
      : '';
  return (
    <>
      <tr
        id={`result-${r.id}`}
        data-testid="result-row"
        data-rider={r.riderName}
        data-class={cls.name}
      >
        <td data-testid="place">{r.place ?? '—'}</td>
        {riderCell(t, r, pathname, bonus)}
        <td>{r.amaNumber ?? ''}</td>
        <td data-testid="bike">{[r.make, r.model].filter(Boolean).join(' ')}</td>
        <td>{r.hometown ?? ''}</td>
        <td data-testid="result-type">{t(`events:resultTypes.${r.resultType}`)}</td>
        <td>
          <PayoutCell r={r} currency={cls.currency} payoutLabel={payoutLabel} />
        </td>
        <td data-testid="bonus">
          {bonus}
          {r.bonusNote ? <span className="block text-xs text-gray-600">{r.bonusNote}</span> : null}
        </td>
        <td>
          <div className="flex flex-wrap items-center gap-3">
            <a href={`${pathname}?edit=${r.id}#result-${r.id}`} className="underline">
              {t('events:table.edit')}
            </a>
            {r.riderId !== null ? (
              <a href={`${pathname}?link=${r.id}#result-${r.id}`} className="underline">
                {t('events:table.relink')}
              </a>
            ) : null}
            <ConfirmForm
              intent="deleteResult"
              fields={{ resultId: r.id }}
              message="events:table.confirmDeleteResults"
              className="text-red-700 underline"
            >
              {t('events:table.delete')}
            </ConfirmForm>
          </div>
        </td>
      </tr>
      {rowError ? (
        <WideRow>
          <Refusal data={rowError} testId="row-errors" />
        </WideRow>
      ) : null}
      {editing ? (
        <WideRow className="bg-gray-50">
          <EditPanel r={r} actionData={actionData} />
        </WideRow>
      ) : null}
      {linking ? (
        <WideRow className="bg-gray-50">
          <LinkPanel r={r} link={linking} actionData={actionData} />
        </WideRow>
      ) : null}
    </>
  );
}
