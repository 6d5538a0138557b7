/**
 * Operations against the real built server, started here on its own data folder:
 * /healthz and /readyz; `npm run db:backup` while it serves, `db:restore` refused while it runs;
 * and a clean shutdown: SIGTERM in the middle of a burst of counter redemptions (demo dealer,
 * demo rider, PIN 1234, over /api/dealer/redeem) — every acknowledged redemption is stored with
 * its ledger row, none is half-written (ledger = balances), the WAL is checkpointed, exit code 0.
 * And a production install (SEED_DEMO=false) on an empty data folder starts with no users, and
 * still exits cleanly on SIGTERM once its log reader went away.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD } from '#db/seed-accounts';
import { checkDatabase } from '~/services/platform/integrity.server';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../scripts/node-flags.mjs';

const run = promisify(execFile);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-ops-'));
const env = {
  ...process.env,
  ...SERVER_ENV,
  BUILD_DIR: process.env.BUILD_DIR ?? 'build',
  DATABASE_PATH: path.join(dir, 'app.db'),
  MAIL_OUTBOX: path.join(dir, 'outbox'),
  UPLOAD_DIR: path.join(dir, 'uploads'),
  BACKUP_DIR: path.join(dir, 'backups'),
  DISABLE_JOBS: 'true',
  RATE_LIMIT_FACTOR: '100',
  SMTP_URL: '',
  LOG_FORMAT: 'json',
  LOG_LEVEL: 'info',
};
let server: ChildProcess;
let base = '';
let output = '';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'scripts/start.mjs'], {
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  server.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  for (let i = 0; i < 240; i++) {
    if (server.exitCode !== null) throw new Error(`server exited: ${output}`);
    const ok = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server not ready: ${output}`);
});

afterAll(() => {
  if (server.exitCode === null) server.kill('SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
});

async function signIn(email: string): Promise<string> {
  const r = await fetch(`${base}/login`, {
    method: 'POST',
    body: new URLSearchParams({ email, password: DEMO_PASSWORD }),
    redirect: 'manual',
  });
  expect(r.status).toBe(302);
  return r.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** A server of its own on an empty data folder (SEED_DEMO=false), with its log captured. */
