/**
 * PUT /api/event/{eventId}/result — edit one result (JSON: resultId, place, resultType, riderId,
 * bonusCents or bonus, bonusNote).
 * DELETE /api/event/{eventId}/result?resultId=… or ?classId=… — delete one result or a class's.
 */
import type { ActionFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { parseMoneyToCents } from '~/lib/format';
import { apiEditResultSchema } from '~/lib/schemas/events';
import { deleteResults, editResultWithMail } from '~/services/events/result-changes.server';
import { idParam } from '~/services/events/event-form.server';
import { runEventApi } from '~/services/events/event-api.server';

async function jsonBody(request: Request): Promise<unknown> {
  try {
    return (await request.json()) as unknown;
  } catch {
    return null;
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method === 'PUT') {
    return runEventApi(request, params.eventId, async ({ eventId, auth }) => {
      const parsed = apiEditResultSchema.safeParse(await jsonBody(request));
      if (!parsed.success)
        return Response.json(
          { error: 'Invalid body', issues: parsed.error.issues },
          { status: 400 },
        );
      const b = parsed.data;
      let bonusCents = b.bonusCents;
      if (b.bonus !== undefined) {
        const cents = parseMoneyToCents(b.bonus);
        if (cents === null)
          return Response.json({ error: 'completion:api.invalidBonus' }, { status: 400 });
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
      let resultId = idParam(url.searchParams.get('resultId') ?? undefined);
      let classId = idParam(url.searchParams.get('classId') ?? undefined);
      if (
        resultId === null &&
        classId === null &&
        (request.headers.get('Content-Type') ?? '').includes('json')
      ) {
        const body = (await jsonBody(request)) as { resultId?: unknown; classId?: unknown } | null;
        resultId = idParam(body?.resultId === undefined ? undefined : String(body.resultId));
        classId = idParam(body?.classId === undefined ? undefined : String(body.classId));
      }
      if (resultId !== null) return deleteResults(getDb(), eventId, { resultId }, auth.actor);
      if (classId !== null) return deleteResults(getDb(), eventId, { classId }, auth.actor);
      return Response.json({ error: 'completion:api.resultOrClassRequired' }, { status: 400 });
    });
  }
  return Response.json({ error: 'Method not allowed' }, { status: 405 });
}
