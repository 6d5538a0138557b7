/**
 * Builds the app (unless E2E_SKIP_BUILD=1), creates a temporary data folder (database, outbox,
 * uploads), and starts the production server through `npm start`'s script on a free port.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../scripts/node-flags.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    databasePath: string;
    outboxDir: string;
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

let server: ChildProcess | undefined;

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
  server = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'scripts/start.mjs'], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  const baseURL = `http://127.0.0.1:${port}`;
  await waitFor(`${baseURL}/`, server);
  project.provide('baseURL', baseURL);
  project.provide('databasePath', env.DATABASE_PATH);
  project.provide('outboxDir', env.MAIL_OUTBOX);
  return async () => {
    if (server?.pid) {
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
