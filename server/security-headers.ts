/**
 * The security headers of every response: helmet, with this response's own CSP nonce
 * (`res.locals.cspNonce`), plus a Permissions-Policy helmet does not set. An API answer (JSON,
 * CSV) runs no script and loads nothing: its policy allows nothing and carries no nonce, the
 * lock-down OWASP advises for REST answers (and one header helmet writes once, not per response).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import helmet from 'helmet';
import { cspDirectives } from '~/services/auth/security.server';

const PERMISSIONS = 'camera=(), microphone=(), geolocation=(self)';

const nonceOf = (_req: IncomingMessage, res: ServerResponse) =>
  (res as ServerResponse & { locals: { cspNonce: string } }).locals.cspNonce;

/** An API answer, not the API's reference page (`/api/docs`, a page with its own styles). */
export function isApiAnswer(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}

export function securityHeaders(opts: { production: boolean }): RequestHandler {
  const page = helmetWith(cspDirectives(nonceOf, { dev: !opts.production }), opts);
  const api = helmetWith({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] }, opts);
  return (req, res, next) => {
    res.setHeader('Permissions-Policy', PERMISSIONS);
    (isApiAnswer(req.url) ? api : page)(req, res, next);
  };
}

function helmetWith(
  directives: ReturnType<typeof cspDirectives> | Record<string, string[]>,
  opts: { production: boolean },
) {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives },
    crossOriginEmbedderPolicy: false,
    // Google Maps tiles and reCAPTCHA frames come from other origins.
    crossOriginResourcePolicy: { policy: 'same-site' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: opts.production
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
    xFrameOptions: { action: 'deny' },
  });
}
