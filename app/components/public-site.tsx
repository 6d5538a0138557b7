/** Pieces shared by the public site's pages (home, schedule, series, event, dealers, about). */
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LLink, LNavLink, navLinkProps, useLang } from '~/components/link';
import type { EventCard } from '~/lib/event-card';
import type { Currency } from '~/lib/constants';
import { formatDate, formatMoney, formatNumber, formatTime } from '~/lib/format';
import type { Lang } from '~/lib/lang';
import { UserText } from '~/components/user-text';

/** An amount in each currency, e.g. '$12,500.00 + CA$3,000.00' ('—' when nothing). */
export function MoneyTotals({
  amounts,
  empty = '—',
}: {
  amounts: { currency: Currency; cents: number }[];
  empty?: string;
}) {
  const lang = useLang();
  return <>{moneyTotalsText(amounts, lang, empty)}</>;
}

/** Amounts in several currencies as one text ('$1,000.00 + CA$500.00'), `empty` for none. */
function moneyTotalsText(
  amounts: { currency: Currency; cents: number }[],
  lang: Lang,
  empty = '—',
): string {
  if (!amounts.length) return empty;
  return amounts.map((m) => formatMoney(m.cents, m.currency, lang)).join(' + ');
}

/** An event's start time for display: 'TBD' without one. */
export function eventTime(date: string, startTime: string | null, lang: Lang): string {
  return startTime ? formatTime(`${date}T${startTime}`, lang) : formatTime(null, lang);
}

/** A small red 'Cancelled' badge. */
/** « Cancelled »: `label` is `t('public:events.cancelled')` (the page's translation, no hook of its own). */
export function CancelledBadge({ label }: { label: string }) {
  return (
    <span
      className="ml-2 inline-block rounded bg-red-100 px-2 py-0.5 text-xs font-semibold uppercase text-red-800"
      data-testid="cancelled-badge"
    >
      {label}
    </span>
  );
}

export type EventCardData = EventCard;

/**
 * One event in a list: date and time, title (link), venue, place, series, contingency. The list's
 * `t` and language are passed in: a list renders many rows, and hooks per row add up.
 */
export function EventRow({
  event,
  showResultsHint = false,
  t,
  lang,
}: {
  event: EventCardData;
  showResultsHint?: boolean;
  t: TFunction;
  lang: Lang;
}) {
  return (
    <li className="card flex flex-col gap-3 sm:flex-row sm:items-start" data-testid="event-row">
      <div className="shrink-0 sm:w-40">
        <p className="font-semibold">{formatDate(event.date, lang)}</p>
        <p className="text-sm text-gray-600">{eventTime(event.date, event.startTime, lang)}</p>
      </div>
      <div className="min-w-0 flex-1">
        <h3 className="text-lg font-bold">
          <a
            {...navLinkProps(`/events/event/${event.id}`, lang)}
            className="hover:text-brand hover:underline"
          >
            <UserText>{event.title}</UserText>
          </a>
          {event.cancelled ? (
            <>
              {' '}
              <CancelledBadge label={t('public:events.cancelled')} />
            </>
          ) : null}
        </h3>
        <p className="text-sm text-gray-700">
          <UserText>{[event.venue, event.place].filter(Boolean).join(' · ')}</UserText>
          {event.distanceMiles !== null && event.distanceMiles !== undefined ? (
            <>
              {' '}
              <span className="ml-2 text-gray-500">
                ({distanceLabel(event.distanceMiles, lang)})
              </span>
            </>
          ) : null}
        </p>
        {event.seriesId && event.seriesName ? (
          <p className="text-sm">
            {t('common:punctuation.label', { label: t('public:events.series') })}{' '}
            <a
              {...navLinkProps(`/events/serie/${event.seriesId}`, lang)}
              className="text-brand hover:underline"
            >
              {event.seriesName}
            </a>
          </p>
        ) : null}
        {showResultsHint && event.hasResults ? (
          <p className="text-sm text-green-800">{t('public:events.resultsPosted')}</p>
        ) : null}
      </div>
      <div className="shrink-0 text-left sm:text-right">
        <p className="text-xs uppercase text-gray-500">{t('public:events.contingency')}</p>
        <p className="font-bold text-brand">{moneyTotalsText(event.contingency, lang)}</p>
      </div>
    </li>
  );
}

