/**
 * GET /api/admin/aggregates/{report} — summary, market-share-month, market-share-series,
 * top-pro-riders, pro-rider-stats, top-amateur-riders, amateur-rider-stats, top-dealers.
 * Query: startDate, endDate (YYYY-MM-DD) or year (the stats year defaults to this year);
 * noCache is accepted and ignored (nothing is cached). Admin only.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { getDb, type DB } from '~/db.server';
import { rangeFromUrl, type ReportRange } from '~/lib/schemas/reports';
import { requireApiRole } from '~/http/auth/api-guard.server';
import {
  marketShareByMonth,
  marketShareBySeries,
  riderStats,
  summary,
  topDealers,
  topRiders,
} from '~/services/reports/reports.server';
import { onlyMethods } from '~/http/api.server';
import { jsonAnswer } from '~/http/kept-answer.server';
import type { RouteHandle } from '~/lib/route-handle';

const REPORTS: Record<string, (db: DB, range: ReportRange) => unknown> = {
  summary: (db, r) => summary(db, r),
  'market-share-month': (db, r) => marketShareByMonth(db, r),
  'market-share-series': (db, r) => marketShareBySeries(db, r),
  'top-pro-riders': (db, r) => topRiders(db, 'pro', r),
  'pro-rider-stats': (db, r) => riderStats(db, 'pro', r),
  'top-amateur-riders': (db, r) => topRiders(db, 'amateur', r),
  'amateur-rider-stats': (db, r) => riderStats(db, 'amateur', r),
  'top-dealers': (db, r) => topDealers(db, r),
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiRole(request, ['admin']);
  const report = params.report ? REPORTS[params.report] : undefined;
  if (!report) return jsonAnswer({ error: 'Not found' }, { status: 404 });
  const range = rangeFromUrl(request.url);
  return jsonAnswer({
    range: { startDate: range.startDate, endDate: range.endDate },
    data: report(getDb(), range),
  });
}

export const action = onlyMethods('GET');
// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none' } as const satisfies RouteHandle;
