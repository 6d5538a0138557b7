/** GET and PUT /api/{role}/promoter/{id}: an admin any promoter, a promoter only itself. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { promoterSchema } from '~/lib/schemas/admin';
import { getPromoter, savePromoter } from '~/services/people/admin-people.server';
import { type Auth } from '~/services/auth/guard.server';
import { requireApiRoleSegment } from '~/http/auth/api-guard.server';
import { allowMethods, idOr400, mergeForPut, parseOr400, readJson } from '~/http/api.server';
import { jsonAnswer } from '~/http/kept-answer.server';
import type { RouteHandle } from '~/lib/route-handle';

function allowed(auth: Auth, id: number) {
  return (
    auth.profile.role === 'admin' || (auth.profile.role === 'promoter' && auth.profile.id === id)
  );
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireApiRoleSegment(request, params.role, ['admin', 'promoter']);
  const id = idOr400(params.id);
  if (!allowed(auth, id)) return jsonAnswer({ error: 'Forbidden' }, { status: 403 });
  const found = getPromoter(getDb(), id);
  if (!found) return jsonAnswer({ error: 'Not found' }, { status: 404 });
  return jsonAnswer({ promoter: found.promoter, events: found.events });
}

export async function action({ request, params }: ActionFunctionArgs) {
  allowMethods(request, 'GET', 'PUT');
  const auth = await requireApiRoleSegment(request, params.role, ['admin', 'promoter']);
  const id = idOr400(params.id);
  if (!allowed(auth, id)) return jsonAnswer({ error: 'Forbidden' }, { status: 403 });
  const found = getPromoter(getDb(), id);
  if (!found) return jsonAnswer({ error: 'Not found' }, { status: 404 });
  // PUT changes only the fields sent (the others keep their values).
  const { name, phone, email } = found.promoter;
  const body = parseOr400(promoterSchema, {
    ...mergeForPut({ name, phone, email }, await readJson(request)),
    intent: 'save',
  });
  savePromoter(getDb(), id, body, auth.actor);
  return jsonAnswer({ promoter: getPromoter(getDb(), id)?.promoter });
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none' } as const satisfies RouteHandle;
