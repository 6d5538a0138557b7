/**
 * GET /api/admin/events (the admin's `GET /api/{role}/events`): every event, newest first, with
 * optional title, state, country and page → { events, pagination }.
 * POST /api/admin/events: create an event (JSON body like the event details form).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { eventDetailsSchema } from '~/lib/schemas/event-admin';
import { createEvent, getEventDetails } from '~/services/events/event-admin.server';
import { adminEventList } from '~/services/events/manager-event-lists.server';
import { requireApiRole } from '~/services/auth/guard.server';
import { parseOr400, readJson } from '~/services/platform/json-api.server';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiRole(request, ['admin']);
  const q = new URL(request.url).searchParams;
  const text = (name: string) => (q.get(name) ?? '').trim().slice(0, 100);
  const page = Math.max(1, Math.min(100_000, Math.trunc(Number(q.get('page'))) || 1));
  return Response.json(adminEventList(getDb(), { title: text('title'), state: text('state'), country: text('country'), page }));
}

export async function action({ request }: ActionFunctionArgs) {
  const auth = await requireApiRole(request, ['admin']);
  if (request.method !== 'POST') return Response.json({ error: 'Method Not Allowed' }, { status: 405 });
  const body = parseOr400(eventDetailsSchema, { ...((await readJson(request)) as object), intent: 'createEvent' });
  const id = createEvent(getDb(), body, auth.actor);
  return Response.json({ event: getEventDetails(getDb(), id) }, { status: 201 });
}
