/**
 * Builds the app (unless E2E_SKIP_BUILD=1), then starts one production server per test worker
 * through `npm start`'s script, each on a free port with a temporary data folder of its own
 * (database, outbox, uploads). A test file talks to its worker's server (tests/e2e/helpers.ts).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../scripts/node-flags.mjs';

/** One server of the run: its address, database and mail outbox. */
export type E2EServer = { baseURL: string; databasePath: string; outboxDir: string };

declare module 'vitest' {
  export interface ProvidedContext {
    servers: E2EServer[];
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitFor(url: string, child: ChildProcess, timeoutMs = 120_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const r = await fetch(url);
      if (r.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer at ${url}`);
}

/**
 * Starts one production server on a fresh temporary data folder (database, outbox, uploads), on
 * a free port; resolves once it answers.
 */
async function startServer(
  buildDir: string,
): Promise<{ server: E2EServer; child: ChildProcess; dir: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-e2e-'));
  const port = await freePort();
  const env = {
    ...process.env,
    ...SERVER_ENV,
    BUILD_DIR: buildDir,
    PORT: String(port),
    DATABASE_PATH: path.join(dir, 'app.db'),
    MAIL_OUTBOX: path.join(dir, 'outbox'),
    UPLOAD_DIR: path.join(dir, 'uploads'),
    DISABLE_JOBS: 'true',
    // Every browser test signs in from 127.0.0.1: raise the per-address limits.
    RATE_LIMIT_FACTOR: '100',
    GOOGLE_MAPS_API_KEY: '',
    SMTP_URL: '',
  };
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'scripts/start.mjs'], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  const baseURL = `http://127.0.0.1:${port}`;
  await waitFor(`${baseURL}/`, child);
  return {
    server: { baseURL, databasePath: env.DATABASE_PATH, outboxDir: env.MAIL_OUTBOX },
    child,
    dir,
  };
}

export default async function setup(project: TestProject) {
  const buildDir = process.env.BUILD_DIR ?? 'build';
  if (process.env.E2E_SKIP_BUILD !== '1') {
    const r = spawnSync('npm', ['run', 'build'], {
      stdio: ['ignore', 'ignore', 'inherit'],
      // A production build, as `npm start` serves (vitest sets NODE_ENV=test, which would give
      // React's development build to the browser).
      env: { ...process.env, BUILD_DIR: buildDir, NODE_ENV: 'production' },
    });
    if (r.status !== 0) throw new Error('build failed');
  }
  // One server (and database) per test worker: files run side by side without sharing data.
  const started = await Promise.all(
    Array.from({ length: project.config.maxWorkers }, () => startServer(buildDir)),
  );
  project.provide(
    'servers',
    started.map((s) => s.server),
  );
  return async () => {
    for (const { child, dir } of started) {
      if (child.pid) {
        try {
          process.kill(-child.pid, 'SIGTERM');
        } catch {
          // already gone
        }
      }
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
}
