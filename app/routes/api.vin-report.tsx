/**
 * GET /api/vin-report?name&vin&valid&page (admin): riders with their bikes' states.
 * `format=csv` (with `lang=en|fr` for the headers; French: `;` and decimal commas) downloads every
 * line for the filters as CSV with formula-safe cells.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { tFor } from '~/i18next.server';
import { vinReportQuerySchema } from '~/lib/schemas/vin';
import { vinReport, vinReportAll, vinReportCsvRows } from '~/services/vin/vin-report.server';
import { csvResponse } from '~/http/csv-response.server';
import { requireApiRole } from '~/http/auth/api-guard.server';
import { apiLang, onlyMethods, queryOr400 } from '~/http/api.server';
import { jsonAnswer } from '~/http/kept-answer.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiRole(request, ['admin']);
  const q = queryOr400(vinReportQuerySchema, request);
  const db = getDb();
  if (q.format === 'csv') {
    const lang = apiLang(request);
    const t = await tFor(lang);
    const rows = vinReportCsvRows(vinReportAll(db, q), {
      header: [
        t('vin:report.csv.lastName'),
        t('vin:report.csv.firstName'),
        t('vin:report.email'),
        t('vin:report.vin'),
        t('vin:report.csv.year'),
        t('vin:report.csv.make'),
        t('vin:report.csv.model'),
        t('vin:report.state'),
        t('vin:report.reason'),
      ],
      valid: t('vin:bikes.valid'),
      invalid: t('vin:bikes.invalid'),
      none: t('vin:report.noBike'),
      reason: (key) => t(key),
    });
    return csvResponse('rider-vin-report.csv', rows, lang);
  }
  const { rows, pagination } = vinReport(db, q);
  return jsonAnswer({ riders: rows, pagination });
}

export const action = onlyMethods('GET');
// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none' } as const satisfies RouteHandle;
