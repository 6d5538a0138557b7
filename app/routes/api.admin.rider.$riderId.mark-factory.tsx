/** POST /api/admin/rider/{riderId}/mark-factory — body { factory?: boolean } (default true). */
import type { ActionFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { riderDetail, updateRiderAsAdmin } from '~/services/people/admin-people.server';
import { requireApiRole } from '~/http/auth/api-guard.server';
import { markFactorySchema } from '~/lib/schemas/admin';
import { allowMethods, idOr400, onlyMethods, parseOr400, readJsonObject } from '~/http/api.server';
import { jsonAnswer } from '~/http/kept-answer.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function action({ request, params }: ActionFunctionArgs) {
  allowMethods(request, 'POST');
  const auth = await requireApiRole(request, ['admin']);
  const id = idOr400(params.riderId);
  const { factory } = parseOr400(markFactorySchema, await readJsonObject(request));
  if (
    !updateRiderAsAdmin(
      getDb(),
      id,
      { intent: factory ? 'markFactory' : 'unmarkFactory' },
      auth.actor,
    ).ok
  ) {
    return jsonAnswer({ error: 'Not a valid rider.' }, { status: 404 });
  }
  return jsonAnswer({ rider: { _id: id, factory: riderDetail(getDb(), id)?.rider.factory } });
}

export const loader = onlyMethods('POST');
// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none' } as const satisfies RouteHandle;
