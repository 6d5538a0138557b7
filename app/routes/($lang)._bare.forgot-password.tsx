import { parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { data } from '@remix-run/node';
import { useActionData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ErrorList, Field, Honeypot, SubmitButton, ZodForm } from '~/components/forms';
import { LinkGroup } from '~/components/link';
import { getDb } from '~/db.server';
import { requestLang } from '~/i18next.server';
import { localizePath } from '~/lib/lang';
import { forgotPasswordSchema } from '~/lib/schemas/rider';
import { redirectIfSignedIn } from '~/services/auth/guard.server';
import { requestPasswordReset } from '~/services/auth/recovery.server';
import { redirectWithFlash } from '~/http/flash-redirect.server';
import { useZodForm } from '~/components/use-zod-form';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ request }: LoaderFunctionArgs) {
  await redirectIfSignedIn(request);
  return null;
}

/**
 * Sends a reset code when the address has an account. The answer is the same whether or not it
 * has one: a redirect to the code form with "if an account exists, we sent a code".
 */
export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: forgotPasswordSchema });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  const lang = requestLang(request);
  const outcome = await requestPasswordReset(getDb(), submission.value.email, lang);
  if (outcome === 'tooMany') {
    return data(submission.reply({ formErrors: ['rider:recovery.tooMany'] }), { status: 429 });
  }
  const target = `${localizePath('/forgot-password-reset', lang)}?${new URLSearchParams({ email: submission.value.email })}`;
  return redirectWithFlash(target, { kind: 'info', message: 'rider:recovery.sent' });
}

export default function ForgotPassword() {
  const { t } = useTranslation();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useZodForm(forgotPasswordSchema, { id: 'forgot-password', lastResult });
  return (
    <>
      <h1 className="mb-2 text-2xl font-bold">{t('rider:recovery.forgotTitle')}</h1>
      <p className="mb-6 text-gray-700">{t('rider:recovery.forgotIntro')}</p>
      <ZodForm form={form}>
        <Honeypot />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Field
          field={fields.email}
          label={t('rider:fields.email')}
          type="email"
          autoComplete="email"
        />
        <SubmitButton className="btn w-full">{t('rider:recovery.sendCode')}</SubmitButton>
      </ZodForm>
      <LinkGroup
        className="mt-6 flex flex-col gap-2 text-sm"
        links={[
          {
            to: '/forgot-password-reset',
            label: t('rider:recovery.haveCode'),
            className: 'text-brand hover:underline',
          },
          {
            to: '/account-recovery',
            label: t('rider:recovery.noAccess'),
            className: 'text-brand hover:underline',
          },
          {
            to: '/login',
            label: t('rider:recovery.backToLogin'),
            className: 'text-brand hover:underline',
          },
        ]}
      />
    </>
  );
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = {
  cache: 'none',
  rateLimit: 'sensitive',
  title: 'titles:forgotPassword',
} as const satisfies RouteHandle;
