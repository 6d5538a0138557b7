/** POST /api/admin/rider/{riderId}/mark-factory — body { factory?: boolean } (default true). */
import type { ActionFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { getDb } from '~/db.server';
import { riderDetail, updateRiderAsAdmin } from '~/services/people/admin-people.server';
import { requireApiRole } from '~/services/auth/guard.server';
import { idOr400, parseOr400, readJson } from '~/services/platform/json-api.server';

export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireApiRole(request, ['admin']);
  if (request.method !== 'POST')
    return Response.json({ error: 'Method Not Allowed' }, { status: 405 });
  const id = idOr400(params.riderId);
  const { factory } = parseOr400(
    z.object({ factory: z.boolean().default(true) }),
    (await readJson(request)) ?? {},
  );
  if (
    !updateRiderAsAdmin(
      getDb(),
      id,
      { intent: factory ? 'markFactory' : 'unmarkFactory' },
      auth.actor,
    ).ok
  ) {
    return Response.json({ error: 'Not a valid rider.' }, { status: 404 });
  }
  return Response.json({ rider: { _id: id, factory: riderDetail(getDb(), id)?.rider.factory } });
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none' } as const;
