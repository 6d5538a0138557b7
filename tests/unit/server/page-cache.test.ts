/**
 * Answers cached for anonymous visitors of the public pages (server/perf/page-cache.ts). The
 * rules: a cached page is served again only to a request without account cookies, only while the
 * data version is unchanged and within the time limit, with this request's nonce; nothing that
 * sets a cookie, fails, or was rendered across a data change is cached; the key includes the
 * Host, so a forged Host cannot plant a page for others.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import Database from 'better-sqlite3';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseVersion, pageCache, splitAround } from '../../../server/perf/page-cache';

type Setup = { version?: () => string | null; ttlMs?: number; handler?: express.RequestHandler };

import { routePolicies } from '../../../server/route-policy';
import { appRouteTable } from '../helpers/route-table';

// The app's own route table with each route's handle, as the server reads it from the build.
const policy = routePolicies(appRouteTable());
const servers: { close: () => void }[] = [];
afterEach(() => servers.splice(0).forEach((s) => s.close()));

let nonceCounter = 0;
/** An app like the server: a fresh nonce per request, the cache, then a "render" that counts. */
function start({ version = () => 'v1', ttlMs = 10_000, handler }: Setup = {}) {
  const renders: string[] = [];
  const app = express();
  app.use((_req, res, next) => {
    res.locals.cspNonce = `nonce${++nonceCounter}AAAAAAAAAAAAAA==`;
    next();
  });
  app.use(pageCache({ cacheable: (p) => policy(p).cache === 'public', version, ttlMs }));
  app.use(
    handler ??
      ((req, res) => {
        renders.push(req.originalUrl);
        const n = res.locals.cspNonce as string;
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.write(
          `<html><script nonce="${n}">1</script><p>${req.get('host')} render ${renders.length}</p>`,
        );
        res.end(`<script nonce="${n}">2</script></html>`);
      }),
  );
  const server = app.listen(0);
  servers.push(server);
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, renders };
}

