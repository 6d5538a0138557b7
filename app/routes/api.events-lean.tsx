/**
 * GET /api/events-lean?before=YYYY-MM-DD&limit=5 — recent events: events
 * dated before `before` (default today, Los Angeles), newest first, cancelled ones left out.
 * Response: { events }.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { todayString } from '~/lib/format';
import { memoizedParse } from '~/lib/parse-memo';
import { eventsLeanSchema } from '~/lib/schemas/public';
import { eventsAroundJson } from '~/services/events/catalog/public-event-list.server';
import { onlyMethods, parseOr400 } from '~/http/api.server';
import { keptAnswer } from '~/http/kept-answer.server';
import type { RouteHandle } from '~/lib/route-handle';

// The same query strings come back on every call: each is parsed once.
const queryOf = memoizedParse((search) =>
  parseOr400(eventsLeanSchema, Object.fromEntries(new URLSearchParams(search))),
);

const JSON_HEADERS = { 'Content-Type': 'application/json; charset=utf-8' } as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const q = queryOf(new URL(request.url).search);
  return keptAnswer(
    eventsAroundJson(getDb(), { before: q.before ?? todayString(), limit: q.limit }),
    { headers: JSON_HEADERS },
  );
}

export const action = onlyMethods('GET');
// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'public' } as const satisfies RouteHandle;
