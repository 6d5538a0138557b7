/** The promoter's series: its events (dates, status, payouts per class, links) and what it paid. */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '~/components/dashboard-layout';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { LLink, useLang } from '~/components/link';
import { getDb } from '~/db.server';
import { formatDate, formatMoney } from '~/lib/format';
import { requireRole } from '~/services/auth/guard.server';
import {
  promoterSeriesPage,
  type PromoterSeriesPage,
} from '~/services/events/management/promoter-series.server';
import { scrollable } from '~/components/scroll-region';
import { idParam } from '~/lib/ids';
import { at, itemTitle, type RouteHandle } from '~/lib/route-handle';
import { UserText } from '~/components/user-text';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireRole(request, 'promoter');
  const id = idParam(params.seriesId);
  const page = id === null ? null : promoterSeriesPage(getDb(), auth.profile.id, id);
  if (!page) throw new Response('Not Found', { status: 404 });
  return page;
}

type Money = PromoterSeriesPage['paid'];

function MoneyList({ list, empty }: { list: Money; empty: string }) {
  const lang = useLang();
  if (list.length === 0) return <>{empty}</>;
  return <>{list.map((m) => formatMoney(m.cents, m.currency, lang)).join(' · ')}</>;
}

const STATUS_TONE: Record<string, string> = {
  upcoming: 'bg-blue-100 text-blue-900',
  posted: 'bg-green-100 text-green-900',
  awaiting: 'bg-yellow-100 text-yellow-900',
  late: 'bg-red-100 text-red-900',
  cancelled: 'bg-gray-200 text-gray-800',
};

const k = (key: string) => `completion:promoterSeries.${key}`;

/** An event's classes, each with what its places pay. */
function ClassPayouts({
  classes,
}: {
  classes: ReturnType<typeof useLoaderData<typeof loader>>['events'][number]['classes'];
}) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <td className="py-2 pr-3">
      {classes.length === 0 ? (
        <span className="text-gray-600">{t(k('noClasses'))}</span>
      ) : (
        <ul>
          {classes.map((c) => (
            <li key={c.id}>
              <span className="font-medium">{c.name}</span> ({t(k(`payoutTypes.${c.payoutType}`))})
              {c.places.length ? t('common:punctuation.colon') : ''}
              {c.places
                .map((p) =>
                  t(k('placeAmount'), {
                    place: p.place,
                    amount: formatMoney(p.amountCents, c.currency, lang),
                  }),
                )
                .join(', ')}
            </li>
          ))}
        </ul>
      )}
    </td>
  );
}

export default function PromoterSeriePage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { series, events, paid, seriesEndPaid } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeading title={series.name} />
      {series.description ? <p className="mb-4 text-gray-700">{series.description}</p> : null}
      <p className="mb-2 text-gray-700">
        {formatDate(series.firstDate, lang)} – {formatDate(series.lastDate, lang)}
      </p>
      <section className="card mb-6" aria-labelledby="series-paid" data-testid="series-paid">
        <h2 id="series-paid" className="mb-2 text-lg font-semibold">
          {t(k('seriesPaid'))}
        </h2>
        <p className="text-xl font-semibold">
          <MoneyList list={paid} empty={t(k('nothingPaid'))} />
        </p>
        {seriesEndPaid.length ? (
          <p className="text-sm text-gray-600">
            {t(k('seriesEndPaid'))} <MoneyList list={seriesEndPaid} empty="" />
          </p>
        ) : null}
      </section>
      <section className="card" aria-labelledby="series-events">
        <h2 id="series-events" className="mb-2 text-lg font-semibold">
          {t(k('events'))}
        </h2>
        {events.length === 0 ? (
          <p className="text-gray-600">{t(k('noEvents'))}</p>
        ) : (
          <div className="overflow-x-auto" {...scrollable(t('a11y:scrollTable'))}>
            <table className="w-full text-left text-sm" data-testid="series-events">
              <thead>
                <tr>
                  <th scope="col" className="py-2 pr-3">
                    {t(k('date'))}
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    {t(k('event'))}
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    {t(k('status'))}
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    {t(k('classPayouts'))}
                  </th>
                  <th scope="col" className="py-2">
                    {t(k('paid'))}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-200">
                {events.map((e) => (
                  <tr key={e.id} className="align-top">
                    <td className="py-2 pr-3 whitespace-nowrap">{formatDate(e.date, lang)}</td>
                    <td className="py-2 pr-3">
                      <LLink
                        to={`/auth/promoter/event/${e.id}`}
                        className="font-medium text-brand hover:underline"
                      >
                        <UserText>{e.title}</UserText>
                      </LLink>
                      {e.city || e.state ? (
                        <div className="text-gray-600">
                          {[e.city, e.state].filter(Boolean).join(', ')}
                        </div>
                      ) : null}
                    </td>
                    <td className="py-2 pr-3">
                      <span
                        className={`rounded px-2 py-0.5 text-xs font-medium ${STATUS_TONE[e.status]}`}
                      >
                        {t(k(`statuses.${e.status}`))}
                      </span>
                    </td>
                    <ClassPayouts classes={e.classes} />
                    <td className="py-2 whitespace-nowrap">
                      <MoneyList list={e.paid} empty="—" />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = {
  title: itemTitle('titles:promoterSerie', (d) => at(d, 'series', 'name')),
} as const satisfies RouteHandle;
