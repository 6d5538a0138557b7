/**
 * The page the password-reset e-mail links to (docs/rules.md "Riders"): the link carries the
 * e-mail and the code, so the rider only types the new password twice. Nothing changes on GET;
 * the form posts to /forgot-password-reset, which checks the code and sets the password.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { LLink, useLocalize } from '~/components/link';
import { PasswordResetForm } from '~/components/rider-forms';
import { requestLang } from '~/i18next.server';
import { localizePath } from '~/lib/lang';
import { redirectIfSignedIn } from '~/services/auth/guard.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ request }: LoaderFunctionArgs) {
  await redirectIfSignedIn(request);
  const url = new URL(request.url);
  const email = url.searchParams.get('email');
  // Without an address there is nothing to finish: start over.
  if (!email) throw redirect(localizePath('/forgot-password', requestLang(request)));
  return { email, code: url.searchParams.get('code') };
}

export default function PasswordLostReset() {
  const { t } = useTranslation();
  const { email, code } = useLoaderData<typeof loader>();
  const localize = useLocalize();
  return (
    <>
      <h1 className="mb-2 text-2xl font-bold">{t('rider:recovery.lostTitle')}</h1>
      <p className="mb-6 text-gray-700">{t('rider:recovery.lostIntro', { email })}</p>
      <PasswordResetForm
        action={localize('/forgot-password-reset')}
        email={email}
        code={code}
        lastResult={undefined}
      />
      <div className="mt-6 flex flex-col gap-2 text-sm">
        <LLink to="/forgot-password" className="text-brand hover:underline">
          {t('rider:recovery.newCode')}
        </LLink>
      </div>
    </>
  );
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = {
  cache: 'none',
  rateLimit: 'sensitive',
  title: 'titles:passwordLostReset',
} as const satisfies RouteHandle;
