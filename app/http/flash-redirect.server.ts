/**
 * A form's answer that goes to another page with a message for it: the flash cookie
 * (services/auth/session.server) set on a redirect. Every page action answers this way.
 */
import { redirect } from '@remix-run/node';
import { flashCookie, type Flash } from '~/services/auth/session.server';

/** Redirects to `url` with `flash` shown there once; `init`'s status and headers are kept. */
export async function redirectWithFlash(url: string, flash: Flash, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  // append: a cookie the caller sets already (a session, a language) must survive.
  headers.append('Set-Cookie', await flashCookie(flash));
  return redirect(url, { ...init, headers });
}
