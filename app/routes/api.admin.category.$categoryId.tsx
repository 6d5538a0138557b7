/** PUT and DELETE /api/admin/category/{categoryId}. */
import type { ActionFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { categorySchema, listToText } from '~/lib/schemas/programs';
import { requireApiRole } from '~/http/auth/api-guard.server';
import {
  allowMethods,
  idOr400,
  onlyMethods,
  parseOr400,
  putBody,
  readJson,
} from '~/http/api.server';
import {
  deleteCategory,
  getCategoryWithSeries,
  saveCategory,
} from '~/services/events/catalog/programs.server';
import { jsonAnswer } from '~/http/kept-answer.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function action({ request, params }: ActionFunctionArgs) {
  allowMethods(request, 'PUT', 'DELETE');
  const auth = await requireApiRole(request, ['admin']);
  const id = idOr400(params.categoryId);
  const db = getDb();
  if (request.method === 'DELETE') {
    return deleteCategory(db, id, auth.actor)
      ? jsonAnswer({ ok: true })
      : jsonAnswer({ error: 'Sorry could not complete the removal.' }, { status: 404 });
  }
  const found = getCategoryWithSeries(db, id);
  if (!found) return jsonAnswer({ error: 'Not found' }, { status: 404 });
  // PUT changes only the fields sent (the others keep their values).
  const raw = await readJson(request);
  const current = { ...found.category, eligibleModels: listToText(found.category) };
  const sent = listToText(raw);
  const body = parseOr400(categorySchema, {
    ...putBody(categorySchema, current, raw),
    intent: 'save',
    ...(sent === undefined ? {} : { eligibleModels: sent }),
  });
  saveCategory(db, id, body, auth.actor);
  return jsonAnswer({ category: getCategoryWithSeries(db, id)?.category });
}

export const loader = onlyMethods('PUT', 'DELETE');
// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none' } as const satisfies RouteHandle;
