/** The sign-in's second step: the authenticator's code (or a recovery code) after the password. */
import { parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { useActionData, useSearchParams } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ErrorList, Field, SubmitButton, ZodForm } from '~/components/forms';
import { LLink } from '~/components/link';
import { getDb } from '~/db.server';
import { requestLang } from '~/i18next.server';
import { localizePath, safeRedirect } from '~/lib/lang';
import { secondStepSchema } from '~/lib/schemas/two-factor';
import { redirectIfSignedIn, roleHome } from '~/services/auth/guard.server';
import { completeSecondStep, pendingSignIn } from '~/services/auth/second-step.server';
import { redirectWithFlash } from '~/http/flash-redirect.server';
import { useZodForm } from '~/components/use-zod-form';
import type { RouteHandle } from '~/lib/route-handle';

async function backToLogin(request: Request, message: string) {
  return redirectWithFlash(localizePath('/login', requestLang(request)), {
    kind: 'error',
    message,
  });
}

export async function loader({ request }: LoaderFunctionArgs) {
  await redirectIfSignedIn(request);
  if (!(await pendingSignIn(getDb(), request)))
    throw await backToLogin(request, 'twofactor:step.expired');
  return null;
}

/** The code step's Retry-After reaches the page response too (a form posted without JavaScript). */
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const retry = actionHeaders.get('Retry-After');
  return retry ? { 'Retry-After': retry } : new Headers();
};

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: secondStepSchema });
  if (submission.status !== 'success') {
    return data(submission.reply({ hideFields: ['code'] }), { status: 400 });
  }
  const outcome = await completeSecondStep(getDb(), request, submission.value.code);
  if (!outcome.ok) {
    if (outcome.restart) return backToLogin(request, outcome.key);
    const headers = outcome.retryAfter ? { 'Retry-After': String(outcome.retryAfter) } : undefined;
    return data(submission.reply({ fieldErrors: { code: [outcome.key] }, hideFields: ['code'] }), {
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
  return redirect(target, { headers });
}

export default function LoginCode() {
  const { t } = useTranslation();
  const lastResult = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const [form, fields] = useZodForm(secondStepSchema, { id: 'login-code', lastResult });
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold">{t('twofactor:step.title')}</h1>
      <p className="mb-4 text-sm">{t('twofactor:step.intro')}</p>
      <ZodForm form={form}>
        <input type="hidden" name="redirectTo" value={searchParams.get('redirectTo') ?? ''} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Field
          field={fields.code}
          label={t('twofactor:step.code')}
          autoComplete="one-time-code"
          autoFocus
        />
        <SubmitButton className="btn w-full">{t('twofactor:step.submit')}</SubmitButton>
      </ZodForm>
      <p className="mt-6 text-sm">
        <LLink to="/login" className="text-brand hover:underline">
          {t('twofactor:step.restart')}
        </LLink>
      </p>
    </>
  );
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = {
  cache: 'none',
  rateLimit: 'sensitive',
  title: 'titles:loginCode',
} as const satisfies RouteHandle;
