/**
 * Language in URLs: English has no prefix, French lives under /fr. The URL decides what a page
 * renders; the production server sends unprefixed pages to /fr when the lang cookie (or a first
 * visit's Accept-Language) asks for French (server/lang-redirect.ts).
 */
export const LANGS = ['en', 'fr'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'en';

/** The language a pathname is in. */
export function langFromPath(pathname: string): Lang {
  return pathname === '/fr' || pathname.startsWith('/fr/') ? 'fr' : 'en';
}

/** The pathname without its language prefix ('/fr/events' → '/events'). */
export function stripLang(pathname: string): string {
  if (pathname === '/fr') return '/';
  return pathname.startsWith('/fr/') ? pathname.slice(3) : pathname;
}

/** A site path in the given language ('/events', 'fr' → '/fr/events'). */
export function localizePath(path: string, lang: Lang): string {
  const clean = stripLang(path.startsWith('/') ? path : `/${path}`);
  if (lang === 'en') return clean;
  return clean === '/' ? '/fr' : `/fr${clean}`;
}

/** True for a valid optional ($lang) route param. */
export function isLangParam(value: string | undefined): boolean {
  return value === undefined || value === 'fr';
}

/** Any origin works as the base: only same-origin results are kept, and only their path is used. */
const REDIRECT_BASE = 'http://redirect.invalid';

/**
 * A same-site path safe to redirect to, else the fallback. The value is resolved by the URL parser
 * (which, like browsers, strips tabs and newlines and reads `\` as `/`) against our own origin, and
 * kept only when the result stays on it; control characters anywhere give the fallback.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/') {
  if (!to || typeof to !== 'string' || to.length > 2000) return fallback;
  // eslint-disable-next-line no-control-regex
  if (!to.startsWith('/') || /[\u0000-\u001f\u007f\\]/.test(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, REDIRECT_BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== REDIRECT_BASE) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
