/**
 * GET /api/events — the public schedule. Query: page, title, city, state,
 * zipcode, country, canceled (true to include cancelled events), when (upcoming | past | all;
 * default upcoming). Response: { events, pagination: { page, totalPages, total }, contingencyAmount }
 * where contingencyAmount is the posted contingency of the whole filtered set, per currency.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { eventSearchSchema, queryObject } from '~/lib/schemas/public';
import { listEvents } from '~/services/events/catalog/public-event-list.server';
import { onlyMethods, parseOr400 } from '~/http/api.server';

export async function loader({ request }: LoaderFunctionArgs) {
  const filters = parseOr400(eventSearchSchema, queryObject(new URL(request.url)));
  return Response.json(listEvents(getDb(), filters));
}

export const action = onlyMethods('GET');
// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'public' } as const;
