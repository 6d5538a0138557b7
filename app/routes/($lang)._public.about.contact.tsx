/**
 * Contact: name, e-mail, phone (optional), subject and a message of
 * at most 500 characters with a counter. A honeypot always; reCAPTCHA v2 too when its keys are
 * configured. Stores the message, mails the admins, then goes to /thank-you-contact.
 */
import { parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ErrorList,
  Field,
  Honeypot,
  SubmitButton,
  TextareaField,
  ZodForm,
} from '~/components/forms';
import { useLang } from '~/components/link';
import { AboutFrame } from '~/components/public-site';
import { getDb } from '~/db.server';
import { env } from '~/env.server';
import { requestLang } from '~/i18next.server';
import { CONTACT_MESSAGE_MAX } from '~/lib/constants';
import { localizePath } from '~/lib/lang';
import { contactSchema, RECAPTCHA_FIELD } from '~/lib/schemas/public';
import {
  captchaEnabled,
  clientIpFrom,
  submitContactMessage,
  verifyCaptcha,
} from '~/services/platform/contact.server';
import { useZodForm } from '~/components/use-zod-form';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader(_args: LoaderFunctionArgs) {
  // The widget shows only when the server can also check it (both keys configured).
  return { captchaSiteKey: captchaEnabled() ? (env().RECAPTCHA_SITE_KEY ?? null) : null };
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: contactSchema });
  if (submission.status !== 'success') {
    return data(submission.reply(), { status: 400 });
  }
  const ip = clientIpFrom(request.headers);
  if (captchaEnabled()) {
    const token = formData.get(RECAPTCHA_FIELD);
    if (!(await verifyCaptcha(typeof token === 'string' ? token : null, ip))) {
      return data(submission.reply({ formErrors: ['public:contact.errors.captcha'] }), {
        status: 400,
      });
    }
  }
  const lang = requestLang(request);
  const { website_url_hp: _hp, ...input } = submission.value;
  const outcome = await submitContactMessage(getDb(), input, { ip, lang });
  if (!outcome.ok) {
    return data(submission.reply({ formErrors: ['public:contact.errors.tooMany'] }), {
      status: 429,
    });
  }
  return redirect(localizePath('/thank-you-contact', lang));
}

type Grecaptcha = { render: (el: HTMLElement, opts: { sitekey: string; size?: string }) => number };

/** reCAPTCHA v2 (normal size), loaded in the browser only when a site key is configured. */
function Captcha({ siteKey }: { siteKey: string }) {
  const lang = useLang();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const w = window as unknown as { grecaptcha?: Grecaptcha; __ccCaptchaReady?: () => void };
    const render = () => {
      if (w.grecaptcha && el.childElementCount === 0)
        w.grecaptcha.render(el, { sitekey: siteKey, size: 'normal' });
    };
    if (w.grecaptcha) {
      render();
      return;
    }
    w.__ccCaptchaReady = render;
    if (!document.getElementById('recaptcha-script')) {
      const s = document.createElement('script');
      s.id = 'recaptcha-script';
      s.src = `https://www.google.com/recaptcha/api.js?onload=__ccCaptchaReady&render=explicit&hl=${lang}`;
      s.async = true;
      s.defer = true;
      document.head.appendChild(s);
    }
  }, [siteKey, lang]);
  return <div ref={ref} className="mb-4" data-testid="captcha" />;
}

export default function ContactPage() {
  const { t } = useTranslation();
  const { captchaSiteKey } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useZodForm(contactSchema, { id: 'contact', lastResult });
  const initialMessage =
    typeof fields.message.initialValue === 'string' ? fields.message.initialValue : '';
  const [length, setLength] = useState(initialMessage.length);
  useEffect(() => setLength(initialMessage.length), [initialMessage]);
  // Text typed before the page hydrated is in the field but not yet counted: count it once.
  useEffect(() => {
    const typed = document.getElementById(fields.message.id);
    if (typed instanceof HTMLTextAreaElement && typed.value) setLength(typed.value.length);
  }, [fields.message.id]);
  const over = length > CONTACT_MESSAGE_MAX;
  return (
    <AboutFrame title={t('public:contact.title')} intro={<p>{t('public:contact.intro')}</p>}>
      <div className="grid gap-8 lg:grid-cols-[2fr_1fr]">
        <ZodForm form={form} className="card relative">
          <ErrorList id={form.errorId} errors={form.errors} />
          <Field field={fields.name} label={t('public:contact.name')} autoComplete="name" />
          <Field
            field={fields.email}
            label={t('public:contact.email')}
            type="email"
            autoComplete="email"
          />
          <Field
            field={fields.phone}
            label={t('public:contact.phoneOptional')}
            type="tel"
            autoComplete="tel"
          />
          <Field field={fields.subject} label={t('public:contact.subject')} />
          <TextareaField
            field={fields.message}
            label={t('public:contact.message')}
            rows={7}
            // No maxLength: a pasted long text is shown whole, with the counter and the error,
            // instead of being cut silently by the browser.
            maxLength={undefined}
            aria-describedby={`${fields.message.errors ? `${fields.message.errorId} ` : ''}message-counter`}
            onChange={(e) => setLength(e.currentTarget.value.length)}
          />
          <p
            id="message-counter"
            aria-live="polite"
            className={`-mt-3 mb-4 text-right text-sm ${over ? 'font-semibold text-red-700' : 'text-gray-500'}`}
            data-testid="message-counter"
          >
            {t('public:contact.counter', { count: length, max: CONTACT_MESSAGE_MAX })}
          </p>
          <Honeypot />
          {captchaSiteKey ? <Captcha siteKey={captchaSiteKey} /> : null}
          <SubmitButton className="btn w-full sm:w-auto">{t('public:contact.send')}</SubmitButton>
        </ZodForm>
        <aside className="space-y-4 text-gray-700">
          <div className="card">
            <h2 className="font-bold">{t('public:contact.beforeTitle')}</h2>
            <p className="mt-2 text-sm">{t('public:contact.beforeText')}</p>
          </div>
          <div className="card">
            <h2 className="font-bold">{t('public:contact.responseTitle')}</h2>
            <p className="mt-2 text-sm">{t('public:contact.responseText')}</p>
          </div>
        </aside>
      </div>
    </AboutFrame>
  );
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = {
  cache: 'none',
  rateLimit: 'sensitive',
  title: 'titles:contact',
} as const satisfies RouteHandle;
