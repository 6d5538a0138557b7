/**
 * GET /api/set-lang?lang=fr&redirectTo=/events: remembers the choice in a cookie (365 days,
 * path /) and goes to the same page in that language.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { LANG_COOKIE_MAX_AGE_DAYS } from '~/lib/constants';
import { LANGS, localizePath, safeRedirect, stripLang, type Lang } from '~/lib/lang';
import { onlyMethods } from '~/http/api.server';
import { jsonAnswer } from '~/http/kept-answer.server';
import type { RouteHandle } from '~/lib/route-handle';

/** A plain `lang=fr` cookie (365 days, path /): it only remembers the choice. */
function langCookie(lang: Lang): string {
  return `lang=${lang}; Path=/; Max-Age=${LANG_COOKIE_MAX_AGE_DAYS * 24 * 60 * 60}; SameSite=Lax`;
}

/** The Referer's path when it is one of our pages (a malformed Referer is ignored). */
function refererPath(referer: string | null, origin: string): string | null {
  if (!referer) return null;
  try {
    const u = new URL(referer);
    return u.origin === origin ? u.pathname : null;
  } catch {
    return null;
  }
}

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const lang = url.searchParams.get('lang');
  if (!lang || !(LANGS as readonly string[]).includes(lang)) {
    return jsonAnswer({ error: 'completion:api.langEnOrFr' }, { status: 400 });
  }
  const fallback = safeRedirect(refererPath(request.headers.get('Referer'), url.origin), '/');
  const from = safeRedirect(url.searchParams.get('redirectTo'), fallback);
  const [path, query = ''] = from.split('?');
  // Checked again once localized: `/fr//x` is safe, its English form `//x` would not be.
  const home = localizePath('/', lang as Lang);
  const target = safeRedirect(
    localizePath(stripLang(path), lang as Lang) + (query ? `?${query}` : ''),
    home,
  );
  return redirect(target, { headers: { 'Set-Cookie': langCookie(lang as Lang) } });
}

export const action = onlyMethods('GET');
// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none' } as const satisfies RouteHandle;
