/**
 * PUT /api/event/{eventId}/results — replace results from JSON:
 * `{ classId?, results: [{ className?, place, riderName | firstName + lastName, amaNumber, email,
 * make, model, hometown, resultType }] }`; each item's keys are read as a results file's header
 * row, so any header word a file takes works too (`Pos`, `Rider Name`, `AMA #`). With `classId`
 * the class's results are replaced (no className needed); without it every item names its class
 * and all results are replaced.
 */
import type { ActionFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { apiReplaceResultsSchema } from '~/lib/schemas/events';
import { applyResultsUpload } from '~/services/events/results-import/results-upload.server';
import { runEventApi } from '~/http/events/event-api.server';
import { resultsFromJson } from '~/services/events/results-import/results-json.server';
import { allowMethods, onlyMethods, parseOr400, readJson } from '~/http/api.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function action({ request, params }: ActionFunctionArgs) {
  allowMethods(request, 'PUT');
  return runEventApi(request, params.eventId, async ({ eventId, auth }) => {
    const { classId, results } = parseOr400(apiReplaceResultsSchema, await readJson(request));
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

export const loader = onlyMethods('PUT');
// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none' } as const satisfies RouteHandle;
