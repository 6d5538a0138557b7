import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ExportPage } from '~/components/export-page';
import { seriesEventsRows } from '~/services/reports/exports.server';
import { exportPreviewLoader } from '~/http/reports/export-preview.server';
import type { RouteHandle } from '~/lib/route-handle';

export const loader = ({ request }: LoaderFunctionArgs) =>
  exportPreviewLoader(request, seriesEventsRows);

export default function Export() {
  const { t } = useTranslation();
  return (
    <ExportPage
      title={t('common:pages.exportSeriesEvents')}
      csvPath="/auth/admin/export-series-events.csv"
      data={useLoaderData<typeof loader>()}
    />
  );
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { title: 'titles:exportSeriesEvents' } as const satisfies RouteHandle;
