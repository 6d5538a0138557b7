import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { Section } from '~/components/admin-ui';
import { ChangePasswordForm } from '~/components/change-password-form';
import { PageHeading } from '~/components/dashboard-layout';
import { ErrorList, Field, SubmitButton } from '~/components/forms';
import { getDb } from '~/db.server';
import { adminProfileSchema } from '~/lib/schemas/admin';
import { requireRole } from '~/services/auth/guard.server';
import { changePasswordAction } from '~/services/people/profile-route.server';
import { getAdmin, updateAdmin } from '~/services/people/profiles.server';

export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireRole(request, 'admin');
  return { admin: getAdmin(getDb(), auth.profile.id), email: auth.user.email };
}

export async function action({ request }: ActionFunctionArgs) {
  const auth = await requireRole(request, 'admin');
  const formData = await request.formData();
  if (formData.get('intent') === 'password') return changePasswordAction(formData, auth);
  const submission = parseWithZod(formData, { schema: adminProfileSchema });
  if (submission.status !== 'success') return data({ form: 'profile' as const, result: submission.reply() }, { status: 400 });
  updateAdmin(getDb(), auth.profile.id, submission.value, auth.actor);
  return { form: 'profile' as const, result: submission.reply(), done: true };
}

export default function AdminProfile() {
  const { t } = useTranslation();
  const { admin, email } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: 'admin-profile',
    lastResult: actionData?.form === 'profile' ? actionData.result : undefined,
    constraint: getZodConstraint(adminProfileSchema),
    defaultValue: { firstName: admin?.firstName, lastName: admin?.lastName, phone: admin?.phone ?? '' },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: adminProfileSchema }),
  });
  const done = actionData && 'done' in actionData && actionData.done;
  return (
    <>
      <PageHeading title={t('common:pages.profile')} />
      {done ? <p role="status" className="mb-4 rounded bg-green-50 p-3 text-green-900">{t('admin:saved')}</p> : null}
      <Section title={t('admin:profile.details')}>
        <p className="mb-3 text-sm text-gray-600">{email}</p>
        <Form method="post" {...getFormProps(form)} className="max-w-md">
          <input type="hidden" name="intent" value="profile" />
          <ErrorList errors={form.errors} />
          <Field field={fields.firstName} label={t('admin:fields.firstName')} />
          <Field field={fields.lastName} label={t('admin:fields.lastName')} />
          <Field field={fields.phone} label={t('admin:fields.phone')} type="tel" />
          <SubmitButton>{t('common:actions.save')}</SubmitButton>
        </Form>
      </Section>
      <Section title={t('admin:profile.changePassword')}>
        <ChangePasswordForm lastResult={actionData?.form === 'password' ? actionData.result : undefined} />
      </Section>
    </>
  );
}
