/** GET /auth/admin/export-class-payouts.csv?year=&startDate=&endDate= (French headers under /fr). Admin only. */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { requestLang, tFor } from '~/i18next.server';
import { isLangParam } from '~/lib/lang';
import { rangeFromUrl } from '~/lib/schemas/reports';
import { csvResponse } from '~/http/csv-response.server';
import { classPayoutsRows } from '~/services/reports/exports.server';
import { requireRole } from '~/services/auth/guard.server';

export async function loader({ request, params }: LoaderFunctionArgs) {
  if (!isLangParam(params.lang)) throw new Response('Not Found', { status: 404 });
  await requireRole(request, 'admin');
  const range = rangeFromUrl(request.url);
  const lang = requestLang(request);
  const t = await tFor(lang);
  return csvResponse(
    `class-payouts-${range.startDate}-${range.endDate}.csv`,
    classPayoutsRows(getDb(), range, t),
    lang,
  );
}
