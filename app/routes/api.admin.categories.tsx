/** POST /api/admin/categories: create a category (program). */
import type { ActionFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { categorySchema, listToText } from '~/lib/schemas/programs';
import { requireApiRole } from '~/http/auth/api-guard.server';
import { allowMethods, onlyMethods, parseOr400, readJsonObject } from '~/http/api.server';
import { saveCategory } from '~/services/events/catalog/programs.server';
import { jsonAnswer } from '~/http/kept-answer.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function action({ request }: ActionFunctionArgs) {
  allowMethods(request, 'POST');
  const auth = await requireApiRole(request, ['admin']);
  const raw = await readJsonObject(request);
  const body = parseOr400(categorySchema, {
    ...raw,
    intent: 'save',
    eligibleModels: listToText(raw),
  });
  const id = saveCategory(getDb(), null, body, auth.actor);
  return jsonAnswer({ category: { id, ...body } }, { status: 201 });
}

export const loader = onlyMethods('POST');
// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none' } as const satisfies RouteHandle;
