/**
 * A promoter's new event (/auth/promoter/event): the form's choices (their own series, their
 * earlier events to copy classes and payouts from) and the proposal it files for an admin.
 */
import { parseWithZod } from '@conform-to/zod';
import { data } from '@remix-run/node';
import type { DB } from '~/db.server';
import { localizePath, type Lang } from '~/lib/lang';
import { eventProposalSchema } from '~/lib/schemas/event-admin';
import type { Auth } from '~/services/auth/guard.server';
import { createEvent } from '~/services/events/management/event-admin.server';
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

/** Files the promoter's proposal; a series or an event to copy that is not theirs is refused. */
export async function proposeEventAction(db: DB, formData: FormData, auth: Auth, lang: Lang) {
  const promoterId = auth.profile.id;
  const { options, earlierEvents } = proposalOptions(db, promoterId);
  const submission = parseWithZod(formData, {
    schema: eventProposalSchema.superRefine((v, ctx) => {
      if (v.seriesId !== undefined && !options.series.some((s) => s.id === v.seriesId))
        ctx.addIssue({ code: 'custom', path: ['seriesId'], message: 'validation:required' });
      if (v.copyFrom !== undefined && !earlierEvents.some((e) => e.id === v.copyFrom))
        ctx.addIssue({ code: 'custom', path: ['copyFrom'], message: 'validation:required' });
    }),
  });
  if (submission.status !== 'success')
    return data({ details: submission.reply() }, { status: 400 });
  const { copyFrom, ...details } = submission.value;
  const id = createEvent(db, { ...details, cancelled: false }, auth.actor, {
    promoterId,
    copyClassesFrom: copyFrom ?? null,
  });
  return redirectWithFlash(localizePath(`/auth/promoter/event/${id}`, lang), {
    kind: 'success',
    message: 'events:approval.flash.proposed',
  });
}
