/**
 * Results straight from timing systems (issue 12.4), the request side: a results upload whose
 * columns we cannot place is held and sent to the mapping page instead of being refused; that page
 * (admin and promoter) shows the file under the chosen mapping, previews it again, stores it
 * through the same path as a direct upload, and remembers the choices for the event's promoter.
 */
import path from 'node:path';
import { parseWithZod } from '@conform-to/zod';
import { data, redirect } from '@remix-run/node';
import { eq } from 'drizzle-orm';
import { events, series } from '#db/schema';
import { getDb, type DB } from '~/db.server';
import { env } from '~/env.server';
import { timingMappingSchema } from '~/lib/schemas/timing';
import { requireRole, type Profile } from '~/services/auth/guard.server';
import { flashCookie } from '~/services/auth/session.server';
import { eventAccess } from '~/services/events/event-access.server';
import { fileBytes, idParam } from '~/services/events/event-form.server';
import {
  eventPagePath,
  outcomeRefusal,
  refusalBody,
  type EventActionData,
  type ManagerRole,
} from '~/services/events/event-refusal.server';
import type { ParseOutcome } from '~/services/events/import-problems.server';
import {
  parseResults,
  type ParsedResult,
  type ResultShape,
} from '~/services/events/results-parser.server';
import { applyResultsUpload } from '~/services/events/results-upload.server';
import {
  dropHeld,
  heldUpload,
  holdUpload,
  type HeldUpload,
} from '~/services/events/timing-held.server';
import {
  fromChoices,
  missingColumns,
  needsMapping,
  timingView,
  type TimingView,
} from '~/services/events/timing-import.server';
import { preselectedColumns, rememberColumns } from '~/services/events/timing-mappings.server';
import { readUploadOutcome } from '~/services/events/upload-reader.server';
import { resultColumnOf } from '~/services/events/result-columns.server';
import { cellText, type Cell } from '~/services/events/sheet-cells.server';

/** Where uploads wait for their mapping: a folder of the data folder (not backed up). */
export function heldDir(): string {
  return path.join(env().DATA_DIR, 'timing-held');
}

/** Whose column choices an upload uses and remembers: the promoter uploading, else the event's. */
export function mappingPromoter(db: DB, eventId: number, profile: Profile): number | null {
  if (profile.role === 'promoter') return profile.id;
  const row = db
    .select({ own: events.promoterId, ofSeries: series.promoterId })
    .from(events)
    .leftJoin(series, eq(series.id, events.seriesId))
    .where(eq(events.id, eventId))
    .get();
  return row?.own ?? row?.ofSeries ?? null;
}

/**
 * Reads an uploaded results file: parsed with the promoter's remembered column choices (else our
 * header words), or held for the mapping step when a needed column cannot be placed (`token`).
 */
export async function readResultsUpload(
  db: DB,
  upload: { file: File; shape: ResultShape; classId: number | null },
  who: { userId: number; eventId: number; profile: Profile },
): Promise<ParseOutcome<ParsedResult[]> | { ok: 'mapping'; token: string }> {
  const rows = await readUploadOutcome(await fileBytes(upload.file));
  if (!rows.ok) return rows;
  if (upload.shape === 'upload-all-formatted-class-result')
    return parseResults(rows.value, upload.shape);
  const promoterId = mappingPromoter(db, who.eventId, who.profile);
  const chosen = preselected(db, promoterId, rows.value[0]!.cells);
  if (!needsMapping(rows.value, chosen, upload.shape))
    return parseResults(rows.value, upload.shape, chosen);
  const token = holdUpload(heldDir(), {
    userId: who.userId,
    eventId: who.eventId,
    shape: upload.shape,
    classId: upload.classId,
    fileName: upload.file.name.slice(0, 200),
    rows: rows.value,
  });
  return { ok: 'mapping', token };
}

/** The mapping page's path for a held upload. */
export function timingPagePath(
  request: Request,
  role: ManagerRole,
  eventId: number,
  token: string,
) {
  return `${eventPagePath(request, role, eventId)}/timing/${token}`;
}

/** The pre-selected choices: the promoter's remembered ones, else (no promoter) our header words. */
function preselected(db: DB, promoterId: number | null, headers: Cell[]) {
  return promoterId === null
    ? headers.map((h) => resultColumnOf(cellText(h)))
    : preselectedColumns(db, promoterId, headers);
}

export type TimingPageData = {
  role: ManagerRole;
  eventId: number;
  eventTitle: string;
  fileName: string;
  shape: ResultShape;
  view: TimingView;
};

