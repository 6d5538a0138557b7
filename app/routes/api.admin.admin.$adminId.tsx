/** PUT /api/admin/admin/{adminId}: an admin updates their own name and phone (response admin). */
import type { ActionFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { adminProfileSchema } from '~/lib/schemas/admin';
import { requireApiRole } from '~/services/auth/guard.server';
import { updateAdmin } from '~/services/people/profiles.server';

export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireApiRole(request, ['admin']);
  if (request.method !== 'PUT') return Response.json({ error: 'Method Not Allowed' }, { status: 405 });
  const adminId = Number(params.adminId);
  if (adminId !== auth.profile.id) return Response.json({ error: 'Forbidden' }, { status: 403 });
  const body: unknown = await request.json().catch(() => null);
  const parsed = adminProfileSchema.omit({ intent: true }).safeParse(body);
  if (!parsed.success) return Response.json({ error: 'Invalid input', issues: parsed.error.flatten().fieldErrors }, { status: 400 });
  return Response.json({ admin: updateAdmin(getDb(), adminId, parsed.data, auth.actor) });
}
