/**
 * The dealer's receipt of one of its redemptions, for the receipt page and its print view: the
 * dealer's own redemptions only (another dealer's, or an unknown code, is a 404). The receipt
 * page's action is the dealer's void of it, within the void window.
 */
import { parseWithZod } from '@conform-to/zod';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { requestLang } from '~/i18next.server';
import { formatRedemptionCode } from '~/lib/format';
import { localizePath } from '~/lib/lang';
import { voidSchema } from '~/lib/schemas/dealer';
import { redirectWithFlash } from '~/http/flash-redirect.server';
import { requireRole } from '~/services/auth/guard.server';
import { dealerReceipt } from '~/services/money/counter/receipt.server';
import { voidRedemption } from '~/services/money/counter/redemption-voids.server';

export async function dealerReceiptLoader({ request, params }: LoaderFunctionArgs) {
  const { profile } = await requireRole(request, 'dealer');
  const receipt = dealerReceipt(getDb(), profile.id, params.redemptionId);
  if (!receipt) throw new Response('Not found', { status: 404 });
  // A fresh one-time token per view: a repeated POST of the void form answers the first void.
  return { ...receipt, onceToken: crypto.randomUUID() };
}

/** The void form: refused next to the reason or above the form, done back on the receipt. */
export async function dealerVoidAction({ request, params }: ActionFunctionArgs) {
  const { profile, actor } = await requireRole(request, 'dealer');
  const id =
    params.redemptionId && /^\d{1,12}$/.test(params.redemptionId)
      ? Number(params.redemptionId)
      : null;
  if (id === null) throw new Response('Not found', { status: 404 });
  const submission = parseWithZod(await request.formData(), { schema: voidSchema });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  const v = submission.value;
  const result = await voidRedemption(getDb(), {
    redemptionId: id,
    dealerId: profile.id,
    reason: v.reason,
    actor,
    idempotencyKey: v.onceToken,
  });
  if (!result.ok) {
    if (result.error === 'dealer:errors.redemptionNotFound')
      throw new Response('Not found', { status: 404 });
    const reply = result.field
      ? submission.reply({ fieldErrors: { [result.field]: [result.error] } })
      : submission.reply({ formErrors: [result.error] });
    return data(reply, { status: result.conflict ? 422 : 400 });
  }
  const lang = requestLang(request);
  return redirectWithFlash(localizePath(`/auth/dealer/redemptions/${id}`, lang), {
    kind: 'success',
    message: 'dealer:void.done',
    values: { code: formatRedemptionCode(result.code) },
  });
}
