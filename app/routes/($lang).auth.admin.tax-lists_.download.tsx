/**
 * GET /auth/admin/tax-lists/download?year=YYYY&list=1099|1042s&format=csv|xlsx (and /fr/...:
 * French headers): one year-end tax list as a file. Formula-safe. Admin only.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { CSV_BOM, toCsv } from '~/lib/csv';
import { todayString } from '~/lib/format';
import { isLangParam } from '~/lib/lang';
import { parseSearch } from '~/lib/list-query';
import { taxDownloadSchema } from '~/lib/schemas/tax';
import { requireRole } from '~/services/auth/guard.server';
import { taxCsvRows, taxXlsx } from '~/services/reports/tax-export.server';
import { fileResponse } from '~/http/file-response.server';
import { taxLists } from '~/services/reports/tax-lists.server';

export async function loader({ request, params }: LoaderFunctionArgs) {
  if (!isLangParam(params.lang)) throw new Response('Not Found', { status: 404 });
  await requireRole(request, 'admin');
  const { values, errors } = parseSearch(taxDownloadSchema, request);
  if (errors.year) return new Response('Invalid year', { status: 400 });
  const lang = params.lang === 'fr' ? 'fr' : 'en';
  const year = values.year ?? Number(todayString().slice(0, 4));
  const lists = taxLists(getDb(), year);
  const name = `tax-${values.list}-${year}`;
  if (values.format === 'xlsx') {
    return fileResponse(
      await taxXlsx(lists, values.list, lang),
      `${name}.xlsx`,
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
  }
  return fileResponse(
    CSV_BOM + toCsv(await taxCsvRows(lists, values.list, lang), lang),
    `${name}.csv`,
    'text/csv; charset=utf-8',
  );
}
