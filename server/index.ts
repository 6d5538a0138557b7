/**
 * The production server, one process: migrations (backup first) and the demo seed before listen,
 * then Express serving the Remix build, the daily jobs on a timer, and a clean shutdown on
 * SIGTERM/SIGINT. Started by `npm start` (scripts/start.mjs) from the bundle in BUILD_DIR/app-server.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from '@remix-run/node';
import { count } from 'drizzle-orm';
import { migrateDatabase } from '#db/migrate';
import { users } from '#db/schema';
import { closeDb, getDb } from '~/db.server';
import { env, sessionSecret } from '~/env.server';
import { expireCredits } from '~/services/money/expiry.server';
import { sendDueReminders } from '~/services/platform/reminders.server';
import { createApp } from './app';

const DAY_MS = 24 * 60 * 60 * 1000;
const e = env();
const buildDir = path.resolve(process.env.BUILD_DIR ?? 'build');

sessionSecret();
const applied = await migrateDatabase(e.DATABASE_PATH);
if (applied) console.log(`Applied ${applied} migration(s) to ${e.DATABASE_PATH}`);
const db = getDb();
if ((db.select({ n: count() }).from(users).get()?.n ?? 0) === 0) {
  console.log('Empty database: seeding demo data…');
  const { seed } = await import('#db/seed');
  await seed(db);
}

const build = (await import(pathToFileURL(path.join(buildDir, 'server', 'index.js')).href)) as ServerBuild;
const app = createApp({
  build,
  buildDir,
  production: e.NODE_ENV === 'production',
  rateLimitFactor: Number(process.env.RATE_LIMIT_FACTOR ?? 1) || 1,
  trustProxy: process.env.TRUST_PROXY ? (/^\d+$/.test(process.env.TRUST_PROXY) ? Number(process.env.TRUST_PROXY) : process.env.TRUST_PROXY === 'true' ? true : process.env.TRUST_PROXY) : false,
});

const server = app.listen(e.PORT, () => console.log(`contingency cash listening on http://localhost:${e.PORT}`));

function runDailyJobs() {
  try {
    const r = expireCredits(getDb(), new Date());
    console.log(`Daily jobs: expired ${r.expired} award(s)`);
    void sendDueReminders(getDb(), new Date()).then((m) => console.log(`Daily jobs: ${m.sent} reminder(s) sent`), (err) => console.error('Reminders failed', err));
  } catch (err) {
    console.error('Daily jobs failed', err);
  }
}
let jobs: NodeJS.Timeout | undefined;
if (e.DISABLE_JOBS !== 'true') {
  setImmediate(runDailyJobs);
  jobs = setInterval(runDailyJobs, DAY_MS);
}

let stopping = false;
function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: finishing requests in flight…`);
  if (jobs) clearInterval(jobs);
  const force = setTimeout(() => server.closeAllConnections(), 10_000).unref();
  server.close(() => {
    clearTimeout(force);
    closeDb();
    process.exit(0);
  });
  server.closeIdleConnections();
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
