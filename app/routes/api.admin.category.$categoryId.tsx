/** PUT and DELETE /api/admin/category/{categoryId}. */
import type { ActionFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { categorySchema } from '~/lib/schemas/programs';
import { listToText } from '~/routes/api.admin.categories';
import { requireApiRole } from '~/services/auth/guard.server';
import { idOr404, parseOr400, readJson } from '~/services/platform/json-api.server';
import { deleteCategory, getCategoryWithSeries, saveCategory } from '~/services/events/programs.server';

export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireApiRole(request, ['admin']);
  const id = idOr404(params.categoryId);
  const db = getDb();
  if (request.method === 'DELETE') {
    return deleteCategory(db, id, auth.actor)
      ? Response.json({ ok: true })
      : Response.json({ error: 'Sorry could not complete the removal.' }, { status: 404 });
  }
  if (request.method !== 'PUT') return Response.json({ error: 'Method Not Allowed' }, { status: 405 });
  if (!getCategoryWithSeries(db, id)) return Response.json({ error: 'Not found' }, { status: 404 });
  const raw = await readJson(request);
  const body = parseOr400(categorySchema, { ...(raw as object), intent: 'save', eligibleModels: listToText(raw) });
  saveCategory(db, id, body, auth.actor);
  return Response.json({ category: getCategoryWithSeries(db, id)?.category });
}
