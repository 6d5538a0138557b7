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
 * The one check of every redirect target that comes from a request (a `redirectTo` parameter, a
 * Referer, the request's own path): a same-site path, else the fallback. The value is resolved by
 * the URL parser against our own origin, as browsers would, and kept only when it stays there and
 * its path cannot be read as another host: no control characters, no backslash, and no `//` or
 * `/\` at the start of the result (`/.//evil.example` resolves to `//evil.example`).
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
  if (url.origin !== REDIRECT_BASE || !url.pathname.startsWith('/')) return fallback;
  if (/^\/[/\\]/.test(url.pathname)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
