/**
 * /healthz and /readyz: alive without database work; ready only when the database
 * answers, every migration is applied, the data folder has room and no shutdown is under way.
 * Answers are small JSON without paths, versions or numbers.
 */
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import Database from 'better-sqlite3';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { healthRoutes, type HealthOptions } from '../../../server/health';
import { testDbFile } from '../helpers/db';

const servers: { close: () => void }[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

async function serve(opts: Partial<HealthOptions> & Pick<HealthOptions, 'sqlite'>) {
  const app = express();
  app.use(healthRoutes({ dataDir: os.tmpdir(), minFreeBytes: 1, stopping: () => false, ...opts }));
  const server = app.listen(0);
  servers.push(server);
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return async (p: string) => {
    const r = await fetch(base + p);
    return {
      status: r.status,
      body: (await r.json()) as { status: string; checks?: Record<string, string> },
      raw: r,
    };
  };
}

const migrated = () => new Database(testDbFile());

describe('GET /healthz', () => {
  it('answers ok without touching the database (even a closed one)', async () => {
    const sqlite = migrated();
    sqlite.close();
    const get = await serve({ sqlite: () => sqlite });
    const r = await get('/healthz');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: 'ok' });
    expect(r.raw.headers.get('cache-control')).toBe('no-store');
  });
});

describe('GET /readyz', () => {
  it('ready when the database answers, migrations are applied and the disk has room', async () => {
    const sqlite = migrated();
    const get = await serve({ sqlite: () => sqlite });
    const r = await get('/readyz');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', disk: 'ok' },
    });
    sqlite.close();
  });

  it('503 with pending migrations', async () => {
    const empty = new Database(':memory:');
    const r = await (await serve({ sqlite: () => empty }))('/readyz');
    expect(r.status).toBe(503);
    expect(r.body.checks).toMatchObject({ database: 'ok', migrations: 'failed' });
  });

  it('503 when the database cannot be reached', async () => {
    const sqlite = migrated();
    sqlite.close();
    const r = await (await serve({ sqlite: () => sqlite }))('/readyz');
    expect(r.status).toBe(503);
    expect(r.body).toEqual({
      status: 'unavailable',
      checks: { database: 'failed', migrations: 'failed', disk: 'ok' },
    });
  });

  it('503 when the data folder has less free space than required', async () => {
    const sqlite = migrated();
    const r = await (
      await serve({ sqlite: () => sqlite, minFreeBytes: Number.MAX_SAFE_INTEGER })
    )('/readyz');
    expect(r.status).toBe(503);
    expect(r.body.checks).toMatchObject({ disk: 'failed' });
    // No figures or paths in the answer.
    expect(JSON.stringify(r.body)).not.toMatch(/\d|\//);
    sqlite.close();
  });

  it('503 "stopping" once a shutdown began (load balancers drain the instance)', async () => {
    const sqlite = migrated();
    const r = await (await serve({ sqlite: () => sqlite, stopping: () => true }))('/readyz');
    expect(r.status).toBe(503);
    expect(r.body.status).toBe('stopping');
    sqlite.close();
  });
});
