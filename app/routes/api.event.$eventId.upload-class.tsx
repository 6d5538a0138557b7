/** POST /api/event/{eventId}/upload-class (multipart `file`): replaces the event's classes and places. */
import type { ActionFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { applyClassUpload } from '~/services/events/management/class-changes.server';
import { apiUploadedFile, runEventApi } from '~/http/events/event-api.server';
import { parseClassFile } from '~/services/events/files/event-form.server';
import { allowMethods, onlyMethods } from '~/http/api.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function action({ request, params }: ActionFunctionArgs) {
  allowMethods(request, 'POST');
  return runEventApi(request, params.eventId, async ({ eventId, auth }) => {
    const upload = await apiUploadedFile(request);
    if (upload instanceof Response) return upload;
    const parsed = await parseClassFile(upload.file);
    if (!parsed.ok)
      return { ok: false as const, error: 'problems' as const, problems: parsed.problems };
    return applyClassUpload(getDb(), eventId, parsed.value, auth.actor);
  });
}

export const loader = onlyMethods('POST');
// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none', body: 'upload' } as const satisfies RouteHandle;
