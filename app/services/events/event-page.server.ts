/**
 * Loader and action logic shared by the admin and promoter event pages, the event JSON API, the
 * promoter home and the admin events list. The rules live in event-results.server.ts and
 * awards.server.ts; this file reads requests and shapes answers.
 */
import { parseWithZod } from '@conform-to/zod';
import {
  data,
  MaxPartSizeExceededError,
  redirect,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
} from '@remix-run/node';
import { and, asc, count, desc, eq, like, or, sql, type SQL } from 'drizzle-orm';
import type { TFunction } from 'i18next';
import { getDb, type Conn } from '~/db.server';
import { events, promoters, series } from '#db/schema';
import { tFor } from '~/i18next.server';
import { PAGE_SIZE, UPLOAD_MAX_BYTES } from '~/lib/constants';
import { formatMoney, todayString } from '~/lib/format';
import { langFromPath, localizePath } from '~/lib/lang';
import { eventActionSchema } from '~/lib/schemas/events';
import { pageWindow } from '~/lib/pagination';
import type { AwardConflict } from '~/services/money/awards.server';
import {
  applyClassUpload,
  applyResultsUpload,
  deleteResults,
  editResult,
  eventAccess,
  eventAwardTotals,
  linkResult,
  loadEventView,
  recomputeNow,
  removeClass,
  removePlace,
  searchRiders,
  verifyResults,
  type ChangeOutcome,
  type EventView,
  type RiderOption,
} from '~/services/events/event-results.server';
import { requireApiRole, requireRole, type Auth } from '~/services/auth/guard.server';
import {
  parseClassUpload,
  parseResults,
  readUploadOutcome,
  type ImportProblem,
  type ParseOutcome,
  type ParsedClass,
  type ParsedResult,
  type ResultShape,
} from '~/services/events/imports.server';
import { flashCookie } from '~/services/auth/session.server';

export type ManagerRole = 'admin' | 'promoter';

/** A route id parameter as a positive integer, or null. */
export function idParam(value: string | undefined): number | null {
  if (!value || !/^\d{1,12}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 && Number.isSafeInteger(n) ? n : null;
}

function notFound(): never {
  throw new Response('Not found', { status: 404 });
}

// ---------------------------------------------------------------- multipart

export type FormRead =
  { ok: true; formData: FormData } | { ok: false; error: 'events:upload.tooLarge' };

/**
 * The request's form: multipart bodies are read in memory with the spec's 10 MB cap (a larger
 * file is refused with a clear message, never truncated); other bodies as usual.
 */
export async function readEventForm(request: Request): Promise<FormRead> {
  const type = request.headers.get('Content-Type') ?? '';
  if (!type.startsWith('multipart/form-data'))
    return { ok: true, formData: await request.formData() };
  const length = Number(request.headers.get('Content-Length') ?? '0');
  if (Number.isFinite(length) && length > UPLOAD_MAX_BYTES + 256 * 1024)
    return { ok: false, error: 'events:upload.tooLarge' };
  try {
    const formData = await unstable_parseMultipartFormData(
      request,
      unstable_createMemoryUploadHandler({ maxPartSize: UPLOAD_MAX_BYTES }),
    );
    return { ok: true, formData };
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError)
      return { ok: false, error: 'events:upload.tooLarge' };
    throw error;
  }
}

/** The bytes of an uploaded file (read before any transaction opens). */
export async function fileBytes(file: File): Promise<Uint8Array> {
  return new Uint8Array(await file.arrayBuffer());
}

/** Reads and parses a class upload file. */
export async function parseClassFile(file: File): Promise<ParseOutcome<ParsedClass[]>> {
  const rows = await readUploadOutcome(await fileBytes(file));
  return rows.ok ? parseClassUpload(rows.value) : rows;
}

/** Reads and parses a results file in one of the three shapes. */
export async function parseResultsFile(
  file: File,
  shape: ResultShape,
): Promise<ParseOutcome<ParsedResult[]>> {
  const rows = await readUploadOutcome(await fileBytes(file));
  return rows.ok ? parseResults(rows.value, shape) : rows;
}

// ---------------------------------------------------------------- event page

export type LinkPanel = { resultId: number; q: string; candidates: RiderOption[] };

