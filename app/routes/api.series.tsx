/**
 * GET /api/series — the public series finder (spec §7 Series). Query: page, name, city, state,
 * zipcode, country, when (upcoming | past | all; default upcoming: series not yet over).
 * Response: { allSeries, pagination: { page, totalPages, total }, distinctStates }.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { queryObject, seriesSearchSchema } from '~/lib/schemas/public';
import { listSeries } from '~/services/events/public-series.server';
import { parseOr400 } from '~/services/platform/json-api.server';

export async function loader({ request }: LoaderFunctionArgs) {
  const filters = parseOr400(seriesSearchSchema, queryObject(new URL(request.url)));
  return Response.json(listSeries(getDb(), filters));
}
