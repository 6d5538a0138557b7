/**
 * The ways the built server and its scripts start and stop, each on its own temporary database and
 * port (no browser: they run here because the global setup built the app):
 * - a real install (PUBLIC_URL set) on a database holding the published demo password starts
 *   with no banner, locks that account (its password sign-in says to reset by e-mail) and logs
 *   how many; on SIGTERM, connections already waiting get their answers, not resets;
 * - a local trial (no PUBLIC_URL) on that database starts, and its pages show the demo banner in
 *   English and French (a real install's do not);
 * - `npm run jobs:daily` on an unmigrated database migrates, runs and exits 0 without a stack trace.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { migrateDatabase } from '#db/migrate';
import { DEMO_PASSWORD } from '#db/seed-accounts';
import enAuth from '#locales/en/auth.json';
import { openDb } from '~/db.server';
import { createAccount } from '~/services/people/users.server';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../scripts/node-flags.mjs';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-startup-'));
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});
afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

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

/** A data folder of its own; its database path. */
function dataDir(name: string): string {
  const dir = path.join(root, name);
  fs.mkdirSync(dir, { recursive: true });
  return path.join(dir, 'app.db');
}

/** The environment of a start: the caller's, without what would make it a real install. */
function startEnv(databasePath: string, extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...SERVER_ENV,
    NODE_ENV: 'production',
    BUILD_DIR: process.env.BUILD_DIR ?? 'build',
    DATABASE_PATH: databasePath,
    MAIL_OUTBOX: path.join(path.dirname(databasePath), 'outbox'),
    UPLOAD_DIR: path.join(path.dirname(databasePath), 'uploads'),
    DISABLE_JOBS: 'true',
    SMTP_URL: '',
    ...extra,
  };
  if (!('PUBLIC_URL' in extra)) delete env.PUBLIC_URL;
  if (!('SEED_DEMO' in extra)) delete env.SEED_DEMO;
  return env;
}

type Started = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

/** Starts the server the way `npm start` does (scripts/start.mjs over the build). */
function start(env: NodeJS.ProcessEnv): Started {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'scripts/start.mjs'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return { child, output: () => output, exited };
}

async function waitUp(port: number, started: Started, timeoutMs = 90_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (started.child.exitCode !== null)
      throw new Error(`server exited with ${started.child.exitCode}:\n${started.output()}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not answer:\n${started.output()}`);
}

/**
 * How many connections to the local `port` the kernel holds as established whose other end is one
 * of `from` (the clients' ports), read from /proc/net/tcp and tcp6 (IPv4 clients of a server
 * listening on :: show in the latter).
 */
function establishedFrom(port: number, from: Set<number | undefined>): number {
  let n = 0;
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!fs.existsSync(table)) continue;
    for (const line of fs.readFileSync(table, 'utf8').split('\n').slice(1)) {
      const [, local, remote, state] = line.trim().split(/\s+/);
      if (!local || !remote || state !== '01') continue; // 01: ESTABLISHED
      const hexPort = (address: string) => parseInt(address.split(':')[1] ?? '', 16);
      if (hexPort(local) === port && from.has(hexPort(remote))) n += 1;
    }
  }
  return n;
}

/** A database with one admin whose password is the published demo password (renamed: not a demo e-mail). */
async function databaseWithDemoPassword(name: string): Promise<string> {
  const file = dataDir(name);
  await migrateDatabase(file);
  const db = openDb(file);
  try {
    await createAccount(db, {
      role: 'admin',
      email: 'boss@cash.example',
      password: DEMO_PASSWORD,
      emailVerified: true,
      firstName: 'Boss',
    });
  } finally {
    db.$client.close();
  }
  return file;
}

const BANNER = {
  en: 'Demo data, public passwords',
  fr: 'Données de démonstration, mots de passe publics',
} as const;

/**
 * Sixty connections, each with its request written and held by the kernel as established on the
 * server's side (in its accept queue, or accepted) before SIGTERM: the server has not read most
 * of them yet when the signal comes. Resolves with each one's first answer line.
 */