export type EventPageData = {
  role: ManagerRole;
  view: EventView;
  editId: number | null;
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
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 100);
  const link =
    linkId !== null && view.results.some((r) => r.id === linkId)
      ? { resultId: linkId, q, candidates: q ? searchRiders(db, q) : [] }
      : null;
  return {
    role,
    view,
    editId: editId !== null && view.results.some((r) => r.id === editId) ? editId : null,
    link,
    totals: eventAwardTotals(db, eventId),
  };
}

/** What a refused action sends back to the page (shown next to the form that was used). */
export type EventActionData = {
  intent: string | null;
  targetId: number | null;
  error: string | null;
  fieldErrors: Record<string, string[]>;
  problems: ImportProblem[];
  conflicts: AwardConflict[];
};

function refused(partial: Partial<EventActionData>, status = 400) {
  const body: EventActionData = {
    intent: null,
    targetId: null,
    error: null,
    fieldErrors: {},
    problems: [],
    conflicts: [],
    ...partial,
  };
  return data(body, { status });
}

function fromOutcome(
  intent: string,
  targetId: number | null,
  outcome: Extract<ChangeOutcome<unknown>, { ok: false }>,
) {
  return refused({
    intent,
    targetId,
    error:
      outcome.error === 'conflicts' ? 'events:errors.conflicts' : `events:errors.${outcome.error}`,
    problems: outcome.problems ?? [],
    conflicts: outcome.conflicts ?? [],
  });
}

async function done(request: Request, message: string) {
  const url = new URL(request.url);
  return redirect(url.pathname, {
    headers: { 'Set-Cookie': await flashCookie({ kind: 'success', message }) },
  });
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
  const submission = parseWithZod(formData, { schema: eventActionSchema });
  if (submission.status !== 'success') {
    const fieldErrors: Record<string, string[]> = {};
    for (const [k, v] of Object.entries(submission.error ?? {})) if (v) fieldErrors[k] = v;
    const target = Number(formData.get('resultId') ?? formData.get('classId') ?? NaN);
    return refused({
      intent,
      targetId: Number.isSafeInteger(target) ? target : null,
      error: intent === null ? 'events:errors.unknownIntent' : null,
      fieldErrors,
    });
  }
  const v = submission.value;
  const { actor } = auth;
  switch (v.intent) {
    case 'uploadClasses': {
      const parsed = await parseClassFile(v.file);
      if (!parsed.ok)
        return refused({
          intent: v.intent,
          error: 'events:errors.problems',
          problems: parsed.problems,
        });
      const outcome = applyClassUpload(db, eventId, parsed.value, actor);
      if (!outcome.ok) return fromOutcome(v.intent, null, outcome);
      return done(request, 'events:flash.classesUploaded');
    }
    case 'uploadResults': {
      const parsed = await parseResultsFile(v.file, v.shape);
      if (!parsed.ok)
        return refused({
          intent: v.intent,
          error: 'events:errors.problems',
          problems: parsed.problems,
        });
      const scope =
        v.shape === 'upload-class-result' && v.classId !== undefined
          ? { classId: v.classId }
          : 'all';
      const outcome = applyResultsUpload(db, eventId, parsed.value, scope, actor);
      if (!outcome.ok) return fromOutcome(v.intent, null, outcome);
      return done(request, 'events:flash.resultsUploaded');
    }
    case 'editResult': {
      const outcome = editResult(
        db,
        eventId,
        v.resultId,
        {
          place: v.place ?? null,
          resultType: v.resultType,
          bonusCents: v.bonus,
          bonusNote: v.bonusNote || null,
        },
        actor,
      );
      if (!outcome.ok) return fromOutcome(v.intent, v.resultId, outcome);
      return done(request, 'events:flash.resultSaved');
    }
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
    case 'recompute': {
      if (auth.profile.role !== 'admin') throw new Response('Forbidden', { status: 403 });
      const outcome = recomputeNow(db, eventId, actor);
      if (!outcome.ok) return fromOutcome(v.intent, null, outcome);
      return done(request, 'events:flash.recomputed');
    }
  }
}

// ---------------------------------------------------------------- JSON API

