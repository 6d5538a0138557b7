/**
 * npm run bench:mechanisms -- [--db bench/.data/bench.db] [--duration 3] [--reps 2] [--only a,b]
 *
 * What each speed-only mechanism (app/perf.server.ts) wins on the bench's user paths: for each,
 * the app (BUILD_DIR, default build-bench) with the mechanism on and the same app with it off
 * (`PERF_OFF`), side by side on one copy of the database, asked the same paths in turn,
 * interleaved (autocannon, 20 connections); then the counter: the same number of $1 redemptions
 * on each, 10 at a time. Prints, per path, the server's CPU per request with and without it (what
 * the machine's other load moves least; /proc counts it in 10 ms ticks), the share of it the
 * mechanism saves, and req/s. The page cache hides every other mechanism from an
 * anonymous visitor, so the others are measured with it off on both sides.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { PERF_MECHANISMS } from '~/perf.server';
import { SERVER_NODE_FLAGS } from '../scripts/node-flags.mjs';
import { benchAppEnv } from './app-env';
import { signIn } from './sign-in';
import { median } from './stats';

const { values: opt } = parseArgs({
  options: {
    db: { type: 'string', default: 'bench/.data/bench.db' },
    duration: { type: 'string', default: '3' },
    reps: { type: 'string', default: '2' },
    connections: { type: 'string', default: '20' },
    only: { type: 'string' },
    redemptions: { type: 'string', default: '100' },
  },
});
const duration = Number(opt.duration);
const reps = Number(opt.reps);
const connections = Number(opt.connections);
const root = path.resolve(import.meta.dirname, '..');
const buildDir = process.env.BUILD_DIR ?? 'build-bench';
if (!fs.existsSync(path.join(root, buildDir, 'app-server', 'index.js')))
  throw new Error(`no build in ${buildDir}: BUILD_DIR=${buildDir} npm run build first`);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-mech-'));
const children: ChildProcess[] = [];
process.on('exit', () => {
  for (const c of children) c.kill();
  // A server still writing its outbox as it is killed can leave a file behind the removal.
  fs.rmSync(tmp, { recursive: true, force: true, maxRetries: 3 });
});
const dbFile = path.join(tmp, 'bench.db');
fs.copyFileSync(path.resolve(root, opt.db), dbFile);

let nextPort = 3400;
type Server = { url: string; proc: ChildProcess };
async function serve(perfOff: string): Promise<Server> {
  const port = nextPort++;
  const proc = spawn('node', [...SERVER_NODE_FLAGS, 'scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      ...benchAppEnv(buildDir, dbFile, tmp),
      PORT: String(port),
      PERF_OFF: perfOff,
      DISABLE_JOBS: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(proc);
  let stderr = '';
  proc.stderr!.on('data', (d) => (stderr += d));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (proc.exitCode !== null) throw new Error(`the app exited: ${stderr}`);
    try {
      await fetch(url + '/healthz');
      return { url, proc };
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error('the app did not answer');
}

const cpuMs = (pid: number) => {
  const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
};

const db = new Database(dbFile, { readonly: true });
const one = <T>(q: string) => db.prepare(q).get() as T;
const eventId = one<{ id: number }>(
  `SELECT event_id AS id FROM results GROUP BY event_id ORDER BY count(*) DESC LIMIT 1`,
).id;
const busyRider = one<{ id: number; email: string }>(
  `SELECT r.id, u.email FROM riders r JOIN users u ON u.id = r.user_id
     WHERE u.email_verified = 1 AND u.deactivated = 0
       AND EXISTS (SELECT 1 FROM bikes b WHERE b.rider_id = r.id)
       AND NOT EXISTS (SELECT 1 FROM bikes b WHERE b.rider_id = r.id AND b.valid = 0)
     ORDER BY (SELECT count(*) FROM awards a WHERE a.rider_id = r.id) DESC, r.id LIMIT 1`,
);
const redemptions = Number(opt.redemptions);
const counterRiders = (
  db
    .prepare(
      `SELECT rider_id AS id FROM awards WHERE payout_type = 'dealerCredit' AND status = 'current'
         AND currency = 'USD' AND expires_at > ? AND current_cents >= 1000 GROUP BY rider_id LIMIT ?`,
    )
    .all(new Date().toISOString(), 4000) as { id: number }[]
).map((r) => r.id);
db.close();
let riderAt = 0;

type Path = { name: string; path: string; role?: 'rider' | 'dealer' | 'admin' };
const PATHS: Path[] = [
  { name: 'anonymous /', path: '/' },
  { name: 'anonymous /events', path: '/events' },
  { name: 'anonymous event page', path: `/events/event/${eventId}` },
  { name: 'anonymous /api/events', path: '/api/events' },
  { name: 'anonymous /api/events-lean', path: '/api/events-lean' },
  { name: 'rider home', path: '/auth/rider', role: 'rider' },
  { name: 'dealer rider page', path: `/auth/dealer/rider/${busyRider.id}`, role: 'dealer' },
  { name: 'dealer redemptions', path: '/auth/dealer/redemptions', role: 'dealer' },
  { name: 'admin riders', path: '/auth/admin/riders', role: 'admin' },
];

async function cookiesOf(s: Server) {
  return {
    rider: await signIn(s.url, busyRider.email),
    dealer: await signIn(s.url, 'dealer@contingency.test'),
    admin: await signIn(s.url, 'admin@contingency.test'),
  };
}

/** One path under load: req/s, and the server's CPU per request (ms; unmoved by other load). */
async function load(
  s: Server,
  p: Path,
  cookies: Record<string, string>,
  seconds = duration,
): Promise<{ rps: number; cpu: number }> {
  const cpu0 = cpuMs(s.proc.pid!);
  const r = await autocannon({
    url: s.url + p.path,
    connections,
    duration: seconds,
    headers: p.role ? { cookie: cookies[p.role] } : undefined,
  });
  if (r.non2xx || r.errors) throw new Error(`${p.name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, cpu: (cpuMs(s.proc.pid!) - cpu0) / r.requests.total };
}

/** `redemptions` $1 redemptions, 10 at a time: redemptions per second and server CPU ms each. */
async function counter(s: Server, dealer: string): Promise<{ perSecond: number; cpu: number }> {
  const riders = counterRiders.slice(riderAt, (riderAt += redemptions));
  const cpu0 = cpuMs(s.proc.pid!);
  const t0 = performance.now();
  for (let i = 0; i < riders.length; i += 10)
    await Promise.all(
      riders.slice(i, i + 10).map(async (riderId) => {
        const res = await fetch(`${s.url}/api/dealer/redeem`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Cookie: dealer, Origin: s.url },
          body: JSON.stringify({
            riderId,
            amount: '1.00',
            pin: '1234',
            employeeName: 'Bench',
            idVerified: true,
          }),
        });
        const text = await res.text();
        if (res.status !== 200) throw new Error(`redemption: ${res.status} ${text.slice(0, 120)}`);
      }),
    );
  const seconds = (performance.now() - t0) / 1000;
  return { perSecond: riders.length / seconds, cpu: (cpuMs(s.proc.pid!) - cpu0) / riders.length };
}

const only = opt.only?.split(',');
// `--only` may name a mechanism this checkout no longer has, to measure it on an older build.
const mechanisms: string[] = only ?? [...PERF_MECHANISMS];
console.log(
  `${connections} connections, ${duration} s per path and side, median of ${reps} interleaved runs; ${redemptions} redemptions per side — ${new Date().toISOString().slice(0, 16)}, ${os.cpus().length} cores\n`,
);
for (const mechanism of mechanisms) {
  const base = mechanism === 'page-cache' ? '' : 'page-cache';
  const on = await serve(base);
  const off = await serve(base ? `${base},${mechanism}` : mechanism);
  const sides = [
    { label: 'on', server: on, cookies: await cookiesOf(on) },
    { label: 'off', server: off, cookies: await cookiesOf(off) },
  ];
  const paths = mechanism === 'page-cache' ? PATHS.filter((p) => !p.role) : PATHS;
  const runs = new Map<string, Record<'on' | 'off', { rps: number; cpu: number }[]>>();
  // Each path once before measuring (2 s): a route's first seconds in a process compile its code.
  for (const p of paths)
    for (const side of sides) await load(side.server, p, side.cookies, Math.min(2, duration));
  for (let rep = 0; rep < reps; rep++)
    for (const p of paths)
      for (const side of sides) {
        const row = runs.get(p.name) ?? runs.set(p.name, { on: [], off: [] }).get(p.name)!;
        row[side.label as 'on' | 'off'].push(await load(side.server, p, side.cookies));
      }
  console.log(`## ${mechanism}${base ? ' (page cache off on both sides)' : ''}\n`);
  console.log('| path | CPU ms/request on | off | saved | req/s on | off |');
  console.log('|---|---|---|---|---|---|');
  for (const [name, r] of runs) {
    const cpuOn = median(r.on.map((x) => x.cpu));
    const cpuOff = median(r.off.map((x) => x.cpu));
    console.log(
      `| ${name} | ${cpuOn.toFixed(2)} | ${cpuOff.toFixed(2)} | ${((1 - cpuOn / cpuOff) * 100).toFixed(0)} % | ${median(r.on.map((x) => x.rps)).toFixed(0)} | ${median(r.off.map((x) => x.rps)).toFixed(0)} |`,
    );
  }
  if (mechanism !== 'page-cache') {
    const c: Record<string, { perSecond: number; cpu: number }> = {};
    await counter(on, sides[0].cookies.dealer); // warm-up
    await counter(off, sides[1].cookies.dealer);
    for (const side of sides) c[side.label] = await counter(side.server, side.cookies.dealer);
    console.log(
      `| counter redemption | ${c.on.cpu.toFixed(2)} | ${c.off.cpu.toFixed(2)} | ${((1 - c.on.cpu / c.off.cpu) * 100).toFixed(0)} % | ${c.on.perSecond.toFixed(0)} | ${c.off.perSecond.toFixed(0)} |`,
    );
  }
  console.log('');
  for (const s of [on, off]) s.proc.kill();
  await new Promise((r) => setTimeout(r, 500));
}
process.exit(0);
