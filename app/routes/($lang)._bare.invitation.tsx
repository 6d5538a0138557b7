/**
 * The page an admin's invitation mail links to: the link carries the address and a token valid
 * for days and once; the rider chooses a password, which also verifies the address. GET changes
 * nothing (it only says whether the link still works); the POST uses the link up.
 */
import { getInputProps } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { data } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ErrorList, PasswordFields, SubmitButton, ZodForm } from '~/components/forms';
import { LLink } from '~/components/link';
import { getDb } from '~/db.server';
import { requestLang } from '~/i18next.server';
import { localizePath } from '~/lib/lang';
import { acceptInvitationSchema } from '~/lib/schemas/invitation';
import { redirectIfSignedIn } from '~/services/auth/guard.server';
import { passwordPolicy, WeakPasswordError } from '~/services/auth/password-policy.server';
import { redirectWithFlash } from '~/http/flash-redirect.server';
import { invitationState } from '~/services/people/invitations.server';
import { acceptInvitationLink } from '~/services/people/role-invitations.server';
import { useZodForm } from '~/components/use-zod-form';
import type { RouteHandle } from '~/lib/route-handle';

const HIDE = ['password', 'confirmPassword'];

export async function loader({ request }: LoaderFunctionArgs) {
  await redirectIfSignedIn(request);
  const url = new URL(request.url);
  const email = url.searchParams.get('email') ?? '';
  const token = url.searchParams.get('token') ?? '';
  const state = email && token ? invitationState(getDb(), email, token) : 'invalid';
  return { email, token, state };
}

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), {
    schema: acceptInvitationSchema.and(passwordPolicy()),
  });
  if (submission.status !== 'success')
    return data(submission.reply({ hideFields: HIDE }), { status: 400 });
  let result;
  try {
    result = await acceptInvitationLink(getDb(), submission.value);
  } catch (error) {
    // The invited person's names, known once the link is proven, count against the password too.
    if (!(error instanceof WeakPasswordError)) throw error;
    const fieldErrors = { password: [error.key] };
    return data(submission.reply({ hideFields: HIDE, fieldErrors }), { status: 400 });
  }
  if (result !== 'ok')
    return data(
      submission.reply({ hideFields: HIDE, formErrors: [`notices:invitation.${result}`] }),
      { status: 400 },
    );
  return redirectWithFlash(localizePath('/login', requestLang(request)), {
    kind: 'success',
    message: 'rider:recovery.resetDone',
  });
}

export default function InvitationPage() {
  const { t } = useTranslation();
  const { email, token, state } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useZodForm(acceptInvitationSchema, {
    id: 'invitation',
    lastResult,
    defaultValue: { email, token },
  });
  return (
    <>
      <h1 className="mb-2 text-2xl font-bold">{t('notices:invitation.title')}</h1>
      {state === 'ok' ? (
        <>
          <p className="mb-6 text-gray-700">{t('notices:invitation.intro', { email })}</p>
          <ZodForm form={form}>
            <ErrorList id={form.errorId} errors={form.errors} />
            <input {...getInputProps(fields.email, { type: 'hidden' })} />
            <input {...getInputProps(fields.token, { type: 'hidden' })} />
            <PasswordFields password={fields.password} confirm={fields.confirmPassword} />
            <SubmitButton className="btn w-full">{t('notices:invitation.submit')}</SubmitButton>
          </ZodForm>
        </>
      ) : (
        <div role="alert" data-testid="invitation-refused">
          <p className="mb-2">{t(`notices:invitation.${state}`)}</p>
          <p className="mb-4 text-gray-700">{t('notices:invitation.askAgain')}</p>
          <LLink to="/forgot-password" className="text-brand hover:underline">
            {t('notices:invitation.passwordLost')}
          </LLink>
        </div>
      )}
    </>
  );
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = {
  cache: 'none',
  rateLimit: 'sensitive',
  title: 'titles:invitation',
} as const satisfies RouteHandle;
