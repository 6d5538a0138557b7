/** The admin event page's own intents: create, save details, duplicate, delete. */
import { parseWithZod } from '@conform-to/zod';
import { data } from '@remix-run/node';
import { getDb } from '~/db.server';
import { tFor } from '~/i18next.server';
import { formatMoney } from '~/lib/format';
import { localizePath, type Lang } from '~/lib/lang';
import { eventDetailsSchema, refuseEventSchema } from '~/lib/schemas/event-admin';
import {
  decideEvent,
  type EventDecision,
} from '~/services/events/management/event-proposals.server';
import type { Auth } from '~/services/auth/guard.server';
import {
  createEvent,
  deleteEvent,
  duplicateEvent,
  updateEvent,
} from '~/services/events/management/event-admin.server';
import { redirectWithFlash } from '~/http/flash-redirect.server';

export const EVENT_ADMIN_INTENTS = [
  'createEvent',
  'saveEvent',
  'duplicateEvent',
  'deleteEvent',
  'approveEvent',
  'refuseEvent',
] as const;

export async function eventAdminAction(
  formData: FormData,
  id: number | null,
  auth: Auth,
  lang: Lang,
) {
  const db = getDb();
  const intent = formData.get('intent');
  const go = async (to: string, message: string, kind: 'success' | 'error' = 'success') =>
    redirectWithFlash(localizePath(to, lang), { kind, message });
  if (intent === 'duplicateEvent' && id !== null) {
    const t = await tFor(lang);
    const copy = duplicateEvent(db, id, auth.actor, (title) =>
      t('completion:copyTitle', { title }),
    );
    if (copy === null) throw new Response('Not Found', { status: 404 });
    return go(`/auth/admin/event/${copy}`, 'admin:eventAdmin.duplicated');
  }
  if ((intent === 'approveEvent' || intent === 'refuseEvent') && id !== null)
    return decideAction(formData, id, auth, lang);
  if (intent === 'deleteEvent' && id !== null) {
    const r = deleteEvent(db, id, auth.actor);
    if (r === 'ok') return go('/auth/admin/events', 'admin:deleted');
    return go(
      `/auth/admin/event/${id}`,
      r === 'hasAwards' ? 'admin:eventAdmin.hasAwards' : 'common:errors.removalFailed',
      'error',
    );
  }
  const submission = parseWithZod(formData, { schema: eventDetailsSchema });
  if (submission.status !== 'success')
    return data({ details: submission.reply() }, { status: 400 });
  if (id === null) {
    const created = createEvent(db, submission.value, auth.actor);
    return go(`/auth/admin/event/${created}`, 'admin:saved');
  }
  const r = updateEvent(db, id, submission.value, auth.actor);
  if (!r.ok && r.reason === 'notFound') throw new Response('Not Found', { status: 404 });
  if (!r.ok && r.reason === 'conflicts') {
    const t = await tFor(lang);
    const lines = r.conflicts.map((c) =>
      t('admin:eventAdmin.conflict', {
        rider: c.riderName,
        className: c.className,
        amount: formatMoney(c.amountCents, c.currency, lang),
      }),
    );
    return data(
      { details: submission.reply({ formErrors: ['admin:eventAdmin.refused', ...lines] }) },
      { status: 409 },
    );
  }
  return go(`/auth/admin/event/${id}`, 'admin:saved');
}

/** Approves a promoter's proposed event, or refuses it with the reason the promoter is mailed. */
async function decideAction(formData: FormData, id: number, auth: Auth, lang: Lang) {
  let decision: EventDecision = { approve: true };
  if (formData.get('intent') === 'refuseEvent') {
    const submission = parseWithZod(formData, { schema: refuseEventSchema });
    if (submission.status !== 'success')
      return data({ decision: submission.reply() }, { status: 400 });
    decision = { approve: false, reason: submission.value.reason };
  }
  const r = await decideEvent(getDb(), id, decision, auth.actor);
  if (r === 'notFound') throw new Response('Not Found', { status: 404 });
  return redirectWithFlash(localizePath(`/auth/admin/event/${id}`, lang), {
    kind: r === 'ok' ? 'success' : 'error',
    message:
      r === 'ok'
        ? `events:approval.flash.${decision.approve ? 'approved' : 'refused'}`
        : 'events:approval.flash.alreadyDecided',
  });
}
