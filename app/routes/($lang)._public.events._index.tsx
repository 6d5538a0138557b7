/**
 * Schedule: the event finder (title, city, state, ZIP / postal code, country,
 * show cancelled; upcoming or past) and a Series tab (name, city, state, ZIP, country). Plain GET
 * forms and links, so everything works without JavaScript.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { LLink, useLang, useLocalize } from '~/components/link';
import { Pagination } from '~/components/pagination';
import { EventRow, MoneyTotals } from '~/components/public-site';
import { getDb } from '~/db.server';
import { requestLang } from '~/i18next.server';
import { choices, eventCards, stateName, withPlace, type Choice } from '~/lib/places.server';
import { regionGroups } from '~/lib/regions';
import { formatDate } from '~/lib/format';
import { eventSearchSchema, queryObject, seriesSearchSchema } from '~/lib/schemas/public';
import { ZIP_SEARCH_MILES } from '~/lib/constants';
import {
  listEvents,
  scheduleCountryChoices,
} from '~/services/events/catalog/public-event-list.server';
import { listSeries } from '~/services/events/catalog/public-series.server';
import { parseOr400 } from '~/http/json-api.server';
import { scrollable } from '~/components/scroll-region';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const query = queryObject(url);
  const db = getDb();
  const lang = requestLang(request);
  // The state filter's options come from ~/lib/regions in the page's JavaScript, not from here.
  const names = { countries: scheduleCountryChoices(db, lang, url.searchParams.get('country')) };
  if (url.searchParams.get('tab') === 'series') {
    const filters = parseOr400(seriesSearchSchema, query);
    const found = listSeries(db, filters);
    return {
      tab: 'series' as const,
      names,
      seriesFilters: filters,
      series: {
        ...found,
        allSeries: withPlace(found.allSeries, lang),
        distinctStates: choices(found.distinctStates, (s) => stateName(s, lang), lang),
      },
      eventFilters: null,
      events: null,
    };
  }
  const filters = parseOr400(eventSearchSchema, query);
  const found = listEvents(db, filters);
  return {
    tab: 'events' as const,
    names,
    eventFilters: filters,
    events: { ...found, events: eventCards(found.events, lang) },
    seriesFilters: null,
    series: null,
  };
}

function CountrySelect({
  defaultValue,
  countries,
}: {
  defaultValue?: string;
  countries: Choice[];
}) {
  const { t } = useTranslation();
  return (
    <div>
      <label htmlFor="f-country" className="label">
        {t('public:filters.country')}
      </label>
      <select id="f-country" name="country" defaultValue={defaultValue ?? ''} className="input">
        <option value="">{t('public:filters.anyCountry')}</option>
        {countries.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function TextFilter({
  name,
  label,
  defaultValue,
  hint,
}: {
  name: string;
  label: string;
  defaultValue?: string;
  hint?: string;
}) {
  return (
    <div>
      <label htmlFor={`f-${name}`} className="label">
        {label}
      </label>
      <input
        id={`f-${name}`}
        name={name}
        type="search"
        defaultValue={defaultValue ?? ''}
        className="input"
      />
      {hint ? <p className="mt-1 text-xs text-gray-500">{hint}</p> : null}
    </div>
  );
}

/** A state filter: the given states, or every US and Canadian region grouped by country. */
function StateSelect({ defaultValue, states }: { defaultValue?: string; states?: Choice[] }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <div>
      <label htmlFor="f-state" className="label">
        {t('public:filters.state')}
      </label>
      <select id="f-state" name="state" defaultValue={defaultValue ?? ''} className="input">
        <option value="">{t('public:filters.anyState')}</option>
        {states
          ? states.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))
          : regionGroups(lang).map((group) => (
              <optgroup key={group.country} label={t(`public:filters.regionsOf.${group.country}`)}>
                {group.options.map((r) => (
                  <option key={r.value} value={r.value}>
                    {r.label}
                  </option>
                ))}
              </optgroup>
            ))}
      </select>
    </div>
  );
}

function Tabs({ active }: { active: 'upcoming' | 'past' | 'series' }) {
  const { t } = useTranslation();
  const tabs = [
    ['upcoming', '/events', 'public:events.tabUpcoming'],
    ['past', '/events?when=past', 'public:events.tabPast'],
    ['series', '/events?tab=series', 'public:events.tabSeries'],
  ] as const;
  return (
    <nav
      aria-label={t('public:events.tabsLabel')}
      className="mb-6 flex gap-1 border-b border-gray-200"
    >
      {tabs.map(([key, to, label]) => (
        <LLink
          key={key}
          to={to}
          aria-current={active === key ? 'page' : undefined}
          data-testid={`tab-${key}`}
          className={`-mb-px rounded-t border px-4 py-2 font-semibold ${
            active === key
              ? 'border-gray-200 border-b-white bg-white text-brand'
              : 'border-transparent text-gray-600 hover:text-brand'
          }`}
        >
          {t(label)}
        </LLink>
      ))}
    </nav>
  );
}

