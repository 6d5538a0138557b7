/**
 * GET /api/admin/tax-lists?year=YYYY — the year-end tax lists (1099 with W-9 status, 1042-S with
 * gross, withheld and net; amounts in integer cents) and their totals per currency.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { todayString } from '~/lib/format';
import { parseSearch } from '~/lib/list-query';
import { taxYearSchema } from '~/lib/schemas/tax';
import { requireApiRole } from '~/http/auth/api-guard.server';
import { taxLists } from '~/services/reports/tax-lists.server';
import { onlyMethods } from '~/http/api.server';
import { jsonAnswer } from '~/http/kept-answer.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiRole(request, ['admin']);
  const { values, errors } = parseSearch(taxYearSchema, request);
  if (errors.year)
    return jsonAnswer(
      { error: 'completion:api.invalidYear', code: 'invalidYear', field: 'year' },
      { status: 400 },
    );
  return jsonAnswer(taxLists(getDb(), values.year ?? Number(todayString().slice(0, 4))));
}

export const action = onlyMethods('GET');
// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none' } as const satisfies RouteHandle;