async function ownServer() {
  const own = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-noseed-'));
  const port = await freePort();
  const out = { log: '' };
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'scripts/start.mjs'], {
    env: {
      ...env,
      PORT: String(port),
      SEED_DEMO: 'false',
      DATABASE_PATH: path.join(own, 'app.db'),
      MAIL_OUTBOX: path.join(own, 'outbox'),
      UPLOAD_DIR: path.join(own, 'uploads'),
      BACKUP_DIR: path.join(own, 'backups'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (c: Buffer) => (out.log += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out.log += c.toString()));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const done = () => {
    if (child.exitCode === null) child.kill('SIGKILL');
    fs.rmSync(own, { recursive: true, force: true });
  };
  let ready = false;
  for (let i = 0; i < 240 && !ready; i++) {
    if (child.exitCode !== null) break;
    ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (!ready) await new Promise((r) => setTimeout(r, 250));
  }
  return { own, port, out, child, exited, ready, done };
}

describe('a production install: SEED_DEMO=false', () => {
  // One server of its own for both: a start is seconds of CPU. The process supervisor (or a
  // benchmark, or a terminal) that went away makes every write to stdout fail with EPIPE.
  // sonic-boom 4 (under pino) retried such a write forever in its exit flush, so the server never
  // exited; package.json's override puts pino on sonic-boom 5, which gives up.
  it('an empty database starts ready with no users (no demo accounts); SIGTERM after stdout is closed: the server still exits, cleanly', async () => {
    const { own, port, out, child, exited, ready, done } = await ownServer();
    try {
      expect(ready, out.log).toBe(true);
      // Log lines leave in batches, at the latest a second after they are written.
      await expect.poll(() => out.log, { timeout: 5000 }).toMatch(/SEED_DEMO=false: no demo data/);
      const look = new Database(path.join(own, 'app.db'), { readonly: true });
      expect(look.prepare('SELECT count(*) AS n FROM users').get()).toEqual({ n: 0 });
      look.close();
      // The demo admin cannot sign in: the account does not exist.
      const r = await fetch(`http://127.0.0.1:${port}/login`, {
        method: 'POST',
        body: new URLSearchParams({ email: DEMO.admin, password: DEMO_PASSWORD }),
        redirect: 'manual',
      });
      expect(r.status).not.toBe(302);
      // Lines waiting in the log buffer (flushed at the latest a second later, or at exit).
      for (let i = 0; i < 5; i++)
        await (await fetch(`http://127.0.0.1:${port}/about/overview`)).text();
      child.stdout!.destroy();
      child.kill('SIGTERM');
      const code = await Promise.race([
        exited,
        new Promise<string>((r) => setTimeout(() => r('still running after 20 s'), 20_000)),
      ]);
      expect(code).toBe(0);
    } finally {
      done();
    }
  }, 40_000);
});

describe('operations on the running server', () => {
  it('/healthz and /readyz answer JSON, with a request id', async () => {
    const h = await fetch(`${base}/healthz`);
    expect(h.status).toBe(200);
    expect(await h.json()).toEqual({ status: 'ok' });
    expect(h.headers.get('x-request-id')).toBeTruthy();
    const r = await fetch(`${base}/readyz`);
    expect(await r.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', disk: 'ok' },
    });
  });

  it('db:backup works while the server serves; db:restore refuses while it runs', async () => {
    const tsx = ['--import', 'tsx'];
    const b = await run(process.execPath, [...tsx, 'scripts/db-backup.ts'], { env });
    expect(b.stdout).toMatch(/checks passed/);
    const [name] = fs.readdirSync(env.BACKUP_DIR).filter((n) => n.startsWith('backup-'));
    const r = await run(process.execPath, [...tsx, 'scripts/db-restore.ts', name], { env }).catch(
      (e: { stderr: string; code: number }) => e,
    );
    expect((r as { code: number }).code).toBe(1);
    expect((r as { stderr: string }).stderr).toMatch(/server is running/);
  });

  it('SIGTERM during a burst of redemptions: every acknowledged one stored whole, clean exit', async () => {
    const cookie = await signIn(DEMO.dealer);
    const look = new Database(env.DATABASE_PATH, { readonly: true });
    const riderId = (
      look
        .prepare(`SELECT r.id FROM riders r JOIN users u ON u.id = r.user_id WHERE u.email = ?`)
        .get(DEMO.rider) as { id: number }
    ).id;
    const before = (
      look.prepare('SELECT count(*) AS n FROM credit_redemptions').get() as { n: number }
    ).n;
    look.close();

    const N = 40;
    let acked = 0;
    let signalled = false;
    const exited = new Promise<number | null>((r) => server.once('exit', (code) => r(code)));
    const outcomes = await Promise.all(
      Array.from({ length: N }, async (_, i) => {
        try {
          const r = await fetch(`${base}/api/dealer/redeem`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', cookie },
            body: JSON.stringify({
              riderId,
              amount: '0.10',
              pin: '1234',
              employeeName: `burst ${i}`,
              idVerified: true,
            }),
          });
          const body = (await r.json()) as { redemption?: { id: number; amountCents: number } };
          if (r.status === 200 && body.redemption) {
            acked += 1;
            // Mid-burst: the first acknowledgements are in, most requests still in flight.
            if (acked === 3 && !signalled) {
              signalled = true;
              server.kill('SIGTERM');
            }
            return { ok: true as const, id: body.redemption.id };
          }
          return { ok: false as const, status: r.status };
        } catch (err) {
          return { ok: false as const, error: String((err as { cause?: unknown }).cause ?? err) };
        }
      }),
    );
    expect(signalled).toBe(true);
    expect(await exited).toBe(0);
    expect(output).toMatch(/"signal":"SIGTERM"/);
    expect(output).toMatch(/stopped cleanly/);

    const ok = outcomes.filter((o) => o.ok);
    // Requests in flight when the signal came were finished and answered (3 were in before it).
    expect(ok.length).toBeGreaterThan(3);
    // The WAL was checkpointed into the database file and removed at close.
    const wal = `${env.DATABASE_PATH}-wal`;
    expect(!fs.existsSync(wal) || fs.statSync(wal).size === 0).toBe(true);

    const db = new Database(env.DATABASE_PATH, { readonly: true });
    const stored = db
      .prepare('SELECT id, amount_cents FROM credit_redemptions WHERE id > 0 ORDER BY id')
      .all() as { id: number; amount_cents: number }[];
    const byId = new Map(stored.map((r) => [r.id, r]));
    for (const o of ok) expect(byId.get(o.id)?.amount_cents, `redemption ${o.id}`).toBe(10);
    // And nothing was stored without its answer reaching the counter (connections the server had
    // not yet accepted were refused, never half-served).
    expect(stored.length - before).toBe(ok.length);
    // None half-written: each redemption's ledger rows take exactly its amount; ledger = balances.
    const halfWritten = db
      .prepare(
        `SELECT c.id FROM credit_redemptions c
           LEFT JOIN ledger_entries l ON l.redemption_id = c.id AND l.kind = 'redemption'
          GROUP BY c.id HAVING coalesce(sum(l.amount_cents), 0) != -c.amount_cents`,
      )
      .all();
    expect(halfWritten).toEqual([]);
    const check = checkDatabase(db);
    expect(check.problems).toEqual([]);
    db.close();
  });
});