function EventsTab({ data }: { data: ReturnType<typeof useLoaderData<typeof loader>> }) {
  const { t } = useTranslation();
  const lang = useLang();
  const localize = useLocalize();
  const f = data.eventFilters;
  const list = data.events;
  if (!f || !list) return null;
  return (
    <>
      <Form
        method="get"
        action={localize('/events')}
        className="card mb-6 grid gap-4 md:grid-cols-3"
        role="search"
        aria-label={t('public:events.searchLabel')}
      >
        <input type="hidden" name="when" value={f.when} />
        <TextFilter name="title" label={t('public:filters.title')} defaultValue={f.title} />
        <TextFilter name="city" label={t('public:filters.city')} defaultValue={f.city} />
        <StateSelect defaultValue={f.state} />
        <TextFilter
          name="zipcode"
          label={t('public:filters.zipcode')}
          defaultValue={f.zipcode}
          hint={t('public:events.zipHint', {
            miles: ZIP_SEARCH_MILES,
            km: Math.round(ZIP_SEARCH_MILES * 1.609344),
          })}
        />
        <CountrySelect defaultValue={f.country} countries={data.names.countries} />
        <div className="flex items-end">
          <label className="flex items-center gap-2 pb-2">
            <input
              type="checkbox"
              name="canceled"
              value="true"
              defaultChecked={f.canceled}
              className="h-4 w-4"
            />
            <span>{t('public:filters.showCancelled')}</span>
          </label>
        </div>
        <div className="flex gap-3 md:col-span-3">
          <button type="submit" className="btn">
            {t('common:actions.search')}
          </button>
          <LLink to={f.when === 'past' ? '/events?when=past' : '/events'} className="btn-secondary">
            {t('common:actions.clear')}
          </LLink>
        </div>
      </Form>
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-gray-700" data-testid="events-count">
          {t('public:events.found', { count: list.pagination.total })}
        </p>
        <p>
          <span className="text-sm text-gray-600">
            {t('common:punctuation.label', { label: t('public:events.contingencyTotal') })}{' '}
          </span>
          <span className="font-bold text-brand">
            <MoneyTotals amounts={list.contingencyAmount} />
          </span>
        </p>
      </div>
      <h2 className="sr-only">{t('public:events.resultsHeading')}</h2>
      {list.events.length ? (
        <ul className="space-y-3" data-testid="events-list">
          {list.events.map((e) => (
            <EventRow
              key={e.id}
              event={e}
              showResultsHint={f.when !== 'upcoming'}
              t={t}
              lang={lang}
            />
          ))}
        </ul>
      ) : (
        <p className="card text-gray-700">{t('public:events.none')}</p>
      )}
      <Pagination page={list.pagination.page} totalPages={list.pagination.totalPages} />
    </>
  );
}

function SeriesTab({ data }: { data: ReturnType<typeof useLoaderData<typeof loader>> }) {
  const { t } = useTranslation();
  const lang = useLang();
  const localize = useLocalize();
  const f = data.seriesFilters;
  const list = data.series;
  if (!f || !list) return null;
  return (
    <>
      <Form
        method="get"
        action={localize('/events')}
        className="card mb-6 grid gap-4 md:grid-cols-3"
        role="search"
        aria-label={t('public:series.searchLabel')}
      >
        <input type="hidden" name="tab" value="series" />
        <TextFilter name="name" label={t('public:filters.seriesName')} defaultValue={f.name} />
        <TextFilter name="city" label={t('public:filters.city')} defaultValue={f.city} />
        <StateSelect defaultValue={f.state} states={list.distinctStates} />
        <TextFilter name="zipcode" label={t('public:filters.zipcode')} defaultValue={f.zipcode} />
        <CountrySelect defaultValue={f.country} countries={data.names.countries} />
        <div>
          <label htmlFor="f-when" className="label">
            {t('public:filters.when')}
          </label>
          <select id="f-when" name="when" defaultValue={f.when} className="input">
            <option value="upcoming">{t('public:series.whenUpcoming')}</option>
            <option value="past">{t('public:series.whenPast')}</option>
            <option value="all">{t('public:series.whenAll')}</option>
          </select>
        </div>
        <div className="flex gap-3 md:col-span-3">
          <button type="submit" className="btn">
            {t('common:actions.search')}
          </button>
          <LLink to="/events?tab=series" className="btn-secondary">
            {t('common:actions.clear')}
          </LLink>
        </div>
      </Form>
      <p className="mb-4 text-gray-700">
        {t('public:series.found', { count: list.pagination.total })}
      </p>
      {list.allSeries.length ? (
        <div
          className="overflow-x-auto rounded-lg border border-gray-200 bg-white"
          {...scrollable(t('a11y:scrollTable'))}
        >
          <table className="table" data-testid="series-list">
            <thead>
              <tr>
                <th scope="col">{t('public:series.name')}</th>
                <th scope="col">{t('public:series.dates')}</th>
                <th scope="col">{t('public:series.where')}</th>
                <th scope="col">{t('public:series.events')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-200">
              {list.allSeries.map((s) => (
                <tr key={s.id}>
                  <td>
                    <LLink
                      to={`/events/serie/${s.id}`}
                      className="font-semibold text-brand hover:underline"
                    >
                      {s.name}
                    </LLink>
                    {s.categoryName ? (
                      <p className="text-xs text-gray-500">{s.categoryName}</p>
                    ) : null}
                  </td>
                  <td className="whitespace-nowrap">
                    {formatDate(s.firstDate, lang)} – {formatDate(s.lastDate, lang)}
                  </td>
                  <td>{s.place || '—'}</td>
                  <td>{s.eventCount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="card text-gray-700">{t('public:series.none')}</p>
      )}
      <Pagination page={list.pagination.page} totalPages={list.pagination.totalPages} />
    </>
  );
}

export default function SchedulePage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const active =
    data.tab === 'series' ? 'series' : data.eventFilters?.when === 'past' ? 'past' : 'upcoming';
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="page-title text-3xl">{t('public:events.title')}</h1>
      <p className="mb-6 max-w-3xl text-gray-700">{t('public:events.intro')}</p>
      <Tabs active={active} />
      {data.tab === 'series' ? <SeriesTab data={data} /> : <EventsTab data={data} />}
    </div>
  );
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'public', title: 'titles:events' } as const satisfies RouteHandle;
