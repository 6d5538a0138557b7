/**
 * Dealer finder: name, state, ZIP / postal code with a radius (English:
 * exact, 25, 50, 100, 500 miles; French: exact, 40, 80, 160, 800 km, converted to miles), and
 * country. The list shows address, phone, website and, when searching by code, the distance.
 * Paginated (20 a page, nearest first when searching by code). A Google map is added only when
 * GOOGLE_MAPS_API_KEY is configured (components/dealer-map: markers for the current page's dealers
 * with coordinates), loaded as its own chunk after mount so the Google Maps library is not in this
 * route's JavaScript. Without a key — or without JavaScript — the page is the list and the
 * distances, with no error.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { DealerMapSlot } from '~/components/dealer-map-slot';
import { LLink, useLang, useLocalize } from '~/components/link';
import { Pagination } from '~/components/pagination';
import { distanceLabel } from '~/components/public-site';
import { getDb } from '~/db.server';
import { requestLang } from '~/i18next.server';
import { countryLabel } from '~/lib/countries';
import { choices, stateName } from '~/lib/places.server';
import { formatPhone } from '~/lib/format';
import { radiusChoices, radiusToMiles, radiusUnit } from '~/lib/radius';
import { dealerPageSearchSchema, queryObject } from '~/lib/schemas/public';
import { useRootData } from '~/components/root-data';
import { findDealersPage, type DealerLean } from '~/services/people/dealer-finder.server';
import { parseOr400 } from '~/http/json-api.server';
import type { RouteHandle } from '~/lib/route-handle';
import { UserText } from '~/components/user-text';

export async function loader({ request }: LoaderFunctionArgs) {
  const lang = requestLang(request);
  const url = new URL(request.url);
  const q = parseOr400(dealerPageSearchSchema(lang), queryObject(url));
  const found = findDealersPage(
    getDb(),
    {
      name: q.name,
      state: q.state,
      zipcode: q.zipcode,
      country: q.country,
      zipDistance: radiusToMiles(q.radius, lang),
      active: true,
    },
    q.page,
  );
  return {
    filters: q,
    ...found,
    dealers: found.dealers.map((d) => ({
      ...d,
      countryName: d.country === 'US' ? null : countryLabel(d.country, lang),
    })),
    distinctStates: choices(found.distinctStates, (s) => stateName(s, lang), lang),
    distinctCountry: choices(found.distinctCountry, (c) => countryLabel(c, lang), lang),
  };
}

function DealerCard({ dealer }: { dealer: DealerLean & { countryName: string | null } }) {
  const { t } = useTranslation();
  const lang = useLang();
  const cityLine = [[dealer.city, dealer.state].filter(Boolean).join(', '), dealer.zipcode]
    .filter(Boolean)
    .join(' ');
  return (
    <li
      className="card flex flex-col gap-2 sm:flex-row sm:justify-between"
      data-testid="dealer-row"
    >
      <div>
        <h2 className="text-lg font-bold">
          <UserText>{dealer.name}</UserText>
        </h2>
        <address className="not-italic text-gray-700">
          {dealer.addressLine1 ? <div>{dealer.addressLine1}</div> : null}
          {dealer.addressLine2 ? <div>{dealer.addressLine2}</div> : null}
          {cityLine ? <div>{cityLine}</div> : null}
          {dealer.countryName ? <div>{dealer.countryName}</div> : null}
        </address>
        <p className="mt-1 flex flex-wrap gap-x-4 text-sm">
          {dealer.phone ? (
            <a
              href={`tel:${dealer.phone.replace(/[^\d+]/g, '')}`}
              className="text-brand hover:underline"
            >
              {formatPhone(dealer.phone)}
            </a>
          ) : null}
          {dealer.websiteUrl ? (
            <a
              href={dealer.websiteUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="text-brand hover:underline"
            >
              {t('public:dealers.website')}
            </a>
          ) : null}
        </p>
      </div>
      {dealer.distanceMiles !== null ? (
        <p className="shrink-0 text-lg font-bold text-brand" data-testid="dealer-distance">
          {distanceLabel(dealer.distanceMiles, lang)}
        </p>
      ) : null}
    </li>
  );
}

type DealersData = ReturnType<typeof useLoaderData<typeof loader>>;

/** The search: name, state, country, a postal code and how far around it. */
function DealerSearch({ data }: { data: DealersData }) {
  const { t } = useTranslation();
  const lang = useLang();
  const localize = useLocalize();
  const f = data.filters;
  const unit = radiusUnit(lang);
  return (
    <Form
      method="get"
      action={localize('/dealers')}
      className="card mb-6 grid gap-4 md:grid-cols-3"
      role="search"
      aria-label={t('public:dealers.searchLabel')}
    >
      <div>
        <label htmlFor="d-name" className="label">
          {t('public:dealers.name')}
        </label>
        <input
          id="d-name"
          name="name"
          type="search"
          defaultValue={f.name ?? ''}
          className="input"
        />
      </div>
      <div>
        <label htmlFor="d-state" className="label">
          {t('public:filters.state')}
        </label>
        <select id="d-state" name="state" defaultValue={f.state ?? ''} className="input">
          <option value="">{t('public:filters.anyState')}</option>
          {data.distinctStates.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="d-country" className="label">
          {t('public:filters.country')}
        </label>
        <select id="d-country" name="country" defaultValue={f.country ?? ''} className="input">
          <option value="">{t('public:filters.anyCountry')}</option>
          {data.distinctCountry.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="d-zip" className="label">
          {t('public:filters.zipcode')}
        </label>
        <input
          id="d-zip"
          name="zipcode"
          type="search"
          inputMode="text"
          autoComplete="postal-code"
          defaultValue={f.zipcode ?? ''}
          className="input"
        />
      </div>
      <div>
        <label htmlFor="d-radius" className="label">
          {t('public:dealers.radius')}
        </label>
        <select id="d-radius" name="radius" defaultValue={String(f.radius)} className="input">
          {radiusChoices(lang).map((r) => (
            <option key={r} value={r}>
              {r === 0
                ? t('public:dealers.exact')
                : t(`public:dealers.within_${unit}`, { count: r })}
            </option>
          ))}
        </select>
      </div>
      <div className="flex items-end gap-3">
        <button type="submit" className="btn">
          {t('common:actions.search')}
        </button>
        <LLink to="/dealers" className="btn-secondary">
          {t('common:actions.clear')}
        </LLink>
      </div>
    </Form>
  );
}

export default function DealersPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const data = useLoaderData<typeof loader>();
  const apiKey = useRootData()?.ENV.GOOGLE_MAPS_API_KEY ?? null;
  const f = data.filters;
  const unit = radiusUnit(lang);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="page-title text-3xl">{t('public:dealers.title')}</h1>
      <p className="mb-6 max-w-3xl text-gray-700">{t('public:dealers.intro')}</p>
      <DealerSearch data={data} />

      {data.zipNotFound ? (
        <p
          role="status"
          className="mb-4 rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          {t('public:dealers.zipNotFound', { zip: f.zipcode })}
        </p>
      ) : null}

      <DealerMapSlot apiKey={apiKey} dealers={data.dealers} />

      <p className="mb-4 text-gray-700" data-testid="dealers-count">
        {f.zipcode && !data.zipNotFound && f.radius > 0
          ? t(`public:dealers.foundNear_${unit}`, {
              count: data.pagination.total,
              zip: f.zipcode,
              radius: f.radius,
            })
          : t('public:dealers.found', { count: data.pagination.total })}
      </p>
      {data.dealers.length ? (
        <ul className="space-y-3" data-testid="dealers-list">
          {data.dealers.map((d) => (
            <DealerCard key={d.id} dealer={d} />
          ))}
        </ul>
      ) : null}
      {data.dealers.length ? (
        <Pagination page={data.pagination.page} totalPages={data.pagination.totalPages} />
      ) : (
        <p className="card text-gray-700">{t('public:dealers.none')}</p>
      )}
    </div>
  );
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = {
  cache: 'public',
  title: 'titles:dealerFinder',
} as const satisfies RouteHandle;
