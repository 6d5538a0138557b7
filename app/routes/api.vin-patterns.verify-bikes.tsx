/**
 * POST /api/vin-patterns/verify-bikes (admin), JSON body `{ patterns }`: verifies those patterns
 * (all must exist, else nothing changes), then re-checks every bike against the verified patterns.
 */
import type { ActionFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { verifyBikesBodySchema } from '~/lib/schemas/vin';
import { requireApiRole } from '~/services/auth/guard.server';
import { verifyPatternsThenBikes } from '~/services/vin/vin-patterns.server';

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST')
    return Response.json({ error: 'Method not allowed' }, { status: 405 });
  const { actor } = await requireApiRole(request, ['admin']);
  let body: unknown = {};
  const text = await request.text();
  if (text.trim() !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      return Response.json({ error: 'Invalid JSON body' }, { status: 400 });
    }
  }
  const parsed = verifyBikesBodySchema.safeParse(body);
  if (!parsed.success)
    return Response.json(
      { error: 'completion:api.invalidPatterns', issues: parsed.error.flatten().fieldErrors },
      { status: 400 },
    );
  const result = verifyPatternsThenBikes(getDb(), parsed.data.patterns, actor);
  if (!result.ok)
    return Response.json(
      { error: 'completion:api.vinPatternNotFound', missing: result.missing },
      { status: 404 },
    );
  return Response.json({ verifiedPatterns: result.verified, ...result.bikes });
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none' } as const;
