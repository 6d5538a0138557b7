/**
 * GET /api/dealers-lean — the dealer finder's data. Query: name, state,
 * zipcode, zipDistance (miles; 0 or missing = exact postal-code match), country, active
 * (default true). Response: { dealers, distinctStates, distinctCountry, zipNotFound }.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { dealersLeanSchema, queryObject } from '~/lib/schemas/public';
import { findDealersJson } from '~/services/people/dealer-finder.server';
import { onlyMethods, parseOr400 } from '~/http/api.server';
import { keptAnswer } from '~/http/kept-answer.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ request }: LoaderFunctionArgs) {
  const q = parseOr400(dealersLeanSchema, queryObject(new URL(request.url)));
  return keptAnswer(findDealersJson(getDb(), q), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
}

export const action = onlyMethods('GET');
// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'public' } as const satisfies RouteHandle;
