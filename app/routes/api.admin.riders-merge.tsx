/**
 * POST /api/admin/riders-merge (admin), JSON `{ keepRiderId, deleteRiderId, confirmation }` where
 * confirmation is `DELETE <e-mail of the rider to delete>` or `KEEP <e-mail of the rider to keep>`.
 * → 200 { merged: summary }; 400 'Not a valid rider.' or a bad confirmation; 409 with the award
 * conflicts when the recompute would take back spent, claimed or paid money (nothing changed).
 */
import type { ActionFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { riderMergeApiSchema } from '~/lib/schemas/admin';
import { requireApiRole } from '~/http/auth/api-guard.server';
import { allowMethods, onlyMethods, parseOr400, readJson } from '~/http/api.server';
import { mergeRiders } from '~/services/people/rider-merge.server';
import { jsonAnswer } from '~/http/kept-answer.server';
import type { RouteHandle } from '~/lib/route-handle';

export const loader = onlyMethods('POST');

export async function action({ request }: ActionFunctionArgs) {
  allowMethods(request, 'POST');
  const auth = await requireApiRole(request, ['admin']);
  const body = parseOr400(riderMergeApiSchema, await readJson(request));
  const out = mergeRiders(getDb(), body, auth.actor);
  if (out.ok) return jsonAnswer({ merged: out.summary });
  if (out.reason === 'conflicts')
    return jsonAnswer({ error: 'Award conflicts', conflicts: out.conflicts }, { status: 409 });
  if (out.reason === 'confirmation') {
    return jsonAnswer(
      {
        error: 'completion:api.mergeConfirmation',
      },
      { status: 400 },
    );
  }
  return jsonAnswer({ error: 'Not a valid rider.' }, { status: 400 });
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none' } as const satisfies RouteHandle;
