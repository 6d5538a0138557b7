/**
 * The production server, one process: migrations (backup first) and the demo seed (an empty
 * database of a local trial; a real install, PUBLIC_URL set or SEED_DEMO=false, never gets it and
 * locks the accounts that have a published demo password, with a warning) before listen,
 * then Express serving the Remix build, the daily jobs on a timer (credit expiry, a verified
 * backup), the mail worker (the outbox table), and a clean shutdown on SIGTERM/SIGINT: stop accepting connections, finish the requests
 * in flight (at most SHUTDOWN_TIMEOUT_MS, default 10 s), stop the jobs, checkpoint the WAL and
 * close the database. Started by `npm start` (scripts/start.mjs) from the bundle in
 * BUILD_DIR/app-server. While it runs, <data>/server.pid names it (db:restore refuses then).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from '@remix-run/node';
import { migrateDatabase } from '#db/migrate';
import { keepPlannerStatistics } from '#db/statistics';
import { closeDb, getDb } from '~/db.server';
import { env, sessionSecret } from '~/env.server';
import { expireCredits } from '~/services/money/ledger/expiry.server';
import { clearServerMark, markServerRunning, takeBackup } from '~/services/platform/backup.server';
import { logger } from '~/services/platform/log.server';
import { startMailWorker, stopMailWorker } from '~/services/platform/mail.server';
import { housekeeping } from '~/services/platform/housekeeping.server';
import { sendDueReminders } from '~/services/platform/reminders.server';
import { createApp } from './app';
import { applyFrameworkPatches } from './framework-patches';
import { PERF_MECHANISMS, perfOn } from '~/perf.server';
import { databaseVersion } from './perf/page-cache';
import { requestBrand } from '~/services/brands/brand-sites.server';
import { scheduleDailyJobs } from './daily-jobs';
import { idleCheckpoints } from './wal-checkpoint';
import { lockedPasswordMessage, lockPublishedPasswords, seedIfEmpty } from './first-run';

/** The stop's drain of connections still in the accept queue (see shutdown below). */
const DRAIN_CAP_MS = 5_000;
const DRAIN_QUIET_MS = 100;
const DRAIN_QUIET_TURNS = 3;

const DAY_MS = 24 * 60 * 60 * 1000;
const e = env();
const log = logger();
const buildDir = path.resolve(process.env.BUILD_DIR ?? 'build');
const shutdownMs = Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 10_000) || 10_000;
const graceMs = Number(process.env.SHUTDOWN_GRACE_MS ?? 0) || 0;

process.on('uncaughtException', (err) => {
  log.fatal({ err }, 'uncaught exception');
  process.exit(1);
});
process.on('unhandledRejection', (err) => log.error({ err }, 'unhandled rejection'));

sessionSecret();
const applied = await migrateDatabase(e.DATABASE_PATH, {
  warn: (err) => log.warn({ err }, 'planner statistics not kept at start (the daily jobs retry)'),
});
if (applied) log.info({ applied, database: e.DATABASE_PATH }, 'migrations applied');
const firstRun = await seedIfEmpty(getDb(), !e.REAL_INSTALL);
if (firstRun === 'seeded')
  log.warn(
    'empty database: demo data seeded (a local trial: its passwords are public; set PUBLIC_URL for a real install)',
  );
if (firstRun === 'skipped')
  log.info(
    'empty database of a real install (PUBLIC_URL set, or SEED_DEMO=false: no demo data; create the first admin with npm run user:create)',
  );
if (e.REAL_INSTALL) {
  // Locked, never a refused start: anyone who can register could plant such an account.
  const { locked, stillLocked } = await lockPublishedPasswords(
    getDb(),
    path.join(e.DATA_DIR, 'password-check'),
  );
  if (stillLocked > 0)
    log.warn({ locked: locked.length, stillLocked }, lockedPasswordMessage(locked, stillLocked));
}
markServerRunning(e.DATA_DIR);

