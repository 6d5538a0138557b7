/** A dealer's or promoter's login, as the admin sees it: (de)activate it, or create one. */
import { type SubmissionResult } from '@conform-to/react';
import { useZodForm } from '~/components/use-zod-form';
import { Form } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { Badge, Section } from '~/components/admin-ui';
import { ErrorList, Field, SubmitButton, ZodForm } from '~/components/forms';
import { createLoginSchema } from '~/lib/schemas/admin';

export function LoginSection({
  id,
  login,
  lastResult,
}: {
  id: string;
  login: { email: string; deactivated: boolean } | null;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation();
  const [form, fields] = useZodForm(createLoginSchema, { id, lastResult });
  return (
    <Section title={t('admin:fields.login')}>
      {login ? (
        <div className="flex flex-wrap items-center gap-3">
          <span>{login.email}</span>
          {login.deactivated ? (
            <Badge tone="red">{t('admin:status.deactivated')}</Badge>
          ) : (
            <Badge tone="green">{t('admin:status.active')}</Badge>
          )}
          <Form method="post">
            <input
              type="hidden"
              name="intent"
              value={login.deactivated ? 'activateLogin' : 'deactivateLogin'}
            />
            <button type="submit" className="btn-secondary">
              {login.deactivated ? t('admin:activate') : t('admin:deactivate')}
            </button>
          </Form>
        </div>
      ) : (
        <ZodForm form={form} className="max-w-md">
          <input type="hidden" name="intent" value="createLogin" />
          <p className="mb-3 text-sm text-gray-600">{t('admin:createLoginHint')}</p>
          <ErrorList errors={form.errors} />
          <Field field={fields.email} label={t('admin:fields.email')} type="email" />
          <Field
            field={fields.password}
            label={t('admin:fields.password')}
            type="password"
            autoComplete="new-password"
          />
          <SubmitButton>{t('admin:createLogin')}</SubmitButton>
        </ZodForm>
      )}
    </Section>
  );
}
