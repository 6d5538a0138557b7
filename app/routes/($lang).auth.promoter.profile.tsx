import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ProfilePage } from '~/components/change-password-form';
import { Field } from '~/components/forms';
import { getDb } from '~/db.server';
import { promoterSchema } from '~/lib/schemas/admin';
import { requireRole } from '~/services/auth/guard.server';
import { profileAction } from '~/http/people/profile-route.server';
import { getPromoterProfile, updatePromoterProfile } from '~/services/people/profiles.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireRole(request, 'promoter');
  return { promoter: getPromoterProfile(getDb(), auth.profile.id), email: auth.user.email };
}

export async function action({ request }: ActionFunctionArgs) {
  const auth = await requireRole(request, 'promoter');
  return profileAction(await request.formData(), auth, promoterSchema, (value) =>
    updatePromoterProfile(getDb(), auth.profile.id, value, auth.actor),
  );
}

export default function PromoterProfile() {
  const { t } = useTranslation();
  const { promoter, email } = useLoaderData<typeof loader>();
  return (
    <ProfilePage
      id="promoter-profile"
      schema={promoterSchema}
      defaultValue={{
        name: promoter?.name,
        phone: promoter?.phone ?? '',
        email: promoter?.email ?? '',
      }}
      email={email}
      intent="save"
      actionData={useActionData<typeof action>()}
    >
      {(fields) => (
        <>
          <Field field={fields.name} label={t('admin:fields.name')} />
          <Field field={fields.phone} label={t('admin:fields.phone')} type="tel" />
          <Field field={fields.email} label={t('admin:fields.contactEmail')} type="email" />
        </>
      )}
    </ProfilePage>
  );
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { title: 'titles:promoterProfile' } as const satisfies RouteHandle;
