import type { LinksFunction } from '@remix-run/node';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteError,
  isRouteErrorResponse,
} from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { useChangeLanguage } from 'remix-i18next/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { useFocusAfterNavigation } from '~/components/focus-after-navigation';
import { usePageFormFailed } from '~/components/form-failed';
import { useHydratedMark } from '~/components/hydrated-mark';
import { IntentPrefetch, useLinkNavigation } from '~/components/link';
import { useNonce } from '~/components/nonce';
import { PublicLayout } from '~/components/public-layout';
import { Toast } from '~/components/toast';
import { langFromPath } from '~/lib/lang';
import { APP_TITLE, titleOf, type TitleSpec } from '~/lib/route-handle';
import { useRootData } from '~/components/root-data';
import { rootLoader } from '~/http/root-loader.server';
import stylesheet from '~/tailwind.css?url';
import { DemoBanner } from '~/components/demo-banner';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

/** The root loader: language, public settings, the flash message and who is signed in. */
export const loader = rootLoader;

/**
 * « {page} – contingency cash »: the deepest route whose handle names the page, after « Error: »
 * when a form of the page came back with errors (the first words a screen reader says on load).
 */
function PageTitle() {
  const { t } = useTranslation();
  const error = useRouteError();
  const failed = usePageFormFailed();
  let spec: TitleSpec | null = null;
  for (const m of useMatches()) spec = titleOf(m.handle, m.data) ?? spec;
  // A page that failed is named by its failure, not by the route that would have shown it.
  if (error)
    spec = {
      key: isRouteErrorResponse(error) && error.status === 404 ? 'titles:notFound' : 'titles:error',
    };
  let page = spec === null ? null : typeof spec === 'string' ? spec : t(spec.key, spec.values);
  if (page && spec && typeof spec === 'object' && spec.item)
    page = t('titles:named', { item: spec.item, page });
  const title = page ? t('titles:format', { page }) : APP_TITLE;
  return <title>{failed ? t('titles:failed', { page: title }) : title}</title>;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const lang = langFromPath(useLocation().pathname);
  const { i18n, t } = useTranslation();
  const nonce = useNonce();
  // In the layout, so an error page is marked too.
  useHydratedMark();
  return (
    <html
      lang={lang}
      dir={i18n.dir(lang)}
      className="h-full"
      data-form-failed={usePageFormFailed() ? '' : undefined}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <PageTitle />
        <Meta />
        <Links />
      </head>
      <body className="h-full bg-gray-50">
        {/* First in the Tab order on every page: straight to the page's main landmark. */}
        <a href="#main" className="skip-link" data-skip-link>
          {t('a11y:skipToContent')}
        </a>
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
  useFocusAfterNavigation();
  useLinkNavigation();
  const root = useRootData();
  return (
    <>
      <IntentPrefetch />
      {root?.ENV.DEMO_INSTALL ? <DemoBanner /> : null}
      <Toast flash={root?.flash ?? null} />
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
