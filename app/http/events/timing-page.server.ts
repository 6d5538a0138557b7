/**
 * Results straight from timing systems, the request side: a results upload we cannot read as is
 * (a header or a status value we do not know, a place to settle) is held server-side and the
 * uploader sent to the mapping page instead of being refused; that page (admin and promoter)
 * shows the file under the uploader's answers with a dry run of the upload, stores it through the
 * same path as a direct upload, and remembers the answers for the event's promoter.
 */
import path from 'node:path';
import { parseWithZod } from '@conform-to/zod';
import { data } from '@remix-run/node';
import { getDb, type DB } from '~/db.server';
import { env } from '~/env.server';
import { timingMappingSchema, type TimingMappingForm } from '~/lib/schemas/timing';
import { requireRole, type Auth, type Profile } from '~/services/auth/guard.server';
import { redirectWithFlash } from '~/http/flash-redirect.server';
import { eventAccess, eventTitle } from '~/services/events/management/event-access.server';
import { idParam } from '~/lib/ids';
import {
  outcomeRefusal,
  refusalBody,
  type EventActionData,
  type ManagerRole,
} from '~/http/events/event-refusal.server';
import { eventPagePath } from '~/http/events/event-paths.server';
import type { ParseOutcome } from '~/services/events/files/import-problems.server';
import {
  dropHeld,
  heldUpload,
  holdUpload,
  type HeldUpload,
} from '~/services/events/results-import/timing-held.server';
import {
  fromChoices,
  missingColumns,
  needsMapping,
  readUnder,
  statusEntries,
  statusesToRemember,
  timingView,
  type TimingState,
  type TimingView,
} from '~/services/events/results-import/timing-import.server';
import type { ClassTarget } from '~/services/events/results-import/class-choices.server';
import { rememberColumns } from '~/services/events/results-import/timing-mappings.server';
import { dryRunUpload } from '~/services/events/results-import/upload-dry-run.server';
import {
  answered,
  classTargets,
  mappingPromoter,
  readWithAnswers,
  startingState,
  withClasses,
} from '~/services/events/results-import/results-answers.server';
import {
  parseResults,
  type ParsedResult,
  type ResultShape,
} from '~/services/events/results-import/results-parser.server';
import { applyResultsUpload } from '~/services/events/results-import/results-upload.server';

/** Where uploads wait for their mapping: a folder of the data folder (not backed up). */
function heldDir(): string {
  return path.join(env().DATA_DIR, 'timing-held');
}

/**
 * Reads an uploaded results file: parsed with the promoter's remembered answers (else our words),
 * or held for the mapping step when something in it is not recognised (`token`).
 */
