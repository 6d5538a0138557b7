/**
 * GET /api/serie/{seriesId} — one series with its events.
 * Response: { series, events }; 404 for an unknown id.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { cachedPublicSeries } from '~/services/events/catalog/public-series.server';
import { idOr400, onlyMethods } from '~/http/api.server';
import { jsonAnswer } from '~/http/kept-answer.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ params }: LoaderFunctionArgs) {
  const id = idOr400(params.seriesId);
  const detail = cachedPublicSeries(getDb(), id);
  if (!detail) return jsonAnswer({ error: 'Not Found' }, { status: 404 });
  return jsonAnswer(detail);
}

export const action = onlyMethods('GET');
// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none' } as const satisfies RouteHandle;
