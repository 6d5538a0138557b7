/** POST /api/admin/promoters: create a promoter (name, phone, email). */
import type { ActionFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { promoterSchema } from '~/lib/schemas/admin';
import { getPromoter, savePromoter } from '~/services/people/admin-people.server';
import { requireApiRole } from '~/services/auth/guard.server';
import { parseOr400, readJson } from '~/services/platform/json-api.server';

export async function action({ request }: ActionFunctionArgs) {
  const auth = await requireApiRole(request, ['admin']);
  if (request.method !== 'POST')
    return Response.json({ error: 'Method Not Allowed' }, { status: 405 });
  const body = parseOr400(promoterSchema, {
    ...((await readJson(request)) as object),
    intent: 'save',
  });
  const id = savePromoter(getDb(), null, body, auth.actor);
  return Response.json({ promoter: getPromoter(getDb(), id)?.promoter }, { status: 201 });
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none' } as const;
