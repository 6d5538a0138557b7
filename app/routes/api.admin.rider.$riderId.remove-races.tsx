/**
 * DELETE /api/admin/rider/{riderId}/remove-races (admin), JSON
 * `{ resultIds: number[] }` or `{ all: true }`. The races stay in their events' results, unlinked
 * and marked "not this rider"; awards are recomputed.
 * → 200 { removed: { riderId, removed: [resultId], eventsRecomputed } }; 404 unknown rider;
 * 400 bad body or races that are not the rider's; 409 { conflicts } when it would take back money
 * already spent, claimed or paid (nothing changed).
 */
import type { ActionFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { removeRacesApiSchema } from '~/lib/schemas/remove-races';
import { requireApiRole } from '~/http/auth/api-guard.server';
import { allowMethods, idOr400, onlyMethods, parseOr400, readJson } from '~/http/api.server';
import { removeRiderRaces } from '~/services/money/awards/remove-races.server';
import { jsonAnswer } from '~/http/kept-answer.server';
import type { RouteHandle } from '~/lib/route-handle';

export const loader = onlyMethods('DELETE');

export async function action({ request, params }: ActionFunctionArgs) {
  allowMethods(request, 'DELETE');
  const auth = await requireApiRole(request, ['admin']);
  const riderId = idOr400(params.riderId);
  const body = parseOr400(removeRacesApiSchema, await readJson(request));
  const out = removeRiderRaces(
    getDb(),
    riderId,
    'all' in body ? 'all' : body.resultIds,
    auth.actor,
  );
  if (out.ok) return jsonAnswer({ removed: out.summary });
  switch (out.reason) {
    case 'notFound':
      return jsonAnswer({ error: 'Not a valid rider.' }, { status: 404 });
    case 'noRaces':
      return jsonAnswer({ error: 'completion:api.noRacesToRemove' }, { status: 400 });
    case 'notRidersRaces':
      return jsonAnswer(
        { error: 'completion:api.notRidersRaces', resultIds: out.resultIds },
        { status: 400 },
      );
    case 'conflicts':
      return jsonAnswer(
        { error: 'completion:api.removeRacesConflicts', conflicts: out.conflicts },
        { status: 409 },
      );
  }
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none' } as const satisfies RouteHandle;
