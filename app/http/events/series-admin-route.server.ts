/**
 * The admin series page's action: one function per form of the page (its `intent`); a post with
 * no known intent saves the series itself (or creates it, on the page without an id).
 */
import { parseWithZod } from '@conform-to/zod';
import { data } from '@remix-run/node';
import { getDb, type DB } from '~/db.server';
import { readEventForm } from '~/http/events/event-form.server';
import { redirectWithFlash } from '~/http/flash-redirect.server';
import { requestLang } from '~/i18next.server';
import { localizePath, type Lang } from '~/lib/lang';
import {
  removeEventSchema,
  removeSeriesAwardSchema,
  seriesAwardSchema,
  seriesSchema,
} from '~/lib/schemas/programs';
import { requireRole, type Auth } from '~/services/auth/guard.server';
import {
  createSeries,
  deleteSeries,
  removeEventFromSeries,
  updateSeries,
} from '~/services/events/catalog/programs.server';
import { fileBytes } from '~/services/events/files/event-form.server';
import type { ImportProblem } from '~/services/events/files/import-problems.server';
import { readUploadOutcome } from '~/services/events/files/upload-reader.server';
import { importSeriesEvents } from '~/services/events/management/event-import.server';
import {
  addSeriesAward,
  listSeriesAwards,
  removeSeriesAward,
} from '~/services/money/awards/series-awards.server';
import { deliverHoldMail, holdMail } from '~/services/money/ledger/pending-changes.server';

/** The page's optional series id: none on the page that adds a series; 404 for a bad one. */
export function seriesIdParam(raw: string | undefined): number | null {
  if (raw === undefined) return null;
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0) throw new Response('Not Found', { status: 404 });
  return id;
}

/** What every intent of a saved series works on. */
type Ctx = { auth: Auth; db: DB; id: number; lang: Lang };

/** Back to a page of the admin area with a flash message. */
function back(
  lang: Lang,
  to: string,
  message: string,
  kind: 'success' | 'error' = 'success',
  values?: Record<string, string>,
) {
  return redirectWithFlash(localizePath(to, lang), { kind, message, values });
}

function uploadRefused(error: string, problems: ImportProblem[], status: number) {
  return data({ eventsUpload: { error, problems } }, { status });
}

async function uploadEvents({ auth, db, id, lang }: Ctx, formData: FormData) {
  const file = formData.get('file');
  if (!file || typeof file === 'string' || file.size === 0)
    return uploadRefused('events:upload.fileRequired', [], 400);
  const rows = await readUploadOutcome(await fileBytes(file));
  const out = rows.ok
    ? importSeriesEvents(db, id, rows.value, auth.actor)
    : ({ ok: false, reason: 'problems', problems: rows.problems } as const);
  if (out.ok)
    return back(lang, `/auth/admin/serie/${id}`, 'admin:programs.eventsUploaded', 'success', {
      count: String(out.created),
    });
  if (out.reason === 'seriesNotFound') throw new Response('Not Found', { status: 404 });
  return uploadRefused('events:errors.problems', out.problems, 400);
}

async function removeEvent({ auth, db, id, lang }: Ctx, formData: FormData) {
  const parsed = removeEventSchema.safeParse(Object.fromEntries(formData));
  const ok = parsed.success && removeEventFromSeries(db, id, parsed.data.eventId, auth.actor);
  return back(
    lang,
    `/auth/admin/serie/${id}`,
    ok ? 'admin:programs.eventRemoved' : 'common:errors.removalFailed',
    ok ? 'success' : 'error',
  );
}

async function removeSeries({ auth, db, id, lang }: Ctx) {
  const ok = deleteSeries(db, id, auth.actor);
  if (!ok && listSeriesAwards(db, id).length > 0)
    return back(lang, `/auth/admin/serie/${id}`, 'admin:programs.deleteRefused', 'error');
  return back(
    lang,
    '/auth/admin/series',
    ok ? 'admin:deleted' : 'common:errors.removalFailed',
    ok ? 'success' : 'error',
  );
}

async function addAward({ auth, db, id, lang }: Ctx, formData: FormData) {
  const submission = parseWithZod(formData, { schema: seriesAwardSchema });
  if (submission.status !== 'success')
    return data({ awardResult: submission.reply() }, { status: 400 });
  const { riderId, amount, notes } = submission.value;
  const mail = await holdMail();
  const award = { riderId, amountCents: amount, notes };
  const r = addSeriesAward(db, id, award, auth.actor, new Date(), mail);
  await deliverHoldMail(db, mail);
  if (r.ok) return back(lang, `/auth/admin/serie/${id}`, 'admin:seriesAwards.added');
  if (r.reason === 'held')
    return back(lang, `/auth/admin/serie/${id}`, 'moneyControls:flash.seriesAwardHeld');
  if (r.reason === 'seriesNotFound') throw new Response('Not Found', { status: 404 });
  const awardResult =
    r.reason === 'notInSeries'
      ? submission.reply({ fieldErrors: { riderId: ['admin:seriesAwards.notInSeries'] } })
      : submission.reply({ formErrors: ['admin:seriesAwards.notEnded'] });
  return data({ awardResult }, { status: 400 });
}

async function removeAward({ auth, db, id, lang }: Ctx, formData: FormData) {
  const parsed = removeSeriesAwardSchema.safeParse(Object.fromEntries(formData));
  const out = parsed.success
    ? removeSeriesAward(db, id, parsed.data.awardId, auth.actor)
    : 'notFound';
  return out === 'ok'
    ? back(lang, `/auth/admin/serie/${id}`, 'admin:seriesAwards.removed')
    : back(lang, `/auth/admin/serie/${id}`, `admin:seriesAwards.refused.${out}`, 'error');
}

/** The series form itself: creates the series (no id yet) or saves it. */
async function saveSeries(auth: Auth, db: DB, id: number | null, lang: Lang, formData: FormData) {
  const submission = parseWithZod(formData, { schema: seriesSchema });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  if (id === null) {
    const created = createSeries(db, submission.value, auth.actor);
    return back(lang, `/auth/admin/serie/${created.id}`, 'admin:saved');
  }
  const r = updateSeries(db, id, submission.value, submission.value.__v ?? -1, auth.actor);
  if (!r.ok && r.reason === 'notFound') throw new Response('Not Found', { status: 404 });
  if (!r.ok)
    return data(submission.reply({ formErrors: ['admin:programs.stale'] }), { status: 409 });
  return back(lang, `/auth/admin/serie/${id}`, 'admin:saved');
}

/** The forms of a saved series, by the `intent` each posts. */
const INTENTS = {
  uploadEvents,
  removeEvent,
  delete: removeSeries,
  addAward,
  removeAward,
};

/** The admin series page's action (the series id param is absent on the page that adds one). */
export async function seriesAdminAction(request: Request, rawId: string | undefined) {
  const auth = await requireRole(request, 'admin');
  const db = getDb();
  const id = seriesIdParam(rawId);
  const lang = requestLang(request);
  const read = await readEventForm(request);
  if (!read.ok) return uploadRefused(read.error, [], 413);
  const formData = read.formData;
  const intent = formData.get('intent');
  if (id !== null && typeof intent === 'string' && Object.hasOwn(INTENTS, intent))
    return INTENTS[intent as keyof typeof INTENTS]({ auth, db, id, lang }, formData);
  return saveSeries(auth, db, id, lang, formData);
}
