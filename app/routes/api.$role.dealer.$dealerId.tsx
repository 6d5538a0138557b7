/**
 * GET /api/{role}/dealer/{dealerId} → { dealer, redemptions, distinctCountry }: an admin any dealer,
 * a dealer only itself. PUT /api/{role}/dealer/{dealerId}: admin only (a dealer edits its own
 * details on its profile page, where the admin-only fields are left out).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { dealerSchema } from '~/lib/schemas/admin';
import { getDealer, saveDealer } from '~/services/people/admin-people.server';
import { dealerFacets } from '~/services/people/dealer-finder.server';
import { requireApiRoleSegment } from '~/http/auth/api-guard.server';
import { allowMethods, idOr400, parseOr400, putBody, readJson } from '~/http/api.server';
import { listCreditRedemptions } from '~/services/money/counter/redemption-lists.server';
import { jsonAnswer } from '~/http/kept-answer.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireApiRoleSegment(request, params.role, ['admin', 'dealer']);
  const id = idOr400(params.dealerId);
  if (auth.profile.role === 'dealer' && auth.profile.id !== id)
    return jsonAnswer({ error: 'Forbidden' }, { status: 403 });
  const db = getDb();
  const found = getDealer(db, id);
  if (!found) return jsonAnswer({ error: 'Not found' }, { status: 404 });
  const { creditRedemptions } = listCreditRedemptions(db, { dealerId: id });
  return jsonAnswer({
    dealer: found.dealer,
    redemptions: creditRedemptions,
    distinctCountry: dealerFacets(db, true).distinctCountry,
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  allowMethods(request, 'GET', 'PUT');
  const auth = await requireApiRoleSegment(request, params.role, ['admin', 'dealer']);
  if (auth.user.role !== 'admin') return jsonAnswer({ error: 'Forbidden' }, { status: 403 });
  const id = idOr400(params.dealerId);
  const db = getDb();
  const found = getDealer(db, id);
  if (!found) return jsonAnswer({ error: 'Not found' }, { status: 404 });
  // PUT changes only the fields sent (the others keep their values).
  const raw = (await readJson(request)) as { dealer?: object } | null;
  const body = parseOr400(dealerSchema, {
    ...putBody(dealerSchema, found.dealer, raw?.dealer ?? raw),
    intent: 'save',
  });
  saveDealer(db, id, body, auth.actor);
  return jsonAnswer({ dealer: getDealer(db, id)?.dealer });
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none' } as const satisfies RouteHandle;
