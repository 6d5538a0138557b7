/**
 * The sign-in e-mail on the security page: the new address with the password (and a code when
 * TOTP is on), then the code mailed to the new address, or cancel. Plain POST forms: they work
 * without JavaScript, and a refused form keeps what was typed except passwords and codes.
 */
import { type SubmissionResult } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { Section } from '~/components/admin-ui';
import { ErrorList, Field, SubmitButton, ZodForm } from '~/components/forms';
import { useZodForm } from '~/components/use-zod-form';
import { emailChangeSchema, emailConfirmSchema } from '~/lib/schemas/two-factor';

function EmailChangeForm({
  totp,
  lastResult,
}: {
  totp: boolean;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation();
  const [form, fields] = useZodForm(emailChangeSchema, { id: 'email-change', lastResult });
  return (
    <ZodForm form={form} className="max-w-md">
      <p className="mb-3 text-sm text-gray-600">
        {t(totp ? 'twofactor:email.introTotp' : 'twofactor:email.intro')}
      </p>
      <input type="hidden" name="intent" value="emailChange" />
      <ErrorList id={form.errorId} errors={form.errors} />
      <Field
        field={fields.newEmail}
        label={t('twofactor:email.newEmail')}
        type="email"
        autoComplete="email"
      />
      <Field
        field={fields.password}
        label={t('twofactor:email.password')}
        type="password"
        autoComplete="current-password"
      />
      {totp ? (
        <Field field={fields.code} label={t('twofactor:email.code')} autoComplete="one-time-code" />
      ) : null}
      <SubmitButton>{t('twofactor:email.submit')}</SubmitButton>
    </ZodForm>
  );
}

function EmailConfirmForm({
  pending,
  lastResult,
}: {
  pending: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation();
  const [form, fields] = useZodForm(emailConfirmSchema, { id: 'email-confirm', lastResult });
  return (
    <>
      <p className="mb-3" data-testid="pending-email">
        {t('twofactor:email.pending', { email: pending })}
      </p>
      <ZodForm form={form} className="max-w-md">
        <input type="hidden" name="intent" value="emailConfirm" />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Field
          field={fields.code}
          label={t('twofactor:email.confirmCode')}
          inputMode="numeric"
          autoComplete="one-time-code"
        />
        <SubmitButton>{t('twofactor:email.confirm')}</SubmitButton>
      </ZodForm>
      <Form method="post" className="mt-2">
        <input type="hidden" name="intent" value="emailCancel" />
        <button type="submit" className="btn-secondary">
          {t('twofactor:email.cancel')}
        </button>
      </Form>
    </>
  );
}

/** `intent`/`lastResult`: the page's last action answer, shown by the form it belongs to. */
export function EmailChangeSection({
  email,
  pending,
  totp,
  intent,
  lastResult,
}: {
  email: string;
  pending: string | null;
  totp: boolean;
  intent?: unknown;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation();
  return (
    <Section title={t('twofactor:email.title')}>
      <p className="mb-3">{t('twofactor:email.current', { email })}</p>
      {pending ? (
        <EmailConfirmForm
          pending={pending}
          lastResult={intent === 'emailConfirm' ? lastResult : undefined}
        />
      ) : (
        <EmailChangeForm
          totp={totp}
          lastResult={intent === 'emailChange' ? lastResult : undefined}
        />
      )}
    </Section>
  );
}
