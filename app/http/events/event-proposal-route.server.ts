/**
 * A promoter's events (/auth/promoter/event): the form's choices (their own series, their earlier
 * events to copy classes and payouts from), the proposal it files for an admin, and later saves of
 * the event's details.
 */
import { parseWithZod } from '@conform-to/zod';
import { data } from '@remix-run/node';
import type { DB } from '~/db.server';
import { localizePath, type Lang } from '~/lib/lang';
import { eventProposalSchema } from '~/lib/schemas/event-admin';
import type { Auth } from '~/services/auth/guard.server';
import {
  getEventDetails,
  proposeEvent,
  savePromoterEvent,
} from '~/services/events/management/event-admin.server';
import { formatMoney } from '~/lib/format';
import { messageWithValues } from '~/lib/messages';
import { promoterHome } from '~/services/events/management/manager-event-lists.server';
import { redirectWithFlash } from '~/http/flash-redirect.server';

/** The new-event form's choices for this promoter. */
export function proposalOptions(db: DB, promoterId: number) {
  const home = promoterHome(db, promoterId);
  return {
    options: {
      series: home.mySeries.map((s) => ({ id: s.id, name: s.name })),
      promoters: [],
      categories: [],
    },
    earlierEvents: home.myEvents.map((e) => ({ id: e.id, name: `${e.title} (${e.date})` })),
  };
}

/** The promoter's form schema: a series or an event to copy that is not theirs is refused. */
function promoterSchema(
  choices: ReturnType<typeof proposalOptions>,
  allowed: { seriesId: number | null } = { seriesId: null },
) {
  const { options, earlierEvents } = choices;
  return eventProposalSchema.superRefine((v, ctx) => {
    const series = v.seriesId;
    if (series !== undefined && series !== allowed.seriesId)
      if (!options.series.some((s) => s.id === series))
        ctx.addIssue({ code: 'custom', path: ['seriesId'], message: 'validation:required' });
    if (v.copyFrom !== undefined && !earlierEvents.some((e) => e.id === v.copyFrom))
      ctx.addIssue({ code: 'custom', path: ['copyFrom'], message: 'validation:required' });
  });
}

/** Files the promoter's proposal. */
export async function proposeEventAction(db: DB, formData: FormData, auth: Auth, lang: Lang) {
  const promoterId = auth.profile.id;
  const submission = parseWithZod(formData, {
    schema: promoterSchema(proposalOptions(db, promoterId)),
  });
  if (submission.status !== 'success')
    return data({ details: submission.reply() }, { status: 400 });
  const { copyFrom, ...details } = submission.value;
  const made = proposeEvent(db, { ...details, cancelled: false }, auth.actor, {
    promoterId,
    copyClassesFrom: copyFrom ?? null,
  });
  if (!made.ok) {
    // Next to the copy choice: each class with the places above the limit, what was typed kept.
    const limit = formatMoney(made.limitCents, details.currency, lang);
    const copyFromErrors = made.over.map((c) =>
      messageWithValues('events:proposal.copyAboveLimit', {
        className: c.className,
        places: c.places.join(', '),
        count: c.places.length,
        limit,
      }),
    );
    return data(
      { details: submission.reply({ fieldErrors: { copyFrom: copyFromErrors } }) },
      { status: 400 },
    );
  }
  return redirectWithFlash(localizePath(`/auth/promoter/event/${made.id}`, lang), {
    kind: 'success',
    message: 'events:approval.flash.proposed',
  });
}

/**
 * Saves the details of the promoter's event (the caller checked it is theirs): the flash says
 * when it went back to an admin for approval; a refused eligibility change is shown next to its
 * fields, what was typed kept.
 */
export async function savePromoterEventAction(
  db: DB,
  formData: FormData,
  auth: Auth,
  lang: Lang,
  eventId: number,
) {
  const current = getEventDetails(db, eventId);
  if (!current) throw new Response('Not Found', { status: 404 });
  const schema = promoterSchema(proposalOptions(db, auth.profile.id), current);
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== 'success')
    return data({ details: submission.reply() }, { status: 400 });
  const { copyFrom: _ignored, ...details } = submission.value;
  const saved = savePromoterEvent(db, eventId, details, auth.actor);
  if (!saved.ok && saved.reason === 'notFound') throw new Response('Not Found', { status: 404 });
  if (!saved.ok) {
    const fieldErrors = Object.fromEntries(
      saved.fields.map((f) => [f, ['events:promoterEdit.resultsIn']]),
    );
    return data({ details: submission.reply({ fieldErrors }) }, { status: 409 });
  }
  return redirectWithFlash(localizePath(`/auth/promoter/event/${eventId}`, lang), {
    kind: 'success',
    message: saved.reproposed ? 'events:promoterEdit.reproposed' : 'events:promoterEdit.saved',
  });
}