async function waitingConnections(port: number, N = 60): Promise<Promise<string>[]> {
  const sockets = await Promise.all(
    Array.from(
      { length: N },
      () =>
        new Promise<net.Socket>((resolve, reject) => {
          const s = net.connect(port, '127.0.0.1', () => {
            s.write(`GET /login HTTP/1.1\r\nHost: localhost:${port}\r\nConnection: close\r\n\r\n`);
            resolve(s);
          });
          s.once('error', reject);
        }),
    ),
  );
  const answers = sockets.map(
    (s) =>
      new Promise<string>((resolve) => {
        let text = '';
        s.on('data', (d: Buffer) => (text += d.toString()));
        s.on('error', (err: NodeJS.ErrnoException) => resolve(`error ${err.code ?? err.message}`));
        s.on('close', () => resolve(text.split('\r\n')[0] || 'closed without an answer'));
      }),
  );
  const clientPorts = new Set(sockets.map((s) => s.localPort));
  await expect.poll(() => establishedFrom(port, clientPorts), { timeout: 30_000 }).toBe(N);
  return answers;
}

describe('starting and stopping the built server', () => {
  // One real install serves both the lock-out and the drain: a start is seconds of CPU.
  it('a real install (PUBLIC_URL set) holding the demo password starts without the banner, locks that account and says how many; SIGTERM: connections already waiting get their answers, not resets; a local trial on it starts with the demo banner (en, fr)', async () => {
    const file = await databaseWithDemoPassword('known-password');
    const port = await freePort();
    const real = start(
      startEnv(file, { PORT: String(port), PUBLIC_URL: `http://localhost:${port}` }),
    );
    await waitUp(port, real);
    expect(real.output()).toContain('1 account(s) had the published demo password');
    expect(real.output()).not.toContain('boss@cash.example');
    const home = await (await fetch(`http://127.0.0.1:${port}/login`)).text();
    expect(home).not.toContain('data-testid="demo-banner"');
    // The demo password opens nothing: the sign-in says to reset the password by e-mail.
    const signIn = await fetch(`http://localhost:${port}/login`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: `http://localhost:${port}`,
      },
      body: new URLSearchParams({ email: 'boss@cash.example', password: DEMO_PASSWORD }),
      redirect: 'manual',
    });
    expect(signIn.status).toBe(400);
    expect(await signIn.text()).toContain(enAuth.passwordLocked);

    // SIGTERM while connections wait: each gets its answer, and the shutdown runs to its end
    // (it exits 0 after closing the database).
    const answers = await waitingConnections(port);
    real.child.kill('SIGTERM');
    const firstLines = await Promise.all(answers);
    const exitCode = await real.exited;
    expect(
      firstLines.filter((l) => l !== 'HTTP/1.1 200 OK'),
      real.output(),
    ).toEqual([]);
    expect(exitCode).toBe(0);

    // The same database as a local trial: it starts, every page says it is a demo.
    const trialPort = await freePort();
    const trial = start(startEnv(file, { PORT: String(trialPort) }));
    await waitUp(trialPort, trial);
    for (const [pathname, lang] of [
      ['/', 'en'],
      ['/login', 'en'],
      ['/fr', 'fr'],
      ['/fr/login', 'fr'],
    ] as const) {
      const html = await (await fetch(`http://127.0.0.1:${trialPort}${pathname}`)).text();
      expect(html, pathname).toContain('data-testid="demo-banner"');
      expect(html, pathname).toContain(BANNER[lang]);
    }
    trial.child.kill('SIGTERM');
    expect(await trial.exited).toBe(0);
  }, 120_000);

  it('npm run jobs:daily on an unmigrated database migrates first and exits 0 without a stack trace', async () => {
    const file = dataDir('jobs-daily');
    new Database(file).close(); // an empty file: a database without a single table
    const env = startEnv(file, {});
    const child = spawn('npm', ['run', '--silent', 'jobs:daily'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((r) => child.once('exit', r));
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toContain('Migrations applied first');
    expect(stdout).toContain('Expired 0 award(s)');
    expect(stdout).not.toMatch(/^\s+at /m);
    const db = new Database(file, { readonly: true });
    const tables = db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'").get();
    db.close();
    expect((tables as { n: number }).n).toBeGreaterThan(10);
  });
});
