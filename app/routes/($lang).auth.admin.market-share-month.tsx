import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { MarketSharePage } from '~/components/market-share-table';
import { getDb } from '~/db.server';
import { requestLang, tFor } from '~/i18next.server';
import { rangeFromUrl } from '~/lib/schemas/reports';
import { requireRole } from '~/services/auth/guard.server';
import { marketShareText } from '~/services/reports/charts.server';
import { marketShareByMonth } from '~/services/reports/reports.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, 'admin');
  const range = rangeFromUrl(request.url);
  const rows = marketShareByMonth(getDb(), range);
  const lang = requestLang(request);
  return {
    range,
    rows,
    chartText: marketShareText(rows, await tFor(lang), 'month', lang),
  };
}

export default function MarketShareMonth() {
  return <MarketSharePage by="month" {...useLoaderData<typeof loader>()} />;
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { title: 'titles:marketShareMonth' } as const satisfies RouteHandle;
