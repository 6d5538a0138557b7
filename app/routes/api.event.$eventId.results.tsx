/**
 * PUT /api/event/{eventId}/results — replace results from JSON:
 * `{ classId?, results: [{ className?, place, riderName | firstName + lastName, amaNumber, email,
 * make, model, hometown, resultType }] }`. With `classId` the class's results are replaced (no
 * className needed); without it every item names its class and all results are replaced.
 */
import type { ActionFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { apiReplaceResultsSchema } from '~/lib/schemas/events';
import { applyResultsUpload } from '~/services/events/results-upload.server';
import { runEventApi } from '~/services/events/event-api.server';
import { resultsFromJson } from '~/services/events/results-json.server';

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'PUT')
    return Response.json({ error: 'Method not allowed' }, { status: 405 });
  return runEventApi(request, params.eventId, async ({ eventId, auth }) => {
    let body: unknown = null;
    try {
      body = await request.json();
    } catch {
      // handled below
    }
    const parsed = apiReplaceResultsSchema.safeParse(body);
    if (!parsed.success)
      return Response.json({ error: 'Invalid body', issues: parsed.error.issues }, { status: 400 });
    const { classId, results } = parsed.data;
    const rows = resultsFromJson(results, classId === undefined);
    if (!rows.ok)
      return { ok: false as const, error: 'problems' as const, problems: rows.problems };
    return applyResultsUpload(
      getDb(),
      eventId,
      rows.value,
      classId === undefined ? 'all' : { classId },
      auth.actor,
    );
  });
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none' } as const;
