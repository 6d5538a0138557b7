/**
 * GET /api/events — the public schedule. Query: page, title, city, state,
 * zipcode, country, canceled (true to include cancelled events), when (upcoming | past | all;
 * default upcoming). Response: { events, pagination: { page, totalPages, total }, contingencyAmount }
 * where contingencyAmount is the posted contingency of the whole filtered set, per currency.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { memoizedParse } from '~/lib/parse-memo';
import { eventSearchSchema } from '~/lib/schemas/public';
import { listEventsJson } from '~/services/events/catalog/public-event-list.server';
import { onlyMethods, parseOr400 } from '~/http/api.server';
import { keptAnswer } from '~/http/kept-answer.server';
import type { RouteHandle } from '~/lib/route-handle';

// The same query strings come back on every call: each is parsed once.
const filtersOf = memoizedParse((search) =>
  parseOr400(eventSearchSchema, Object.fromEntries(new URLSearchParams(search))),
);

const JSON_HEADERS = { 'Content-Type': 'application/json; charset=utf-8' } as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const filters = filtersOf(new URL(request.url).search);
  return keptAnswer(listEventsJson(getDb(), filters), { headers: JSON_HEADERS });
}

export const action = onlyMethods('GET');
// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'public' } as const satisfies RouteHandle;
