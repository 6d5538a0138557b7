/**
 * POST /api/vin-patterns/verify and /unverify (admin), JSON body `{ pattern }`: an id, the
 * pattern text, or `{ id | _id | pattern }`. One handler; the two routes differ only in the flag.
 */
import type { ActionFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { patternBodySchema } from '~/lib/schemas/vin';
import { requireApiRole } from '~/services/auth/guard.server';
import { setVinPatternVerified } from '~/services/vin/vin-patterns.server';

export function setVerifiedAction(verified: boolean) {
  return async function action({ request }: ActionFunctionArgs) {
    if (request.method !== 'POST')
      return Response.json({ error: 'Method not allowed' }, { status: 405 });
    const { actor } = await requireApiRole(request, ['admin']);
    let body: unknown;
    try {
      body = await request.json();
    } catch {
      return Response.json({ error: 'Invalid JSON body' }, { status: 400 });
    }
    const parsed = patternBodySchema.safeParse(body);
    if (!parsed.success)
      return Response.json(
        { error: 'completion:api.invalidPatterns', issues: parsed.error.flatten().fieldErrors },
        { status: 400 },
      );
    const vinPattern = setVinPatternVerified(getDb(), parsed.data.pattern, verified, actor);
    if (!vinPattern)
      return Response.json({ error: 'completion:api.vinPatternNotFound' }, { status: 404 });
    return Response.json({ vinPattern });
  };
}
