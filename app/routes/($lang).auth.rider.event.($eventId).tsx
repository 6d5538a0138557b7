import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '~/components/dashboard-layout';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { LLink, useLang } from '~/components/link';
import { AwardedLine, PickFromList, ResultsTable, Section } from '~/components/rider-area';
import { getDb } from '~/db.server';
import { countryLabel } from '~/lib/countries';
import { formatDate, formatMoney, formatTime } from '~/lib/format';
import { requireRole } from '~/services/auth/guard.server';
import { riderEventDetail } from '~/services/people/rider-event-detail.server';
import { scrollable } from '~/components/scroll-region';
import { idParam } from '~/lib/ids';
import { at, itemTitle, type RouteHandle } from '~/lib/route-handle';
import { UserText } from '~/components/user-text';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireRole(request, 'rider');
  if (params.eventId === undefined) return { detail: null };
  const id = idParam(params.eventId);
  const detail = id ? riderEventDetail(getDb(), auth.profile.id, id, new Date()) : null;
  if (!detail) throw new Response('Not Found', { status: 404 });
  return { detail };
}

type Detail = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>['detail']>;

/** When and where the event runs, its series, bonuses and notes. */
function EventFacts({ event, series }: Pick<Detail, 'event' | 'series'>) {
  const { t } = useTranslation();
  const lang = useLang();
  const time = event.startTime ? formatTime(`${event.date}T${event.startTime}`, lang) : null;
  return (
    <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
      <dt className="text-gray-600">{t('riderArea:event.date')}</dt>
      <dd>
        {formatDate(event.date, lang)}
        {time ? ` · ${time}` : ''}
        {event.cancelled ? (
          <>
            {' '}
            <span className="ml-2 rounded bg-red-100 px-2 py-0.5 text-xs text-red-800">
              {t('riderArea:events.cancelled')}
            </span>
          </>
        ) : null}
      </dd>
      {event.venue ? (
        <>
          <dt className="text-gray-600">{t('riderArea:event.venue')}</dt>
          <dd>
            {event.venueWebsite && /^https?:\/\//i.test(event.venueWebsite) ? (
              <a
                href={event.venueWebsite}
                className="text-brand hover:underline"
                rel="noopener noreferrer"
                target="_blank"
              >
                <UserText>{event.venue}</UserText>
              </a>
            ) : (
              <UserText>{event.venue}</UserText>
            )}
          </dd>
        </>
      ) : null}
      <dt className="text-gray-600">{t('riderArea:event.location')}</dt>
      <dd>
        {[event.city, event.state, countryLabel(event.country, lang)].filter(Boolean).join(', ')}
      </dd>
      {event.eventType ? (
        <>
          <dt className="text-gray-600">{t('riderArea:event.type')}</dt>
          <dd>{t(`common:raceStyle.${event.eventType}`)}</dd>
        </>
      ) : null}
      {series ? (
        <>
          <dt className="text-gray-600">{t('riderArea:event.series')}</dt>
          <dd>
            <LLink to={`/auth/rider/serie/${series.id}`} className="text-brand hover:underline">
              {series.name}
            </LLink>
          </dd>
        </>
      ) : null}
      {event.bonuses ? (
        <>
          <dt className="text-gray-600">{t('riderArea:event.bonuses')}</dt>
          <dd className="whitespace-pre-line">{event.bonuses}</dd>
        </>
      ) : null}
      {event.notes ? (
        <>
          <dt className="text-gray-600">{t('riderArea:event.notes')}</dt>
          <dd className="whitespace-pre-line">{event.notes}</dd>
        </>
      ) : null}
    </dl>
  );
}

/** The rider's awards of the event. */
function AwardsTable({ awards }: Pick<Detail, 'awards'>) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <div className="overflow-x-auto" {...scrollable(t('riderArea:event.myAwards'))}>
      <table className="table">
        <thead>
          <tr>
            <th scope="col">{t('riderArea:results.class')}</th>
            <th scope="col">{t('riderArea:earnings.type')}</th>
            <th scope="col" className="text-right">
              {t('riderArea:earnings.initial')}
            </th>
            <th scope="col" className="text-right">
              {t('riderArea:earnings.current')}
            </th>
            <th scope="col">{t('riderArea:earnings.status')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {awards.map((a) => (
            <tr key={a.id}>
              <td>{a.className ?? '—'}</td>
              <td>
                {t(`riderArea:awardType.${a.type}`)}
                {a.type === 'bonus' ? (
                  <span className="block text-xs text-gray-500">
                    {t(`common:payoutType.${a.payoutType}`)}
                  </span>
                ) : null}
              </td>
              <td className="text-right whitespace-nowrap">
                {formatMoney(a.initialCents, a.currency, lang)}
              </td>
              <td className="text-right whitespace-nowrap">
                {formatMoney(a.currentCents, a.currency, lang)}
              </td>
              <td>{t(`riderArea:awardStatus.${a.status}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The event's classes, each with what its places pay. */
function ClassPlaces({ classes }: Pick<Detail, 'classes'>) {
  const { t } = useTranslation();
  const lang = useLang();
  return classes.length === 0 ? (
    <p className="text-sm text-gray-600">{t('riderArea:event.noClasses')}</p>
  ) : (
    <div className="grid gap-4 md:grid-cols-2">
      {classes.map((c) => (
        <div key={c.id} className="rounded border border-gray-200 p-3">
          <h3 className="font-semibold">
            {c.name}{' '}
            <span className="text-xs font-normal text-gray-600">
              · {t(`common:payoutType.${c.payoutType}`)}
            </span>
          </h3>
          {c.payoutType === 'noPayout' || c.places.length === 0 ? (
            <p className="text-sm text-gray-600">{t('riderArea:event.noPlaces')}</p>
          ) : (
            <table className="table mt-2">
              <thead>
                <tr>
                  <th scope="col">{t('riderArea:results.place')}</th>
                  <th scope="col" className="text-right">
                    {t('riderArea:results.payout')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {c.places.map((p) => (
                  <tr key={p.place}>
                    <td>{p.place}</td>
                    <td className="text-right">{formatMoney(p.amountCents, c.currency, lang)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      ))}
    </div>
  );
}

export default function RiderEventPage() {
  const { t } = useTranslation();
  const { detail } = useLoaderData<typeof loader>();
  if (!detail) {
    return (
      <PickFromList
        title={t('riderArea:event.title')}
        pick={t('riderArea:event.pick')}
        to="/auth/rider/events"
        listTitle={t('riderArea:events.title')}
      />
    );
  }
  const { event, series, classes, results, awards, awarded } = detail;
  return (
    <>
      <PageHeading title={<UserText>{event.title}</UserText>}>
        <LLink to="/auth/rider/events" className="btn-secondary">
          {t('riderArea:events.title')}
        </LLink>
      </PageHeading>

      <Section title={t('riderArea:event.details')} testId="event-details">
        <EventFacts event={event} series={series} />
      </Section>

      <Section
        title={t('riderArea:event.myResults')}
        testId="my-results"
        actions={<AwardedLine label={t('riderArea:events.awarded')} items={awarded} />}
      >
        <ResultsTable rows={results} showEvent={false} />
      </Section>

      {awards.length ? (
        <Section title={t('riderArea:event.myAwards')} testId="my-awards">
          <AwardsTable awards={awards} />
        </Section>
      ) : null}

      <Section title={t('riderArea:event.classes')} testId="event-classes">
        <ClassPlaces classes={classes} />
      </Section>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = {
  title: itemTitle('titles:riderEvent', (d) => at(d, 'detail', 'event', 'title')),
} as const satisfies RouteHandle;
