import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '~/components/dashboard-layout';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { LLink, useLang } from '~/components/link';
import { AwardedLine, PickFromList, ResultsTable, Section } from '~/components/rider-area';
import { getDb } from '~/db.server';
import { formatDate, formatMoney } from '~/lib/format';
import { requireRole } from '~/services/auth/guard.server';
import { riderSeriesDetail } from '~/services/people/rider-event-detail.server';
import { idParam } from '~/lib/ids';
import { at, itemTitle, type RouteHandle } from '~/lib/route-handle';
import { UserText } from '~/components/user-text';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireRole(request, 'rider');
  if (params.seriesId === undefined) return { detail: null };
  const id = idParam(params.seriesId);
  const detail = id ? riderSeriesDetail(getDb(), auth.profile.id, id) : null;
  if (!detail) throw new Response('Not Found', { status: 404 });
  return { detail };
}

export default function RiderSeriePage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { detail } = useLoaderData<typeof loader>();
  if (!detail) {
    return (
      <PickFromList
        title={t('riderArea:serie.title')}
        pick={t('riderArea:serie.pick')}
        to="/auth/rider/series"
        listTitle={t('riderArea:series.title')}
      />
    );
  }
  const { series, events, results, awarded, finalAwards } = detail;
  return (
    <>
      <PageHeading title={series.name}>
        <LLink to="/auth/rider/series" className="btn-secondary">
          {t('riderArea:series.title')}
        </LLink>
      </PageHeading>

      <Section title={t('riderArea:serie.details')} testId="serie-details">
        <p className="text-sm text-gray-600">
          {t('riderArea:series.dates', {
            first: formatDate(series.firstDate, lang),
            last: formatDate(series.lastDate, lang),
          })}
          {series.raceStyle ? ` · ${t(`common:raceStyle.${series.raceStyle}`)}` : ''}
        </p>
        {series.description ? (
          <p className="mt-2 text-sm whitespace-pre-line">{series.description}</p>
        ) : null}
      </Section>

      <Section
        title={t('riderArea:serie.myResults')}
        testId="my-results"
        actions={<AwardedLine label={t('riderArea:series.awarded')} items={awarded} />}
      >
        <ResultsTable rows={results} />
      </Section>

      {finalAwards.length ? (
        <Section title={t('riderArea:serie.finalStandings')} testId="final-awards">
          <ul className="divide-y divide-gray-100 text-sm">
            {finalAwards.map((a) => (
              <li key={a.id} className="flex flex-wrap justify-between gap-2 py-2">
                <span className="whitespace-pre-line">{a.notes}</span>
                <span className="font-semibold">
                  {formatMoney(a.cents, a.currency, lang)} ·{' '}
                  {t(`common:payoutType.${a.payoutType}`)}
                </span>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      <Section title={t('riderArea:serie.events')} testId="serie-events">
        {events.length === 0 ? (
          <p className="text-sm text-gray-600">{t('riderArea:serie.noEvents')}</p>
        ) : (
          <ul className="divide-y divide-gray-100 text-sm">
            {events.map((e) => (
              <li key={e.id} className="flex flex-wrap justify-between gap-2 py-2">
                <span>
                  <LLink to={`/auth/rider/event/${e.id}`} className="text-brand hover:underline">
                    <UserText>{e.title}</UserText>
                  </LLink>
                  {e.cancelled ? (
                    <>
                      {' '}
                      <span className="ml-2 rounded bg-red-100 px-2 py-0.5 text-xs text-red-800">
                        {t('riderArea:events.cancelled')}
                      </span>
                    </>
                  ) : null}
                  {e.raced ? (
                    <>
                      {' '}
                      <span className="ml-2 rounded bg-brand-tint px-2 py-0.5 text-xs text-brand-dark">
                        {t('riderArea:serie.raced')}
                      </span>
                    </>
                  ) : null}
                </span>
                <span className="text-gray-600">
                  {formatDate(e.date, lang)}
                  {e.city || e.state ? ` · ${[e.city, e.state].filter(Boolean).join(', ')}` : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = {
  title: itemTitle('titles:riderSerie', (d) => at(d, 'detail', 'series', 'name')),
} as const satisfies RouteHandle;
