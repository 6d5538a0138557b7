/** GET /api/admin/events-late?page=&title=&state=&country= — events whose results are late. */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { parsePage } from '~/lib/pagination';
import { lateFilterSchema } from '~/lib/schemas/reports';
import { requireApiRole } from '~/services/auth/guard.server';
import { lateEvents } from '~/services/reports/reports.server';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiRole(request, ['admin']);
  const f = lateFilterSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return Response.json(lateEvents(getDb(), { ...f, page: parsePage(f.page) }));
}
