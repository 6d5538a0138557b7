/** An admin finds an account's second factor: require it of a dealer, or reset it (logged, mailed). */
import { parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { Section } from '~/components/admin-ui';
import { ConfirmButton } from '~/components/confirm-button';
import { PageHeading } from '~/components/dashboard-layout';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { SubmitButton } from '~/components/forms';
import { getDb } from '~/db.server';
import { requestLang } from '~/i18next.server';
import { localizePath } from '~/lib/lang';
import { manageSecondFactorSchema } from '~/lib/schemas/two-factor';
import { requireRole } from '~/services/auth/guard.server';
import { redirectWithFlash } from '~/http/flash-redirect.server';
import {
  managedAccount,
  resetSecondFactor,
  setSecondFactorRequired,
} from '~/services/auth/two-factor.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, 'admin');
  const email = new URL(request.url).searchParams.get('email')?.slice(0, 254) ?? '';
  return { email, account: email ? managedAccount(getDb(), email) : null };
}

export async function action({ request }: ActionFunctionArgs) {
  const auth = await requireRole(request, 'admin');
  const submission = parseWithZod(await request.formData(), { schema: manageSecondFactorSchema });
  if (submission.status !== 'success') throw new Response('Bad request', { status: 400 });
  const { intent, userId } = submission.value;
  const db = getDb();
  const by = { user: auth.user, actor: auth.actor };
  const done =
    intent === 'reset'
      ? await resetSecondFactor(db, by, userId)
      : setSecondFactorRequired(db, by, userId, intent === 'require');
  const email = new URL(request.url).searchParams.get('email') ?? '';
  const message = !done
    ? 'twofactor:admin.notAllowed'
    : intent === 'reset'
      ? 'twofactor:admin.resetDone'
      : 'twofactor:admin.requireDone';
  const to = `${localizePath('/auth/admin/second-factors', requestLang(request))}?email=${encodeURIComponent(email)}`;
  return redirectWithFlash(to, { kind: done ? 'success' : 'error', message });
}

export default function SecondFactors() {
  const { t } = useTranslation();
  const { email, account } = useLoaderData<typeof loader>();
  const yes = (b: boolean) => (b ? t('twofactor:admin.yes') : t('twofactor:admin.no'));
  return (
    <>
      <PageHeading title={t('twofactor:admin.title')} />
      <p className="mb-4 max-w-prose text-sm">{t('twofactor:admin.intro')}</p>
      <Form method="get" className="mb-6 flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor="sf-email" className="label">
            {t('twofactor:admin.email')}
          </label>
          <input id="sf-email" name="email" type="email" defaultValue={email} className="input" />
        </div>
        <button type="submit" className="btn">
          {t('twofactor:admin.find')}
        </button>
      </Form>
      {email && !account ? <p role="status">{t('twofactor:admin.notFound')}</p> : null}
      {account ? (
        <Section title={account.email}>
          <dl className="mb-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="font-semibold">{t('twofactor:admin.role')}</dt>
            <dd>{account.role}</dd>
            <dt className="font-semibold">{t('twofactor:admin.isRequired')}</dt>
            <dd>{yes(account.required)}</dd>
            <dt className="font-semibold">{t('twofactor:admin.hasTotp')}</dt>
            <dd>{yes(account.totp)}</dd>
            <dt className="font-semibold">{t('twofactor:admin.passkeyCount')}</dt>
            <dd>{account.passkeys}</dd>
          </dl>
          <div className="flex flex-wrap gap-2">
            {account.role === 'dealer' ? (
              <Form method="post">
                <input type="hidden" name="userId" value={account.id} />
                <input
                  type="hidden"
                  name="intent"
                  value={account.required ? 'unrequire' : 'require'}
                />
                <SubmitButton>
                  {account.required ? t('twofactor:admin.unrequire') : t('twofactor:admin.require')}
                </SubmitButton>
              </Form>
            ) : null}
            <Form method="post">
              <input type="hidden" name="userId" value={account.id} />
              <input type="hidden" name="intent" value="reset" />
              <ConfirmButton message="twofactor:admin.resetConfirm">
                {t('twofactor:admin.reset')}
              </ConfirmButton>
            </Form>
          </div>
        </Section>
      ) : null}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { title: 'titles:secondFactors' } as const satisfies RouteHandle;
