/**
 * POST /api/vin-patterns/verify-bikes (admin), JSON body `{ patterns }`: verifies those patterns
 * (all must exist, else nothing changes), then re-checks every bike against the verified patterns.
 */
import type { ActionFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { verifyBikesBodySchema } from '~/lib/schemas/vin';
import { requireApiRole } from '~/http/auth/api-guard.server';
import { verifyPatternsThenBikes } from '~/services/vin/vin-patterns.server';
import { allowMethods, onlyMethods, parseOr400, readJsonObject } from '~/http/api.server';
import { jsonAnswer } from '~/http/kept-answer.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function action({ request }: ActionFunctionArgs) {
  allowMethods(request, 'POST');
  const { actor } = await requireApiRole(request, ['admin']);
  const { patterns } = parseOr400(verifyBikesBodySchema, await readJsonObject(request));
  const result = verifyPatternsThenBikes(getDb(), patterns, actor);
  if (!result.ok)
    return jsonAnswer(
      { error: 'completion:api.vinPatternNotFound', missing: result.missing },
      { status: 404 },
    );
  return jsonAnswer({ verifiedPatterns: result.verified, ...result.bikes });
}

export const loader = onlyMethods('POST');
// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none' } as const satisfies RouteHandle;
