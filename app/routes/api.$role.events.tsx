/** GET /api/{role}/events → { events, allSeries }: a promoter's own (admins: use /api/events). */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { promoterHome } from '~/services/events/management/manager-event-lists.server';
import { requireApiRoleSegment } from '~/http/auth/api-guard.server';
import { onlyMethods } from '~/http/api.server';
import { jsonAnswer } from '~/http/kept-answer.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireApiRoleSegment(request, params.role, ['promoter']);
  const home = promoterHome(getDb(), auth.profile.id);
  return jsonAnswer({
    events: [...home.todaysEvents, ...home.myEvents],
    allSeries: home.mySeries,
  });
}

export const action = onlyMethods('GET');
// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none' } as const satisfies RouteHandle;