let stopping = false;
const build = (await import(
  pathToFileURL(path.join(buildDir, 'server', 'index.js')).href
)) as ServerBuild;
if (perfOn('router-patches')) {
  const patches = applyFrameworkPatches();
  if (patches.skipped.length) log.warn(patches, 'framework patches: some could not be applied');
  else log.info(patches, 'framework patches applied');
}
const perfOff = PERF_MECHANISMS.filter((name) => !perfOn(name));
if (perfOff.length) log.warn({ perfOff }, 'speed mechanisms switched off (PERF_OFF)');
const app = createApp({
  build,
  buildDir,
  production: e.NODE_ENV === 'production',
  rateLimitFactor: Number(process.env.RATE_LIMIT_FACTOR ?? 1) || 1,
  trustProxy: process.env.TRUST_PROXY
    ? /^\d+$/.test(process.env.TRUST_PROXY)
      ? Number(process.env.TRUST_PROXY)
      : process.env.TRUST_PROXY === 'true'
        ? true
        : process.env.TRUST_PROXY
    : false,
  health: {
    sqlite: () => getDb().$client,
    dataDir: e.DATA_DIR,
    minFreeBytes: e.READY_MIN_FREE_MB * 1024 * 1024,
    stopping: () => stopping,
  },
  stopping: () => stopping,
  pageCache: { version: databaseVersion(() => getDb().$client), ttlMs: e.PAGE_CACHE_TTL_MS },
  brand: (headers) => requestBrand(getDb(), { ...headers, localTrial: !e.PUBLIC_URL_SET }),
});

const server = app.listen(e.PORT, () =>
  log.info({ port: e.PORT }, `contingency cash listening on http://localhost:${e.PORT}`),
);
let lastConnection = Date.now();
let acceptedCount = 0;
let requestsInProgress = 0;
// Every open connection: requests in progress on it, and whether it has sent one yet (under load a
// connection is accepted well before its request is read).
const connections = new Map<net.Socket, { busy: number; spoke: boolean }>();
server.on('connection', (socket: net.Socket) => {
  lastConnection = Date.now();
  acceptedCount += 1;
  connections.set(socket, { busy: 0, spoke: false });
  socket.once('close', () => connections.delete(socket));
});
server.on('request', (req: IncomingMessage, res: ServerResponse) => {
  const conn = connections.get(req.socket);
  if (!conn) return;
  conn.busy += 1;
  conn.spoke = true;
  requestsInProgress += 1;
  res.once('close', () => {
    conn.busy -= 1;
    requestsInProgress -= 1;
  });
});
const checkpoints = idleCheckpoints({
  sqlite: () => getDb().$client,
  busy: () => requestsInProgress > 0,
  onError: (err) => log.error({ err }, 'WAL checkpoint failed'),
});

// Mail: delivered from the outbox table (retries with backoff), never on a request's time; mails
// that can wait (receipts) go out when no request is in progress.
startMailWorker(getDb(), undefined, () => requestsInProgress > 0);

