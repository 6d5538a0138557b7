/**
 * GET /api/event/{eventId} — one event with its classes (payouts), results and series
 *. Response: { event, series }; 404 for an unknown id.
 *
 * A leaf resource route: /api/event/{eventId}/result, /results and /upload-* are sibling files
 * owned by the results work. DELETE /api/event/{eventId} removes the event: the server decides
 * who may — an admin only; refused (409) while the event has awards.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { deleteEvent } from '~/services/events/management/event-admin.server';
import { requireApiRole } from '~/http/auth/api-guard.server';
import { allowMethods, idOr400 } from '~/http/api.server';
import { getPublicEvent } from '~/services/events/catalog/public-event-detail.server';
import { jsonAnswer } from '~/http/kept-answer.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ params }: LoaderFunctionArgs) {
  const id = idOr400(params.eventId);
  const detail = getPublicEvent(getDb(), id);
  if (!detail) return jsonAnswer({ error: 'Not Found' }, { status: 404 });
  return jsonAnswer(detail);
}

export async function action({ request, params }: ActionFunctionArgs) {
  allowMethods(request, 'GET', 'DELETE');
  const auth = await requireApiRole(request, ['admin', 'promoter']);
  if (auth.user.role !== 'admin') return jsonAnswer({ error: 'Forbidden' }, { status: 403 });
  const r = deleteEvent(getDb(), idOr400(params.eventId), auth.actor);
  if (r === 'notFound') return jsonAnswer({ error: 'Not found' }, { status: 404 });
  if (r === 'hasAwards')
    return jsonAnswer({ error: 'Sorry could not complete the removal.' }, { status: 409 });
  return jsonAnswer({ ok: true });
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none' } as const satisfies RouteHandle;
