/**
 * The security headers of every response, computed once. helmet stays their source: it is run
 * once at start-up on a stand-in response with a marker for the nonce, and the headers it set are
 * kept. Each request then sets that list as it is, and the CSP with this response's own nonce put
 * where the marker was. Run per request, helmet rebuilt the same dozen strings and the whole CSP
 * from its directives on every answer, JSON included.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import helmet, { type HelmetOptions } from 'helmet';
import { cspDirectives } from '~/services/auth/security.server';

/** Base64 has no '*': the marker cannot be mistaken for anything else in the policy. */
const MARK = '*nonce*';
const CSP = 'content-security-policy';

export type SecurityHeaders = {
  /** Every header but the CSP, as helmet sets them, plus Permissions-Policy. */
  fixed: [string, string][];
  /** The CSP split around its nonce: `before + nonce + after`. */
  csp: { name: string; before: string; after: string };
};

/** The headers helmet sets with these options (the CSP's nonce left as a marker). */
export function securityHeaders(opts: { production: boolean }): SecurityHeaders {
  const options: HelmetOptions = {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: cspDirectives(MARK, { dev: !opts.production }),
    },
    crossOriginEmbedderPolicy: false,
    // Google Maps tiles and reCAPTCHA frames come from other origins.
    crossOriginResourcePolicy: { policy: 'same-site' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: opts.production
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
    xFrameOptions: { action: 'deny' },
  };
  const set = new Map<string, [string, string]>();
  const stand = {
    setHeader(name: string, value: unknown) {
      set.set(name.toLowerCase(), [name, String(value)]);
    },
    removeHeader(name: string) {
      set.delete(name.toLowerCase());
    },
    getHeader: () => undefined,
    locals: {},
  };
  let done = false;
  helmet(options)(
    { method: 'GET', url: '/', headers: {} } as IncomingMessage,
    stand as unknown as ServerResponse,
    (err?: unknown) => {
      if (err) throw err;
      done = true;
    },
  );
  const csp = set.get(CSP);
  const at = csp ? csp[1].indexOf(MARK) : -1;
  // helmet set the headers synchronously, with the marker exactly once: else no list can stand in.
  if (!done || !csp || at === -1 || csp[1].indexOf(MARK, at + 1) !== -1)
    throw new Error('security headers: helmet did not set a CSP with one nonce');
  set.delete(CSP);
  set.set('permissions-policy', [
    'Permissions-Policy',
    'camera=(), microphone=(), geolocation=(self)',
  ]);
  return {
    fixed: [...set.values()],
    csp: { name: csp[0], before: csp[1].slice(0, at), after: csp[1].slice(at + MARK.length) },
  };
}

/** Sets the headers on every response, the CSP with `nonceOf(res)`. */
export function securityHeadersMiddleware(
  headers: SecurityHeaders,
  nonceOf: (res: ServerResponse) => string,
): RequestHandler {
  const { fixed, csp } = headers;
  return (_req, res, next) => {
    for (const [name, value] of fixed) res.setHeader(name, value);
    res.setHeader(csp.name, csp.before + nonceOf(res) + csp.after);
    next();
  };
}
