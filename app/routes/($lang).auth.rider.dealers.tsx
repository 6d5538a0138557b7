import { parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useSearchParams } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '~/components/dashboard-layout';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { ErrorList } from '~/components/forms';
import { useLang } from '~/components/link';
import { Pagination } from '~/components/pagination';
import { Section, TableSection } from '~/components/rider-area';
import { RiderFilterForm } from '~/components/rider-filters';
import { getDb } from '~/db.server';
import { countryLabel, regionLabel } from '~/lib/countries';
import { byPlaceName } from '~/lib/regions';
import { formatPhone } from '~/lib/format';
import { safeRedirect, type Lang } from '~/lib/lang';
import { dealerSearchSchema, favouriteSchema, parseFilters } from '~/lib/schemas/rider-area';
import { addFavourite, listFavourites, removeFavourite } from '~/services/people/favourites.server';
import { requireRole } from '~/services/auth/guard.server';
import { dealerSearchOptions, searchDealersForRider } from '~/services/people/rider-dealers.server';
import { redirectWithFlash } from '~/http/flash-redirect.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireRole(request, 'rider');
  const { value, errors } = parseFilters(new URL(request.url).searchParams, dealerSearchSchema);
  const db = getDb();
  return {
    favourites: listFavourites(db, auth.profile.id),
    results: searchDealersForRider(db, auth.profile.id, value),
    options: dealerSearchOptions(db),
    errors,
  };
}

/** Back to the page the form was on (same filters and page), without the data suffix. */
function backTo(request: Request): string {
  const url = new URL(request.url);
  const pathname = url.pathname.endsWith('.data')
    ? url.pathname.slice(0, -'.data'.length)
    : url.pathname;
  url.searchParams.delete('_data');
  url.searchParams.delete('index');
  const search = url.searchParams.toString();
  return safeRedirect(search ? `${pathname}?${search}` : pathname, '/auth/rider/dealers');
}

export async function action({ request }: ActionFunctionArgs) {
  const auth = await requireRole(request, 'rider');
  const submission = parseWithZod(await request.formData(), { schema: favouriteSchema });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  const db = getDb();
  const { intent, dealerId } = submission.value;
  const outcome =
    intent === 'add'
      ? addFavourite(db, auth.profile.id, dealerId)
      : removeFavourite(db, auth.profile.id, dealerId);
  if (outcome === 'unknownDealer') {
    return data(submission.reply({ formErrors: ['riderArea:dealers.unknownDealer'] }), {
      status: 404,
    });
  }
  return redirectWithFlash(backTo(request), {
    kind: 'success',
    message: `riderArea:dealers.${outcome}`,
  });
}

function FavouriteButton({
  dealerId,
  favourite,
  name,
}: {
  dealerId: number;
  favourite: boolean;
  name: string;
}) {
  const { t } = useTranslation();
  return (
    <Form method="post" className="inline">
      <input type="hidden" name="dealerId" value={dealerId} />
      <input type="hidden" name="intent" value={favourite ? 'remove' : 'add'} />
      <button
        type="submit"
        className={favourite ? 'btn-secondary px-3 py-1 text-sm' : 'btn px-3 py-1 text-sm'}
        data-testid={favourite ? 'remove-favourite' : 'add-favourite'}
      >
        {/* The name starts with the visible label (for voice control), then says which dealer. */}
        {favourite ? t('riderArea:dealers.remove') : t('riderArea:dealers.add')}
        <span className="sr-only">{t('a11y:whichDealer', { name })}</span>
      </button>
    </Form>
  );
}

/** A dealer's address on one line, region and country in words. */
function dealerAddress(
  d: {
    addressLine1?: string | null;
    city: string | null;
    state: string | null;
    zipcode?: string | null;
    country: string;
  },
  lang: Lang,
) {
  return [
    d.addressLine1,
    d.city,
    [d.state ? regionLabel(d.country, d.state, lang) : null, d.zipcode].filter(Boolean).join(' '),
    countryLabel(d.country, lang),
  ]
    .filter(Boolean)
    .join(', ');
}

