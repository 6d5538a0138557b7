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

/** A same-site relative path safe to redirect to, else the fallback. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/') {
  if (!to || typeof to !== 'string') return fallback;
  if (!to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return fallback;
  return to;
}
