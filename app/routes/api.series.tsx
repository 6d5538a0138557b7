/**
 * GET /api/series — the public series finder. Query: page, name, city, state,
 * zipcode, country, when (upcoming | past | all; default upcoming: series not yet over, or all
 * when a year is given), year (series running in that calendar year).
 * Response: { allSeries, pagination: { page, totalPages, total }, distinctStates }.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { queryObject, seriesSearchSchema } from '~/lib/schemas/public';
import { listSeries } from '~/services/events/catalog/public-series.server';
import { onlyMethods, parseOr400 } from '~/http/api.server';
import { jsonAnswer } from '~/http/kept-answer.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const filters = parseOr400(seriesSearchSchema, queryObject(url));
  if (filters.year && !url.searchParams.has('when')) filters.when = 'all';
  return jsonAnswer(listSeries(getDb(), filters));
}

export const action = onlyMethods('GET');
// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'public' } as const satisfies RouteHandle;
