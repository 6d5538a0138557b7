/**
 * i18next settings shared by the server and the browser. The translations are not here: the
 * server bundles them all (`~/i18next.server`), the browser loads one JSON chunk per language and
 * namespace when it needs it (`~/i18n.client`), so a page's JavaScript does not carry them.
 */
import { DEFAULT_LANG, LANGS, stripLang } from '~/lib/lang';

export const i18nConfig = {
  supportedLngs: [...LANGS],
  fallbackLng: DEFAULT_LANG,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
} as const;

/** What every page shows (layouts, navigation, errors, form messages, its title). */
const BASE_NAMESPACES = ['common', 'validation', 'titles', 'a11y'];
const ACCOUNT_PAGES =
  /^\/(?:register|login|login-code|forgot-password|forgot-password-reset|register-confirm|password-lost-reset|account-recovery)\/?$/;

/**
 * The namespaces a page needs before it can hydrate, from its pathname: the public site and the
 * sign-in cards get a short list; a signed-in area gets every namespace (`null`). The browser
 * loads the others in the background after hydration, so a later navigation finds them there.
 * (`tests/unit/locales/page-namespaces.test.ts` checks this against the `ns:` keys of the
 * public and `_bare` routes and the components they import.)
 */
export function namespacesForPath(pathname: string): string[] | null {
  const path = stripLang(pathname);
  if (/^\/(?:auth|proxy-)/.test(path)) return null;
  if (ACCOUNT_PAGES.test(path)) return [...BASE_NAMESPACES, 'auth', 'rider', 'twofactor'];
  if (/^\/invitation\/?$/.test(path)) return [...BASE_NAMESPACES, 'rider', 'notices'];
  if (path.startsWith('/events/event/'))
    return [...BASE_NAMESPACES, 'public', 'events', 'reasons', 'claims'];
  if (/^\/confirm\/?$/.test(path)) return [...BASE_NAMESPACES, 'public', 'completion'];
  return [...BASE_NAMESPACES, 'public'];
}
