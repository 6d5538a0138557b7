import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { Empty, RangeForm } from '~/components/admin-ui';
import { PageHeading } from '~/components/dashboard-layout';
import { MarketShareTable } from '~/components/market-share-table';
import { getDb } from '~/db.server';
import { rangeFromUrl } from '~/lib/schemas/reports';
import { requireRole } from '~/services/auth/guard.server';
import { marketShareByMonth } from '~/services/reports/reports.server';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, 'admin');
  const range = rangeFromUrl(request.url);
  return { range, rows: marketShareByMonth(getDb(), range) };
}

export default function MarketShareMonth() {
  const { t } = useTranslation();
  const { range, rows } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeading title={t('common:pages.marketShareMonth')} />
      <RangeForm range={range} />
      <p className="mb-4 text-sm text-gray-600">{t('admin:reports.marketShareHelp')}</p>
      {rows.length === 0 ? <Empty /> : <MarketShareTable rows={rows} keyLabel={t('admin:reports.month')} />}
    </>
  );
}
