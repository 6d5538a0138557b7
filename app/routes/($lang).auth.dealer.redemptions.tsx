import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '~/components/dashboard-layout';
import { RedemptionFilters, RedemptionTable } from '~/components/dealer-counter';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { Pagination } from '~/components/pagination';
import { getDb } from '~/db.server';
import { parseRedemptionFilters } from '~/lib/schemas/dealer';
import { requireRole } from '~/services/auth/guard.server';
import {
  listCreditRedemptions,
  redemptionTotals,
} from '~/services/money/counter/redemption-lists.server';
import { redemptionViews } from '~/services/money/counter/redemption-views.server';
import { formatMoney } from '~/lib/format';
import { useLang } from '~/components/link';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ request }: LoaderFunctionArgs) {
  const { profile } = await requireRole(request, 'dealer');
  const { filters, errors } = parseRedemptionFilters(new URL(request.url).searchParams);
  // A dealer sees only the redemptions made at its own dealership (country filter not offered).
  const own = { ...filters, country: undefined, dealerId: profile.id };
  const { creditRedemptions, pagination } = listCreditRedemptions(getDb(), own);
  return {
    creditRedemptions: redemptionViews(creditRedemptions),
    pagination,
    totals: redemptionTotals(getDb(), own),
    errors,
  };
}

export default function DealerRedemptionsPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { creditRedemptions, pagination, totals, errors } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeading title={t('dealer:list.title')} />
      <RedemptionFilters errors={errors} />
      <p className="mb-2 text-sm text-gray-600">
        {t('dealer:list.count', { count: pagination.total })}
      </p>
      <p className="mb-2 font-semibold" data-testid="redemptions-total">
        {t('completion:redemptionsTotal', {
          amount: totals.length
            ? totals.map((m) => formatMoney(m.cents, m.currency, lang)).join(' · ')
            : formatMoney(0, 'USD', lang),
        })}
      </p>
      <RedemptionTable rows={creditRedemptions} receiptLinks />
      <Pagination page={pagination.page} totalPages={pagination.totalPages} />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { title: 'titles:dealerRedemptions' } as const satisfies RouteHandle;
