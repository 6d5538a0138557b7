/** GET /api/vin-patterns?page&model&year&pattern (admin): one page of VIN patterns. */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { vinPatternQuerySchema } from '~/lib/schemas/vin';
import { requireApiRole } from '~/services/auth/guard.server';
import { listVinPatterns } from '~/services/vin/vin-patterns.server';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiRole(request, ['admin']);
  const parsed = vinPatternQuerySchema.safeParse(
    Object.fromEntries(new URL(request.url).searchParams),
  );
  if (!parsed.success) {
    return Response.json(
      { error: 'Invalid query', issues: parsed.error.flatten().fieldErrors },
      { status: 400 },
    );
  }
  return Response.json(listVinPatterns(getDb(), parsed.data));
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none' } as const;
