/**
 * At most MAX_SIGN_INS_IN_FLIGHT sign-in posts are worked on at once; past it one is refused at
 * once (503 with Retry-After, a small page in the caller's language) before Remix sees it. A
 * sign-in the throttle refuses still costs its page's render (about 15 ms of the event loop): 200
 * sent at once held every other visitor's page for seconds, though none of them was checked.
 * The cap is far above what people signing in at the same moment send.
 */
import type { RequestHandler } from 'express';
import { refuse } from './messages';
import { pagePath } from './route-policy';

/** The ways in a password, code or passkey is checked (a page and its `.data` twin). */
const SIGN_IN_PATHS: ReadonlySet<string> = new Set([
  '/login',
  '/fr/login',
  '/login-code',
  '/fr/login-code',
  '/api/passkey/sign-in',
]);

/**
 * What a visitor may wait behind: about 8 sign-in pages' renders (~100 ms on this 2-core machine),
 * while a sign-in is in flight for 20-50 ms, so this still admits well over 100 sign-ins a second.
 */
const MAX_SIGN_INS_IN_FLIGHT = 8;

/** True for a POST to one of SIGN_IN_PATHS (`/login/` and `/login.data` too). */
export function isSignInPost(method: string, path: string): boolean {
  if (method !== 'POST') return false;
  const page = pagePath(path);
  return SIGN_IN_PATHS.has(page.length > 1 && page.endsWith('/') ? page.slice(0, -1) : page);
}

export function signInAdmission(max = MAX_SIGN_INS_IN_FLIGHT): RequestHandler {
  let inFlight = 0;
  return (req, res, next) => {
    if (!isSignInPost(req.method, req.path)) return next();
    if (inFlight >= max) {
      res.setHeader('Retry-After', '1');
      return refuse(req, res, 503, 'busy');
    }
    inFlight += 1;
    let done = false;
    const release = () => {
      if (done) return;
      done = true;
      inFlight -= 1;
    };
    res.once('finish', release);
    res.once('close', release);
    next();
  };
}
