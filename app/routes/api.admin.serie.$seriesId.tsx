/**
 * PUT /api/admin/serie/{seriesId}: changes only the fields sent; the body must carry the `__v`
 * of the client's last read (missing: 400 saying so; stale: 409). DELETE removes the series.
 */
import type { ActionFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { seriesSchema } from '~/lib/schemas/programs';
import { requireApiRole } from '~/http/auth/api-guard.server';
import {
  allowMethods,
  apiError,
  idOr400,
  mergeForPut,
  onlyMethods,
  parseOr400,
  readJson,
} from '~/http/api.server';
import {
  deleteSeries,
  getSeriesForAdmin,
  seriesForApi,
  updateSeries,
} from '~/services/events/catalog/programs.server';
import { jsonAnswer } from '~/http/kept-answer.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function action({ request, params }: ActionFunctionArgs) {
  allowMethods(request, 'PUT', 'DELETE');
  const auth = await requireApiRole(request, ['admin']);
  const id = idOr400(params.seriesId);
  const db = getDb();
  if (request.method === 'DELETE') {
    return deleteSeries(db, id, auth.actor)
      ? jsonAnswer({ ok: true })
      : jsonAnswer({ error: 'Sorry could not complete the removal.' }, { status: 404 });
  }
  const sent = await readJson(request);
  if (
    !sent ||
    typeof sent !== 'object' ||
    !('__v' in sent) ||
    (sent as { __v: unknown }).__v === null
  ) {
    return apiError('completion:api.versionRequired', 400, {
      field: '__v',
      issues: [{ path: '__v', message: 'completion:api.versionRequired' }],
    });
  }
  const current = getSeriesForAdmin(db, id);
  if (!current) return jsonAnswer({ error: 'Not found' }, { status: 404 });
  const { version: _version, id: _id, firstDate: _f, lastDate: _l, ...fields } = current.series;
  const body = parseOr400(
    seriesSchema.omit({ intent: true }).required({ __v: true }),
    mergeForPut(fields, sent),
  );
  const r = updateSeries(db, id, { ...body, intent: 'save' }, body.__v, auth.actor);
  if (!r.ok) {
    return r.reason === 'notFound'
      ? jsonAnswer({ error: 'Not found' }, { status: 404 })
      : jsonAnswer(
          { error: 'This series was changed by someone else. Reload it and try again.' },
          { status: 409 },
        );
  }
  return jsonAnswer({ series: seriesForApi(r.series) });
}

export const loader = onlyMethods('PUT', 'DELETE');
// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none' } as const satisfies RouteHandle;
