/** POST /api/admin/series: create a series (JSON body like the series form). */
import type { ActionFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { seriesSchema } from '~/lib/schemas/programs';
import { requireApiRole } from '~/http/auth/api-guard.server';
import { allowMethods, onlyMethods, parseOr400, readJson } from '~/http/api.server';
import { createSeries } from '~/services/events/catalog/programs.server';
import { jsonAnswer } from '~/http/kept-answer.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function action({ request }: ActionFunctionArgs) {
  allowMethods(request, 'POST');
  const auth = await requireApiRole(request, ['admin']);
  const body = parseOr400(seriesSchema.omit({ intent: true }), await readJson(request));
  const row = createSeries(getDb(), { ...body, intent: 'save' }, auth.actor);
  return jsonAnswer({ series: { ...row, _id: row.id, __v: row.version } }, { status: 201 });
}

export const loader = onlyMethods('POST');
// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none' } as const satisfies RouteHandle;
