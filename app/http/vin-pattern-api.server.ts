/**
 * POST /api/vin-patterns/verify and /unverify (admin), JSON body `{ pattern }`: an id, the
 * pattern text, or `{ id | _id | pattern }`. One handler; the two routes differ only in the flag.
 */
import type { ActionFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { patternBodySchema } from '~/lib/schemas/vin';
import { requireApiRole } from '~/http/auth/api-guard.server';
import { setVinPatternVerified } from '~/services/vin/vin-patterns.server';
import { allowMethods, parseOr400, readJson } from '~/http/api.server';
import { jsonAnswer } from '~/http/kept-answer.server';

export function setVerifiedAction(verified: boolean) {
  return async function action({ request }: ActionFunctionArgs) {
    allowMethods(request, 'POST');
    const { actor } = await requireApiRole(request, ['admin']);
    const { pattern } = parseOr400(patternBodySchema, await readJson(request));
    const vinPattern = setVinPatternVerified(getDb(), pattern, verified, actor);
    if (!vinPattern)
      return jsonAnswer({ error: 'completion:api.vinPatternNotFound' }, { status: 404 });
    return jsonAnswer({ vinPattern });
  };
}