/** The caller of an event API call: an admin or the event's own promoter; else 401/403/404 JSON. */
export async function requireEventApi(
  request: Request,
  eventIdParam: string | undefined,
  auth: Auth,
) {
  const eventId = idParam(eventIdParam);
  if (eventId === null) throw Response.json({ error: 'Not found' }, { status: 404 });
  const access = eventAccess(getDb(), eventId, auth.profile);
  if (access === 'notFound') throw Response.json({ error: 'Not found' }, { status: 404 });
  if (access === 'forbidden') throw Response.json({ error: 'Forbidden' }, { status: 403 });
  return eventId;
}

/** The event reloaded, as every event API call answers. */
export function eventJson(conn: Conn, eventId: number) {
  const view = loadEventView(conn, eventId);
  if (!view) return Response.json({ error: 'Not found' }, { status: 404 });
  return Response.json(view);
}

/** One upload problem in words. */
export function problemText(t: TFunction, p: ImportProblem): string {
  const where =
    p.row !== null && p.column !== null
      ? t('events:problems.atCell', { row: p.row, column: p.column })
      : p.row !== null
        ? t('events:problems.atRow', { row: p.row })
        : '';
  const what = t(`events:problems.${p.code}`, { value: p.value ?? '', column: p.column ?? '' });
  return where ? `${where}: ${what}` : what;
}

/** One award conflict in words (rider, class, amount). */
export function conflictText(t: TFunction, c: AwardConflict, lang: 'en' | 'fr' = 'en'): string {
  return t('events:conflicts.item', {
    rider: c.riderName,
    className: c.className,
    amount: formatMoney(c.amountCents, c.currency, lang),
    why: t(`events:conflicts.why.${c.why}`),
  });
}

/** A 400 JSON answer with the reason, the upload problems and the award conflicts in words. */
export async function apiRefused(outcome: {
  error: string;
  problems?: ImportProblem[];
  conflicts?: AwardConflict[];
}) {
  const t = await tFor('en');
  const problems = (outcome.problems ?? []).map((p) => ({ ...p, message: problemText(t, p) }));
  const conflicts = (outcome.conflicts ?? []).map((c) => ({ ...c, message: conflictText(t, c) }));
  const error =
    outcome.error === 'conflicts'
      ? `${t('events:errors.conflicts')} ${conflicts.map((c) => c.message).join('; ')}`
      : t(outcome.error.includes(':') ? outcome.error : `events:errors.${outcome.error}`);
  return Response.json({ error, problems, conflicts }, { status: 400 });
}

/** Reads the uploaded `file` of an API call (multipart, 10 MB cap). */
export async function apiUploadedFile(
  request: Request,
): Promise<{ file: File; formData: FormData } | Response> {
  const read = await readEventForm(request);
  if (!read.ok) return Response.json({ error: (await tFor('en'))(read.error) }, { status: 413 });
  const file = read.formData.get('file');
  if (!file || typeof file === 'string' || file.size === 0) {
    return Response.json(
      { error: (await tFor('en'))('events:upload.fileRequired') },
      { status: 400 },
    );
  }
  return { file, formData: read.formData };
}

// ---------------------------------------------------------------- promoter home

export type EventListItem = {
  id: number;
  title: string;
  date: string;
  city: string | null;
  state: string | null;
  country: string;
  cancelled: boolean;
  seriesName: string | null;
  resultsUploadedAt: string | null;
  resultsVerifiedAt: string | null;
};

const listColumns = {
  id: events.id,
  title: events.title,
  date: events.date,
  city: events.city,
  state: events.state,
  country: events.country,
  cancelled: events.cancelled,
  seriesName: series.name,
  resultsUploadedAt: events.resultsUploadedAt,
  resultsVerifiedAt: events.resultsVerifiedAt,
};

/** A promoter's series and events (their own, or in their series); today's events first. */
export function promoterHome(conn: Conn, promoterId: number, now: Date = new Date()) {
  const today = todayString(now);
  const mySeries = conn
    .select({
      id: series.id,
      name: series.name,
      firstDate: series.firstDate,
      lastDate: series.lastDate,
    })
    .from(series)
    .where(eq(series.promoterId, promoterId))
    .orderBy(asc(series.name))
    .all();
  const myEvents: EventListItem[] = conn
    .select(listColumns)
    .from(events)
    .leftJoin(series, eq(series.id, events.seriesId))
    .where(or(eq(events.promoterId, promoterId), eq(series.promoterId, promoterId)))
    .orderBy(desc(events.date), asc(events.title))
    .all();
  return {
    today,
    mySeries,
    todaysEvents: myEvents.filter((e) => e.date === today),
    myEvents: myEvents.filter((e) => e.date !== today),
  };
}

