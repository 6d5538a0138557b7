import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { MarketSharePage } from '~/components/market-share-table';
import { getDb } from '~/db.server';
import { requestLang, tFor } from '~/i18next.server';
import { rangeFromUrl } from '~/lib/schemas/reports';
import { requireRole } from '~/services/auth/guard.server';
import { marketShareText } from '~/services/reports/charts.server';
import { marketShareByMonth } from '~/services/reports/reports.server';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, 'admin');
  const range = rangeFromUrl(request.url);
  const rows = marketShareByMonth(getDb(), range);
  return { range, rows, chartText: marketShareText(rows, await tFor(requestLang(request)), 'month') };
}

export default function MarketShareMonth() {
  const { t } = useTranslation();
  return (
    <MarketSharePage
      {...useLoaderData<typeof loader>()}
      title={t('common:pages.marketShareMonth')}
      chart="/auth/admin/charts/market-share-month.svg"
      keyLabel={t('admin:reports.month')}
    />
  );
}
