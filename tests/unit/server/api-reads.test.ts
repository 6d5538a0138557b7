/**
 * `/api` reads (server/perf/api-reads.ts): a public resource route's loader answers directly, its JSON
 * written whole with its length; what it throws goes through Remix as before (a 400 in the
 * caller's words); a route whose answer is per visitor always goes through Remix.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { ServerBuild } from '@remix-run/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';

let calls = 0;
const routes = {
  root: { id: 'root', path: '', module: { default: () => null } },
  'routes/api.list': {
    id: 'routes/api.list',
    parentId: 'root',
    path: 'api/list',
    module: {
      handle: { cache: 'public' },
      loader: ({ request }: { request: Request }) => {
        calls += 1;
        if (new URL(request.url).searchParams.has('bad'))
          throw Response.json({ error: 'api:methodNotAllowed' }, { status: 400 });
        return new Response(JSON.stringify({ items: [1, 2, 3] }), {
          headers: { 'Content-Type': 'application/json; charset=utf-8' },
        });
      },
    },
  },
  'routes/api.mine': {
    id: 'routes/api.mine',
    parentId: 'root',
    path: 'api/mine',
    module: {
      handle: { cache: 'none' },
      loader: () => {
        calls += 1;
        return Response.json({ mine: true });
      },
    },
  },
};
const build = {
  routes,
  entry: { module: { default: () => new Response('page') } },
  assets: { entry: { module: '', imports: [] }, routes: {}, url: '', version: '1' },
  publicPath: '/',
  assetsBuildDirectory: '',
  future: {},
  isSpaMode: false,
  basename: '/',
  mode: 'production',
} as unknown as ServerBuild;

let base = '';
let close = () => {};
let dir = '';
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-api-reads-'));
  fs.mkdirSync(path.join(dir, 'client'), { recursive: true });
  const server = createApp({ build, buildDir: dir, production: true }).listen(0);
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => {
  close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('API reads', () => {
  it('a public list: its loader once, the JSON whole with its length and the security headers', async () => {
    calls = 0;
    const res = await fetch(`${base}/api/list`, { headers: { 'Accept-Encoding': 'identity' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ items: [1, 2, 3] });
    expect(res.headers.get('Content-Length')).toBe(String('{"items":[1,2,3]}'.length));
    // JSON runs no script: its policy allows nothing (no nonce).
    expect(res.headers.get('Content-Security-Policy')).toBe(
      "default-src 'none';frame-ancestors 'none'",
    );
    expect(calls).toBe(1);
  });

  it('what a public loader throws is answered by Remix, in the one error shape', async () => {
    calls = 0;
    const res = await fetch(`${base}/api/list?bad=1`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string; code: string };
    expect(body.error).not.toBe('api:methodNotAllowed'); // put into words
    expect(typeof body.code).toBe('string');
    expect(calls).toBe(2); // tried directly, then through Remix
  });

  it('a route whose answer is per visitor goes through Remix only', async () => {
    calls = 0;
    const res = await fetch(`${base}/api/mine`);
    expect(await res.json()).toEqual({ mine: true });
    expect(calls).toBe(1);
  });
});
