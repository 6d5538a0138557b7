/** POST /api/event/{eventId}/upload-all-class-result (multipart `file`): replaces results, recomputes awards. */
import type { ActionFunctionArgs } from '@remix-run/node';
import { apiResultsUpload } from '~/services/events/event-api.server';
import { allowMethods, onlyMethods } from '~/http/api.server';

export async function action({ request, params }: ActionFunctionArgs) {
  allowMethods(request, 'POST');
  return apiResultsUpload(request, params.eventId, 'upload-all-class-result');
}

export const loader = onlyMethods('POST');
