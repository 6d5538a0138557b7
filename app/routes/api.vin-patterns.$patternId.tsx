/** DELETE /api/vin-patterns/{patternId} (admin). */
import type { ActionFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { requireApiRole } from '~/services/auth/guard.server';
import { deleteVinPattern } from '~/services/vin/vin-patterns.server';
import { idOr400 } from '~/services/platform/json-api.server';

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'DELETE')
    return Response.json({ error: 'Method not allowed' }, { status: 405 });
  const { actor } = await requireApiRole(request, ['admin']);
  const patternId = idOr400(params.patternId);
  if (!deleteVinPattern(getDb(), patternId, actor)) {
    return Response.json({ error: 'Sorry could not complete the removal.' }, { status: 404 });
  }
  return Response.json({ deleted: true, id: patternId });
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none' } as const;
