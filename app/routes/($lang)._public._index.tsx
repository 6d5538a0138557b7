/**
 * Home: the program's promise, the contingency posted at upcoming events
 * (GET /api/aggregates/contingency logic), how it works for riders, dealers and promoters,
 * recent events (5 before today) and upcoming events, and the calls to action.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { LLink, useLang } from '~/components/link';
import { EventRow, MoneyTotals } from '~/components/public-site';
import { getDb } from '~/db.server';
import { RECENT_EVENTS_LIMIT } from '~/lib/constants';
import { formatDate, todayString } from '~/lib/format';
import { contingencyAggregate } from '~/services/reports/aggregates.server';
import { eventsAround } from '~/services/events/catalog/public-event-list.server';
import { requestLang } from '~/i18next.server';
import { eventCards } from '~/lib/places.server';
import type { RouteHandle } from '~/lib/route-handle';

/** Upcoming events shown on the home page. */
const UPCOMING_LIMIT = 5;

export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  const today = todayString();
  const lang = requestLang(request);
  return {
    contingency: contingencyAggregate(db, today),
    recentEvents: eventCards(eventsAround(db, { before: today, limit: RECENT_EVENTS_LIMIT }), lang),
    upcomingEvents: eventCards(eventsAround(db, { from: today, limit: UPCOMING_LIMIT }), lang),
  };
}

const AUDIENCES = ['riders', 'dealers', 'promoters'] as const;
const AUDIENCE_LINKS = {
  riders: '/register',
  dealers: '/about/faq-dealers',
  promoters: '/about/faq-promoters',
} as const;
const STEPS = [1, 2, 3] as const;

type HomeData = ReturnType<typeof useLoaderData<typeof loader>>;

/** The welcome, the ways in, and what the coming months' events offer. */
function Hero({ contingency }: { contingency: HomeData['contingency'] }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <section className="bg-ink text-white">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 md:grid-cols-[3fr_2fr] md:items-center">
        <div>
          <p className="text-sm font-semibold uppercase tracking-widest text-brand-fill">
            {t('public:home.eyebrow')}
          </p>
          <h1 className="mt-3 text-4xl font-extrabold leading-tight md:text-5xl">
            {t('public:home.heroTitle')}
          </h1>
          <p className="mt-4 text-lg text-gray-300">{t('public:home.heroText')}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <LLink to="/register" className="btn text-lg">
              {t('common:nav.registerToday')}
            </LLink>
            <LLink to="/dealers" className="btn-secondary text-lg">
              {t('public:home.findDealer')}
            </LLink>
            <LLink
              to="/events"
              className="inline-flex items-center px-2 font-semibold text-white underline"
            >
              {t('public:home.seeSchedule')}
            </LLink>
          </div>
        </div>
        <div
          className="rounded-xl border border-white/20 bg-white/5 p-6 text-center"
          data-testid="contingency"
        >
          <p className="text-sm uppercase tracking-wide text-gray-300">
            {t('public:home.contingencyTitle')}
          </p>
          <p className="mt-2 text-4xl font-extrabold text-brand-fill">
            <MoneyTotals amounts={contingency.amounts} empty={t('public:home.contingencyNone')} />
          </p>
          <p className="mt-2 text-sm text-gray-300">
            {t('public:home.contingencyWindow', {
              count: contingency.eventCount,
              from: formatDate(contingency.from, lang),
              to: formatDate(contingency.to, lang),
            })}
          </p>
          <p className="mt-4 text-sm text-gray-300">{t('common:footer.noFees')}</p>
        </div>
      </div>
    </section>
  );
}

/** How it works, in three steps for each audience. */
function HowItWorks() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-6xl px-4 py-14" aria-labelledby="how-title">
      <h2 id="how-title" className="text-3xl font-bold">
        {t('public:home.howTitle')}
      </h2>
      <p className="mt-2 max-w-3xl text-gray-700">{t('public:home.howIntro')}</p>
      <div className="mt-8 grid gap-6 md:grid-cols-3">
        {AUDIENCES.map((who) => (
          <div key={who} className="card">
            <h3 className="text-xl font-bold">{t(`public:home.how.${who}.title`)}</h3>
            <ol className="mt-3 list-decimal space-y-2 pl-5 text-gray-700">
              {STEPS.map((n) => (
                <li key={n}>{t(`public:home.how.${who}.step${n}`)}</li>
              ))}
            </ol>
            <p className="mt-4">
              <LLink to={AUDIENCE_LINKS[who]} className="font-semibold text-brand hover:underline">
                {t(`public:home.how.${who}.cta`)}
              </LLink>
            </p>
          </div>
        ))}
      </div>
    </section>
  );
}

export default function Home() {
  const { t } = useTranslation();
  const lang = useLang();
  const { contingency, recentEvents, upcomingEvents } = useLoaderData<typeof loader>();
  return (
    <>
      <Hero contingency={contingency} />

      <HowItWorks />

      <section className="bg-gray-50 py-14">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 lg:grid-cols-2">
          <div data-testid="recent-events">
            <h2 className="text-2xl font-bold">{t('public:home.recentTitle')}</h2>
            <p className="mt-1 text-sm text-gray-600">{t('public:home.recentIntro')}</p>
            {recentEvents.length ? (
              <ul className="mt-4 space-y-3">
                {recentEvents.map((e) => (
                  <EventRow key={e.id} event={e} showResultsHint t={t} lang={lang} />
                ))}
              </ul>
            ) : (
              <p className="mt-4 text-gray-600">{t('public:home.recentNone')}</p>
            )}
          </div>
          <div data-testid="upcoming-events">
            <h2 className="text-2xl font-bold">{t('public:home.upcomingTitle')}</h2>
            <p className="mt-1 text-sm text-gray-600">{t('public:home.upcomingIntro')}</p>
            {upcomingEvents.length ? (
              <ul className="mt-4 space-y-3">
                {upcomingEvents.map((e) => (
                  <EventRow key={e.id} event={e} t={t} lang={lang} />
                ))}
              </ul>
            ) : (
              <p className="mt-4 text-gray-600">{t('public:home.upcomingNone')}</p>
            )}
            <p className="mt-4">
              <LLink to="/events" className="font-semibold text-brand hover:underline">
                {t('public:home.fullSchedule')}
              </LLink>
            </p>
          </div>
        </div>
      </section>

      <section className="bg-brand-fill text-ink">
        <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 px-4 py-12 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 className="text-3xl font-extrabold">{t('public:home.ctaTitle')}</h2>
            <p className="mt-2 max-w-2xl">{t('public:home.ctaText')}</p>
          </div>
          <div className="flex flex-wrap gap-3">
            <LLink to="/register" className="btn-secondary text-lg">
              {t('common:nav.registerToday')}
            </LLink>
            <LLink
              to="/dealers"
              className="inline-flex items-center rounded-md border border-ink px-4 py-2 font-semibold text-ink hover:bg-black/10"
            >
              {t('public:home.findDealer')}
            </LLink>
          </div>
        </div>
      </section>
    </>
  );
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'public', title: 'titles:home' } as const satisfies RouteHandle;
