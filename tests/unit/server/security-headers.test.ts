/**
 * The security headers are built once from helmet and set per response: they must be exactly what
 * helmet itself sets on a response, with the response's own nonce in the CSP.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { cspDirectives } from '~/services/auth/security.server';
import { securityHeaders, securityHeadersMiddleware } from '../../../server/security-headers';

/** The headers a middleware sets on a stand-in response. */
function headersSetBy(
  run: (req: IncomingMessage, res: ServerResponse, next: () => void) => void,
  nonce: string,
): Map<string, string> {
  const set = new Map<string, string>();
  const res = {
    locals: { cspNonce: nonce },
    setHeader: (name: string, value: unknown) => void set.set(name, String(value)),
    removeHeader: (name: string) => void set.delete(name),
    getHeader: () => undefined,
  };
  run({ method: 'GET', url: '/', headers: {} } as IncomingMessage, res as never, () => {});
  return set;
}

const helmetAsBefore = (production: boolean) =>
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: cspDirectives(
        (_req, res) => (res as unknown as { locals: { cspNonce: string } }).locals.cspNonce,
        { dev: !production },
      ),
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
  });

describe('security headers built once', () => {
  it.each([true, false])(
    'are what helmet sets per response, plus Permissions-Policy (production: %s)',
    (production) => {
      const nonce = 'AAECAwQFBgcICQoLDA0ODw==';
      const expected = headersSetBy(helmetAsBefore(production), nonce);
      expected.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(self)');
      const middleware = securityHeadersMiddleware(
        securityHeaders({ production }),
        (res) => (res as unknown as { locals: { cspNonce: string } }).locals.cspNonce,
      );
      const got = headersSetBy(middleware as never, nonce);
      expect(Object.fromEntries(got)).toEqual(Object.fromEntries(expected));
      expect(got.get('Content-Security-Policy')).toContain(`'nonce-${nonce}'`);
    },
  );

  it('puts each response’s own nonce in its CSP', () => {
    const middleware = securityHeadersMiddleware(
      securityHeaders({ production: true }),
      (res) => (res as unknown as { locals: { cspNonce: string } }).locals.cspNonce,
    );
    const a = headersSetBy(middleware as never, 'first');
    const b = headersSetBy(middleware as never, 'second');
    expect(a.get('Content-Security-Policy')).toContain("'nonce-first'");
    expect(b.get('Content-Security-Policy')).toContain("'nonce-second'");
    expect(b.get('Content-Security-Policy')).not.toContain('first');
  });
});
