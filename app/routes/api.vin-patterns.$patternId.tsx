/** DELETE /api/vin-patterns/{patternId} (admin). */
import type { ActionFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { requireApiRole } from '~/http/auth/api-guard.server';
import { deleteVinPattern } from '~/services/vin/vin-patterns.server';
import { allowMethods, idOr400, onlyMethods } from '~/http/api.server';
import { jsonAnswer } from '~/http/kept-answer.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function action({ request, params }: ActionFunctionArgs) {
  allowMethods(request, 'DELETE');
  const { actor } = await requireApiRole(request, ['admin']);
  const patternId = idOr400(params.patternId);
  if (!deleteVinPattern(getDb(), patternId, actor)) {
    return jsonAnswer({ error: 'Sorry could not complete the removal.' }, { status: 404 });
  }
  return jsonAnswer({ deleted: true, id: patternId });
}

export const loader = onlyMethods('DELETE');
// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none' } as const satisfies RouteHandle;
