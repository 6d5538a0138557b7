import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '~/components/dashboard-layout';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { useLang } from '~/components/link';
import { Pagination } from '~/components/pagination';
import { dateOrDash, TableSection } from '~/components/rider-area';
import { phoneDetails } from '~/components/phone-details';
import { RiderFilterForm } from '~/components/rider-filters';
import { getDb } from '~/db.server';
import { formatMoney, formatRedemptionCode, formatTime } from '~/lib/format';
import { parseFilters, redemptionsFilterSchema } from '~/lib/schemas/rider-area';
import { requireRole } from '~/services/auth/guard.server';
import { listRiderRedemptions } from '~/services/people/rider-earnings.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireRole(request, 'rider');
  const { value, errors } = parseFilters(
    new URL(request.url).searchParams,
    redemptionsFilterSchema,
  );
  return { list: listRiderRedemptions(getDb(), auth.profile.id, value), errors };
}

export default function RiderRedemptionsPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { list, errors } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeading title={t('riderArea:redemptions.title')} />

      <RiderFilterForm
        fields={[
          { name: 'from', id: 'filter-from', type: 'date', label: t('riderArea:redemptions.from') },
          { name: 'to', id: 'filter-to', type: 'date', label: t('riderArea:redemptions.to') },
        ]}
        errors={errors}
        clearTo="/auth/rider/redemptions"
        testId="redemptions-filter"
      />

      <TableSection
        title={t('riderArea:redemptions.count', { count: list.total })}
        testId="redemptions"
        tableTestId="redemptions-table"
        empty={list.rows.length === 0}
        none={t('riderArea:redemptions.none')}
        headers={[
          { label: t('riderArea:redemptions.code') },
          { label: t('riderArea:redemptions.dealer') },
          { label: t('riderArea:redemptions.amount'), right: true },
          // On a phone the date goes under the code, so the amount stays on screen.
          { label: t('riderArea:redemptions.date'), nowrap: true, phoneHidden: true },
          { label: t('riderArea:redemptions.refunded') },
        ]}
        below={<Pagination page={list.page} totalPages={list.totalPages} />}
      >
        {list.rows.map((r) => (
          <tr key={r.id} className={r.refunded ? 'text-gray-500' : undefined}>
            <td className="font-mono font-semibold">
              <span data-testid="redemption-code">{formatRedemptionCode(r.code)}</span>
              {phoneDetails(`${dateOrDash(r.createdAt, lang)} ${formatTime(r.createdAt, lang)}`)}
            </td>
            <td>
              {r.dealerName}
              {r.dealerCity || r.dealerState ? (
                <span className="block text-xs text-gray-500">
                  {[r.dealerCity, r.dealerState].filter(Boolean).join(', ')}
                </span>
              ) : null}
            </td>
            <td className={r.refunded ? 'line-through' : undefined}>
              {formatMoney(r.amountCents, r.currency, lang)}
            </td>
            <td>
              {`${dateOrDash(r.createdAt, lang)} `}
              <span className="text-xs text-gray-500">{formatTime(r.createdAt, lang)}</span>
            </td>
            <td>
              {r.refunded ? (
                <>
                  {r.voided
                    ? t('riderArea:redemptions.voided')
                    : t('riderArea:redemptions.refundedYes')}
                  {r.refundedAt ? (
                    <span className="block text-xs">{dateOrDash(r.refundedAt, lang)}</span>
                  ) : null}
                </>
              ) : (
                t('riderArea:redemptions.refundedNo')
              )}
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
export const handle = { title: 'titles:myRedemptions' } as const satisfies RouteHandle;
