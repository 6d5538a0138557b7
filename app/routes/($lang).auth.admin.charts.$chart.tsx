/**
 * GET /auth/admin/charts/{summary,market-share-month,market-share-series}.svg (and /fr/...): a
 * report chart as an SVG image drawn on the server (Apache ECharts SSR), shown by an <img> with
 * its text alternative on the report page. summary.svg takes ?currency=; the market shares take
 * the report's range (?year= or ?startDate=&endDate=). Admin only.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { tFor } from '~/i18next.server';
import { CURRENCIES, type Currency } from '~/lib/constants';
import { isLangParam } from '~/lib/lang';
import { rangeFromUrl } from '~/lib/schemas/reports';
import { requireRole } from '~/services/auth/guard.server';
import { marketShareSvg, yearlyTotalsSvg } from '~/services/reports/charts.server';
import { svgResponse } from '~/http/file-response.server';
import { marketShareByMonth, marketShareBySeries } from '~/services/reports/reports.server';
import { yearlyTotals } from '~/services/reports/yearly-totals.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ request, params }: LoaderFunctionArgs) {
  if (!isLangParam(params.lang)) throw new Response('Not Found', { status: 404 });
  await requireRole(request, 'admin');
  const lang = params.lang === 'fr' ? 'fr' : 'en';
  const t = await tFor(lang);
  const db = getDb();
  switch (params.chart) {
    case 'summary.svg': {
      const asked = new URL(request.url).searchParams.get('currency') ?? 'USD';
      const currency: Currency = (CURRENCIES as readonly string[]).includes(asked)
        ? (asked as Currency)
        : 'USD';
      return svgResponse(yearlyTotalsSvg(yearlyTotals(db), currency, t, lang));
    }
    case 'market-share-month.svg':
      return svgResponse(
        marketShareSvg(marketShareByMonth(db, rangeFromUrl(request.url)), t, 'month', lang),
      );
    case 'market-share-series.svg':
      return svgResponse(
        marketShareSvg(marketShareBySeries(db, rangeFromUrl(request.url)), t, 'series', lang),
      );
    default:
      throw new Response('Not Found', { status: 404 });
  }
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { title: 'titles:chart' } as const satisfies RouteHandle;
