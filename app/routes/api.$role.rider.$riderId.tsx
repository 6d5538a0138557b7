/**
 * GET /api/{role}/rider/{riderId} → { rider, creditRedemptions, payoutClaims }
 * PUT /api/{role}/rider/{riderId} (JSON, the profile form's fields) → { rider }
 *
 * A rider reads and changes only themself; an admin anyone; a dealer may read a rider (the
 * dealer counter) but never change one. Anything else is 403.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { riderProfileSchema } from '~/lib/schemas/rider';
import { type Auth } from '~/services/auth/guard.server';
import { requireApiRoleSegment } from '~/http/auth/api-guard.server';
import {
  getRider,
  riderApiView,
  riderProfileValues,
  updateRiderProfile,
  type RiderViewer,
} from '~/services/people/riders.server';
import { allowMethods, idOr400, parseOr400, putBody, readJson } from '~/http/api.server';
import { jsonAnswer } from '~/http/kept-answer.server';
import type { RouteHandle } from '~/lib/route-handle';

/** The viewer, or a 403 when a rider asks for someone else. */
function viewerFor(auth: Auth, riderId: number): RiderViewer {
  switch (auth.profile.role) {
    case 'admin':
      return { role: 'admin' };
    case 'dealer':
      return { role: 'dealer', dealerId: auth.profile.id };
    case 'rider':
      if (auth.profile.id !== riderId) throw jsonAnswer({ error: 'Forbidden' }, { status: 403 });
      return { role: 'rider' };
    default:
      throw jsonAnswer({ error: 'Forbidden' }, { status: 403 });
  }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireApiRoleSegment(request, params.role, ['rider', 'admin', 'dealer']);
  const riderId = idOr400(params.riderId);
  const view = riderApiView(getDb(), riderId, viewerFor(auth, riderId));
  if (!view) return jsonAnswer({ error: 'Not a valid rider.' }, { status: 404 });
  return jsonAnswer(view);
}

export async function action({ request, params }: ActionFunctionArgs) {
  allowMethods(request, 'GET', 'PUT');
  const auth = await requireApiRoleSegment(request, params.role, ['rider', 'admin', 'dealer']);
  if (auth.profile.role === 'dealer') return jsonAnswer({ error: 'Forbidden' }, { status: 403 });
  const riderId = idOr400(params.riderId);
  const viewer = viewerFor(auth, riderId);
  const db = getDb();
  const current = getRider(db, riderId);
  if (!current) return jsonAnswer({ error: 'Not a valid rider.' }, { status: 404 });
  // PUT changes only the fields sent (the others keep their values).
  const body = putBody(riderProfileSchema, riderProfileValues(current), await readJson(request));
  const saved = updateRiderProfile(db, riderId, parseOr400(riderProfileSchema, body), auth.actor);
  if (!saved.ok) {
    if ('notFound' in saved) return jsonAnswer({ error: 'Not a valid rider.' }, { status: 404 });
    if ('conflicts' in saved) {
      return jsonAnswer(
        {
          error: 'This change would take back money already spent, claimed or paid.',
          conflicts: saved.conflicts,
        },
        { status: 409 },
      );
    }
    return jsonAnswer({ error: 'Invalid rider', fieldErrors: saved.fieldErrors }, { status: 400 });
  }
  const view = riderApiView(db, riderId, viewer);
  return jsonAnswer({ rider: view?.rider ?? null });
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none' } as const satisfies RouteHandle;
