/**
 * PUT /api/admin/serie/{seriesId} (body includes __v: a stale version gets 409) and
 * DELETE /api/admin/serie/{seriesId}.
 */
import type { ActionFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { seriesSchema } from '~/lib/schemas/programs';
import { requireApiRole } from '~/services/auth/guard.server';
import { idOr404, parseOr400, readJson } from '~/services/platform/json-api.server';
import { deleteSeries, updateSeries } from '~/services/events/programs.server';

export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireApiRole(request, ['admin']);
  const id = idOr404(params.seriesId);
  const db = getDb();
  if (request.method === 'DELETE') {
    return deleteSeries(db, id, auth.actor)
      ? Response.json({ ok: true })
      : Response.json({ error: 'Sorry could not complete the removal.' }, { status: 404 });
  }
  if (request.method !== 'PUT') return Response.json({ error: 'Method Not Allowed' }, { status: 405 });
  const body = parseOr400(seriesSchema.omit({ intent: true }).required({ __v: true }), await readJson(request));
  const r = updateSeries(db, id, { ...body, intent: 'save' }, body.__v, auth.actor);
  if (!r.ok) {
    return r.reason === 'notFound'
      ? Response.json({ error: 'Not found' }, { status: 404 })
      : Response.json({ error: 'This series was changed by someone else. Reload it and try again.' }, { status: 409 });
  }
  return Response.json({ serie: { ...r.series, _id: r.series.id, __v: r.series.version } });
}
