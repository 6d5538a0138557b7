/**
 * POST /api/contact-us — the contact form as a call. Body: JSON or form data
 * with name, email, phone (optional), subject, message (≤ 500 characters), the honeypot
 * website_url_hp (must be empty), lang (en | fr: the sender's language, for the admins) and, when
 * the captcha is configured, g-recaptcha-response.
 * 201 { ok: true, id } · 400 { error, fieldErrors } · 429 { error } · 405 for other methods.
 */
import type { ActionFunctionArgs } from '@remix-run/node';
import { parseWithZod } from '@conform-to/zod';
import { getDb } from '~/db.server';
import { contactSchema, RECAPTCHA_FIELD } from '~/lib/schemas/public';
import {
  captchaEnabled,
  clientIpFrom,
  submitContactMessage,
  verifyCaptcha,
} from '~/services/platform/contact.server';
import { allowMethods, onlyMethods, readJsonOrForm } from '~/http/api.server';
import { jsonAnswer } from '~/http/kept-answer.server';
import type { RouteHandle } from '~/lib/route-handle';

/** The body (JSON or a form) as form data: a JSON object's string and number values become fields. */
async function bodyAsFormData(request: Request): Promise<FormData> {
  const fd = new FormData();
  for (const [key, value] of Object.entries(await readJsonOrForm(request))) {
    if (typeof value === 'string' || typeof value === 'number') fd.set(key, String(value));
  }
  return fd;
}

export const loader = onlyMethods('POST');

export async function action({ request }: ActionFunctionArgs) {
  allowMethods(request, 'POST');
  const formData = await bodyAsFormData(request);
  const submission = parseWithZod(formData, { schema: contactSchema });
  if (submission.status !== 'success') {
    const fieldErrors = submission.error ?? {};
    const error = (fieldErrors[''] ?? []).includes('public:contact.errors.spam')
      ? 'Rejected'
      : 'Invalid contact form';
    return jsonAnswer({ error, fieldErrors }, { status: 400 });
  }
  const ip = clientIpFrom(request.headers);
  if (captchaEnabled()) {
    const token = formData.get(RECAPTCHA_FIELD);
    if (!(await verifyCaptcha(typeof token === 'string' ? token : null, ip))) {
      return jsonAnswer({ error: 'completion:api.captchaFailed' }, { status: 400 });
    }
  }
  const { website_url_hp: _hp, ...input } = submission.value;
  const lang = formData.get('lang') === 'fr' ? 'fr' : 'en';
  const outcome = await submitContactMessage(getDb(), input, { ip, lang });
  if (!outcome.ok) return jsonAnswer({ error: 'Too Many Requests' }, { status: 429 });
  return jsonAnswer({ ok: true, id: outcome.id }, { status: 201 });
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none', rateLimit: 'sensitive' } as const satisfies RouteHandle;
