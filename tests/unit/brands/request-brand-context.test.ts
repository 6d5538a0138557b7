/**
 * Rule (decision 048): a request's brand is in its load context, looked up from its Host and
 * Cookie headers only when a loader asks for it, and at most once per request.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { AppLoadContext, ServerBuild } from '@remix-run/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import type { BrandSite } from '~/services/brands/brand-by-host.server';

const site: BrandSite = { id: 2, slug: 'bravo', name: 'Bravo', publicUrl: null, hosts: [] };
const asked: { host: string | undefined; cookie: string | undefined }[] = [];

const resource = (id: string, loader: (a: { context: AppLoadContext }) => Response) => ({
  id: `routes/${id}`,
  parentId: 'root',
  path: `api/${id}`,
  module: { handle: { cache: 'none' }, loader },
});
const build = {
  routes: {
    root: { id: 'root', path: '', module: { default: () => null } },
    'routes/brand': resource('brand', ({ context }) => {
      const first = context.brand?.();
      return Response.json({ first, again: context.brand?.()?.slug });
    }),
    'routes/none': resource('none', () => Response.json({ ok: true })),
  },
  entry: { module: { default: () => new Response('page') } },
  assets: { entry: { module: '', imports: [] }, routes: {}, url: '', version: '1' },
  publicPath: '/',
  assetsBuildDirectory: '',
  future: {},
  isSpaMode: false,
  basename: '/',
  mode: 'production',
} as unknown as ServerBuild;

let port = 0;
let close = () => {};
let dir = '';
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-brand-context-'));
  fs.mkdirSync(path.join(dir, 'client'), { recursive: true });
  const brand = (headers: { host: string | undefined; cookie: string | undefined }) => {
    asked.push(headers);
    return headers.host?.startsWith('bravo.') ? site : null;
  };
  const server = createApp({ build, buildDir: dir, production: true, brand }).listen(0);
  port = (server.address() as AddressInfo).port;
  close = () => server.close();
});
afterAll(() => {
  close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const get = (p: string, headers: Record<string, string>) =>
  new Promise<unknown>((resolve, reject) => {
    const r = http.request({ host: '127.0.0.1', port, path: p, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve(JSON.parse(body)));
    });
    r.on('error', reject);
    r.end();
  });

describe('the brand in the load context', () => {
  it('is looked up once, from the Host and Cookie headers, when a loader asks', async () => {
    asked.length = 0;
    const answer = await get('/api/brand', { Host: 'bravo.example', Cookie: 'lang=fr' });
    expect(answer).toEqual({ first: site, again: 'bravo' });
    expect(asked).toEqual([{ host: 'bravo.example', cookie: 'lang=fr' }]);
  });

  it('is null for a host no brand answers, and never looked up when not asked', async () => {
    asked.length = 0;
    expect(await get('/api/brand', { Host: 'other.example' })).toEqual({ first: null });
    expect(asked).toHaveLength(1);
    expect(await get('/api/none', { Host: 'bravo.example' })).toEqual({ ok: true });
    expect(asked).toHaveLength(1);
  });
});
