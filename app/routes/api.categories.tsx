/**
 * GET /api/categories — programs. Optional active=true|false.
 * Response: { categories }.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { listCategories } from '~/services/events/catalog/public-categories.server';
import { onlyMethods } from '~/http/api.server';
import { jsonAnswer } from '~/http/kept-answer.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ request }: LoaderFunctionArgs) {
  const active = new URL(request.url).searchParams.get('active');
  const filter = active === 'true' ? true : active === 'false' ? false : undefined;
  return jsonAnswer({ categories: listCategories(getDb(), filter) });
}

export const action = onlyMethods('GET');
// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'public' } as const satisfies RouteHandle;
