/**
 * POST /api/admin/serie/{seriesId}/upload-events (admin, multipart `file`: CSV or XLSX, one event
 * per row; columns in ~/services/events/management/event-import.server). Applied whole or refused whole:
 * → 201 { created }; 400 { error, problems: [{ row, column, code, message }] }; 404 unknown series.
 */
import type { ActionFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { importSeriesEvents } from '~/services/events/management/event-import.server';
import { apiRefused, apiUploadedFile } from '~/http/events/event-api.server';
import { fileBytes } from '~/services/events/files/event-form.server';
import { requireApiRole } from '~/http/auth/api-guard.server';
import { readUploadOutcome } from '~/services/events/files/upload-reader.server';
import { allowMethods, idOr400, onlyMethods } from '~/http/api.server';
import { jsonAnswer } from '~/http/kept-answer.server';
import type { RouteHandle } from '~/lib/route-handle';

export const loader = onlyMethods('POST');

export async function action({ request, params }: ActionFunctionArgs) {
  allowMethods(request, 'POST');
  const auth = await requireApiRole(request, ['admin']);
  const seriesId = idOr400(params.seriesId);
  const upload = await apiUploadedFile(request);
  if (upload instanceof Response) return upload;
  const rows = await readUploadOutcome(await fileBytes(upload.file));
  if (!rows.ok)
    return apiRefused(request, { error: 'events:errors.problems', problems: rows.problems });
  const out = importSeriesEvents(getDb(), seriesId, rows.value, auth.actor);
  if (out.ok) return jsonAnswer({ created: out.created }, { status: 201 });
  if (out.reason === 'seriesNotFound') return jsonAnswer({ error: 'Not found' }, { status: 404 });
  return apiRefused(request, { error: 'events:errors.problems', problems: out.problems });
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none', body: 'upload' } as const satisfies RouteHandle;
