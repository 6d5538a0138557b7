/**
 * GET /api/events-lean?before=YYYY-MM-DD&limit=5 — recent events: events
 * dated before `before` (default today, Los Angeles), newest first, cancelled ones left out.
 * Response: { events }.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { todayString } from '~/lib/format';
import { eventsLeanSchema, queryObject } from '~/lib/schemas/public';
import { eventsAround } from '~/services/events/catalog/public-event-list.server';
import { onlyMethods, parseOr400 } from '~/http/api.server';

export async function loader({ request }: LoaderFunctionArgs) {
  const q = parseOr400(eventsLeanSchema, queryObject(new URL(request.url)));
  const events = eventsAround(getDb(), { before: q.before ?? todayString(), limit: q.limit });
  return Response.json({ events });
}

export const action = onlyMethods('GET');
// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'public' } as const;
