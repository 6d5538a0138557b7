/**
 * npm start — builds when there is no build, migrates (backup first), seeds an empty database,
 * then serves the app with remix-serve on PORT (default 3000) and runs the daily jobs.
 * Nothing must be configured: the session secret is generated and kept in the data folder.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { migrateDatabase } from '#db/migrate';
import { users } from '#db/schema';
import { seed } from '#db/seed';
import { openDb } from '~/db.server';
import { env, sessionSecret } from '~/env.server';

const e = env();
const buildDir = process.env.BUILD_DIR ?? 'build';
const serverEntry = path.join(buildDir, 'server', 'index.js');

if (!fs.existsSync(serverEntry)) {
  console.log('No build found: building…');
  const r = spawnSync('npx', ['remix', 'vite:build'], { stdio: 'inherit', env: process.env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

sessionSecret();
const applied = await migrateDatabase(e.DATABASE_PATH);
if (applied) console.log(`Applied ${applied} migration(s) to ${e.DATABASE_PATH}`);
const db = openDb(e.DATABASE_PATH);
const userCount = db.select({ n: count() }).from(users).get()?.n ?? 0;
if (userCount === 0) {
  console.log('Empty database: seeding demo data…');
  await seed(db);
}
db.$client.close();

// remix-serve started directly with node (not through npx) so signals reach it.
const serveCli = path.join('node_modules', '@remix-run', 'serve', 'dist', 'cli.js');
const child = spawn(process.execPath, [serveCli, serverEntry], {
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production', PORT: String(e.PORT) },
});

function runJobs() {
  const r = spawn(process.execPath, ['--import', 'tsx', 'scripts/jobs-expire.ts'], { stdio: 'inherit', env: process.env });
  r.on('error', (err) => console.error('expiry job failed', err));
}
let timer: NodeJS.Timeout | undefined;
if (e.DISABLE_JOBS !== 'true') {
  runJobs();
  timer = setInterval(runJobs, 24 * 60 * 60 * 1000);
}

const stop = (signal: NodeJS.Signals) => {
  if (timer) clearInterval(timer);
  child.kill(signal);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
child.on('exit', (code) => {
  if (timer) clearInterval(timer);
  process.exit(code ?? 0);
});
