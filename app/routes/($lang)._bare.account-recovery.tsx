import { parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import {
  ErrorList,
  Field,
  Honeypot,
  SubmitButton,
  TextareaField,
  ZodForm,
} from '~/components/forms';
import { LLink } from '~/components/link';
import { getDb } from '~/db.server';
import { requestLang } from '~/i18next.server';
import { CONTACT_MESSAGE_MAX } from '~/lib/constants';
import { localizePath } from '~/lib/lang';
import { accountRecoverySchema } from '~/lib/schemas/rider';
import { requestAccountRecovery } from '~/services/auth/recovery.server';
import { useZodForm } from '~/components/use-zod-form';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ request }: LoaderFunctionArgs) {
  return { sent: new URL(request.url).searchParams.get('sent') === '1' };
}

/** Stores the request for support and mails the admins; then the thank-you state. */
export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: accountRecoverySchema });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  const outcome = await requestAccountRecovery(getDb(), submission.value);
  if (outcome === 'tooMany') {
    return data(submission.reply({ formErrors: ['rider:accountRecovery.tooMany'] }), {
      status: 429,
    });
  }
  return redirect(`${localizePath('/account-recovery', requestLang(request))}?sent=1`);
}

export default function AccountRecovery() {
  const { t } = useTranslation();
  const { sent } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useZodForm(accountRecoverySchema, { id: 'account-recovery', lastResult });
  if (sent) {
    return (
      <div role="status" data-testid="recovery-sent">
        <h1 className="mb-2 text-2xl font-bold">{t('rider:accountRecovery.thanksTitle')}</h1>
        <p className="mb-6 text-gray-700">{t('rider:accountRecovery.thanks')}</p>
        <LLink to="/" className="btn">
          {t('common:nav.home')}
        </LLink>
      </div>
    );
  }
  return (
    <>
      <h1 className="mb-2 text-2xl font-bold">{t('rider:accountRecovery.title')}</h1>
      <p className="mb-6 text-gray-700">{t('rider:accountRecovery.intro')}</p>
      <ZodForm form={form}>
        <Honeypot />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Field field={fields.name} label={t('rider:accountRecovery.name')} autoComplete="name" />
        <Field field={fields.oldEmail} label={t('rider:accountRecovery.oldEmail')} type="email" />
        <Field
          field={fields.newEmail}
          label={t('rider:accountRecovery.newEmail')}
          type="email"
          autoComplete="email"
        />
        <Field field={fields.phone} label={t('rider:fields.phone')} type="tel" autoComplete="tel" />
        <Field field={fields.amaNumber} label={t('rider:fields.amaNumber')} />
        <TextareaField
          field={fields.message}
          label={t('rider:accountRecovery.message', { max: CONTACT_MESSAGE_MAX })}
          rows={5}
          maxLength={CONTACT_MESSAGE_MAX}
        />
        <SubmitButton className="btn w-full">{t('rider:accountRecovery.submit')}</SubmitButton>
      </ZodForm>
      <div className="mt-6 text-sm">
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
  title: 'titles:accountRecovery',
} as const satisfies RouteHandle;
