import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData, useLocation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { Empty, RangeForm } from '~/components/admin-ui';
import { PageHeading } from '~/components/dashboard-layout';
import { MarketShareTable } from '~/components/market-share-table';
import { getDb } from '~/db.server';
import { rangeFromUrl } from '~/lib/schemas/reports';
import { requireRole } from '~/services/auth/guard.server';
import { marketShareBySeries } from '~/services/reports/reports.server';
import { ChartFigure } from '~/components/report-chart';
import { requestLang, tFor } from '~/i18next.server';
import { marketShareText } from '~/services/reports/charts.server';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, 'admin');
  const range = rangeFromUrl(request.url);
  const rows = marketShareBySeries(getDb(), range);
  return { range, rows, chartText: marketShareText(rows, await tFor(requestLang(request)), 'series') };
}

export default function MarketShareSeries() {
  const { t } = useTranslation();
  const { range, rows, chartText } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <>
      <PageHeading title={t('common:pages.marketShareSeries')} />
      <RangeForm range={range} />
      <p className="mb-4 text-sm text-gray-600">{t('admin:reports.marketShareHelp')}</p>
      {rows.length === 0 ? (
        <Empty />
      ) : (
        <ChartFigure src={`/auth/admin/charts/market-share-series.svg${search}`} text={chartText} testId="share-chart">
          <MarketShareTable rows={rows} keyLabel={t('common:pages.serie')} />
        </ChartFigure>
      )}
    </>
  );
}
