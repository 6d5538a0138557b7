import { parseWithZod } from '@conform-to/zod';
import { useZodForm } from '~/components/use-zod-form';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ErrorList, Field, SubmitButton, ZodForm } from '~/components/forms';
import { BareLayout } from '~/components/bare-layout';
import { getDb } from '~/db.server';
import { requestLang } from '~/i18next.server';
import { emailVerifySchema } from '~/lib/schemas/auth';
import { requireUser, roleHome } from '~/services/auth/guard.server';
import { redirectWithFlash } from '~/http/flash-redirect.server';
import { sendVerificationCode, verifyEmailCode } from '~/services/auth/verification.server';
import type { RouteHandle } from '~/lib/route-handle';

/** /auth/email-verify is open to every role, verified or not. */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireUser(request, { allowUnverified: true });
  if (auth.user.emailVerified) throw redirect(roleHome(auth.user.role, requestLang(request)));
  return { email: auth.user.email };
}

export async function action({ request }: ActionFunctionArgs) {
  const auth = await requireUser(request, { allowUnverified: true });
  const lang = requestLang(request);
  const submission = parseWithZod(await request.formData(), { schema: emailVerifySchema });
  if (submission.status !== 'success')
    return data({ result: submission.reply(), sent: false }, { status: 400 });
  const db = getDb();
  if (submission.value.intent === 'send') {
    const ok = await sendVerificationCode(db, auth.user, lang);
    if (!ok)
      return data(
        { result: submission.reply({ formErrors: ['auth:verify.tooManySends'] }), sent: false },
        { status: 429 },
      );
    return { result: submission.reply({ resetForm: true }), sent: true };
  }
  const check = verifyEmailCode(db, auth.user, submission.value.code);
  if (check !== 'ok') {
    return data(
      { result: submission.reply({ fieldErrors: { code: [`auth:code.${check}`] } }), sent: false },
      { status: 400 },
    );
  }
  return redirectWithFlash(roleHome(auth.user.role, lang), {
    kind: 'success',
    message: 'auth:verify.done',
  });
}

export default function EmailVerify() {
  const { t } = useTranslation();
  const { email } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useZodForm(emailVerifySchema, {
    id: 'verify-code',
    lastResult: actionData?.result,
    checkInBrowser: false,
  });
  return (
    <BareLayout>
      <h1 className="mb-2 text-2xl font-bold">{t('common:pages.emailVerify')}</h1>
      <p className="mb-6 text-gray-700">{t('auth:verify.intro', { email })}</p>
      {actionData?.sent ? (
        <p
          role="status"
          className="mb-4 rounded bg-green-50 p-3 text-green-900"
          data-testid="code-sent"
        >
          {t('auth:verify.sent', { email })}
        </p>
      ) : null}
      <Form method="post" className="mb-6">
        <input type="hidden" name="intent" value="send" />
        <SubmitButton className="btn-secondary w-full">{t('auth:verify.send')}</SubmitButton>
      </Form>
      <ZodForm form={form}>
        <input type="hidden" name="intent" value="verify" />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Field
          field={fields.code}
          label={t('auth:verify.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
        />
        <SubmitButton className="btn w-full">{t('auth:verify.submit')}</SubmitButton>
      </ZodForm>
    </BareLayout>
  );
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = {
  rateLimit: 'sensitive',
  title: 'titles:emailVerify',
} as const satisfies RouteHandle;
