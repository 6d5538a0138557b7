/**
 * A malformed path (a backslash, a control character, an encoded slash, a dot segment, a leading
 * `//`, broken percent-encoding) answers 400 before Remix, in the caller's language, with a
 * warning in the log: never the router's 500 (`/%5c` threw inside `new URL`).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { ServerBuild } from '@remix-run/node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../../server/app';
import { malformedPathReason } from '../../../server/malformed-path';
import { logger } from '~/services/platform/log.server';

describe('malformedPathReason', () => {
  it.each([
    ['/', null],
    ['/events', null],
    ['/fr/%C3%A9v%C3%A9nements', null],
    ['/events/12.data', null],
    ['/assets/app-Ab12.js', null],
    ['/%5c', 'backslash'],
    ['/%5C..', 'backslash'],
    ['/fr/%5cevil.example', 'backslash'],
    ['/a\\b', 'backslash'],
    ['/%E0%A4%A', 'encoding'],
    ['/%', 'encoding'],
    ['/%00', 'control'],
    ['/events%0d%0aSet-Cookie:x', 'control'],
    ['/%7f', 'control'],
    ['//x', 'doubleSlash'],
    ['//evil.example/login', 'doubleSlash'],
    ['/%2F%2Fevil.example', 'encodedSlash'],
    ['/events/a%2fb', 'encodedSlash'],
    ['/%2e%2e/x', 'dotSegment'],
    ['/events/..', 'dotSegment'],
    ['/events/.%2E/admin', 'dotSegment'],
    ['/events/./x', 'dotSegment'],
  ])('%s → %s', (p, reason) => {
    expect(malformedPathReason(p)).toBe(reason);
  });
});

describe('the server refuses them with 400 before Remix', () => {
  let dir: string;
  let server: http.Server;
  let port: number;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-malformed-'));
    fs.mkdirSync(path.join(dir, 'client'), { recursive: true });
    // No route module at all: a path that reached Remix would not answer 400.
    const app = createApp({ build: {} as ServerBuild, buildDir: dir, production: true });
    server = app.listen(0);
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => {
    server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  // The path exactly as written (fetch would resolve `%2e%2e` and `//`).
  const get = (p: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
      const r = http.request({ host: '127.0.0.1', port, path: p, headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, type: String(res.headers['content-type']), body }),
        );
      });
      r.on('error', reject);
      r.end();
    });

  it.each(['/%5c', '/%5C..', '/%00', '//x', '/%2e%2e/x', '/%E0%A4%A', '/assets/%5c..%5c'])(
    'GET %s: a 400 page, and a warning',
    async (p) => {
      const warn = vi.spyOn(logger(), 'warn');
      const res = await get(p);
      expect(res.status).toBe(400);
      expect(res.type).toMatch(/text\/html/);
      expect(res.body).toMatch(/could not be read/);
      expect(warn).toHaveBeenCalled();
      warn.mockRestore();
    },
  );

  it('in French under /fr, in JSON under /api', async () => {
    const fr = await get('/fr/%5c');
    expect(fr.status).toBe(400);
    expect(fr.body).toMatch(/lang="fr"/);
    const api = await get('/api/%5c', { 'Accept-Language': 'fr-CA' });
    expect(api.status).toBe(400);
    expect(JSON.parse(api.body)).toMatchObject({ code: 'badRequest' });
  });
});
