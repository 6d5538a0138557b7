/**
 * GET /api/{role}/riders?q=&page= — admin: the riders list with filters (q, country, level,
 * status); dealer: the counter's rider search (q: name, e-mail, AMA number, phone).
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { riderFilterSchema } from '~/lib/schemas/admin';
import { riderSearchSchema } from '~/lib/schemas/dealer';
import { listRiders } from '~/services/people/people-lists.server';
import { searchRiders } from '~/services/money/counter/dealer-counter.server';
import { requireApiRoleSegment } from '~/http/auth/api-guard.server';
import { onlyMethods, parseOr400 } from '~/http/api.server';
import { jsonAnswer } from '~/http/kept-answer.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireApiRoleSegment(request, params.role, ['admin', 'dealer']);
  const query = Object.fromEntries(new URL(request.url).searchParams);
  if (auth.user.role === 'dealer')
    return jsonAnswer({
      riders: searchRiders(getDb(), parseOr400(riderSearchSchema, query).q ?? ''),
    });
  return jsonAnswer(listRiders(getDb(), parseOr400(riderFilterSchema, query)));
}

export const action = onlyMethods('GET');
// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none' } as const satisfies RouteHandle;
