/** POST /api/admin/event/{eventId}/duplicate: copy an event with its classes and payouts. */
import type { ActionFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { duplicateEvent, getEventDetails } from '~/services/events/management/event-admin.server';
import { requireApiRole } from '~/http/auth/api-guard.server';
import { allowMethods, apiLang, idOr400, onlyMethods } from '~/http/api.server';
import { tFor } from '~/i18next.server';
import { jsonAnswer } from '~/http/kept-answer.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function action({ request, params }: ActionFunctionArgs) {
  allowMethods(request, 'POST');
  const auth = await requireApiRole(request, ['admin']);
  const t = await tFor(apiLang(request));
  const copy = duplicateEvent(getDb(), idOr400(params.eventId), auth.actor, (title) =>
    t('completion:copyTitle', { title }),
  );
  if (copy === null) return jsonAnswer({ error: 'Not found' }, { status: 404 });
  return jsonAnswer({ event: getEventDetails(getDb(), copy) }, { status: 201 });
}

export const loader = onlyMethods('POST');
// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none' } as const satisfies RouteHandle;
