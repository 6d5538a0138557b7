/** GET /api/vin-patterns?page&model&year&pattern (admin): one page of VIN patterns. */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { vinPatternQuerySchema } from '~/lib/schemas/vin';
import { requireApiRole } from '~/http/auth/api-guard.server';
import { listVinPatterns } from '~/services/vin/vin-patterns.server';
import { onlyMethods, queryOr400 } from '~/http/api.server';
import { jsonAnswer } from '~/http/kept-answer.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiRole(request, ['admin']);
  return jsonAnswer(listVinPatterns(getDb(), queryOr400(vinPatternQuerySchema, request)));
}

export const action = onlyMethods('GET');
// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none' } as const satisfies RouteHandle;
