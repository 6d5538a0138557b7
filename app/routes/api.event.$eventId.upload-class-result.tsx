/** POST /api/event/{eventId}/upload-class-result (multipart `file` and `classId`): replaces results, recomputes awards. */
import type { ActionFunctionArgs } from '@remix-run/node';
import { apiResultsUpload } from '~/services/events/event-api.server';

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'POST')
    return Response.json({ error: 'Method not allowed' }, { status: 405 });
  return apiResultsUpload(request, params.eventId, 'upload-class-result');
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none', body: 'upload' } as const;