export async function readResultsUpload(
  db: DB,
  upload: { file: File; shape: ResultShape; classId: number | null },
  who: { userId: number; eventId: number; profile: Profile },
): Promise<ParseOutcome<ParsedResult[]> | { ok: 'mapping'; token: string }> {
  const promoterId = mappingPromoter(db, who.eventId, who.profile);
  const read = await readWithAnswers(db, upload.file, upload.shape, promoterId);
  if ('done' in read) return read.done;
  const { rows, state } = read;
  const withChoices = withClasses(db, who.eventId, { ...upload, rows }, state);
  if (!needsMapping(rows, withChoices, upload.shape, answered(db, promoterId, rows[0]!.cells)))
    return parseResults(rows, upload.shape, state.columns, { statuses: state.statuses });
  const token = holdUpload(heldDir(), {
    userId: who.userId,
    eventId: who.eventId,
    shape: upload.shape,
    classId: upload.classId,
    fileName: upload.file.name.slice(0, 200),
    rows,
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

export type TimingPageData = {
  role: ManagerRole;
  eventId: number;
  eventTitle: string;
  fileName: string;
  shape: ResultShape;
  view: TimingView;
  /** The classes a class value of the file can feed. */
  classOptions: ClassTarget[];
};

/** What a refused or previewed mapping sends back: the page under the submitted answers. */
export type TimingActionData = EventActionData & {
  view: TimingView;
  /** Places typed in the page that are not places, by file row. */
  typedPlaces: Record<number, string>;
};

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
    throw await redirectWithFlash(eventPagePath(request, role, eventId), {
      kind: 'error',
      message: 'timing:flash.expired',
    });
  }
  const promoterId = mappingPromoter(db, eventId, auth.profile);
  return { auth, db, eventId, held, promoterId, title: eventTitle(db, eventId) ?? '' };
}

function scopeOf(held: HeldUpload): { classId: number } | 'all' {
  return held.shape === 'upload-class-result' && held.classId !== null
    ? { classId: held.classId }
    : 'all';
}

/** The page under some answers, with the upload's dry run when the whole file reads cleanly. */
function viewOf(
  db: DB,
  auth: Auth,
  eventId: number,
  held: HeldUpload,
  promoterId: number | null,
  state: TimingState,
): TimingView {
  const headers = held.rows[0]?.cells ?? [];
  let outcomes = null;
  if (!missingColumns(headers, state.columns, held.shape).length) {
    const read = readUnder(held.rows, held.shape, state);
    if (!read.problems.length) {
      const dry = dryRunUpload(db, eventId, read.results, scopeOf(held), auth.actor);
      if (dry.ok) outcomes = dry.rows;
    }
  }
  return timingView(held.rows, held.shape, state, outcomes, answered(db, promoterId, headers));
}

/** The mapping page: the held file under the pre-selected answers. */
export async function timingPageLoader(
  request: Request,
  eventIdParam: string | undefined,
  token: string | undefined,
  role: ManagerRole,
): Promise<TimingPageData> {
  const { auth, db, eventId, held, promoterId, title } = await openHeld(
    request,
    eventIdParam,
    token,
    role,
  );
  const state = withClasses(
    db,
    eventId,
    held,
    startingState(db, promoterId, held.rows[0]?.cells ?? []),
  );
  const view = viewOf(db, auth, eventId, held, promoterId, state);
  const classOptions = classTargets(db, eventId, scopeOf(held) === 'all' ? null : held.classId);
  return {
    role,
    eventId,
    eventTitle: title,
    fileName: held.fileName,
    shape: held.shape,
    view,
    classOptions,
  };
}

/** A place typed in the page: blank is no place; anything but a whole number from 1 is refused. */
function placeFix(text: string): number | null | 'bad' {
  if (text === '') return null;
  if (!/^\d{1,6}$/.test(text)) return 'bad';
  const n = Number(text);
  return n >= 1 ? n : 'bad';
}

/** The form's answers as the step's state, and the places typed that are not places. */
function stateFrom(v: TimingMappingForm, count: number) {
  const statuses: TimingState['statuses'] = {};
  for (const s of v.statuses) if (s.outcome) statuses[s.key] = s.outcome;
  const fixes = new Map<number, number | null>();
  const typedPlaces: Record<number, string> = {};
  for (const f of v.fixes) {
    const place = placeFix(f.place);
    if (place === 'bad') typedPlaces[f.row] = f.place;
    else fixes.set(f.row, place);
  }
  const state: TimingState = {
    columns: fromChoices(v.columns, count),
    statuses,
    fixes,
    fromOrder: v.fromOrder,
    classes: null,
  };
  return { state, typedPlaces };
}

/** The mapping page's forms: preview again, store the results, or drop the file. */
export async function timingPageAction(
  request: Request,
  eventIdParam: string | undefined,
  token: string | undefined,
  role: ManagerRole,
) {
  const opened = await openHeld(request, eventIdParam, token, role);
  const { auth, db, eventId, held, promoterId } = opened;
  const eventPath = eventPagePath(request, role, eventId);
  const headers = held.rows[0]?.cells ?? [];
  const answer = (
    view: TimingView,
    partial: Partial<EventActionData>,
    typedPlaces: Record<number, string> = {},
    status = 400,
  ) => {
    const body: TimingActionData = {
      ...refusalBody({ intent: 'applyMapping', ...partial }),
      view,
      typedPlaces,
    };
    return data(body, { status });
  };
  const submission = parseWithZod(await request.formData(), { schema: timingMappingSchema });
  if (submission.status !== 'success') {
    const state = withClasses(db, eventId, held, startingState(db, promoterId, headers));
    const fieldErrors: Record<string, string[]> = {};
    for (const [k, v] of Object.entries(submission.error ?? {})) if (v) fieldErrors[k] = v;
    return answer(viewOf(db, auth, eventId, held, promoterId, state), {
      error: 'timing:errors.badForm',
      fieldErrors,
    });
  }
  const v = submission.value;
  if (v.intent === 'discard') {
    dropHeld(heldDir(), token ?? '');
    return redirectWithFlash(eventPath, { kind: 'info', message: 'timing:flash.discarded' });
  }
  const answers = stateFrom(v, headers.length);
  const { typedPlaces } = answers;
  const state = withClasses(db, eventId, held, answers.state, v.classes);
  const view = viewOf(db, auth, eventId, held, promoterId, state);
  const badPlaces = Object.keys(typedPlaces).length > 0;
  if (v.intent === 'preview')
    return answer(
      view,
      { intent: 'previewMapping', error: badPlaces ? 'timing:review.badPlaces' : null },
      typedPlaces,
      badPlaces ? 400 : 200,
    );
  if (badPlaces) return answer(view, { error: 'timing:review.badPlaces' }, typedPlaces);
  if (view.missing.length) return answer(view, { error: 'timing:errors.missing' });
  const parsed = readUnder(held.rows, held.shape, state);
  if (parsed.problems.length) return answer(view, { error: 'timing:review.unsettled' });
  const outcome = applyResultsUpload(db, eventId, parsed.results, scopeOf(held), auth.actor);
  if (!outcome.ok) return answer(view, outcomeRefusal(outcome));
  if (promoterId !== null) {
    const statuses = statusesToRemember(statusEntries(held.rows, state));
    rememberColumns(db, promoterId, headers, state.columns, statuses);
  }
  dropHeld(heldDir(), token ?? '');
  return redirectWithFlash(eventPath, { kind: 'success', message: 'events:flash.resultsUploaded' });
}
