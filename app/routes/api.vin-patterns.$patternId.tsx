/** DELETE /api/vin-patterns/{patternId} (admin). */
import type { ActionFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { getDb } from '~/db.server';
import { requireApiRole } from '~/services/auth/guard.server';
import { deleteVinPattern } from '~/services/vin/vin-patterns.server';

const paramsSchema = z.object({ patternId: z.coerce.number().int().positive() });

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'DELETE')
    return Response.json({ error: 'Method not allowed' }, { status: 405 });
  const { actor } = await requireApiRole(request, ['admin']);
  const parsed = paramsSchema.safeParse(params);
  if (!parsed.success) return Response.json({ error: 'Not found' }, { status: 404 });
  if (!deleteVinPattern(getDb(), parsed.data.patternId, actor)) {
    return Response.json({ error: 'Sorry could not complete the removal.' }, { status: 404 });
  }
  return Response.json({ deleted: true, id: parsed.data.patternId });
}
