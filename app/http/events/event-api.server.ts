/**
 * The event JSON API: who may call it, the event reloaded as every call
 * answers, refusals with upload problems and award conflicts in words, and uploaded files.
 */
import type { TFunction } from 'i18next';
import { getDb, type Conn } from '~/db.server';
import { tFor } from '~/i18next.server';
import { formatMoney } from '~/lib/format';
import type { AwardConflict } from '~/services/money/awards/award-conflicts.server';
import { type Auth } from '~/services/auth/guard.server';
import { requireApiRole } from '~/http/auth/api-guard.server';
import { eventAccess } from '~/services/events/management/event-access.server';
import type { ChangeOutcome } from '~/services/events/management/event-change.server';
import {
  mappingPromoter,
  parseWithAnswers,
} from '~/services/events/results-import/results-answers.server';
import { idParam } from '~/lib/ids';
import { readEventForm } from '~/http/events/event-form.server';
import { loadEventView } from '~/services/events/management/event-view.server';
import type { ImportProblem } from '~/services/events/files/import-problems.server';
import type { ResultShape } from '~/services/events/results-import/results-parser.server';
import { applyResultsUpload } from '~/services/events/results-import/results-upload.server';
import { apiLang, badId, readForm } from '~/http/api.server';
import { jsonAnswer } from '~/http/kept-answer.server';

/** The caller of an event API call: an admin or the event's own promoter; else 401/403/404 JSON. */
async function requireEventApi(request: Request, eventIdParam: string | undefined, auth: Auth) {
  const eventId = idParam(eventIdParam);
  if (eventId === null) throw badId();
  const access = eventAccess(getDb(), eventId, auth.profile);
  if (access === 'notFound') throw jsonAnswer({ error: 'Not found' }, { status: 404 });
  if (access === 'forbidden') throw jsonAnswer({ error: 'Forbidden' }, { status: 403 });
  return eventId;
}

/** The event reloaded, as every event API call answers. */
function eventJson(conn: Conn, eventId: number) {
  const view = loadEventView(conn, eventId);
  if (!view) return jsonAnswer({ error: 'Not found' }, { status: 404 });
  return jsonAnswer(view);
}

/** One upload problem in words. */
function problemText(t: TFunction, p: ImportProblem): string {
  const where =
    p.row !== null && p.column !== null
      ? t('events:problems.atCell', { row: p.row, column: p.column })
      : p.row !== null
        ? t('events:problems.atRow', { row: p.row })
        : '';
  const what = t(`events:problems.${p.code}`, { value: p.value ?? '', column: p.column ?? '' });
  return where ? t('common:punctuation.labelled', { label: where, value: what }) : what;
}

/** One award conflict in words (rider, class, amount). */
function conflictText(t: TFunction, c: AwardConflict, lang: 'en' | 'fr' = 'en'): string {
  return t('events:conflicts.item', {
    rider: c.riderName,
    className: c.className,
    amount: formatMoney(c.amountCents, c.currency, lang),
    why: t(`events:conflicts.why.${c.why}`),
  });
}

/**
 * A 400 JSON answer with the reason, the upload problems and the award conflicts in words of the
 * caller's language (`apiLang`).
 */
export async function apiRefused(
  request: Request,
  outcome: {
    error: string;
    problems?: ImportProblem[];
    conflicts?: AwardConflict[];
  },
) {
  const lang = apiLang(request);
  const t = await tFor(lang);
  const problems = (outcome.problems ?? []).map((p) => ({ ...p, message: problemText(t, p) }));
  const conflicts = (outcome.conflicts ?? []).map((c) => ({
    ...c,
    message: conflictText(t, c, lang),
  }));
  const error =
    outcome.error === 'conflicts'
      ? `${t('events:errors.conflicts')} ${conflicts.map((c) => c.message).join(t('common:punctuation.listSeparator'))}`
      : t(outcome.error.includes(':') ? outcome.error : `events:errors.${outcome.error}`);
  return jsonAnswer({ error, code: outcome.error, problems, conflicts }, { status: 400 });
}

/** Reads the uploaded `file` of an API call (multipart, 10 MB cap). */
export async function apiUploadedFile(
  request: Request,
): Promise<{ file: File; formData: FormData } | Response> {
  const formData = await readForm(request, async (r) => {
    const read = await readEventForm(r);
    if (!read.ok) throw jsonAnswer({ error: read.error }, { status: 413 });
    return read.formData;
  });
  const file = formData.get('file');
  if (!file || typeof file === 'string' || file.size === 0) {
    return jsonAnswer({ error: 'events:upload.fileRequired' }, { status: 400 });
  }
  return { file, formData };
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
  if (!out.ok) return apiRefused(request, out);
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
        return jsonAnswer({ error: 'events:upload.classRequired' }, { status: 400 });
      }
      scope = { classId };
    }
    const db = getDb();
    const parsed = await parseWithAnswers(
      db,
      upload.file,
      shape,
      mappingPromoter(db, eventId, auth.profile),
    );
    if (!parsed.ok)
      return { ok: false as const, error: 'problems' as const, problems: parsed.problems };
    return applyResultsUpload(getDb(), eventId, parsed.value, scope, auth.actor);
  });
}
