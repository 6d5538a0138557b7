/**
 * Same-origin writes only (ASVS 4.2.2 / 50.x CSRF): a POST/PUT/PATCH/DELETE is refused with 403
 * when its `Origin` is not ours — PUBLIC_URL's origin, or the request's own loopback address for
 * local runs — or, when the browser sent no Origin, when `Sec-Fetch-Site` says another site sent
 * it. Requests with neither header (curl, server-to-server) are not browser CSRF and pass.
 *
 * It also answers 403 where Remix would otherwise throw (and answer 500): Remix refuses an action
 * whose Origin host differs from `X-Forwarded-Host`/`Host`, so such a request stops here.
 */
import type { NextFunction, Request, Response } from 'express';
import { refuse } from './messages';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The host Remix compares the Origin with: first X-Forwarded-Host, else Host. */
function remixHost(req: Request): string | undefined {
  const forwarded = req.get('x-forwarded-host')?.split(',')[0]?.trim();
  return forwarded || req.get('host') || undefined;
}

/** True when a write with these headers is one of ours. */
function isSameOriginWrite(req: Request, publicOrigin: string): boolean {
  const origin = req.get('origin');
  if (origin === undefined) {
    const site = req.get('sec-fetch-site');
    return site === undefined || site === 'same-origin' || site === 'none';
  }
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // "null" (sandboxed frames, file:, some redirects) and anything malformed
  }
  if (url.host !== remixHost(req)) return false;
  return url.origin === publicOrigin || LOOPBACK.has(url.hostname);
}

export function sameOriginWrites(publicOrigin: string) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!WRITE_METHODS.has(req.method) || isSameOriginWrite(req, publicOrigin)) return next();
    refuse(req, res, 403, 'crossOrigin');
  };
}
