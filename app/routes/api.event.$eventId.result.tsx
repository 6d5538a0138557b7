/**
 * PUT /api/event/{eventId}/result — edit one result (JSON: resultId, place, resultType, riderId,
 * bonusCents or bonus, bonusNote).
 * DELETE /api/event/{eventId}/result?resultId=… or ?classId=… — delete one result or a class's.
 */
import type { ActionFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { parseMoneyToCents } from '~/lib/format';
import { apiEditResultSchema } from '~/lib/schemas/events';
import {
  deleteResults,
  editResultWithMail,
} from '~/services/events/management/result-changes.server';
import { runEventApi } from '~/http/events/event-api.server';
import {
  allowMethods,
  idParam,
  onlyMethods,
  parseOr400,
  readJson,
  readJsonObject,
} from '~/http/api.server';
import { jsonAnswer } from '~/http/kept-answer.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function action({ request, params }: ActionFunctionArgs) {
  allowMethods(request, 'PUT', 'DELETE');
  if (request.method === 'PUT') {
    return runEventApi(request, params.eventId, async ({ eventId, auth }) => {
      const b = parseOr400(apiEditResultSchema, await readJson(request));
      let bonusCents = b.bonusCents;
      if (b.bonus !== undefined) {
        const cents = parseMoneyToCents(b.bonus);
        if (cents === null)
          return jsonAnswer({ error: 'completion:api.invalidBonus' }, { status: 400 });
        bonusCents = cents;
      }
      return editResultWithMail(
        getDb(),
        eventId,
        b.resultId,
        {
          place: b.place,
          resultType: b.resultType,
          riderId: b.riderId,
          bonusCents,
          bonusNote: b.bonusNote,
        },
        auth.actor,
      );
    });
  }
  if (request.method === 'DELETE') {
    return runEventApi(request, params.eventId, async ({ eventId, auth }) => {
      const url = new URL(request.url);
      let resultId = idParam(url.searchParams.get('resultId'));
      let classId = idParam(url.searchParams.get('classId'));
      if (resultId === null && classId === null) {
        const body = await readJsonObject(request);
        resultId = idParam(body.resultId);
        classId = idParam(body.classId);
      }
      if (resultId !== null) return deleteResults(getDb(), eventId, { resultId }, auth.actor);
      if (classId !== null) return deleteResults(getDb(), eventId, { classId }, auth.actor);
      return jsonAnswer({ error: 'completion:api.resultOrClassRequired' }, { status: 400 });
    });
  }
}

export const loader = onlyMethods('PUT', 'DELETE');
// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none' } as const satisfies RouteHandle;