describe('page cache (anonymous public pages)', () => {
  it('serves a cached public page again with the new request’s nonce in every script', async () => {
    const { base, renders } = start();
    const a = await (await fetch(`${base}/events`)).text();
    const res = await fetch(`${base}/events`);
    const b = await res.text();
    expect(renders).toHaveLength(1);
    expect(b).toContain('render 1');
    const nonces = [...b.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]);
    expect(nonces).toHaveLength(2);
    expect(new Set(nonces).size).toBe(1);
    expect(a).not.toContain(nonces[0]);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
  });

  it('never serves or keeps a page for a request with a session (or any account) cookie', async () => {
    const { base, renders } = start();
    await fetch(`${base}/events`);
    const signedIn = await (
      await fetch(`${base}/events`, { headers: { Cookie: 'cc_session=abc' } })
    ).text();
    expect(signedIn).toContain('render 2');
    await fetch(`${base}/events`, { headers: { Cookie: 'lang=fr; cc_device=x' } });
    expect(renders).toHaveLength(3);
    // The lang cookie alone is anonymous, cached under its own key.
    await fetch(`${base}/events`, { headers: { Cookie: 'lang=fr' } });
    await fetch(`${base}/events`, { headers: { Cookie: 'lang=fr' } });
    expect(renders).toHaveLength(4);
  });

  it('a change of the data version is seen by the next request', async () => {
    let v = 'v1';
    const { base, renders } = start({ version: () => v });
    await fetch(`${base}/`);
    await fetch(`${base}/`);
    expect(renders).toHaveLength(1);
    v = 'v2';
    expect(await (await fetch(`${base}/`)).text()).toContain('render 2');
  });

  it('a page rendered while the data changed is not cached', async () => {
    let v = 'v1';
    const { base, renders } = start({
      version: () => v,
      handler: (req, res) => {
        renders.push(req.originalUrl);
        v = `v${renders.length + 1}`; // a write during the render
        res.end('page');
      },
    });
    await fetch(`${base}/dealers`);
    await fetch(`${base}/dealers`);
    expect(renders).toHaveLength(2);
  });

  it('keeps nothing for other paths, non-GET methods, errors or answers that set a cookie', async () => {
    let status = 200;
    let cookie = false;
    const { base, renders } = start({
      handler: (req, res) => {
        renders.push(req.originalUrl);
        if (cookie) res.setHeader('Set-Cookie', 'flash=1');
        res.status(status).end('x');
      },
    });
    for (const p of [
      '/login',
      '/auth/admin',
      '/about/contact',
      '/register',
      '/api/dealer/redeem',
    ]) {
      await fetch(base + p);
      await fetch(base + p);
    }
    expect(renders).toHaveLength(10);
    renders.length = 0;
    status = 404;
    await fetch(`${base}/events/event/999`);
    await fetch(`${base}/events/event/999`);
    expect(renders).toHaveLength(2);
    status = 200;
    cookie = true;
    await fetch(`${base}/about/rules`);
    const second = await fetch(`${base}/about/rules`);
    expect(renders).toHaveLength(4);
    expect(second.headers.get('set-cookie')).toBe('flash=1');
  });

  it('a forged Host header gets its own entry, never another visitor’s page', async () => {
    const { base, renders } = start();
    const port = new URL(base).port;
    const http = await import('node:http');
    const get = (host: string) =>
      new Promise<string>((resolve) => {
        http.get({ port, path: '/events', headers: { Host: host } }, (res) => {
          let body = '';
          res.on('data', (c) => (body += c));
          res.on('end', () => resolve(body));
        });
      });
    expect(await get('evil.example')).toContain('evil.example');
    expect(await get(`127.0.0.1:${port}`)).not.toContain('evil.example');
    expect(renders).toHaveLength(2);
  });

  it('stops serving a cached page after its time limit', async () => {
    const { base, renders } = start({ ttlMs: 30 });
    await fetch(`${base}/events`);
    await new Promise((r) => setTimeout(r, 60));
    await fetch(`${base}/events`);
    expect(renders).toHaveLength(2);
  });

  it('compresses a cached JSON answer once and serves the same gzip bytes', async () => {
    const body = JSON.stringify({
      dealers: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Dealer ${i}` })),
    });
    const { base, renders } = start({
      handler: (req, res) => {
        renders.push(req.originalUrl);
        res.json(JSON.parse(body));
      },
    });
    await (await fetch(`${base}/api/dealers-lean`)).text();
    const http = await import('node:http');
    const raw = await new Promise<{ enc?: string; buf: Buffer }>((resolve) => {
      http.get(
        {
          host: '127.0.0.1',
          port: new URL(base).port,
          path: '/api/dealers-lean',
          headers: { 'Accept-Encoding': 'gzip', 'Accept-Language': '*' },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ enc: res.headers['content-encoding'], buf: Buffer.concat(chunks) }),
          );
        },
      );
    });
    expect(renders).toHaveLength(1);
    expect(raw.enc).toBe('gzip');
    expect(zlib.gunzipSync(raw.buf).toString()).toBe(body);
  });

  it('the public pages, their client-navigation .data answers and the public lists are cacheable (their handles say so); forms and accounts are not', () => {
    for (const p of [
      '/',
      '/fr',
      '/events',
      '/fr/events/event/12',
      '/events/serie/3',
      '/dealers',
      '/about/rules',
      '/_root.data',
      '/fr.data',
      '/events.data',
      '/dealers.data',
      '/api/events',
      '/api/dealers-lean',
    ])
      expect(policy(p).cache, p).toBe('public');
    for (const p of [
      '/login',
      '/register',
      '/about/contact',
      '/about/contact.data',
      '/register.data',
      '/auth/rider',
      '/auth/rider.data',
      '/api/dealer/riders',
      '/confirm',
      '/eventsX.data',
      '/files/profile/1',
    ])
      expect(policy(p).cache, p).not.toBe('public');
  });

  it('splitAround cuts a body at every occurrence of the nonce', () => {
    const parts = splitAround(Buffer.from('a N b N c'), 'N');
    expect(parts.map(String)).toEqual(['a ', ' b ', ' c']);
    expect(splitAround(Buffer.from('abc'), '').map(String)).toEqual(['abc']);
  });

  it('the database version moves with a write on this connection and with another connection’s commit', () => {
    const file = `${process.env.TMPDIR ?? '/tmp'}/cc-page-cache-${process.pid}.db`;
    const a = new Database(file);
    a.exec('CREATE TABLE IF NOT EXISTS t (x)');
    const b = new Database(file);
    const version = databaseVersion(() => a);
    const v1 = version();
    expect(version()).toBe(v1);
    a.prepare('INSERT INTO t VALUES (1)').run();
    const v2 = version();
    expect(v2).not.toBe(v1);
    b.prepare('INSERT INTO t VALUES (2)').run();
    expect(version()).not.toBe(v2);
    a.exec('BEGIN');
    expect(version()).toBeNull();
    a.exec('ROLLBACK');
    a.close();
    b.close();
    for (const f of [file, `${file}-wal`, `${file}-shm`]) {
      try {
        fs.rmSync(f);
      } catch {
        /* absent */
      }
    }
  });
});
