/**
 * GET /auth/admin/dealer-refunds.csv?month=YYYY-MM (and /fr/...: French headers): the dealer
 * refunds report as CSV. Every text cell is formula-safe (~/lib/csv). Admin only.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { CSV_BOM } from '~/lib/csv';
import { isLangParam } from '~/lib/lang';
import { monthSchema } from '~/lib/schemas/payouts';
import { dealerRefundsCsv, dealerRefundsReport, lastMonth } from '~/services/money/dealer-refunds.server';
import { requireRole } from '~/services/auth/guard.server';

export async function loader({ request, params }: LoaderFunctionArgs) {
  if (!isLangParam(params.lang)) throw new Response('Not Found', { status: 404 });
  await requireRole(request, 'admin');
  const url = new URL(request.url);
  const parsed = monthSchema.safeParse({ month: url.searchParams.get('month') ?? undefined });
  if (!parsed.success) return new Response('Invalid month (YYYY-MM)', { status: 400 });
  const month = parsed.data.month ?? lastMonth();
  const csv = dealerRefundsCsv(
    dealerRefundsReport(getDb(), month),
    params.lang === 'fr' ? 'fr' : 'en',
  );
  return new Response(CSV_BOM + csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="dealer-refunds-${month}.csv"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
