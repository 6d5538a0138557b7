/**
 * Event detail: title, date and time, venue and its website,
 * location, series, notes, bonuses, classes with their payout type and place amounts (in the
 * class's currency) and the results of each class: place, rider, bike, hometown, and the payout
 * or why there is none. 404 for an unknown id.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { LLink, navLinkProps, useLang } from '~/components/link';
import { NoPayoutReason } from '~/components/no-payout-reason';
import { CancelledBadge, eventTime, MoneyTotals } from '~/components/public-site';
import { requestLang } from '~/i18next.server';
import { placeLabel } from '~/lib/places.server';
import { getDb } from '~/db.server';
import { formatDate, formatMoney, todayString } from '~/lib/format';
import { placeOrdinal as ordinal } from '~/lib/place-ordinal';
import type { Lang } from '~/lib/lang';
import {
  cachedPublicEvent,
  type PublicClass,
  type PublicResult,
} from '~/services/events/catalog/public-event-detail.server';
import { scrollable } from '~/components/scroll-region';
import { labeller, phoneDetails } from '~/components/phone-details';
import { tableColumns } from '~/lib/table-columns';
import { idParam } from '~/lib/ids';
import type { RouteHandle } from '~/lib/route-handle';
import { UserText } from '~/components/user-text';

export async function loader({ params, request }: LoaderFunctionArgs) {
  const id = idParam(params.eventId);
  if (id === null) throw new Response('Not Found', { status: 404 });
  const detail = cachedPublicEvent(getDb(), id);
  if (!detail) throw new Response('Not Found', { status: 404 });
  const place = placeLabel(detail.event, requestLang(request));
  return { ...detail, event: { ...detail.event, place }, today: todayString() };
}

/** One per result row: given the class card's `t` and language rather than hooks of its own. */
function PayoutCell({
  result,
  cls,
  t,
  lang,
}: {
  result: PublicResult;
  cls: PublicClass;
  t: TFunction;
  lang: Lang;
}) {
  const parts: string[] = [];
  if (result.payoutCents > 0) {
    parts.push(
      `${formatMoney(result.payoutCents, cls.currency, lang)} (${t(`common:payoutType.${cls.payoutType}`)})`,
    );
  }
  if (result.bonusCents > 0) {
    parts.push(
      t('public:event.bonusAmount', {
        amount: formatMoney(result.bonusCents, cls.currency, lang),
        note: result.bonusNote ?? '',
      }).trim(),
    );
  }
  if (parts.length)
    return <span className="font-semibold text-green-800">{parts.join(' + ')}</span>;
  if (result.noPayoutReason) {
    return <NoPayoutReason reason={result.noPayoutReason} resultId={result.id} audience="public" />;
  }
  return <span className="text-gray-400">—</span>;
}

/** On a phone the bike and hometown go under the rider, so the payout stays on screen. */
const RESULT_COLUMNS = tableColumns([{}, {}, { phoneHidden: true }, { phoneHidden: true }, {}]);

/**
 * What each place pays: one row of places from `sm` up; on a phone a place per row, so a class
 * paying ten places keeps every amount on screen.
 */
