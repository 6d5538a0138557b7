/**
 * The security headers of every response: helmet, with this response's own CSP nonce
 * (`res.locals.cspNonce`), plus a Permissions-Policy helmet does not set.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import helmet from 'helmet';
import { cspDirectives } from '~/services/auth/security.server';

const PERMISSIONS = 'camera=(), microphone=(), geolocation=(self)';

const nonceOf = (_req: IncomingMessage, res: ServerResponse) =>
  (res as ServerResponse & { locals: { cspNonce: string } }).locals.cspNonce;

export function securityHeaders(opts: { production: boolean }): RequestHandler {
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: cspDirectives(nonceOf, { dev: !opts.production }),
    },
    crossOriginEmbedderPolicy: false,
    // Google Maps tiles and reCAPTCHA frames come from other origins.
    crossOriginResourcePolicy: { policy: 'same-site' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: opts.production
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
    xFrameOptions: { action: 'deny' },
  });
  return (req, res, next) => {
    res.setHeader('Permissions-Policy', PERMISSIONS);
    headers(req, res, next);
  };
}
