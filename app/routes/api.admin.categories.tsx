/** POST /api/admin/categories: create a category (program). */
import type { ActionFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { categorySchema } from '~/lib/schemas/programs';
import { requireApiRole } from '~/services/auth/guard.server';
import { parseOr400, readJson } from '~/services/platform/json-api.server';
import { saveCategory } from '~/services/events/programs.server';

export async function action({ request }: ActionFunctionArgs) {
  const auth = await requireApiRole(request, ['admin']);
  if (request.method !== 'POST')
    return Response.json({ error: 'Method Not Allowed' }, { status: 405 });
  const raw = await readJson(request);
  const body = parseOr400(categorySchema, {
    ...(raw as object),
    intent: 'save',
    eligibleModels: listToText(raw),
  });
  const id = saveCategory(getDb(), null, body, auth.actor);
  return Response.json({ category: { id, ...body } }, { status: 201 });
}

/** JSON callers may send eligibleModels as an array; the form schema takes text. */
export function listToText(raw: unknown): string | undefined {
  const v = (raw as { eligibleModels?: unknown } | null)?.eligibleModels;
  return Array.isArray(v) ? v.join(',') : typeof v === 'string' ? v : undefined;
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none' } as const;
