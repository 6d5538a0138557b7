/**
 * GET /auth/admin/dealer-refunds.csv?month=YYYY-MM (and /fr/...: French headers): the dealer
 * refunds report as CSV. Every text cell is formula-safe (~/lib/csv). Admin only.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { isLangParam } from '~/lib/lang';
import { parseSearch } from '~/lib/list-query';
import { monthSchema } from '~/lib/schemas/payouts';
import { requireRole } from '~/services/auth/guard.server';
import {
  dealerRefundsCsvRows,
  dealerRefundsReport,
  lastMonth,
} from '~/services/money/counter/dealer-refunds.server';
import { csvResponse } from '~/http/csv-response.server';

export async function loader({ request, params }: LoaderFunctionArgs) {
  if (!isLangParam(params.lang)) throw new Response('Not Found', { status: 404 });
  await requireRole(request, 'admin');
  const { values, errors } = parseSearch(monthSchema, request);
  if (errors.month) return new Response('Invalid month (YYYY-MM)', { status: 400 });
  const month = values.month ?? lastMonth();
  const report = dealerRefundsReport(getDb(), month);
  const lang = params.lang === 'fr' ? 'fr' : 'en';
  return csvResponse(`dealer-refunds-${month}.csv`, dealerRefundsCsvRows(report, lang), lang);
}
