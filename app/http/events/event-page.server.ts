/**
 * Loader and action of the admin and promoter event pages: the event with its classes and results,
 * and every form of the page (uploads, result edits and links, deletions, verification,
 * recompute). The rules live in the class, result and award services; this file reads requests
 * and shapes answers.
 */
import { parseWithZod } from '@conform-to/zod';
import { redirect } from '@remix-run/node';
import type { z } from 'zod';
import { getDb, type DB } from '~/db.server';
import { eventActionSchema } from '~/lib/schemas/events';
import { safeRedirect } from '~/lib/lang';
import { requireRole, type Auth } from '~/services/auth/guard.server';
import { redirectWithFlash } from '~/http/flash-redirect.server';
import {
  applyClassUpload,
  removeClass,
  removePlace,
} from '~/services/events/management/class-changes.server';
import { eventAccess } from '~/services/events/management/event-access.server';
import type { ChangeOutcome } from '~/services/events/management/event-change.server';
import { parseClassFile } from '~/services/events/files/event-form.server';
import { idParam } from '~/lib/ids';
import { readEventForm } from '~/http/events/event-form.server';
import {
  eventAwardTotals,
  loadEventView,
  searchRiders,
  type EventView,
  type RiderOption,
} from '~/services/events/management/event-view.server';
import {
  deleteResults,
  editResultWithMail,
  linkResult,
  recomputeNow,
  verifyResults,
} from '~/services/events/management/result-changes.server';
import { applyResultsUpload } from '~/services/events/results-import/results-upload.server';
import {
  outcomeRefusal,
  refused,
  type EventActionData,
  type ManagerRole,
} from '~/http/events/event-refusal.server';
import { readResultsUpload, timingPagePath } from '~/http/events/timing-page.server';
import { saveClassAction } from '~/http/events/class-form.server';
import { eventApproval } from '~/services/events/management/event-proposals.server';

export type { EventActionData, ManagerRole };

function notFound(): never {
  throw new Response('Not found', { status: 404 });
}

type LinkPanel = { resultId: number; q: string; candidates: RiderOption[] };

export type EventPageData = {
  role: ManagerRole;
  view: EventView;
  editId: number | null;
  /** The class the class form changes (`?class=`), else the form adds one. */
  classEditId: number | null;
  link: LinkPanel | null;
  totals: { payoutType: 'cash' | 'dealerCredit'; currency: string; cents: number }[];
};

/** The event an admin or the event's own promoter manages; anything else is a 404. */
export async function eventPageLoader(
  request: Request,
  eventIdParam: string | undefined,
  role: ManagerRole,
): Promise<EventPageData> {
  const auth = await requireRole(request, role);
  const eventId = idParam(eventIdParam);
  if (eventId === null) notFound();
  const db = getDb();
  if (eventAccess(db, eventId, auth.profile) !== 'ok') notFound();
  const view = loadEventView(db, eventId);
  if (!view) notFound();
  const url = new URL(request.url);
  const editId = idParam(url.searchParams.get('edit') ?? undefined);
  const linkId = idParam(url.searchParams.get('link') ?? undefined);
  const classEditId = idParam(url.searchParams.get('class') ?? undefined);
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 100);
  const link =
    linkId !== null && view.results.some((r) => r.id === linkId)
      ? { resultId: linkId, q, candidates: q ? searchRiders(db, q) : [] }
      : null;
  return {
    role,
    view,
    editId: editId !== null && view.results.some((r) => r.id === editId) ? editId : null,
    classEditId:
      classEditId !== null && view.classes.some((c) => c.id === classEditId) ? classEditId : null,
    link,
    totals: eventAwardTotals(db, eventId),
  };
}

function fromOutcome(
  intent: string,
  targetId: number | null,
  outcome: Extract<ChangeOutcome<unknown>, { ok: false }>,
  sent?: Record<string, string>,
) {
  return refused({ intent, targetId, ...outcomeRefusal(outcome), sent });
}

