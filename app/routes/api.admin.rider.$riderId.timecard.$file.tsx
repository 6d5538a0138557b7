/**
 * DELETE /api/admin/rider/{riderId}/timecard/{file} (admin): removes one of the rider's timecards,
 * named by its stored file name (or document id). → { deleted: true }, or 404.
 */
import type { ActionFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { deleteTimecard } from '~/services/people/documents.server';
import { requireApiRole } from '~/http/auth/api-guard.server';
import { allowMethods, idOr400, onlyMethods } from '~/http/api.server';
import { jsonAnswer } from '~/http/kept-answer.server';
import type { RouteHandle } from '~/lib/route-handle';

export const loader = onlyMethods('DELETE');

export async function action({ request, params }: ActionFunctionArgs) {
  allowMethods(request, 'DELETE');
  const auth = await requireApiRole(request, ['admin']);
  const riderId = idOr400(params.riderId);
  const file = params.file ?? '';
  if (!deleteTimecard(getDb(), riderId, file, auth.actor)) {
    return jsonAnswer({ error: 'Sorry could not complete the removal.' }, { status: 404 });
  }
  return jsonAnswer({ deleted: true });
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none', body: 'any' } as const satisfies RouteHandle;
