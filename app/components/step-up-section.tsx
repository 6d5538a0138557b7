/**
 * Confirm it is you (the step-up): the password, and a code when the account has TOTP on; or a
 * passkey. A page section of its own (the security page, the approvals page), or the same fields
 * inside a change's own form, so what the admin typed there is kept (the admin invitation).
 */
import type { FieldMetadata, SubmissionResult } from '@conform-to/react';
import { useTranslation } from 'react-i18next';
import { Section } from '~/components/admin-ui';
import { ErrorList, Field, SubmitButton, ZodForm } from '~/components/forms';
import { StepUpPasskeyButton } from '~/components/passkey-buttons';
import { useZodForm } from '~/components/use-zod-form';
import { STEP_UP_MINUTES } from '~/lib/constants';
import { stepUpSchema } from '~/lib/schemas/two-factor';

/** What the page knows of the account: a code field with TOTP on, a passkey button with one. */
export type StepUpPrompt = { totp: boolean; passkeys: boolean };

export function StepUpSection({
  totp,
  hasPasskeys,
  refused,
  lastResult,
  intro,
}: {
  totp: boolean;
  hasPasskeys: boolean;
  refused: boolean;
  lastResult?: SubmissionResult<string[]>;
  /** Why this page asks (the security page's own words when absent). */
  intro?: string;
}) {
  const { t } = useTranslation();
  const [form, fields] = useZodForm(stepUpSchema, { id: 'step-up', lastResult });
  return (
    <Section title={t('twofactor:stepUp.title')}>
      {refused ? (
        <p role="alert" className="mb-3 rounded bg-amber-50 p-3 text-amber-900">
          {t('twofactor:stepUp.needed')}
        </p>
      ) : null}
      <p className="mb-3 text-sm">
        {intro ??
          t(totp ? 'twofactor:stepUp.introTotp' : 'twofactor:stepUp.intro', {
            minutes: STEP_UP_MINUTES,
          })}
      </p>
      <ZodForm form={form} className="max-w-md" data-testid="step-up">
        <input type="hidden" name="intent" value="stepUp" />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Field
          field={fields.password}
          label={t('twofactor:stepUp.password')}
          type="password"
          autoComplete="current-password"
        />
        {totp ? (
          <Field
            field={fields.code}
            label={t('twofactor:stepUp.code')}
            autoComplete="one-time-code"
          />
        ) : null}
        <SubmitButton>{t('twofactor:stepUp.submit')}</SubmitButton>
      </ZodForm>
      {hasPasskeys ? <StepUpPasskeyButton /> : null}
    </Section>
  );
}

/** The step-up inside a change's own form: why it asks, the password and (TOTP on) a code. */
export function StepUpFields<Schema>({
  prompt,
  why,
  password,
  code,
}: {
  prompt: StepUpPrompt;
  why: string;
  password: FieldMetadata<Schema>;
  code: FieldMetadata<Schema>;
}) {
  const { t } = useTranslation();
  return (
    <fieldset
      className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3"
      data-testid="step-up-fields"
    >
      <legend className="px-1 font-semibold">{t('twofactor:stepUp.title')}</legend>
      <p className="mb-3 text-sm text-amber-900">{why}</p>
      <Field
        field={password}
        label={t('twofactor:stepUp.password')}
        type="password"
        autoComplete="current-password"
      />
      {prompt.totp ? (
        <Field field={code} label={t('twofactor:stepUp.code')} autoComplete="one-time-code" />
      ) : null}
    </fieldset>
  );
}
