/** /proxy-remove: ends an admin's impersonation (POST; GET shows the button). */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { BareLayout } from '~/components/bare-layout';
import { getDb } from '~/db.server';
import { requestLang } from '~/i18next.server';
import { requireUser, roleHome } from '~/services/auth/guard.server';
import { stopProxy } from '~/services/auth/proxy.server';
import { redirectWithFlash } from '~/http/flash-redirect.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireUser(request);
  return { active: auth.proxyHost !== null };
}

export async function action({ request }: ActionFunctionArgs) {
  const auth = await requireUser(request);
  const lang = requestLang(request);
  if (!auth.proxyHost) return redirect(roleHome(auth.user.role, lang));
  stopProxy(getDb(), auth.sessionId, auth.proxyHost, auth.user);
  return redirectWithFlash(roleHome('admin', lang), {
    kind: 'info',
    message: 'common:proxy.removed',
  });
}

export default function ProxyRemove() {
  const { t } = useTranslation();
  const { active } = useLoaderData<typeof loader>();
  return (
    <BareLayout>
      <h1 className="mb-4 text-2xl font-bold">{t('common:proxy.removeTitle')}</h1>
      {active ? (
        <Form method="post" reloadDocument>
          <button type="submit" className="btn">
            {t('common:proxy.remove')}
          </button>
        </Form>
      ) : (
        <p>{t('common:proxy.notActive')}</p>
      )}
    </BareLayout>
  );
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { title: 'titles:proxyRemove' } as const satisfies RouteHandle;