function PlacesTables({ cls, t, lang }: { cls: PublicClass; t: TFunction; lang: Lang }) {
  const caption = t('public:event.placesCaption', { name: cls.name });
  return (
    <>
      <div className="mt-3 hidden overflow-x-auto sm:block" {...scrollable(caption)}>
        {/* No cell wraps: said once for the table, not on each of its cells. */}
        <table className="table [&_td]:whitespace-nowrap [&_th]:whitespace-nowrap">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr>
              {cls.places.map((p) => (
                <th key={p.place} scope="col">
                  {ordinal(p.place, lang)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              {cls.places.map((p) => (
                <td key={p.place}>{formatMoney(p.amountCents, cls.currency, lang)}</td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>
      <table className="table mt-3 sm:hidden" data-testid="places-phone">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('public:event.place')}</th>
            <th scope="col" className="text-right">
              {t('public:event.payout')}
            </th>
          </tr>
        </thead>
        <tbody>
          {cls.places.map((p) => (
            <tr key={p.place}>
              <th scope="row" className="font-normal">
                {ordinal(p.place, lang)}
              </th>
              <td className="text-right whitespace-nowrap">
                {formatMoney(p.amountCents, cls.currency, lang)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

function ClassCard({ cls }: { cls: PublicClass }) {
  const { t } = useTranslation();
  const lang = useLang();
  const label = labeller(t);
  const bike = label(t('public:event.bike'));
  const hometown = label(t('public:event.hometown'));
  return (
    <section className="card" aria-labelledby={`class-${cls.id}`} data-testid="event-class">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`class-${cls.id}`} className="text-lg font-bold">
          {cls.name}
        </h3>
        <p className="text-sm">
          <span className="rounded bg-gray-100 px-2 py-0.5 font-semibold">
            {t(`common:payoutType.${cls.payoutType}`)}
          </span>
          {cls.payoutType !== 'noPayout' ? (
            <>
              {' '}
              <span className="ml-2 text-gray-600">
                {t('common:punctuation.label', { label: t('public:event.classTotal') })}{' '}
                <strong>{formatMoney(cls.totalCents, cls.currency, lang)}</strong>
              </span>
            </>
          ) : null}
        </p>
      </div>
      {cls.payoutType !== 'noPayout' && cls.places.length ? (
        <PlacesTables cls={cls} t={t} lang={lang} />
      ) : null}
      {cls.results.length ? (
        <div className="mt-4 overflow-x-auto" {...scrollable(t('public:event.resultsCaption'))}>
          <table
            className="table [&_td:first-child]:whitespace-nowrap"
            data-testid="class-results"
            {...RESULT_COLUMNS}
          >
            <caption className="mb-2 text-left font-semibold">
              {t('public:event.resultsCaption')}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('public:event.place')}</th>
                <th scope="col">{t('public:event.rider')}</th>
                <th scope="col" className="hidden sm:table-cell">
                  {t('public:event.bike')}
                </th>
                <th scope="col" className="hidden sm:table-cell">
                  {t('public:event.hometown')}
                </th>
                <th scope="col">{t('public:event.payout')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-200">
              {cls.results.map((r) => (
                <tr key={r.id}>
                  <td>
                    {r.resultType === 'finish' && r.place !== null
                      ? ordinal(r.place, lang)
                      : r.resultType}
                  </td>
                  <td>
                    {r.riderName}
                    {phoneDetails(bike(r.bike), hometown(r.hometown))}
                  </td>
                  <td>{r.bike || '—'}</td>
                  <td>{r.hometown || '—'}</td>
                  <td>
                    <PayoutCell result={r} cls={cls} t={t} lang={lang} />
                    {r.claimable ? (
                      <a
                        {...navLinkProps(`/auth/rider/claim/${r.id}`, lang)}
                        className="block text-xs text-brand underline"
                      >
                        {t('claims:claimThis')}
                      </a>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

type EventData = ReturnType<typeof useLoaderData<typeof loader>>;

/** When, where, what kind, which series and program, who promotes it, what it offers. */
function EventFacts({ event, series }: Pick<EventData, 'event' | 'series'>) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <dl className="mt-4 grid gap-x-8 gap-y-2 sm:grid-cols-2">
      <div>
        <dt className="text-xs uppercase text-gray-500">{t('public:event.date')}</dt>
        <dd className="font-semibold">
          {formatDate(event.date, lang)} · {eventTime(event.date, event.startTime, lang)}
        </dd>
      </div>
      <div>
        <dt className="text-xs uppercase text-gray-500">{t('public:event.venue')}</dt>
        <dd>
          {event.venue ? <UserText>{event.venue}</UserText> : t('common:tbd')}
          {event.venueWebsite ? (
            <>
              {' · '}
              <a
                href={event.venueWebsite}
                target="_blank"
                rel="noopener noreferrer"
                className="text-brand hover:underline"
              >
                {t('public:event.venueWebsite')}
              </a>
            </>
          ) : null}
        </dd>
      </div>
      <div>
        <dt className="text-xs uppercase text-gray-500">{t('public:event.location')}</dt>
        <dd>{[event.place, event.zipcode].filter(Boolean).join(' ') || t('common:tbd')}</dd>
      </div>
      {event.eventType ? (
        <div>
          <dt className="text-xs uppercase text-gray-500">{t('public:event.type')}</dt>
          <dd>{t(`common:raceStyle.${event.eventType}`)}</dd>
        </div>
      ) : null}
      {series ? (
        <div>
          <dt className="text-xs uppercase text-gray-500">{t('public:events.series')}</dt>
          <dd>
            <LLink
              to={`/events/serie/${series.id}`}
              className="text-brand hover:underline"
              data-testid="series-link"
            >
              {series.name}
            </LLink>
          </dd>
        </div>
      ) : null}
      {event.categoryName ? (
        <div>
          <dt className="text-xs uppercase text-gray-500">{t('public:event.program')}</dt>
          <dd>{event.categoryName}</dd>
        </div>
      ) : null}
      {event.promoterName ? (
        <div>
          <dt className="text-xs uppercase text-gray-500">{t('public:event.promoter')}</dt>
          <dd>{event.promoterName}</dd>
        </div>
      ) : null}
      <div>
        <dt className="text-xs uppercase text-gray-500">{t('public:events.contingency')}</dt>
        <dd className="text-xl font-bold text-brand">
          <MoneyTotals amounts={event.contingency} />
        </dd>
      </div>
    </dl>
  );
}

export default function EventPage() {
  const { t } = useTranslation();
  const { event, series, today } = useLoaderData<typeof loader>();
  const hasResults = event.classes.some((c) => c.results.length > 0);
  const past = event.date < today;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <p className="mb-4 text-sm">
        <LLink to="/events" className="text-brand hover:underline">
          ← {t('public:event.backToSchedule')}
        </LLink>
      </p>
      <header className="mb-8">
        <h1 className="text-3xl font-extrabold" data-testid="event-title">
          <UserText>{event.title}</UserText>
          {event.cancelled ? (
            <>
              {' '}
              <CancelledBadge label={t('public:events.cancelled')} />
            </>
          ) : null}
        </h1>
        {event.cancelled ? (
          <p className="mt-2 font-semibold text-red-800">{t('public:event.cancelledNotice')}</p>
        ) : null}
        <EventFacts event={event} series={series} />
      </header>

      {event.notes ? (
        <section className="mb-6">
          <h2 className="mb-2 text-xl font-bold">{t('public:event.notes')}</h2>
          <UserText block className="whitespace-pre-line text-gray-700">
            {event.notes}
          </UserText>
        </section>
      ) : null}
      {event.bonuses ? (
        <section className="mb-6">
          <h2 className="mb-2 text-xl font-bold">{t('public:event.bonuses')}</h2>
          <UserText block className="whitespace-pre-line text-gray-700">
            {event.bonuses}
          </UserText>
        </section>
      ) : null}

      <section aria-labelledby="classes-title">
        <h2 id="classes-title" className="mb-2 text-xl font-bold">
          {t('public:event.classesTitle')}
        </h2>
        <p className="mb-4 text-sm text-gray-600">{t('public:event.classesRules')}</p>
        {!hasResults && !event.cancelled ? (
          <p className="mb-4 rounded border border-blue-200 bg-blue-50 p-3 text-sm text-blue-900">
            {past ? t('public:event.resultsPending') : t('public:event.resultsLater')}
          </p>
        ) : null}
        {event.classes.length ? (
          <div className="space-y-4">
            {event.classes.map((c) => (
              <ClassCard key={c.id} cls={c} />
            ))}
          </div>
        ) : (
          <p className="card text-gray-700">{t('public:event.noClasses')}</p>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = {
  cache: 'public',
  title: (data: unknown) => (data as { event?: { title?: string } } | undefined)?.event?.title,
} as const satisfies RouteHandle;