/** What a refused or previewed mapping sends back: the page under the submitted choices. */
export type TimingActionData = EventActionData & { view: TimingView };

async function openHeld(
  request: Request,
  eventIdParam: string | undefined,
  token: string | undefined,
  role: ManagerRole,
) {
  const auth = await requireRole(request, role);
  const eventId = idParam(eventIdParam);
  if (eventId === null) throw new Response('Not found', { status: 404 });
  const db = getDb();
  if (eventAccess(db, eventId, auth.profile) !== 'ok')
    throw new Response('Not found', { status: 404 });
  const held = heldUpload(heldDir(), token ?? '', { userId: auth.user.id, eventId });
  if (!held) {
    // Expired, stored already, or not this user's: back to the event page to upload again.
    throw redirect(eventPagePath(request, role, eventId), {
      headers: {
        'Set-Cookie': await flashCookie({ kind: 'error', message: 'timing:flash.expired' }),
      },
    });
  }
  const event = db.select({ title: events.title }).from(events).where(eq(events.id, eventId)).get();
  return { auth, db, eventId, held, title: event?.title ?? '' };
}

/** The mapping page: the held file under the pre-selected choices. */
export async function timingPageLoader(
  request: Request,
  eventIdParam: string | undefined,
  token: string | undefined,
  role: ManagerRole,
): Promise<TimingPageData> {
  const { auth, db, eventId, held, title } = await openHeld(request, eventIdParam, token, role);
  const promoterId = mappingPromoter(db, eventId, auth.profile);
  const chosen = preselected(db, promoterId, held.rows[0]?.cells ?? []);
  return pageData(role, eventId, title, held, timingView(held.rows, held.shape, chosen));
}

function pageData(
  role: ManagerRole,
  eventId: number,
  eventTitle: string,
  held: HeldUpload,
  view: TimingView,
): TimingPageData {
  return { role, eventId, eventTitle, fileName: held.fileName, shape: held.shape, view };
}

function answer(view: TimingView, partial: Partial<EventActionData>, status = 400) {
  const body: TimingActionData = { ...refusalBody({ intent: 'applyMapping', ...partial }), view };
  return data(body, { status });
}

/** The mapping page's forms: preview again, store the results, or drop the file. */
export async function timingPageAction(
  request: Request,
  eventIdParam: string | undefined,
  token: string | undefined,
  role: ManagerRole,
) {
  const { auth, db, eventId, held } = await openHeld(request, eventIdParam, token, role);
  const eventPath = eventPagePath(request, role, eventId);
  const headers = held.rows[0]?.cells ?? [];
  const promoterId = mappingPromoter(db, eventId, auth.profile);
  const submission = parseWithZod(await request.formData(), { schema: timingMappingSchema });
  if (submission.status !== 'success') {
    const chosen = preselected(db, promoterId, headers);
    const fieldErrors: Record<string, string[]> = {};
    for (const [k, v] of Object.entries(submission.error ?? {})) if (v) fieldErrors[k] = v;
    return answer(timingView(held.rows, held.shape, chosen), {
      error: 'timing:errors.badForm',
      fieldErrors,
    });
  }
  const v = submission.value;
  if (v.intent === 'discard') {
    dropHeld(heldDir(), token ?? '');
    return redirect(eventPath, {
      headers: {
        'Set-Cookie': await flashCookie({ kind: 'info', message: 'timing:flash.discarded' }),
      },
    });
  }
  const chosen = fromChoices(v.columns, headers.length);
  const view = timingView(held.rows, held.shape, chosen);
  if (v.intent === 'preview') return answer(view, { intent: 'previewMapping' }, 200);
  if (missingColumns(headers, chosen, held.shape).length)
    return answer(view, { error: 'timing:errors.missing' });
  const parsed = parseResults(held.rows, held.shape, chosen);
  if (!parsed.ok)
    return answer(view, { error: 'events:errors.problems', problems: parsed.problems });
  const scope =
    held.shape === 'upload-class-result' && held.classId !== null
      ? { classId: held.classId }
      : 'all';
  const outcome = applyResultsUpload(db, eventId, parsed.value, scope, auth.actor);
  if (!outcome.ok) {
    return answer(view, outcomeRefusal(outcome));
  }
  if (promoterId !== null) rememberColumns(db, promoterId, headers, chosen);
  dropHeld(heldDir(), token ?? '');
  return redirect(eventPath, {
    headers: {
      'Set-Cookie': await flashCookie({ kind: 'success', message: 'events:flash.resultsUploaded' }),
    },
  });
}
