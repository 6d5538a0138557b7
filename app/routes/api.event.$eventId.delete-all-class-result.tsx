/** POST /api/event/{eventId}/delete-all-class-result: deletes every result of the event (or of `classId`). */
import type { ActionFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { deleteResults } from '~/services/events/management/result-changes.server';
import { runEventApi } from '~/http/events/event-api.server';
import { allowMethods, idParam, onlyMethods, readJsonOrForm } from '~/http/api.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function action({ request, params }: ActionFunctionArgs) {
  allowMethods(request, 'POST', 'DELETE');
  return runEventApi(request, params.eventId, async ({ eventId, auth }) => {
    // classId from the query, else from the body (a form or JSON); none: every class.
    let classId = idParam(new URL(request.url).searchParams.get('classId'));
    if (classId === null) classId = idParam((await readJsonOrForm(request)).classId);
    return deleteResults(getDb(), eventId, classId === null ? 'all' : { classId }, auth.actor);
  });
}

export const loader = onlyMethods('POST', 'DELETE');
// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none' } as const satisfies RouteHandle;
