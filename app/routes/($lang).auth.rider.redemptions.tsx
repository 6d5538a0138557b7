import type { LoaderFunctionArgs } from '@remix-run/node';
import { Form, useLoaderData, useSearchParams } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '~/components/dashboard-layout';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { ErrorList } from '~/components/forms';
import { LLink, useLang } from '~/components/link';
import { Pagination } from '~/components/pagination';
import { DateOrDash, Section } from '~/components/rider-area';
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
  const [params] = useSearchParams();
  return (
    <>
      <PageHeading title={t('riderArea:redemptions.title')} />

      <Form method="get" className="card mb-6 flex flex-wrap items-end gap-4" data-testid="redemptions-filter">
        <div>
          <label htmlFor="filter-from" className="label">
            {t('riderArea:redemptions.from')}
          </label>
          <input
            id="filter-from"
            name="from"
            type="date"
            className="input"
            defaultValue={params.get('from') ?? ''}
            key={`from-${params.get('from') ?? ''}`}
            aria-invalid={errors.from ? true : undefined}
          />
          <ErrorList errors={errors.from} />
        </div>
        <div>
          <label htmlFor="filter-to" className="label">
            {t('riderArea:redemptions.to')}
          </label>
          <input
            id="filter-to"
            name="to"
            type="date"
            className="input"
            defaultValue={params.get('to') ?? ''}
            key={`to-${params.get('to') ?? ''}`}
            aria-invalid={errors.to ? true : undefined}
          />
          <ErrorList errors={errors.to} />
        </div>
        <button type="submit" className="btn">
          {t('common:actions.filter')}
        </button>
        <LLink to="/auth/rider/redemptions" className="btn-secondary">
          {t('common:actions.clear')}
        </LLink>
      </Form>

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