/** The text fields of an upload form (its choices, not its file), sent back with a refusal. */
function uploadChoices(formData: FormData): Record<string, string> {
  const sent: Record<string, string> = {};
  // Sent back into the page: only the shapes of a real choice (a word, an id), never a long string.
  for (const name of ['shape', 'classId']) {
    const value = formData.get(name);
    if (typeof value === 'string' && /^[a-z0-9-]{1,40}$/.test(value)) sent[name] = value;
  }
  return sent;
}

async function done(request: Request, message: string) {
  const url = new URL(request.url);
  return redirectWithFlash(safeRedirect(url.pathname, '/'), { kind: 'success', message });
}

type EventForm = z.infer<typeof eventActionSchema>;
type Form<I extends EventForm['intent']> = Extract<EventForm, { intent: I }>;
/** What every form of the event page works on. */
type Ctx = { request: Request; auth: Auth; db: DB; eventId: number; role: ManagerRole };

/** A form that failed its schema: its field errors, and the result or class row it was about. */
function invalidForm(
  formData: FormData,
  intent: string | null,
  errors: Record<string, string[] | null> | null | undefined,
) {
  const fieldErrors: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(errors ?? {})) if (v) fieldErrors[k] = v;
  const target = Number(formData.get('resultId') ?? formData.get('classId') ?? NaN);
  return refused({
    intent,
    targetId: Number.isSafeInteger(target) ? target : null,
    error: intent === null ? 'events:errors.unknownIntent' : null,
    fieldErrors,
    sent: intent === 'uploadResults' ? uploadChoices(formData) : undefined,
  });
}

async function uploadClasses({ request, auth, db, eventId }: Ctx, v: Form<'uploadClasses'>) {
  const parsed = await parseClassFile(v.file);
  if (!parsed.ok)
    return refused({
      intent: v.intent,
      error: 'events:errors.problems',
      problems: parsed.problems,
    });
  const outcome = applyClassUpload(db, eventId, parsed.value, auth.actor);
  if (!outcome.ok) return fromOutcome(v.intent, null, outcome);
  return done(request, 'events:flash.classesUploaded');
}

/** A timing file whose columns are not known yet goes to the mapping page first. */
async function uploadResults(ctx: Ctx, v: Form<'uploadResults'>) {
  const { request, auth, db, eventId } = ctx;
  const sent = { shape: v.shape, classId: v.classId === undefined ? '' : String(v.classId) };
  // Refused before the file is read: a proposal takes no results until an admin approves it.
  if (eventApproval(db, eventId) !== 'approved')
    return refused({ intent: v.intent, error: 'events:errors.notApproved', sent });
  const parsed = await readResultsUpload(
    db,
    { file: v.file, shape: v.shape, classId: v.classId ?? null },
    { userId: auth.user.id, eventId, profile: auth.profile },
  );
  if (parsed.ok === 'mapping')
    return redirect(timingPagePath(request, ctx.role, eventId, parsed.token));
  if (!parsed.ok)
    return refused({
      intent: v.intent,
      error: 'events:errors.problems',
      problems: parsed.problems,
      sent,
    });
  const scope =
    v.shape === 'upload-class-result' && v.classId !== undefined ? { classId: v.classId } : 'all';
  const outcome = applyResultsUpload(db, eventId, parsed.value, scope, auth.actor);
  if (!outcome.ok) return fromOutcome(v.intent, null, outcome, sent);
  return done(request, 'events:flash.resultsUploaded');
}

async function editOneResult({ request, auth, db, eventId }: Ctx, v: Form<'editResult'>) {
  const change = {
    place: v.place ?? null,
    resultType: v.resultType,
    bonusCents: v.bonus,
    bonusNote: v.bonusNote || null,
  };
  const outcome = await editResultWithMail(db, eventId, v.resultId, change, auth.actor);
  if (!outcome.ok) return fromOutcome(v.intent, v.resultId, outcome);
  if (outcome.value.held) return done(request, 'moneyControls:flash.bonusHeld');
  return done(request, 'events:flash.resultSaved');
}

