import { parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { useActionData, useSearchParams } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ErrorList, Field, SubmitButton, ZodForm } from '~/components/forms';
import { LLink } from '~/components/link';
import { PasskeySignIn } from '~/components/passkey-buttons';
import { requestLang } from '~/i18next.server';
import { safeRedirect } from '~/lib/lang';
import { loginSchema } from '~/lib/schemas/auth';
import { signIn } from '~/services/auth/auth.server';
import { redirectIfSignedIn, roleHome } from '~/services/auth/guard.server';
import { secondStepPath } from '~/lib/two-factor';
import { useZodForm } from '~/components/use-zod-form';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ request }: LoaderFunctionArgs) {
  await redirectIfSignedIn(request);
  return null;
}

/** The throttle's Retry-After reaches the page response too (document requests). */
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const retry = actionHeaders.get('Retry-After');
  return retry ? { 'Retry-After': retry } : new Headers();
};

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.clone().formData();
  const submission = parseWithZod(formData, { schema: loginSchema });
  if (submission.status !== 'success') {
    return data(submission.reply({ hideFields: ['password'] }), { status: 400 });
  }
  const outcome = await signIn(request, submission.value.email, context.clientAddress ?? 'unknown');
  if (!outcome.ok) {
    const headers = outcome.retryAfter ? { 'Retry-After': String(outcome.retryAfter) } : undefined;
    return data(submission.reply({ formErrors: [outcome.key], hideFields: ['password'] }), {
      status: outcome.status,
      headers,
    });
  }
  const target = safeRedirect(
    submission.value.redirectTo,
    roleHome(outcome.user.role, requestLang(request)),
  );
  const headers = new Headers();
  for (const c of outcome.setCookies) headers.append('Set-Cookie', c);
  const next = outcome.secondStep ? secondStepPath(target, requestLang(request)) : target;
  return redirect(next, { headers });
}

export default function Login() {
  const { t } = useTranslation();
  const lastResult = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const [form, fields] = useZodForm(loginSchema, { id: 'login', lastResult });
  return (
    <>
      <h1 className="mb-6 text-2xl font-bold">{t('auth:login.title')}</h1>
      <ZodForm
        form={form}
        summary={[
          [fields.email, t('auth:login.email')],
          [fields.password, t('auth:login.password')],
        ]}
      >
        <input type="hidden" name="redirectTo" value={searchParams.get('redirectTo') ?? ''} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Field
          field={fields.email}
          label={t('auth:login.email')}
          type="email"
          autoComplete="email webauthn"
        />
        <Field
          field={fields.password}
          label={t('auth:login.password')}
          type="password"
          autoComplete="current-password"
        />
        <SubmitButton className="btn w-full">{t('auth:login.submit')}</SubmitButton>
      </ZodForm>
      <PasskeySignIn />
      <div className="mt-6 flex flex-col gap-2 text-sm">
        <LLink to="/forgot-password" className="text-brand hover:underline">
          {t('auth:login.forgot')}
        </LLink>
        <LLink to="/register" className="text-brand hover:underline">
          {t('auth:login.register')}
        </LLink>
      </div>
    </>
  );
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = {
  cache: 'none',
  rateLimit: 'sensitive',
  title: 'titles:login',
} as const satisfies RouteHandle;
