import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ProfilePage } from '~/components/change-password-form';
import { Field } from '~/components/forms';
import { getDb } from '~/db.server';
import { adminProfileSchema } from '~/lib/schemas/admin';
import { requireRole } from '~/services/auth/guard.server';
import { profileAction } from '~/http/people/profile-route.server';
import { getAdmin, updateAdmin } from '~/services/people/profiles.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireRole(request, 'admin');
  return { admin: getAdmin(getDb(), auth.profile.id), email: auth.user.email };
}

export async function action({ request }: ActionFunctionArgs) {
  const auth = await requireRole(request, 'admin');
  return profileAction(await request.formData(), auth, adminProfileSchema, (value) =>
    updateAdmin(getDb(), auth.profile.id, value, auth.actor),
  );
}

export default function AdminProfile() {
  const { t } = useTranslation();
  const { admin, email } = useLoaderData<typeof loader>();
  return (
    <ProfilePage
      id="admin-profile"
      schema={adminProfileSchema}
      defaultValue={{
        firstName: admin?.firstName,
        lastName: admin?.lastName,
        phone: admin?.phone ?? '',
      }}
      email={email}
      intent="profile"
      actionData={useActionData<typeof action>()}
    >
      {(fields) => (
        <>
          <Field field={fields.firstName} label={t('admin:fields.firstName')} />
          <Field field={fields.lastName} label={t('admin:fields.lastName')} />
          <Field field={fields.phone} label={t('admin:fields.phone')} type="tel" />
        </>
      )}
    </ProfilePage>
  );
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { title: 'titles:adminProfile' } as const satisfies RouteHandle;
