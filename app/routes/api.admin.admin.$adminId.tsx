/** PUT /api/admin/admin/{adminId}: an admin updates their own name and phone (response admin). */
import type { ActionFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { adminProfileSchema } from '~/lib/schemas/admin';
import { requireApiRole } from '~/http/auth/api-guard.server';
import { getAdmin, updateAdmin } from '~/services/people/profiles.server';
import {
  allowMethods,
  idOr400,
  onlyMethods,
  parseOr400,
  putBody,
  readJson,
} from '~/http/api.server';
import { jsonAnswer } from '~/http/kept-answer.server';
import type { RouteHandle } from '~/lib/route-handle';

const putSchema = adminProfileSchema.omit({ intent: true });

export async function action({ request, params }: ActionFunctionArgs) {
  allowMethods(request, 'PUT');
  const auth = await requireApiRole(request, ['admin']);
  const adminId = idOr400(params.adminId);
  if (adminId !== auth.profile.id) return jsonAnswer({ error: 'Forbidden' }, { status: 403 });
  const found = getAdmin(getDb(), adminId);
  if (!found) return jsonAnswer({ error: 'Not found' }, { status: 404 });
  // PUT changes only the fields sent (the others keep their values).
  const body = parseOr400(putSchema, putBody(putSchema, found, await readJson(request)));
  return jsonAnswer({ admin: updateAdmin(getDb(), adminId, body, auth.actor) });
}

export const loader = onlyMethods('PUT');
// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none' } as const satisfies RouteHandle;
