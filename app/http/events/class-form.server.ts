/**
 * The event page's class form (add or change a class without a file): its field errors, a place
 * over the promoter's limit next to that place, and what was typed, in Conform's reply.
 */
import { parseWithZod } from '@conform-to/zod';
import type { DB } from '~/db.server';
import { requestLang } from '~/i18next.server';
import { formatMoney } from '~/lib/format';
import { messageWithValues } from '~/lib/messages';
import { postedPlaces, saveClassSchema } from '~/lib/schemas/events';
import type { Actor } from '~/services/platform/audit.server';
import { saveClass } from '~/services/events/management/class-changes.server';
import { outcomeRefusal, refused } from '~/http/events/event-refusal.server';
import { redirectWithFlash } from '~/http/flash-redirect.server';
import { safeRedirect } from '~/lib/lang';

export async function saveClassAction(
  request: Request,
  formData: FormData,
  ctx: { db: DB; eventId: number; actor: Actor },
) {
  const submission = parseWithZod(formData, { schema: saveClassSchema });
  if (submission.status !== 'success')
    return refused({ intent: 'saveClass', reply: submission.reply() });
  const v = submission.value;
  const outcome = saveClass(
    ctx.db,
    ctx.eventId,
    { ...v, places: postedPlaces(v.places) },
    ctx.actor,
  );
  if (outcome.ok) {
    const url = new URL(request.url);
    return redirectWithFlash(safeRedirect(url.pathname, '/'), {
      kind: 'success',
      message: 'events:classForm.saved',
    });
  }
  if (outcome.error === 'aboveLimit') {
    const limit = formatMoney(outcome.limitCents, v.currency, requestLang(request));
    const message = messageWithValues('events:classForm.aboveLimit', { limit });
    const fieldErrors = Object.fromEntries(
      outcome.places.map((place) => [`places[${place - 1}]`, [message]]),
    );
    return refused({ intent: 'saveClass', reply: submission.reply({ fieldErrors }) });
  }
  const why = outcomeRefusal(outcome);
  return refused({
    intent: 'saveClass',
    ...why,
    reply: submission.reply({ formErrors: why.error ? [why.error] : [] }),
  });
}
