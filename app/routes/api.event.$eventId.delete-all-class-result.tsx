/** POST /api/event/{eventId}/delete-all-class-result: deletes every result of the event (or of `classId`). */
import type { ActionFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { deleteResults } from '~/services/events/result-changes.server';
import { idParam, readEventForm } from '~/services/events/event-form.server';
import { runEventApi } from '~/services/events/event-api.server';

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'POST' && request.method !== 'DELETE') {
    return Response.json({ error: 'Method not allowed' }, { status: 405 });
  }
  return runEventApi(request, params.eventId, async ({ eventId, auth }) => {
    let classId = idParam(new URL(request.url).searchParams.get('classId') ?? undefined);
    const type = request.headers.get('Content-Type') ?? '';
    if (
      classId === null &&
      (type.startsWith('multipart/') || type.startsWith('application/x-www-form-urlencoded'))
    ) {
      const read = await readEventForm(request);
      if (read.ok) classId = idParam(String(read.formData.get('classId') ?? ''));
    }
    return deleteResults(getDb(), eventId, classId === null ? 'all' : { classId }, auth.actor);
  });
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none' } as const;