/** Every form of the event page, for an admin or the event's own promoter. */
export async function eventPageAction(
  request: Request,
  eventIdParam: string | undefined,
  role: ManagerRole,
) {
  const auth = await requireRole(request, role);
  const eventId = idParam(eventIdParam);
  if (eventId === null) notFound();
  const db = getDb();
  if (eventAccess(db, eventId, auth.profile) !== 'ok') notFound();

  const read = await readEventForm(request);
  if (!read.ok) {
    // The body was not read: the form's own query string says which upload it was.
    const which = new URL(request.url).searchParams.get('upload');
    return refused(
      { intent: which === 'results' ? 'uploadResults' : 'uploadClasses', error: read.error },
      413,
    );
  }
  const formData = read.formData;
  const rawIntent = formData.get('intent');
  const intent = typeof rawIntent === 'string' ? rawIntent : null;
  if (intent === 'saveClass')
    return saveClassAction(request, formData, { db, eventId, actor: auth.actor });
  const submission = parseWithZod(formData, { schema: eventActionSchema });
  if (submission.status !== 'success') return invalidForm(formData, intent, submission.error);
  const v = submission.value;
  const { actor } = auth;
  const ctx: Ctx = { request, auth, db, eventId, role };
  switch (v.intent) {
    case 'uploadClasses':
      return uploadClasses(ctx, v);
    case 'uploadResults':
      return uploadResults(ctx, v);
    case 'editResult':
      return editOneResult(ctx, v);
    case 'linkResult': {
      const outcome = linkResult(db, eventId, v.resultId, v.riderId, actor);
      if (!outcome.ok) return fromOutcome(v.intent, v.resultId, outcome);
      return done(request, 'events:flash.resultLinked');
    }
    case 'deleteResult': {
      const outcome = deleteResults(db, eventId, { resultId: v.resultId }, actor);
      if (!outcome.ok) return fromOutcome(v.intent, v.resultId, outcome);
      return done(request, 'events:flash.resultsDeleted');
    }
    case 'deleteClassResults': {
      const outcome = deleteResults(db, eventId, { classId: v.classId }, actor);
      if (!outcome.ok) return fromOutcome(v.intent, v.classId, outcome);
      return done(request, 'events:flash.resultsDeleted');
    }
    case 'deleteAllResults': {
      const outcome = deleteResults(db, eventId, 'all', actor);
      if (!outcome.ok) return fromOutcome(v.intent, null, outcome);
      return done(request, 'events:flash.resultsDeleted');
    }
    case 'removeClass': {
      const outcome = removeClass(db, eventId, v.classId, actor);
      if (!outcome.ok) return fromOutcome(v.intent, v.classId, outcome);
      return done(request, 'events:flash.classRemoved');
    }
    case 'removePlace': {
      const outcome = removePlace(db, eventId, v.placeId, actor);
      if (!outcome.ok) return fromOutcome(v.intent, v.placeId, outcome);
      return done(request, 'events:flash.placeRemoved');
    }
    case 'verifyResults': {
      if (auth.profile.role !== 'admin') throw new Response('Forbidden', { status: 403 });
      const outcome = verifyResults(db, eventId, actor);
      if (!outcome.ok) return fromOutcome(v.intent, null, outcome);
      return done(request, 'events:flash.verified');
    }
    case 'saveClass':
      return saveClassAction(request, formData, { db, eventId, actor });
    case 'recompute': {
      if (auth.profile.role !== 'admin') throw new Response('Forbidden', { status: 403 });
      const outcome = recomputeNow(db, eventId, actor);
      if (!outcome.ok) return fromOutcome(v.intent, null, outcome);
      return done(request, 'events:flash.recomputed');
    }
  }
}
