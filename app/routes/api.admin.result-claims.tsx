/** GET /api/admin/result-claims (admin): every result claim, pending first. */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { requireApiRole } from '~/http/auth/api-guard.server';
import { listClaims } from '~/services/money/claims/result-claims.server';
import { onlyMethods } from '~/http/api.server';
import { jsonAnswer } from '~/http/kept-answer.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiRole(request, ['admin']);
  return jsonAnswer({ claims: listClaims(getDb(), { role: 'admin' }) });
}

export const action = onlyMethods('GET');
// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none' } as const satisfies RouteHandle;
