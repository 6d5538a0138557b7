/** GET /api/admin/events-late?page=&title=&state=&country=&sort=&dir= — events whose results are late. */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { parseSearch } from '~/lib/list-query';
import { lateFilterSchema } from '~/lib/schemas/reports';
import { requireApiRole } from '~/http/auth/api-guard.server';
import { lateEvents } from '~/services/reports/reports.server';
import { onlyMethods } from '~/http/api.server';
import { jsonAnswer } from '~/http/kept-answer.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiRole(request, ['admin']);
  return jsonAnswer(lateEvents(getDb(), parseSearch(lateFilterSchema, request).values));
}

export const action = onlyMethods('GET');
// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none' } as const satisfies RouteHandle;
