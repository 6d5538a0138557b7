import { getInputProps } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ErrorList, Field, SubmitButton, ZodForm } from '~/components/forms';
import { LLink } from '~/components/link';
import { getDb } from '~/db.server';
import { requestLang } from '~/i18next.server';
import { registerConfirmSchema } from '~/lib/schemas/auth';
import { redirectIfSignedIn, roleHome } from '~/services/auth/guard.server';
import { openSession } from '~/services/auth/second-step.server';
import { confirmRegistration } from '~/services/people/registration.server';
import { useZodForm } from '~/components/use-zod-form';
import type { RouteHandle } from '~/lib/route-handle';

/** "Check your mail": the page every registration lands on, new address or not. */
export async function loader({ request }: LoaderFunctionArgs) {
  await redirectIfSignedIn(request);
  return { email: new URL(request.url).searchParams.get('email') ?? '' };
}

export async function action({ request }: ActionFunctionArgs) {
  await redirectIfSignedIn(request);
  const submission = parseWithZod(await request.formData(), { schema: registerConfirmSchema });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  const db = getDb();
  const result = confirmRegistration(db, submission.value.email, submission.value.code);
  if (!result.ok) {
    return data(submission.reply({ fieldErrors: { code: ['auth:registerConfirm.wrongCode'] } }), {
      status: 400,
    });
  }
  const headers = new Headers();
  for (const c of await openSession(db, request, result.user)) headers.append('Set-Cookie', c);
  return redirect(roleHome(result.user.role, requestLang(request)), { headers });
}

export default function RegisterConfirm() {
  const { t } = useTranslation();
  const { email } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useZodForm(registerConfirmSchema, {
    id: 'register-confirm',
    lastResult,
    defaultValue: { email },
  });
  return (
    <>
      <h1 className="mb-2 text-2xl font-bold">{t('auth:registerConfirm.title')}</h1>
      <p className="mb-4 text-gray-700" role="status" data-testid="register-sent">
        {t('auth:registerConfirm.sent', { email })}
      </p>
      <p className="mb-6 text-sm text-gray-700">{t('auth:registerConfirm.already')}</p>
      <ZodForm form={form}>
        <ErrorList id={form.errorId} errors={form.errors} />
        <input {...getInputProps(fields.email, { type: 'hidden' })} />
        <Field
          field={fields.code}
          label={t('auth:registerConfirm.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
        />
        <SubmitButton className="btn w-full">{t('auth:registerConfirm.submit')}</SubmitButton>
      </ZodForm>
      <p className="mt-6 text-sm">
        <LLink to="/login" className="text-brand hover:underline">
          {t('auth:registerConfirm.signIn')}
        </LLink>
      </p>
    </>
  );
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = {
  cache: 'none',
  rateLimit: 'sensitive',
  title: 'titles:registerConfirm',
} as const satisfies RouteHandle;
