/** PUT /api/admin/event/{eventId}: update an event's details (awards recomputed when needed). */
import type { ActionFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { eventDetailsSchema } from '~/lib/schemas/event-admin';
import { getEventDetails, updateEvent } from '~/services/events/management/event-admin.server';
import { requireApiRole } from '~/http/auth/api-guard.server';
import {
  allowMethods,
  idOr400,
  onlyMethods,
  parseOr400,
  putBody,
  readJson,
} from '~/http/api.server';
import { jsonAnswer } from '~/http/kept-answer.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function action({ request, params }: ActionFunctionArgs) {
  allowMethods(request, 'PUT');
  const auth = await requireApiRole(request, ['admin']);
  const id = idOr400(params.eventId);
  const found = getEventDetails(getDb(), id);
  if (!found) return jsonAnswer({ error: 'Not found' }, { status: 404 });
  // PUT changes only the fields sent (the others keep their values; `cancelled` is not cleared).
  const body = parseOr400(eventDetailsSchema, {
    ...putBody(eventDetailsSchema, found, await readJson(request)),
    intent: 'saveEvent',
  });
  const r = updateEvent(getDb(), id, body, auth.actor);
  if (!r.ok && r.reason === 'notFound') return jsonAnswer({ error: 'Not found' }, { status: 404 });
  if (!r.ok && r.reason === 'conflicts') {
    return jsonAnswer(
      {
        error: 'This change would take back money already spent, claimed or paid.',
        conflicts: r.conflicts,
      },
      { status: 409 },
    );
  }
  return jsonAnswer({ event: getEventDetails(getDb(), id) });
}

export const loader = onlyMethods('PUT');
// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none' } as const satisfies RouteHandle;
