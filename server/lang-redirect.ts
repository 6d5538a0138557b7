/**
 * The language is remembered: a GET for a page without a language prefix goes to the
 * French page when the `lang` cookie says fr, or, with no cookie yet, when the browser's
 * Accept-Language prefers French over English. `lang=en` (chosen in the menu) keeps English.
 * Only document requests are redirected: not the API, files, Remix data requests (`.data`),
 * assets, non-GET methods, nor search-engine crawlers (isbot), which index each URL as it is.
 */
import type { RequestHandler } from 'express';
import { isbot } from 'isbot';
import { LANGS, localizePath, type Lang } from '~/lib/lang';

export type LangRequest = {
  method: string;
  path: string;
  search: string;
  cookie?: string;
  acceptLanguage?: string;
  accept?: string;
  userAgent?: string;
};

/** The language a `lang` cookie names, if any. */
export function cookieLang(cookie: string | undefined): Lang | undefined {
  const m = /(?:^|;\s*)lang=([a-z]{2})(?:;|$)/.exec(cookie ?? '');
  return m && (LANGS as readonly string[]).includes(m[1]) ? (m[1] as Lang) : undefined;
}

/** The supported language the Accept-Language header prefers (highest q, then order). */
export function acceptedLang(header: string | undefined): Lang | undefined {
  let best: { lang: Lang; q: number } | undefined;
  for (const part of (header ?? '').split(',')) {
    const [tag, ...params] = part.trim().toLowerCase().split(';');
    const base = tag.split('-')[0] as Lang;
    if (!(LANGS as readonly string[]).includes(base)) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { lang: base, q };
  }
  return best?.lang;
}

const NOT_PAGES = /^\/(?:api|files|assets|build|fr)(?:\/|$)|\.[a-z0-9]+$/i;

/** Where to send this request, or null to serve it as it is. */
export function langRedirectTarget(req: LangRequest): string | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  if (NOT_PAGES.test(req.path)) return null;
  if (!(req.accept ?? '').includes('text/html')) return null;
  if (isbot(req.userAgent ?? '')) return null;
  const lang = cookieLang(req.cookie) ?? acceptedLang(req.acceptLanguage);
  if (lang !== 'fr') return null;
  return localizePath(req.path, 'fr') + req.search;
}

export const langRedirect: RequestHandler = (req, res, next) => {
  const target = langRedirectTarget({
    method: req.method,
    path: req.path,
    search: req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '',
    cookie: req.headers.cookie,
    acceptLanguage: req.headers['accept-language'],
    accept: req.headers.accept,
    userAgent: req.headers['user-agent'],
  });
  // Every answer depends on both; set whole when nothing set Vary before (the usual case).
  if (res.getHeader('Vary') === undefined) res.setHeader('Vary', 'Cookie, Accept-Language');
  else {
    res.vary('Cookie');
    res.vary('Accept-Language');
  }
  if (target) return res.redirect(302, target);
  next();
};
