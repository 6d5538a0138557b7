/**
 * HSTS in production (max-age one year, subdomains), none in development; the CSP's
 * script-src is nonce-based without 'unsafe-inline'. createApp with a stub Remix build: the
 * headers are set before Remix runs, so a refused cross-site write (answered before Remix) shows
 * them. (That every inline script carries the nonce is checked on real pages in tests/security.)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { ServerBuild } from '@remix-run/node';
import { describe, expect, it } from 'vitest';
import type { Request, Response } from 'express';
import { compressible, createApp, nextNonce } from '../../../server/app';

async function headersOf(production: boolean): Promise<Headers> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-headers-'));
  fs.mkdirSync(path.join(dir, 'client'), { recursive: true });
  const app = createApp({
    build: {} as ServerBuild,
    buildDir: dir,
    production,
    publicOrigin: 'https://contingency.example',
  });
  const server = app.listen(0);
  try {
    const { port } = server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/events/anything`, {
      method: 'POST',
      headers: { Origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    return res.headers;
  } finally {
    server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('security headers', () => {
  it('production sends HSTS for a year with subdomains; development does not', async () => {
    expect((await headersOf(true)).get('Strict-Transport-Security')).toBe(
      'max-age=31536000; includeSubDomains',
    );
    expect((await headersOf(false)).get('Strict-Transport-Security')).toBeNull();
  });

  it("script-src carries a fresh nonce per response and never 'unsafe-inline'", async () => {
    const a = (await headersOf(true)).get('Content-Security-Policy') ?? '';
    const b = (await headersOf(true)).get('Content-Security-Policy') ?? '';
    const scriptSrc = (csp: string) =>
      csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
    expect(scriptSrc(a)).toMatch(/'nonce-[^']+'/);
    expect(scriptSrc(a)).not.toContain("'unsafe-inline'");
    expect(scriptSrc(a)).not.toBe(scriptSrc(b));
  });
});

describe('CSP nonces', () => {
  it('are 16 random bytes each, never repeated across many requests', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const n = nextNonce();
      expect(Buffer.from(n, 'base64')).toHaveLength(16);
      seen.add(n);
    }
    expect(seen.size).toBe(2000);
  });
});

describe('compression', () => {
  const res = (type: string) =>
    ({
      getHeader: (name: string) => (name.toLowerCase() === 'content-type' ? type : undefined),
    }) as unknown as Response;
  const req = (method: string, p: string) =>
    ({ method, path: p, headers: { 'accept-encoding': 'gzip' } }) as unknown as Request;
  it('gzips pages and API reads, never the answer of an API write (small, streamed without a length)', () => {
    expect(compressible(req('GET', '/events'), res('text/html; charset=utf-8'))).toBe(true);
    expect(compressible(req('GET', '/api/events'), res('application/json; charset=utf-8'))).toBe(
      true,
    );
    expect(
      compressible(req('POST', '/api/dealer/redeem'), res('application/json; charset=utf-8')),
    ).toBe(false);
    expect(
      compressible(req('DELETE', '/api/admin/event/3'), res('application/json; charset=utf-8')),
    ).toBe(false);
    // A form post's answer (a page) is still compressed; an image never (compression's own rule).
    expect(compressible(req('POST', '/auth/dealer/redeem'), res('text/html; charset=utf-8'))).toBe(
      true,
    );
    expect(compressible(req('GET', '/favicon.png'), res('image/png'))).toBe(false);
  });
});
