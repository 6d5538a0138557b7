/**
 * GET /api/event/{eventId} — one event with its classes (payouts), results and series
 * (spec §7 Events). Response: { event, series }; 404 for an unknown id.
 *
 * A leaf resource route: /api/event/{eventId}/result, /results and /upload-* are sibling files
 * owned by the results work. DELETE /api/event/{eventId} (spec §7) is not handled here yet: it
 * belongs in an `action` of this file, added by whoever builds event removal (server-side
 * permission check: admin, or the promoter owning the event).
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { getPublicEvent } from '~/services/public-events.server';

export async function loader({ params }: LoaderFunctionArgs) {
  const id = Number(params.eventId);
  if (!Number.isSafeInteger(id) || id <= 0)
    return Response.json({ error: 'Not Found' }, { status: 404 });
  const detail = getPublicEvent(getDb(), id);
  if (!detail) return Response.json({ error: 'Not Found' }, { status: 404 });
  return Response.json(detail);
}
