/**
 * GET /api/promoters — the public promoter listing: names and phones only.
 * Optional name (contains) and phone (digits contained). Response: { allPromoters }.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { listPromoters } from '~/services/events/catalog/public-promoters.server';
import { onlyMethods } from '~/http/api.server';
import { jsonAnswer } from '~/http/kept-answer.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const name = url.searchParams.get('name')?.trim().slice(0, 100) || undefined;
  const phone = url.searchParams.get('phone')?.trim().slice(0, 30) || undefined;
  return jsonAnswer({ allPromoters: listPromoters(getDb(), { name, phone }) });
}

export const action = onlyMethods('GET');
// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none' } as const satisfies RouteHandle;