/** A distance for display: miles in English, kilometres in French. */
export function distanceLabel(miles: number, lang: Lang): string {
  if (lang === 'fr') {
    const km = Math.round(miles * 1.609344 * 10) / 10;
    return `${formatNumber(km, 'fr')} km`;
  }
  return `${formatNumber(miles, 'en')} mi`;
}

/** Previous / next links that keep the current query string (works without JS). */

const ABOUT_PAGES = [
  ['/about/overview', 'common:nav.overview'],
  ['/about/rules', 'common:nav.rules'],
  ['/about/faq-riders', 'common:nav.faqRiders'],
  ['/about/faq-dealers', 'common:nav.faqDealers'],
  ['/about/faq-promoters', 'common:nav.faqPromoters'],
  ['/about/contact', 'common:nav.contact'],
] as const;

/** The frame of the About pages: a side menu of the six pages and the page's content. */
export function AboutFrame({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:grid-cols-[14rem_1fr]">
      <nav aria-label={t('common:nav.about')} className="md:sticky md:top-4 md:self-start">
        <ul className="space-y-1 text-sm">
          {ABOUT_PAGES.map(([to, key]) => (
            <li key={to}>
              <LNavLink
                to={to}
                className={({ isActive }) =>
                  `block rounded px-3 py-2 ${isActive ? 'bg-brand-fill font-semibold text-ink' : 'hover:bg-gray-100'}`
                }
              >
                {t(key)}
              </LNavLink>
            </li>
          ))}
        </ul>
      </nav>
      <article className="min-w-0">
        <h1 className="page-title text-3xl">{title}</h1>
        {intro ? <div className="mb-6 text-lg text-gray-700">{intro}</div> : null}
        {children}
      </article>
    </div>
  );
}

/** Reads a list of objects from the translations (e.g. FAQ entries); [] when missing. */
export function tList<T>(
  t: (key: string, opts: { returnObjects: true }) => unknown,
  key: string,
): T[] {
  const value = t(key, { returnObjects: true });
  return Array.isArray(value) ? (value as T[]) : [];
}

type FaqSection = { title: string; items: { q: string; a: string | string[] }[] };

/**
 * An FAQ page of the about section (riders, dealers, promoters): its sections of questions from
 * `public:faq.<audience>`, then the way to contact the program.
 */
export function FaqPage({ audience }: { audience: 'riders' | 'dealers' | 'promoters' }) {
  const { t } = useTranslation();
  const sections = tList<FaqSection>(t, `public:faq.${audience}.sections`);
  return (
    <AboutFrame
      title={t(`public:faq.${audience}.title`)}
      intro={<p>{t(`public:faq.${audience}.intro`)}</p>}
    >
      <div className="space-y-8">
        {sections.map((s) => (
          <section key={s.title} aria-label={s.title}>
            <h2 className="mb-3 text-xl font-bold">{s.title}</h2>
            <FaqList items={s.items} />
          </section>
        ))}
      </div>
      <p className="mt-8 text-gray-700">
        {t('public:faq.more')}{' '}
        <LLink to="/about/contact" className="font-semibold text-brand hover:underline">
          {t('public:faq.contactUs')}
        </LLink>
      </p>
    </AboutFrame>
  );
}

/** Questions and answers as native <details> (open/close without JS). */
function FaqList({ items }: { items: { q: string; a: string | string[] }[] }) {
  return (
    <div
      className="divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white"
      data-testid="faq"
    >
      {items.map((item) => (
        <details key={item.q} className="group p-4">
          <summary className="cursor-pointer list-none font-semibold marker:hidden">
            <span className="mr-2 inline-block text-brand transition-transform group-open:rotate-90 motion-reduce:transition-none">
              ›
            </span>
            {item.q}
          </summary>
          <div className="mt-3 space-y-2 pl-5 text-gray-700">
            {(Array.isArray(item.a) ? item.a : [item.a]).map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
        </details>
      ))}
    </div>
  );
}