export async function promoterHomeLoader(request: Request) {
  const auth = await requireRole(request, 'promoter');
  return promoterHome(getDb(), auth.profile.id);
}

// ---------------------------------------------------------------- admin events list

export type AdminEventFilters = { title: string; state: string; country: string; page: number };

/** The admin list of events: title/state/country filters, newest first, paginated. */
export function adminEventList(conn: Conn, f: AdminEventFilters, pageSize = PAGE_SIZE) {
  const where: SQL[] = [];
  if (f.title)
    where.push(
      like(sql`lower(${events.title})`, `%${f.title.toLowerCase().replace(/[\\%_]/g, '')}%`),
    );
  if (f.state) where.push(eq(sql`upper(${events.state})`, f.state.toUpperCase()));
  if (f.country) where.push(eq(sql`upper(${events.country})`, f.country.toUpperCase()));
  const cond = where.length ? and(...where) : undefined;
  const total = conn.select({ n: count() }).from(events).where(cond).get()?.n ?? 0;
  const { offset, limit, pagination } = pageWindow(total, f.page, pageSize);
  const list: (EventListItem & { promoterName: string | null })[] = conn
    .select({ ...listColumns, promoterName: promoters.name })
    .from(events)
    .leftJoin(series, eq(series.id, events.seriesId))
    .leftJoin(promoters, eq(promoters.id, events.promoterId))
    .where(cond)
    .orderBy(desc(events.date), asc(events.title), asc(events.id))
    .limit(limit)
    .offset(offset)
    .all();
  return { events: list, pagination };
}

export async function adminEventsLoader(request: Request) {
  await requireRole(request, 'admin');
  const url = new URL(request.url);
  const text = (k: string, max = 100) => (url.searchParams.get(k) ?? '').trim().slice(0, max);
  const page = Number(url.searchParams.get('page') ?? '1');
  const filters: AdminEventFilters = {
    title: text('title'),
    state: text('state', 10),
    country: text('country', 3),
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
  };
  return { filters, ...adminEventList(getDb(), filters) };
}

/** The event page path of a role, in the request's language. */
export function eventPagePath(request: Request, role: ManagerRole, eventId: number) {
  return localizePath(
    `/auth/${role}/event/${eventId}`,
    langFromPath(new URL(request.url).pathname),
  );
}

/**
 * Runs an event API call for an admin or the event's own promoter (401/403/404 JSON otherwise):
 * `fn` returns a change outcome (answered with the event reloaded, or 400 with the reasons) or
 * a Response of its own.
 */
export async function runEventApi(
  request: Request,
  eventIdParam: string | undefined,
  fn: (ctx: {
    eventId: number;
    auth: Auth;
  }) => Promise<ChangeOutcome<unknown> | Response> | ChangeOutcome<unknown> | Response,
): Promise<Response> {
  const auth = await requireApiRole(request, ['admin', 'promoter']);
  const eventId = await requireEventApi(request, eventIdParam, auth);
  const out = await fn({ eventId, auth });
  if (out instanceof Response) return out;
  if (!out.ok) return apiRefused(out);
  return eventJson(getDb(), eventId);
}

/** An uploaded results file of an API call, parsed and applied in one of the three shapes. */
export async function apiResultsUpload(
  request: Request,
  eventIdParam: string | undefined,
  shape: ResultShape,
) {
  return runEventApi(request, eventIdParam, async ({ eventId, auth }) => {
    const upload = await apiUploadedFile(request);
    if (upload instanceof Response) return upload;
    let scope: { classId: number } | 'all' = 'all';
    if (shape === 'upload-class-result') {
      const classId = idParam(String(upload.formData.get('classId') ?? ''));
      if (classId === null) {
        return Response.json(
          { error: (await tFor('en'))('events:upload.classRequired') },
          { status: 400 },
        );
      }
      scope = { classId };
    }
    const parsed = await parseResultsFile(upload.file, shape);
    if (!parsed.ok)
      return { ok: false as const, error: 'problems' as const, problems: parsed.problems };
    return applyResultsUpload(getDb(), eventId, parsed.value, scope, auth.actor);
  });
}