/** The rider's favourite dealers, each with its phone and a button to drop it. */
function FavouritesSection({
  favourites,
}: {
  favourites: ReturnType<typeof useLoaderData<typeof loader>>['favourites'];
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const address = (d: Parameters<typeof dealerAddress>[0]) => dealerAddress(d, lang);
  return (
    <Section title={t('riderArea:dealers.favourites')} testId="favourites">
      {favourites.length === 0 ? (
        <p className="text-sm text-gray-600">{t('riderArea:dealers.noFavourites')}</p>
      ) : (
        <ul className="divide-y divide-gray-100 text-sm">
          {favourites.map((d) => (
            <li
              key={d.id}
              className="flex flex-wrap items-center justify-between gap-2 py-2"
              data-testid="favourite-dealer"
            >
              <span>
                <span className="font-semibold">{d.name}</span>
                <span className="block text-gray-600">{address(d)}</span>
              </span>
              <span className="flex items-center gap-4">
                {d.phone ? (
                  <a href={`tel:${d.phone.replace(/[^\d+]/g, '')}`}>{formatPhone(d.phone)}</a>
                ) : null}
                <FavouriteButton dealerId={d.id} favourite name={d.name} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** The state and country filters' options, each sorted by name in the page's language. */
function placeOptions(
  options: { countries: string[]; states: { country: string; state: string }[] },
  country: string,
  lang: Lang,
) {
  const states = options.states.filter((s) => !country || s.country === country);
  return {
    states: byPlaceName(
      states.map((s) => ({
        key: `${s.country}-${s.state}`,
        value: s.state,
        label: `${regionLabel(s.country, s.state, lang)}${country ? '' : ` (${s.country})`}`,
      })),
      lang,
    ),
    countries: byPlaceName(
      options.countries.map((c) => ({ value: c, label: countryLabel(c, lang) })),
      lang,
    ),
  };
}

export default function RiderDealersPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { favourites, results, options, errors } = useLoaderData<typeof loader>();
  const actionResult = useActionData<typeof action>();
  const [params] = useSearchParams();
  const places = placeOptions(options, params.get('country') ?? '', lang);
  const address = (d: Parameters<typeof dealerAddress>[0]) => dealerAddress(d, lang);
  return (
    <>
      <PageHeading title={t('riderArea:dealers.title')} />
      <ErrorList errors={actionResult?.error?.[''] ?? undefined} />

      <FavouritesSection favourites={favourites} />

      <RiderFilterForm
        fields={[
          { name: 'name', id: 'search-name', label: t('riderArea:dealers.name') },
          {
            name: 'state',
            id: 'search-state',
            label: t('riderArea:dealers.state'),
            options: places.states,
          },
          { name: 'zipcode', id: 'search-zip', label: t('riderArea:dealers.zipcode') },
          {
            name: 'country',
            id: 'search-country',
            label: t('riderArea:dealers.country'),
            options: places.countries,
          },
        ]}
        errors={errors}
        clearTo="/auth/rider/dealers"
        testId="dealer-search"
        submitLabel={t('common:actions.search')}
        className="card mb-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
        groupButtons
      />

      <TableSection
        title={t('riderArea:dealers.results', { count: results.total })}
        testId="dealer-results"
        tableTestId="dealer-table"
        empty={results.rows.length === 0}
        none={t('riderArea:dealers.noResults')}
        headers={[
          { label: t('riderArea:dealers.name') },
          { label: t('riderArea:dealers.address') },
          { label: t('riderArea:dealers.phone') },
          { label: t('riderArea:dealers.favourite'), srOnly: true },
        ]}
        below={<Pagination page={results.page} totalPages={results.totalPages} />}
      >
        {results.rows.map((d) => (
          <tr key={d.id} data-testid="dealer-row" data-dealer-id={d.id}>
            <td>
              <span className="font-semibold">{d.name}</span>
              {d.favourite ? (
                <>
                  {' '}
                  <span className="ml-2 text-xs text-brand">
                    ★ {t('riderArea:dealers.favourite')}
                  </span>
                </>
              ) : null}
              {d.websiteUrl && /^https?:\/\//i.test(d.websiteUrl) ? (
                <a
                  href={d.websiteUrl}
                  className="block text-xs text-brand hover:underline"
                  rel="noopener noreferrer"
                  target="_blank"
                >
                  {d.websiteUrl}
                </a>
              ) : null}
            </td>
            <td>{address(d)}</td>
            <td className="whitespace-nowrap">
              {d.phone ? (
                <a href={`tel:${d.phone.replace(/[^\d+]/g, '')}`}>{formatPhone(d.phone)}</a>
              ) : (
                '—'
              )}
            </td>
            <td className="text-right">
              <FavouriteButton dealerId={d.id} favourite={d.favourite} name={d.name} />
            </td>
          </tr>
        ))}
      </TableSection>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { title: 'titles:myDealers' } as const satisfies RouteHandle;
