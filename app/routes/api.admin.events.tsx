/** POST /api/admin/events: create an event (JSON body like the event details form). */
import type { ActionFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { eventDetailsSchema } from '~/lib/schemas/event-admin';
import { createEvent, getEventDetails } from '~/services/events/event-admin.server';
import { requireApiRole } from '~/services/auth/guard.server';
import { parseOr400, readJson } from '~/services/platform/json-api.server';

export async function action({ request }: ActionFunctionArgs) {
  const auth = await requireApiRole(request, ['admin']);
  if (request.method !== 'POST') return Response.json({ error: 'Method Not Allowed' }, { status: 405 });
  const body = parseOr400(eventDetailsSchema, { ...((await readJson(request)) as object), intent: 'createEvent' });
  const id = createEvent(getDb(), body, auth.actor);
  return Response.json({ event: getEventDetails(getDb(), id) }, { status: 201 });
}
