/** POST /api/event/{eventId}/upload-all-class-result (multipart `file`): replaces results, recomputes awards. */
import type { ActionFunctionArgs } from '@remix-run/node';
import { apiResultsUpload } from '~/http/events/event-api.server';
import { allowMethods, onlyMethods } from '~/http/api.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function action({ request, params }: ActionFunctionArgs) {
  allowMethods(request, 'POST');
  return apiResultsUpload(request, params.eventId, 'upload-all-class-result');
}

export const loader = onlyMethods('POST');
// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none', body: 'upload' } as const satisfies RouteHandle;
