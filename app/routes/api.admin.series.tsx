/** POST /api/admin/series: create a series (JSON body like the series form). */
import type { ActionFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { seriesSchema } from '~/lib/schemas/programs';
import { requireApiRole } from '~/services/auth/guard.server';
import { parseOr400, readJson } from '~/services/platform/json-api.server';
import { createSeries } from '~/services/events/programs.server';

export async function action({ request }: ActionFunctionArgs) {
  const auth = await requireApiRole(request, ['admin']);
  if (request.method !== 'POST')
    return Response.json({ error: 'Method Not Allowed' }, { status: 405 });
  const body = parseOr400(seriesSchema.omit({ intent: true }), await readJson(request));
  const row = createSeries(getDb(), { ...body, intent: 'save' }, auth.actor);
  return Response.json({ serie: { ...row, _id: row.id, __v: row.version } }, { status: 201 });
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none' } as const;
