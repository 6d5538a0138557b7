/**
 * Series detail: the series, its events and its contingency standings per class. 404 for an
 * unknown id.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { LLink, useLang } from '~/components/link';
import { EventRow, MoneyTotals } from '~/components/public-site';
import { SeriesStandings } from '~/components/series-standings';
import { requestLang } from '~/i18next.server';
import { eventCards, placeLabel } from '~/lib/places.server';
import { getDb } from '~/db.server';
import { formatDate } from '~/lib/format';
import { cachedPublicSeries } from '~/services/events/catalog/public-series.server';
import { idParam } from '~/lib/ids';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ params, request }: LoaderFunctionArgs) {
  const id = idParam(params.seriesId);
  if (id === null) throw new Response('Not Found', { status: 404 });
  const detail = cachedPublicSeries(getDb(), id);
  if (!detail) throw new Response('Not Found', { status: 404 });
  const lang = requestLang(request);
  return {
    ...detail,
    series: { ...detail.series, place: placeLabel(detail.series, lang) },
    events: eventCards(detail.events, lang),
  };
}

export default function SeriesPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { series, events, standings } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <p className="mb-4 text-sm">
        <LLink to="/events?tab=series" className="text-brand hover:underline">
          ← {t('public:series.back')}
        </LLink>
      </p>
      <h1 className="text-3xl font-extrabold" data-testid="series-title">
        {series.name}
      </h1>
      {series.description ? (
        <p className="mt-3 max-w-3xl whitespace-pre-line text-gray-700">{series.description}</p>
      ) : null}
      <dl className="mt-6 grid gap-x-8 gap-y-2 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <dt className="text-xs uppercase text-gray-500">{t('public:series.dates')}</dt>
          <dd className="font-semibold">
            {formatDate(series.firstDate, lang)} – {formatDate(series.lastDate, lang)}
          </dd>
        </div>
        <div>
          <dt className="text-xs uppercase text-gray-500">{t('public:series.where')}</dt>
          <dd>{series.place || '—'}</dd>
        </div>
        {series.categoryName ? (
          <div>
            <dt className="text-xs uppercase text-gray-500">{t('public:event.program')}</dt>
            <dd>{series.categoryName}</dd>
          </div>
        ) : null}
        {series.raceStyle ? (
          <div>
            <dt className="text-xs uppercase text-gray-500">{t('public:event.type')}</dt>
            <dd>{t(`common:raceStyle.${series.raceStyle}`)}</dd>
          </div>
        ) : null}
        {series.promoterName ? (
          <div>
            <dt className="text-xs uppercase text-gray-500">{t('public:event.promoter')}</dt>
            <dd>{series.promoterName}</dd>
          </div>
        ) : null}
        <div>
          <dt className="text-xs uppercase text-gray-500">{t('public:events.contingency')}</dt>
          <dd className="text-xl font-bold text-brand">
            <MoneyTotals amounts={series.contingency} />
          </dd>
        </div>
      </dl>
      <p className="mt-6 rounded border border-gray-200 bg-gray-50 p-3 text-sm text-gray-700">
        {t('public:series.standingsNote')}
      </p>
      <h2 className="mb-4 mt-8 text-2xl font-bold">
        {t('public:series.eventsTitle', { count: events.length })}
      </h2>
      {events.length ? (
        <ul className="space-y-3" data-testid="series-events">
          {events.map((e) => (
            <EventRow key={e.id} event={e} showResultsHint t={t} lang={lang} />
          ))}
        </ul>
      ) : (
        <p className="card text-gray-700">{t('public:series.noEvents')}</p>
      )}
      <SeriesStandings standings={standings} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = {
  cache: 'public',
  title: (data: unknown) => (data as { series?: { name?: string } } | undefined)?.series?.name,
} as const satisfies RouteHandle;
