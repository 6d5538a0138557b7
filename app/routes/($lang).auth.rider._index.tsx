import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '~/components/dashboard-layout';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { LLink, useLang } from '~/components/link';
import { MoneyList, ResultsTable, Section } from '~/components/rider-area';
import { getDb } from '~/db.server';
import { formatDate, formatMoney, formatPhone } from '~/lib/format';
import { NON_RESIDENT_WITHHOLDING_PERCENT } from '~/lib/constants';
import { requireRole } from '~/services/auth/guard.server';
import { EXPIRING_SOON_DAYS } from '~/services/money/ledger/credit.server';
import { riderHome } from '~/services/people/rider-home.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireRole(request, 'rider');
  return {
    name: auth.profile.name,
    expiringDays: EXPIRING_SOON_DAYS,
    ...riderHome(getDb(), auth.profile.id, new Date()),
  };
}

type Home = ReturnType<typeof useLoaderData<typeof loader>>;

/**
 * The rider's credit now, what expires soon, and cash (for a pro or when there is any). A pro
 * earns cash: the credit cards only while credit from earlier seasons is left.
 */
function MoneyCards({ home }: { home: Home }) {
  const showCash =
    home.level === 'pro' ||
    home.cash.earned.length + home.cash.claimed.length + home.cash.sent.length > 0;
  const showCredit = home.level !== 'pro' || home.available.some((m) => m.cents > 0);
  return (
    <>
      {showCredit ? <CreditCards home={home} /> : null}
      {showCash ? <CashCard home={home} /> : null}
    </>
  );
}

