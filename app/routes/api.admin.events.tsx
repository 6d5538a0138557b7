/**
 * GET /api/admin/events (the admin's `GET /api/{role}/events`): every event, newest first, with
 * optional title, state, country, page, sort and dir (the admin events list's query) →
 * { events, pagination }.
 * POST /api/admin/events: create an event (JSON body like the event details form).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { parseSearch } from '~/lib/list-query';
import { adminEventListSchema, eventDetailsSchema } from '~/lib/schemas/event-admin';
import { createEvent, getEventDetails } from '~/services/events/management/event-admin.server';
import { adminEventList } from '~/services/events/management/manager-event-lists.server';
import { requireApiRole } from '~/http/auth/api-guard.server';
import { allowMethods, parseOr400, readJsonObject } from '~/http/api.server';
import { jsonAnswer } from '~/http/kept-answer.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiRole(request, ['admin']);
  return jsonAnswer(adminEventList(getDb(), parseSearch(adminEventListSchema, request).values));
}

export async function action({ request }: ActionFunctionArgs) {
  allowMethods(request, 'GET', 'POST');
  const auth = await requireApiRole(request, ['admin']);
  const body = parseOr400(eventDetailsSchema, {
    ...(await readJsonObject(request)),
    intent: 'createEvent',
  });
  const id = createEvent(getDb(), body, auth.actor);
  return jsonAnswer({ event: getEventDetails(getDb(), id) }, { status: 201 });
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none' } as const satisfies RouteHandle;
