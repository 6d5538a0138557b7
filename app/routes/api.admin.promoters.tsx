/** POST /api/admin/promoters: create a promoter (name, phone, email). */
import type { ActionFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { promoterSchema } from '~/lib/schemas/admin';
import { getPromoter, savePromoter } from '~/services/people/admin-people.server';
import { requireApiRole } from '~/http/auth/api-guard.server';
import { allowMethods, onlyMethods, parseOr400, readJsonObject } from '~/http/api.server';
import { jsonAnswer } from '~/http/kept-answer.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function action({ request }: ActionFunctionArgs) {
  allowMethods(request, 'POST');
  const auth = await requireApiRole(request, ['admin']);
  const body = parseOr400(promoterSchema, {
    ...(await readJsonObject(request)),
    intent: 'save',
  });
  const id = savePromoter(getDb(), null, body, auth.actor);
  return jsonAnswer({ promoter: getPromoter(getDb(), id)?.promoter }, { status: 201 });
}

export const loader = onlyMethods('POST');
// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none' } as const satisfies RouteHandle;
