/** POST /api/{role}/dealers (admin): create a dealer. Body: the dealer. Response { dealer, distinctCountry }. */
import type { ActionFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { dealerSchema } from '~/lib/schemas/admin';
import { getDealer, saveDealer } from '~/services/people/admin-people.server';
import { dealerFacets } from '~/services/people/dealer-finder.server';
import { requireApiRoleSegment } from '~/http/auth/api-guard.server';
import { allowMethods, onlyMethods, parseOr400, readJson } from '~/http/api.server';
import { jsonAnswer } from '~/http/kept-answer.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function action({ request, params }: ActionFunctionArgs) {
  allowMethods(request, 'POST');
  const auth = await requireApiRoleSegment(request, params.role, ['admin']);
  const raw = (await readJson(request)) as { dealer?: object } | null;
  const body = parseOr400(dealerSchema, { ...(raw?.dealer ?? raw ?? {}), intent: 'save' });
  const db = getDb();
  const id = saveDealer(db, null, body, auth.actor);
  return jsonAnswer(
    { dealer: getDealer(db, id)?.dealer, distinctCountry: dealerFacets(db, true).distinctCountry },
    { status: 201 },
  );
}

export const loader = onlyMethods('POST');
// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none' } as const satisfies RouteHandle;
