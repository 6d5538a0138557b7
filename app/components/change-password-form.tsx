/** Change-password section for the admin and promoter profiles (intent 'password'). */
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { Form } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ErrorList, Field, SubmitButton } from '~/components/forms';
import { changePasswordSchema } from '~/lib/schemas/rider';

export function ChangePasswordForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: 'change-password',
    lastResult,
    constraint: getZodConstraint(changePasswordSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="max-w-md">
      <input type="hidden" name="intent" value="password" />
      <ErrorList errors={form.errors} />
      <Field field={fields.currentPassword} label={t('admin:profile.currentPassword')} type="password" autoComplete="current-password" />
      <Field field={fields.password} label={t('admin:profile.newPassword')} type="password" autoComplete="new-password" />
      <Field field={fields.confirmPassword} label={t('admin:profile.confirmPassword')} type="password" autoComplete="new-password" />
      <SubmitButton>{t('admin:profile.changePassword')}</SubmitButton>
    </Form>
  );
}
