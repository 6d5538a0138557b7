import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import {
  data,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
} from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { useChangeLanguage } from 'remix-i18next/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { useNonce } from '~/components/nonce';
import { PublicLayout } from '~/components/public-layout';
import { Toast } from '~/components/toast';
import { getDb } from '~/db.server';
import { publicEnv } from '~/env.server';
import { isLangParam, langFromPath } from '~/lib/lang';
import { profileFor } from '~/services/auth/guard.server';
import { getSession, readFlash } from '~/services/auth/session.server';
import stylesheet from '~/tailwind.css?url';
import { DemoBanner } from '~/components/demo-banner';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export const meta: MetaFunction = () => [{ title: 'contingency cash' }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  // Only /fr is a language prefix; /xx/... is not a page.
  if (!isLangParam(params.lang)) throw new Response('Not Found', { status: 404 });
  const lang = langFromPath(new URL(request.url).pathname);
  const db = getDb();
  const s = await getSession(db, request);
  const profile = s?.user ? profileFor(db, s.user) : null;
  const { flash, setCookie } = await readFlash(request);
  return data(
    {
      lang,
      ENV: publicEnv(),
      flash,
      user:
        s?.user && profile
          ? {
              role: s.user.role,
              email: s.user.email,
              name: profile.name,
              image: s.user.profileImage ? `/files/profile/${s.user.id}` : null,
              impersonating: s.proxyHost !== null,
            }
          : null,
    },
    { headers: setCookie ? { 'Set-Cookie': setCookie } : undefined },
  );
}

export type RootData = typeof loader;

/** The root loader's data (user, flash, public env), from any component. */
export function useRootData() {
  return useRouteLoaderData<RootData>('root');
}

export function Layout({ children }: { children: React.ReactNode }) {
  const lang = langFromPath(useLocation().pathname);
  const { i18n } = useTranslation();
  const nonce = useNonce();
  return (
    <html lang={lang} dir={i18n.dir(lang)} className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="h-full bg-gray-50">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const lang = langFromPath(useLocation().pathname);
  useChangeLanguage(lang);
  const root = useRootData();
  return (
    <>
      {root?.ENV.DEMO_INSTALL ? <DemoBanner /> : null}
      {root?.flash ? <Toast flash={root.flash} /> : null}
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  return (
    <PublicLayout>
      <GeneralErrorBoundary />
    </PublicLayout>
  );
}
