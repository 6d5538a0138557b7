import { parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { data } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { LLink, useLocalize } from '~/components/link';
import { PasswordResetForm } from '~/components/rider-forms';
import { getDb } from '~/db.server';
import { requestLang } from '~/i18next.server';
import { localizePath } from '~/lib/lang';
import { resetPasswordSchema } from '~/lib/schemas/rider';
import { redirectIfSignedIn } from '~/services/auth/guard.server';
import { passwordPolicy } from '~/services/auth/password-policy.server';
import { resetPasswordWithCode } from '~/services/auth/recovery.server';
import { redirectWithFlash } from '~/http/flash-redirect.server';
import type { RouteHandle } from '~/lib/route-handle';

const HIDE = ['password', 'confirmPassword'];

export async function loader({ request }: LoaderFunctionArgs) {
  await redirectIfSignedIn(request);
  const url = new URL(request.url);
  return { email: url.searchParams.get('email'), code: url.searchParams.get('code') };
}

/** Checks the code and sets the new password (every session ends), then back to /login. */
export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), {
    schema: resetPasswordSchema.and(passwordPolicy()),
  });
  if (submission.status !== 'success')
    return data(submission.reply({ hideFields: HIDE }), { status: 400 });
  const result = await resetPasswordWithCode(getDb(), submission.value);
  if (result !== 'ok') {
    return data(
      submission.reply({ hideFields: HIDE, fieldErrors: { code: [`auth:code.${result}`] } }),
      { status: 400 },
    );
  }
  return redirectWithFlash(localizePath('/login', requestLang(request)), {
    kind: 'success',
    message: 'rider:recovery.resetDone',
  });
}

export default function ForgotPasswordReset() {
  const { t } = useTranslation();
  const { email, code } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const localize = useLocalize();
  return (
    <>
      <h1 className="mb-2 text-2xl font-bold">{t('rider:recovery.resetTitle')}</h1>
      <p className="mb-6 text-gray-700">{t('rider:recovery.resetIntro')}</p>
      <PasswordResetForm
        action={localize('/forgot-password-reset')}
        email={email}
        code={code}
        lastResult={lastResult}
      />
      <div className="mt-6 flex flex-col gap-2 text-sm">
        <LLink to="/forgot-password" className="text-brand hover:underline">
          {t('rider:recovery.newCode')}
        </LLink>
        <LLink to="/login" className="text-brand hover:underline">
          {t('rider:recovery.backToLogin')}
        </LLink>
      </div>
    </>
  );
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = {
  cache: 'none',
  rateLimit: 'sensitive',
  title: 'titles:forgotPasswordReset',
} as const satisfies RouteHandle;