/** The credit available now and what expires soon. */
function CreditCards({ home }: { home: Home }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <>
      <section className="card" data-testid="available-credit">
        <h2 className="text-sm font-semibold text-gray-600 uppercase">
          {t('riderArea:home.available')}
        </h2>
        <p className="mt-2 text-3xl font-bold text-brand">
          <MoneyList items={home.available} testId="available-credit-amount" />
        </p>
        <p className="mt-2 text-sm text-gray-600">{t('riderArea:home.availableHelp')}</p>
        <LLink
          to="/auth/rider/earnings"
          className="mt-2 inline-block text-sm text-brand hover:underline"
        >
          {t('riderArea:home.seeEarnings')}
        </LLink>
      </section>

      <section className="card" data-testid="expiring-credit">
        <h2 className="text-sm font-semibold text-gray-600 uppercase">
          {t('riderArea:home.expiring', { days: home.expiringDays })}
        </h2>
        <p className="mt-2 text-2xl font-bold">
          <MoneyList items={home.expiringTotal} />
        </p>
        {home.expiring.length ? (
          <ul className="mt-2 space-y-1 text-sm">
            {home.expiring.map((e) => (
              <li key={e.awardId}>
                {t('riderArea:home.expiresOn', {
                  amount: formatMoney(e.cents, e.currency, lang),
                  date: formatDate(e.expiresAt, lang),
                })}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-gray-600">
            {t('riderArea:home.nothingExpiring', { days: home.expiringDays })}
          </p>
        )}
      </section>
    </>
  );
}

/** Cash earned, claimed and sent. */
function CashCard({ home }: { home: Home }) {
  const { t } = useTranslation();
  return (
    <section className="card" data-testid="cash-summary">
      <h2 className="text-sm font-semibold text-gray-600 uppercase">{t('riderArea:home.cash')}</h2>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        <dt className="text-gray-600">{t('riderArea:home.cashEarned')}</dt>
        <dd className="font-semibold">
          <MoneyList items={home.cash.earned} />
        </dd>
        <dt className="text-gray-600">{t('riderArea:home.cashClaimed')}</dt>
        <dd className="font-semibold">
          <MoneyList items={home.cash.claimed} />
        </dd>
        <dt className="text-gray-600">{t('riderArea:home.cashSent')}</dt>
        <dd className="font-semibold">
          <MoneyList items={home.cash.sent} />
        </dd>
      </dl>
    </section>
  );
}

/** The PIN's state and what payouts still need from the rider. */
function AccountCards({ home }: { home: Home }) {
  const { t } = useTranslation();
  const lang = useLang();
  const req = home.payoutRequirements;
  const missing = (req?.missing ?? []).map((m) => t(`riderArea:home.missing.${m}`));
  return (
    <>
      <section className="card" data-testid="pin-status">
        <h2 className="text-sm font-semibold text-gray-600 uppercase">{t('riderArea:home.pin')}</h2>
        <p className={`mt-2 text-sm ${home.pinSet ? '' : 'font-semibold text-red-700'}`}>
          {home.pinSet ? t('riderArea:home.pinSet') : t('riderArea:home.pinMissing')}
        </p>
        <LLink
          to="/auth/rider/profile"
          className="mt-2 inline-block text-sm text-brand hover:underline"
        >
          {home.pinSet ? t('riderArea:home.pinChange') : t('riderArea:home.pinCreate')}
        </LLink>
      </section>

      {req ? (
        <section className="card" data-testid="payout-requirements">
          <h2 className="text-sm font-semibold text-gray-600 uppercase">
            {t('riderArea:home.payoutInfo')}
          </h2>
          {missing.length ? (
            <>
              <p className="mt-2 text-sm font-semibold text-red-700">
                {t('riderArea:home.missingIntro')}
              </p>
              <ul className="mt-1 list-disc pl-5 text-sm">
                {missing.map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
            </>
          ) : (
            <p className="mt-2 text-sm">{t('riderArea:home.payoutInfoComplete')}</p>
          )}
          {req.paymentInfoDueAt && missing.length ? (
            <p className="mt-2 text-sm">
              {t('riderArea:home.paymentInfoDue', {
                date: formatDate(req.paymentInfoDueAt, lang),
              })}
            </p>
          ) : null}
          {req.withholding ? (
            <p className="mt-2 text-sm text-gray-600">
              {t('riderArea:home.withholding', { percent: NON_RESIDENT_WITHHOLDING_PERCENT })}
            </p>
          ) : null}
          <LLink
            to="/auth/rider/profile"
            className="mt-2 inline-block text-sm text-brand hover:underline"
          >
            {t('riderArea:home.goProfile')}
          </LLink>
        </section>
      ) : null}
    </>
  );
}

/** The rider's favourite dealers with their town and phone. */
function FavouriteDealers({ favourites }: { favourites: Home['favourites'] }) {
  const { t } = useTranslation();
  return favourites.length ? (
    <ul className="divide-y divide-gray-100 text-sm">
      {favourites.map((d) => (
        <li key={d.id} className="flex flex-wrap justify-between gap-2 py-2">
          <span className="font-semibold">{d.name}</span>
          <span className="text-gray-600">{[d.city, d.state].filter(Boolean).join(', ')}</span>
          <span>
            {d.phone ? (
              <a href={`tel:${d.phone.replace(/[^\d+]/g, '')}`}>{formatPhone(d.phone)}</a>
            ) : (
              '—'
            )}
          </span>
        </li>
      ))}
    </ul>
  ) : (
    <p className="text-sm text-gray-600">{t('riderArea:home.noFavourites')}</p>
  );
}

export default function RiderHomePage() {
  const { t } = useTranslation();
  const home = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeading title={t('riderArea:home.title', { name: home.name })} />
      {home.pinWeak ? (
        <section
          className="mb-6 rounded-md border border-red-700 bg-red-50 p-4 text-red-800"
          aria-labelledby="weak-pin-title"
          data-testid="weak-pin-banner"
        >
          <h2 id="weak-pin-title" className="font-semibold">
            {t('pinSafety:banner.title')}
          </h2>
          <p className="mt-1 text-sm">{t('pinSafety:banner.text')}</p>
          <LLink
            to="/auth/rider/profile#pin-title"
            className="mt-2 inline-block font-semibold underline"
          >
            {t('pinSafety:banner.link')}
          </LLink>
        </section>
      ) : null}

      <div className="mb-6 grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        <MoneyCards home={home} />
        <AccountCards home={home} />
      </div>

      <Section
        title={t('riderArea:home.recentResults')}
        testId="recent-results"
        actions={
          <LLink to="/auth/rider/events" className="text-sm text-brand hover:underline">
            {t('riderArea:home.allEvents')}
          </LLink>
        }
      >
        <ResultsTable rows={home.recentResults} />
      </Section>

      <Section
        title={t('riderArea:home.favourites')}
        testId="favourite-dealers"
        actions={
          <LLink to="/auth/rider/dealers" className="text-sm text-brand hover:underline">
            {t('riderArea:home.findDealers')}
          </LLink>
        }
      >
        <FavouriteDealers favourites={home.favourites} />
      </Section>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { title: 'titles:riderHome' } as const satisfies RouteHandle;
