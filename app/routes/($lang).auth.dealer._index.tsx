import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '~/components/dashboard-layout';
import { RedemptionTable, RiderSearch } from '~/components/dealer-counter';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { LLink, useLang } from '~/components/link';
import { getDb } from '~/db.server';
import { formatMoney } from '~/lib/format';
import { riderSearchSchema } from '~/lib/schemas/dealer';
import {
  getDealer,
  dealerCurrency,
  RIDER_SEARCH_LIMIT,
  RIDER_SEARCH_MIN,
  searchRiders,
} from '~/services/money/counter/dealer-counter.server';
import { requireRole } from '~/services/auth/guard.server';
import { todaysRedemptions } from '~/services/money/counter/redemption-lists.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ request }: LoaderFunctionArgs) {
  const { profile } = await requireRole(request, 'dealer');
  const db = getDb();
  const dealer = getDealer(db, profile.id);
  if (!dealer) throw new Response('Not found', { status: 404 });
  const parsed = riderSearchSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const q = parsed.success ? (parsed.data.q ?? '') : '';
  const searched = q.length >= RIDER_SEARCH_MIN;
  const today = todaysRedemptions(db, dealer.id);
  const currency = dealerCurrency(dealer);
  const totalCents = today
    .filter((r) => r.status === 'active' && r.currency === currency)
    .reduce((s, r) => s + r.amountCents, 0);
  return {
    q,
    limit: RIDER_SEARCH_LIMIT,
    tooShort: q.length > 0 && !searched,
    results: searched ? searchRiders(db, q) : null,
    today,
    totalCents,
    currency,
  };
}

export default function DealerHomePage() {
  const { t } = useTranslation();
  const lang = useLang();
  const data = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeading title={t('dealer:home.title')} />
      <p className="mb-6 text-gray-600">{t('dealer:home.intro')}</p>
      <RiderSearch
        action="/auth/dealer"
        q={data.q}
        results={data.results}
        tooShort={data.tooShort}
        limit={data.limit}
      />
      <section aria-labelledby="today-title">
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="today-title" className="text-lg font-semibold">
            {t('dealer:home.today')}
          </h2>
          <LLink to="/auth/dealer/redemptions" className="text-sm text-brand hover:underline">
            {t('dealer:home.seeAll')}
          </LLink>
        </div>
        <RedemptionTable
          rows={data.today}
          receiptLinks
          empty={t('dealer:home.todayEmpty')}
          testId="today-redemptions"
        />
        {data.today.length > 0 ? (
          <p className="mt-2 text-sm font-semibold" data-testid="today-total">
            {t('dealer:home.todayTotal', {
              amount: formatMoney(data.totalCents, data.currency, lang),
            })}
          </p>
        ) : null}
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { title: 'titles:dealerHome' } as const satisfies RouteHandle;
