/** GET /api/{role}/riders-lean?q= (admin): id and name of matching riders, for pickers. */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { riderFilterSchema } from '~/lib/schemas/admin';
import { listRiders } from '~/services/people/people-lists.server';
import { requireApiRoleSegment } from '~/http/auth/api-guard.server';
import { onlyMethods, parseOr400 } from '~/http/api.server';
import { jsonAnswer } from '~/http/kept-answer.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiRoleSegment(request, params.role, ['admin']);
  const f = parseOr400(riderFilterSchema, Object.fromEntries(new URL(request.url).searchParams));
  const { riders, pagination } = listRiders(getDb(), f);
  return jsonAnswer({
    riders: riders.map((r) => ({
      _id: r.id,
      fullName: `${r.firstName} ${r.lastName}`,
      amaNumber: r.amaNumber,
    })),
    pagination,
  });
}

export const action = onlyMethods('GET');
// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none' } as const satisfies RouteHandle;
