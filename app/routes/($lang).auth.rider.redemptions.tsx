import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '~/components/dashboard-layout';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { useLang } from '~/components/link';
import { Pagination } from '~/components/pagination';
import { DateOrDash, Section } from '~/components/rider-area';
import { RiderFilterForm } from '~/components/rider-filters';
import { getDb } from '~/db.server';
import { formatMoney, formatTime } from '~/lib/format';
import { parseFilters, redemptionsFilterSchema } from '~/lib/schemas/rider-area';
import { requireRole } from '~/services/auth/guard.server';
import { listRiderRedemptions } from '~/services/people/rider-earnings.server';

export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireRole(request, 'rider');
  const { value, errors } = parseFilters(new URL(request.url).searchParams, redemptionsFilterSchema);
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

      <Section title={t('riderArea:redemptions.count', { count: list.total })} testId="redemptions">
        {list.rows.length === 0 ? (
          <p className="text-sm text-gray-600">{t('riderArea:redemptions.none')}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="table" data-testid="redemptions-table">
              <thead>
                <tr>
                  <th scope="col">{t('riderArea:redemptions.code')}</th>
                  <th scope="col">{t('riderArea:redemptions.dealer')}</th>
                  <th scope="col" className="text-right">{t('riderArea:redemptions.amount')}</th>
                  <th scope="col">{t('riderArea:redemptions.date')}</th>
                  <th scope="col">{t('riderArea:redemptions.refunded')}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {list.rows.map((r) => (
                  <tr key={r.id} className={r.refunded ? 'text-gray-500' : undefined}>
                    <td className="font-mono font-semibold" data-testid="redemption-code">
                      {r.code}
                    </td>
                    <td>
                      {r.dealerName}
                      {r.dealerCity || r.dealerState ? (
                        <span className="block text-xs text-gray-500">{[r.dealerCity, r.dealerState].filter(Boolean).join(', ')}</span>
                      ) : null}
                    </td>
                    <td className={`text-right whitespace-nowrap ${r.refunded ? 'line-through' : ''}`}>
                      {formatMoney(r.amountCents, r.currency, lang)}
                    </td>
                    <td className="whitespace-nowrap">
                      <DateOrDash value={r.createdAt} /> <span className="text-xs text-gray-500">{formatTime(r.createdAt, lang)}</span>
                    </td>
                    <td>
                      {r.refunded ? (
                        <>
                          {t('riderArea:redemptions.refundedYes')}
                          {r.refundedAt ? (
                            <span className="block text-xs">
                              <DateOrDash value={r.refundedAt} />
                            </span>
                          ) : null}
                        </>
                      ) : (
                        t('riderArea:redemptions.refundedNo')
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pagination page={list.page} totalPages={list.totalPages} />
      </Section>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