// ---------------------------------------------------------------- daily jobs
async function dailyJobs() {
  try {
    const r = expireCredits(getDb(), new Date());
    log.info({ job: 'expiry', expired: r.expired }, `daily jobs: expired ${r.expired} award(s)`);
  } catch (err) {
    log.error({ err, job: 'expiry' }, 'daily job failed');
  }
  try {
    const m = await sendDueReminders(getDb(), new Date());
    log.info({ job: 'reminders', sent: m.sent }, `daily jobs: ${m.sent} reminder(s) sent`);
  } catch (err) {
    log.error({ err, job: 'reminders' }, 'daily job failed');
  }
  try {
    const purged = housekeeping(getDb());
    log.info(
      { job: 'housekeeping', ...purged },
      'old sent mails, idempotency keys, expired sessions and sign-in challenges removed',
    );
  } catch (err) {
    log.error({ err, job: 'housekeeping' }, 'daily job failed');
  }
  try {
    keepPlannerStatistics(getDb().$client);
    log.info({ job: 'statistics' }, 'query planner statistics refreshed where tables grew');
  } catch (err) {
    log.error({ err, job: 'statistics' }, 'daily job failed');
  }
  try {
    const b = await takeBackup({
      sqlite: getDb().$client,
      uploadDir: e.UPLOAD_DIR,
      dir: e.BACKUP_DIR,
      keep: e.BACKUP_KEEP,
    });
    log.info(
      { job: 'backup', backup: b.name, bytes: b.bytes, uploads: b.uploads, pruned: b.pruned },
      'daily backup taken and verified',
    );
  } catch (err) {
    log.error({ err, job: 'backup' }, 'daily backup FAILED');
  }
}
const jobs = scheduleDailyJobs(dailyJobs, {
  firstDelayMs: 5_000,
  everyMs: DAY_MS,
  enabled: e.DISABLE_JOBS !== 'true',
});

// ---------------------------------------------------------------- clean shutdown
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
  // No daily pass starts any more; one under way is waited for below.
  const jobsStopped = jobs.stop(shutdownMs);
  // Optional grace (behind a load balancer): /readyz answers 503 at once, the listener stays open.
  if (graceMs > 0) await new Promise((r) => setTimeout(r, graceMs));
  // Connections already waiting in the kernel's accept queue would be reset by closing the
  // listener: keep accepting (and answering, with Connection: close) until DRAIN_QUIET_TURNS turns
  // of the event loop in a row accepted none and none came for DRAIN_QUIET_MS, at most
  // DRAIN_CAP_MS (on a loaded machine a shorter cap left part of the queue unaccepted, reset).
  // Counted in turns, not only in time: a busy loop accepts a batch, spends long on its requests,
  // and takes the next batch only at its next turn.
  const drainUntil = Date.now() + Math.min(shutdownMs, DRAIN_CAP_MS);
  let seen = acceptedCount;
  let quietTurns = 0;
  for (;;) {
    await new Promise((r) => setImmediate(r)); // after the poll phase, where accepting happens
    quietTurns = acceptedCount === seen ? quietTurns + 1 : 0;
    seen = acceptedCount;
    if (Date.now() >= drainUntil) break;
    if (quietTurns >= DRAIN_QUIET_TURNS && Date.now() - lastConnection >= DRAIN_QUIET_MS) break;
    await new Promise((r) => setTimeout(r, 25));
  }
  // Stop listening only (http's close() would also drop connections whose request bytes have
  // arrived but not been read yet: under load those are requests in flight too).
  net.Server.prototype.close.call(server);
  // Then wait until every connection has had its answer: one with a request in progress, or one
  // accepted whose request has not been read yet, holds the stop (at most SHUTDOWN_TIMEOUT_MS);
  // one idle after its answers is closed (answers now carry Connection: close).
  const deadline = Date.now() + shutdownMs;
  for (;;) {
    for (const [socket, conn] of connections) if (conn.spoke && conn.busy === 0) socket.destroy();
    if (connections.size === 0 || Date.now() >= deadline) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  if (connections.size > 0)
    log.warn(
      { connections: connections.size, afterMs: shutdownMs },
      'connections still open after the shutdown timeout: closing them',
    );
  server.closeAllConnections();
  if (jobs.busy()) log.info('waiting for the daily jobs to finish');
  await jobsStopped;
  await Promise.race([stopMailWorker(), new Promise((r) => setTimeout(r, shutdownMs).unref())]);
  checkpoints.stop();
  try {
    getDb().$client.pragma('wal_checkpoint(TRUNCATE)');
  } catch (err) {
    log.error({ err }, 'WAL checkpoint failed');
  }
  closeDb();
  clearServerMark(e.DATA_DIR);
  log.info('stopped cleanly');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
