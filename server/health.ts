/**
 * Health endpoints for load balancers and orchestrators, served before everything else (no rate
 * limit, no session, no Remix): `GET /healthz` says the process is alive (no database work);
 * `GET /readyz` says it can serve: the database answers, every migration is applied, the data
 * folder has at least READY_MIN_FREE_MB free, and the server is not shutting down. Both answer
 * small JSON with no versions, paths or numbers an attacker could use.
 */
import fs from 'node:fs';
import type Database from 'better-sqlite3';
import { Router } from 'express';
import { pendingCount } from '#db/migrate';

export type HealthOptions = {
  /** The open database (a function: the handle is closed and reopened across a shutdown). */
  sqlite: () => Database.Database;
  dataDir: string;
  minFreeBytes: number;
  stopping: () => boolean;
};

type Check = 'ok' | 'failed';

function freeBytes(dir: string): number {
  const s = fs.statfsSync(dir);
  return Number(s.bavail) * Number(s.bsize);
}

function readiness(opts: HealthOptions): { ready: boolean; checks: Record<string, Check> } {
  const checks: Record<string, Check> = {
    database: 'failed',
    migrations: 'failed',
    disk: 'failed',
  };
  try {
    const sqlite = opts.sqlite();
    sqlite.prepare('SELECT 1').get();
    checks.database = 'ok';
    checks.migrations = pendingCount(sqlite) === 0 ? 'ok' : 'failed';
  } catch {
    // stays failed
  }
  try {
    checks.disk = freeBytes(opts.dataDir) >= opts.minFreeBytes ? 'ok' : 'failed';
  } catch {
    // stays failed
  }
  const ready = !opts.stopping() && Object.values(checks).every((c) => c === 'ok');
  return { ready, checks };
}

export function healthRoutes(opts: HealthOptions) {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  router.get('/readyz', (_req, res) => {
    const { ready, checks } = readiness(opts);
    res
      .status(ready ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json({ status: ready ? 'ready' : opts.stopping() ? 'stopping' : 'unavailable', checks });
  });
  return router;
}
