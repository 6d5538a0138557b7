/**
 * The security headers: helmet's, with each response's own nonce in the CSP, plus
 * Permissions-Policy.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { securityHeaders } from '../../../server/security-headers';

/** The headers a middleware sets on a stand-in response. */
function headersSetBy(
  run: (req: IncomingMessage, res: ServerResponse, next: () => void) => void,
  nonce: string,
  url = '/',
): Map<string, string> {
  const set = new Map<string, string>();
  const res = {
    locals: { cspNonce: nonce },
    setHeader: (name: string, value: unknown) => void set.set(name, String(value)),
    removeHeader: (name: string) => void set.delete(name),
    getHeader: () => undefined,
  };
  run({ method: 'GET', url, headers: {} } as IncomingMessage, res as never, () => {});
  return set;
}

describe('security headers', () => {
  it.each([true, false])(
    'set the CSP, framing, referrer and permissions (production: %s)',
    (production) => {
      const got = headersSetBy(
        securityHeaders({ production }) as never,
        'AAECAwQFBgcICQoLDA0ODw==',
      );
      const csp = got.get('Content-Security-Policy') ?? '';
      expect(csp).toContain("script-src 'self' 'nonce-AAECAwQFBgcICQoLDA0ODw==' 'strict-dynamic'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp.includes('ws:')).toBe(!production);
      expect(got.get('X-Frame-Options')).toBe('DENY');
      expect(got.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
      expect(got.get('Permissions-Policy')).toBe('camera=(), microphone=(), geolocation=(self)');
      expect(got.has('Strict-Transport-Security')).toBe(production);
    },
  );

  it('puts each response’s own nonce in its CSP', () => {
    const middleware = securityHeaders({ production: true }) as never;
    const a = headersSetBy(middleware, 'first');
    const b = headersSetBy(middleware, 'second');
    expect(a.get('Content-Security-Policy')).toContain("'nonce-first'");
    expect(b.get('Content-Security-Policy')).toContain("'nonce-second'");
    expect(b.get('Content-Security-Policy')).not.toContain('first');
  });

  it('gives an API answer a policy that allows nothing, and no nonce (JSON runs no script)', () => {
    const middleware = securityHeaders({ production: true }) as never;
    for (const url of ['/api/events', '/api/dealer/redeem?x=1']) {
      const got = headersSetBy(middleware, 'unused', url);
      expect(got.get('Content-Security-Policy')).toBe("default-src 'none';frame-ancestors 'none'");
      expect(got.get('X-Frame-Options')).toBe('DENY');
      expect(got.get('Permissions-Policy')).toBe('camera=(), microphone=(), geolocation=(self)');
    }
    // The API's reference is a page (its own styles): it keeps the pages' policy.
    expect(
      headersSetBy(middleware, 'doc', '/api/docs?lang=fr').get('Content-Security-Policy'),
    ).toContain("'nonce-doc'");
  });
});
