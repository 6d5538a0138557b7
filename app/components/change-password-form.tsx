/** The admin and promoter profile pages: the profile form's frame and the change-password section (intent 'password'). */
import { type DefaultValue, type SubmissionResult } from '@conform-to/react';
import { useZodForm, type ZodFormFields } from '~/components/use-zod-form';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { Section } from '~/components/admin-ui';
import { PageHeading } from '~/components/dashboard-layout';
import { ErrorList, PasswordFields, SubmitButton, ZodForm } from '~/components/forms';
import { changePasswordSchema } from '~/lib/schemas/rider';
import { SecurityLink } from '~/components/security-link';

/**
 * A password change's offer to remove the account's passkeys too (for an owner who fears someone
 * added one). Unticked: a passkey may be the account's only second factor, and every passkey
 * added is mailed to the owner, who can remove one alone from the security page.
 */
export function RemovePasskeysField() {
  const { t } = useTranslation();
  return (
    <div className="mb-4">
      <label className="flex items-start gap-2">
        <input type="checkbox" name="removePasskeys" className="mt-1 h-4 w-4" />
        <span>
          {t('twofactor:passwordChange.removePasskeys')}
          <span className="block text-sm text-gray-600">
            {t('twofactor:passwordChange.removePasskeysHint')}
          </span>
        </span>
      </label>
    </div>
  );
}

function ChangePasswordForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation();
  const [form, fields] = useZodForm(changePasswordSchema, { id: 'change-password', lastResult });
  return (
    <ZodForm form={form} className="max-w-md">
      <input type="hidden" name="intent" value="password" />
      <ErrorList errors={form.errors} />
      <PasswordFields
        current={fields.currentPassword}
        password={fields.password}
        confirm={fields.confirmPassword}
      />
      <RemovePasskeysField />
      <SubmitButton>{t('admin:profile.changePassword')}</SubmitButton>
    </ZodForm>
  );
}

/**
 * A profile page: "Saved" after a save, the account's e-mail, the profile form (`schema`, its
 * hidden `intent`, its fields drawn by `children`) and the change-password form. `actionData` is
 * what the page's action answered (see profileAction).
 */
export function ProfilePage<S extends z.AnyZodObject>({
  id,
  schema,
  defaultValue,
  email,
  intent,
  actionData,
  children,
}: {
  id: string;
  schema: S;
  defaultValue: Partial<Record<keyof z.input<S>, string>>;
  email: string;
  intent: string;
  actionData?: { form: 'profile' | 'password'; result: SubmissionResult<string[]>; done?: boolean };
  children: (fields: ZodFormFields<S>) => ReactNode;
}) {
  const { t } = useTranslation();
  const [form, fields] = useZodForm(schema, {
    id,
    lastResult: actionData?.form === 'profile' ? actionData.result : undefined,
    defaultValue: defaultValue as DefaultValue<z.input<S>>,
  });
  return (
    <>
      <PageHeading title={t('common:pages.profile')} />
      {actionData?.done ? (
        <p role="status" className="mb-4 rounded bg-green-50 p-3 text-green-900">
          {t('admin:saved')}
        </p>
      ) : null}
      <Section title={t('admin:profile.details')}>
        <p className="mb-3 text-sm text-gray-600">{email}</p>
        <ZodForm form={form} className="max-w-md">
          <input type="hidden" name="intent" value={intent} />
          <ErrorList errors={form.errors} />
          {children(fields)}
          <SubmitButton>{t('common:actions.save')}</SubmitButton>
        </ZodForm>
      </Section>
      <Section title={t('admin:profile.changePassword')}>
        <ChangePasswordForm
          lastResult={actionData?.form === 'password' ? actionData.result : undefined}
        />
      </Section>
      <SecurityLink />
    </>
  );
}
