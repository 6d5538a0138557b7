/**
 * GET /api/category/{categoryId} — one program with its series.
 * Response: { category, series }; 404 for an unknown id. (PUT and DELETE live under
 * /api/admin/category/{categoryId}.)
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { getCategory } from '~/services/events/catalog/public-categories.server';
import { idOr400, onlyMethods } from '~/http/api.server';
import { jsonAnswer } from '~/http/kept-answer.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ params }: LoaderFunctionArgs) {
  const id = idOr400(params.categoryId);
  const found = getCategory(getDb(), id);
  if (!found) return jsonAnswer({ error: 'Not Found' }, { status: 404 });
  return jsonAnswer(found);
}

export const action = onlyMethods('GET');
// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none' } as const satisfies RouteHandle;
