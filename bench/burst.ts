/**
 * npm run bench:burst -- [--db bench/.data/bench.db] [--attackers 200] [--rounds 3]
 *
 * Other visitors' pages while a burst of wrong sign-ins arrives. Starts the built app
 * (BUILD_DIR, default build-bench; on a copy of `--db`, or on a fresh demo database when there is
 * none) with the production rate limits (RATE_LIMIT_FACTOR=1) and no daily jobs, signs a rider in,
 * checks that the server counts a sign-in against the socket's own address, then for each round:
 *   - `baseline`: the visitors alone, 1.5 s;
 *   - `one account`: `--attackers` wrong passwords for the demo admin at once, each from its own
 *     source address (127.0.0.2, 127.0.0.3 … on the loopback /8) — what the throttle must hold;
 *   - `many accounts`: the same, each at another (unknown) e-mail — every one may be checked, so
 *     this is what the bounded hashing line and the sign-in admission must hold;
 * while two visitors, in a process of their own, keep asking one request after another (each from the next address of 127.0.1.0/24 and
 * 127.0.2.0/24, under the per-address read limit) for a
 * public page rendered anew (`/events?probe=N`: a query of its own, never a cached answer) and a
 * signed-in rider's home. Prints p50/p99 of both per shape, the sign-ins' statuses, the server's
 * CPU time per burst (what the burst costs it, whatever else the machine runs) and the target:
 * p99 ≤ 1 s during a burst.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { SERVER_NODE_FLAGS } from '../scripts/node-flags.mjs';
import { benchAppEnv } from './app-env';
import { signIn } from './sign-in';

const { values: opt } = parseArgs({
  options: {
    db: { type: 'string', default: 'bench/.data/bench.db' },
    attackers: { type: 'string', default: '200' },
    rounds: { type: 'string', default: '3' },
  },
});
const attackers = Math.min(254, Number(opt.attackers));
const rounds = Number(opt.rounds);
const root = path.resolve(import.meta.dirname, '..');
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? 'build-bench');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-burst-'));

if (!fs.existsSync(path.join(buildDir, 'app-server', 'index.js')))
  throw new Error(`no build in ${buildDir}: BUILD_DIR=${buildDir} npm run build`);
const dbFile = path.join(tmp, 'app.db');
const fromDb = fs.existsSync(path.resolve(opt.db!));
if (fromDb) fs.copyFileSync(path.resolve(opt.db!), dbFile);

const port = 4800 + Math.floor(Math.random() * 500);
const base = `http://127.0.0.1:${port}`;
const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'scripts/start.mjs'], {
  cwd: root,
  env: {
    ...process.env,
    ...benchAppEnv(buildDir, dbFile, tmp),
    PORT: String(port),
    RATE_LIMIT_FACTOR: '1',
    DISABLE_JOBS: 'true',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
process.on('exit', () => {
  child.kill();
  fs.rmSync(tmp, { recursive: true, force: true });
});
for (let i = 0; ; i++) {
  if (child.exitCode !== null) throw new Error('the app exited');
  if (i > 1200) throw new Error('the app did not answer');
  try {
    await fetch(`${base}/`);
    break;
  } catch {
    await new Promise((r) => setTimeout(r, 100));
  }
}

type Answer = { status: number; ms: number };

/** One request on a connection of its own, from `localAddress`. */
function send(
  p: string,
  opts: { localAddress?: string; form?: Record<string, string>; cookie?: string } = {},
): Promise<Answer> {
  const body = opts.form ? new URLSearchParams(opts.form).toString() : undefined;
  const headers: Record<string, string> = { Connection: 'close' };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    headers.Origin = base;
  }
  if (opts.cookie) headers.Cookie = opts.cookie;
  const start = performance.now();
  return new Promise((resolve) => {
    const r = http.request(
      {
        host: '127.0.0.1',
        port,
        path: p,
        method: body === undefined ? 'GET' : 'POST',
        headers,
        localAddress: opts.localAddress,
        agent: false,
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, ms: performance.now() - start }),
        );
      },
    );
    r.on('error', () => resolve({ status: 0, ms: performance.now() - start }));
    r.end(body);
  });
}

/**
 * The two visitors, in a process of their own (timed in this one, they would include this
 * process's own wait behind the burst it sends): after a first line on stdin, each asks for its
 * page one request after another (a connection each) until a second line, then all their answers
 * are printed as JSON.
 */
const VISITORS = `
import http from 'node:http';
const [port, cookie, tag] = process.argv.slice(1);
let stop = false;
const get = (path, headers, localAddress) => new Promise((resolve) => {
  const start = performance.now();
  const r = http.get({ host: '127.0.0.1', port, path, localAddress, headers: { Connection: 'close', ...headers }, agent: false }, (res) => {
    res.resume();
    res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - start }));
  });
  r.on('error', () => resolve({ status: 0, ms: performance.now() - start }));
});
// Each request from the next address of the visitor's own /24: two visitors stand for many
// people, and one address asking back to back would meet the per-address read limit.
const loop = async (page, headers, net) => {
  const out = [];
  for (let n = 0; !stop; n++) out.push(await get(page(n), headers, net + ((n % 250) + 1)));
  return out;
};
const lines = [];
process.stdin.on('data', (d) => lines.push(d));
const line = async (n) => { while (lines.length < n) await new Promise((r) => setTimeout(r, 5)); };
process.stdout.write('ready\\n');
await line(1);
const both = Promise.all([
  loop((n) => '/events?probe=' + tag + '-' + n + '-' + Date.now(), {}, '127.0.1.'),
  loop(() => '/auth/rider', { Cookie: cookie }, '127.0.2.'),
]);
await line(2);
stop = true;
const [pub, signed] = await both;
process.stdout.write(JSON.stringify({ pub, signed }));
process.exit(0);
`;

/** Starts the visitors' process; `go()` starts them, `stop()` ends them and returns their answers. */
async function visitors(cookie: string, tag: string) {
  const proc = spawn(
    process.execPath,
    ['--input-type=module', '-e', VISITORS, String(port), cookie, tag],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  let out = '';
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  await new Promise<void>((resolve) =>
    proc.stdout!.on('data', () => out.includes('ready') && resolve()),
  );
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  return {
    go: () => proc.stdin!.write('go\n'),
    stop: async () => {
      proc.stdin!.write('stop\n');
      await exited;
      return JSON.parse(out.slice(out.indexOf('{'))) as { pub: Answer[]; signed: Answer[] };
    },
  };
}

const pct = (values: number[], p: number) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? NaN;
};
const figures = (a: Answer[]) => {
  const ms = a.map((x) => x.ms);
  const bad = a.filter((x) => x.status !== 200).length;
  return `p50 ${pct(ms, 0.5).toFixed(0)} ms, p99 ${pct(ms, 0.99).toFixed(0)} ms, max ${Math.max(...ms).toFixed(0)} ms (${a.length} answers${bad ? `, ${bad} not 200` : ''})`;
};
const statuses = (a: Answer[]) =>
  Object.entries(
    a.reduce<Record<number, number>>((m, x) => ((m[x.status] = (m[x.status] ?? 0) + 1), m), {}),
  )
    .map(([s, n]) => `${n}× ${s}`)
    .join(', ');

const forgetFailures = () => {
  const db = new Database(dbFile);
  db.prepare(`DELETE FROM rate_limits WHERE key LIKE 'login-fail:%'`).run();
  db.close();
};
/** The failures the server counted against each client address (the throttle's key). */
const addressCounts = () => {
  const db = new Database(dbFile, { readonly: true });
  const rows = db
    .prepare(`SELECT key, count FROM rate_limits WHERE key LIKE 'login-fail:address:%'`)
    .all() as { key: string; count: number }[];
  db.close();
  return new Map(rows.map((r) => [r.key.slice('login-fail:address:'.length), r.count]));
};

/** The server's CPU time so far (ms, user + system; /proc counts in clock ticks). */
const ticksPerSecond = Number(spawnSync('getconf', ['CLK_TCK']).stdout?.toString()) || 100;
const serverCpuMs = () => {
  const fields = fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
};

const rider = await signIn(base, 'rider@contingency.test');

// The client address is the socket's (trust proxy off): 2 failures from .250 and 1 from .251,
// whatever X-Forwarded-For says, are counted against exactly those two addresses.
forgetFailures();
for (const [address, n] of [
  ['127.0.0.250', 2],
  ['127.0.0.251', 1],
] as const)
  for (let i = 0; i < n; i++)
    await send('/login', { localAddress: address, form: { email: 'x@burst.test', password: 'x' } });
const counted = addressCounts();
const socketSeen =
  counted.size === 2 &&
  [...counted].some(([k, n]) => k.endsWith('127.0.0.250') && n === 2) &&
  [...counted].some(([k, n]) => k.endsWith('127.0.0.251') && n === 1);

type Shape = 'baseline' | 'one account' | 'many accounts';
type Seen = {
  pub: Answer[];
  signed: Answer[];
  signIns: Answer[];
  burstMs: number[];
  cpuMs: number[];
};
const empty = (): Seen => ({ pub: [], signed: [], signIns: [], burstMs: [], cpuMs: [] });
const seen: Record<Shape, Seen> = {
  baseline: empty(),
  'one account': empty(),
  'many accounts': empty(),
};

async function round(shape: Shape, r: number) {
  forgetFailures();
  const v = await visitors(rider, `${r}-${shape.replace(' ', '-')}`);
  v.go();
  await new Promise((res) => setTimeout(res, 300));
  const start = performance.now();
  const cpu = serverCpuMs();
  const signIns =
    shape === 'baseline'
      ? (await new Promise((res) => setTimeout(res, 1500)), [])
      : await Promise.all(
          Array.from({ length: attackers }, (_, i) =>
            send('/login', {
              localAddress: `127.0.0.${2 + i}`,
              form: {
                email:
                  shape === 'one account'
                    ? 'admin@contingency.test'
                    : `nobody-${r}-${i}@burst.test`,
                password: `wrong-guess-${i}`,
              },
            }),
          ),
        );
  seen[shape].burstMs.push(performance.now() - start);
  seen[shape].cpuMs.push(serverCpuMs() - cpu);
  await new Promise((res) => setTimeout(res, 300));
  const { pub, signed } = await v.stop();
  seen[shape].pub.push(...pub);
  seen[shape].signed.push(...signed);
  seen[shape].signIns.push(...signIns);
}

// A warm-up, not counted: the first renders of each page.
for (let i = 0; i < 5; i++)
  await Promise.all([send('/events'), send('/auth/rider', { cookie: rider })]);
for (let r = 0; r < rounds; r++)
  for (const shape of ['baseline', 'one account', 'many accounts'] as const) await round(shape, r);
forgetFailures();

const load = os
  .loadavg()
  .map((l) => l.toFixed(2))
  .join(' ');
console.log(
  `bench:burst — ${new Date().toISOString()}, ${os.availableParallelism()} cores (${os.cpus()[0]?.model ?? '?'}), load average at the end ${load}; ${fromDb ? `database ${opt.db}` : 'fresh demo database'}; ${attackers} wrong sign-ins per burst, ${rounds} rounds`,
);
console.log(
  `client address = the socket's: ${socketSeen ? 'yes' : 'NO'} (${[...counted].map(([k, n]) => `${k}: ${n}`).join(', ')})`,
);
for (const shape of ['baseline', 'one account', 'many accounts'] as const) {
  const s = seen[shape];
  console.log(`\n${shape}${shape === 'baseline' ? ' (no burst, 1.5 s)' : ''}`);
  console.log(`  public page  /events?probe=…  ${figures(s.pub)}`);
  console.log(`  signed-in    /auth/rider      ${figures(s.signed)}`);
  if (s.signIns.length)
    console.log(
      `  sign-ins     ${statuses(s.signIns)}; each burst answered in ${s.burstMs.map((m) => (m / 1000).toFixed(1)).join(', ')} s`,
    );
  console.log(
    `  server CPU   ${s.cpuMs.map((m) => m.toFixed(0)).join(', ')} ms (visitors included)`,
  );
}
const worst = Math.max(
  ...(['one account', 'many accounts'] as const).flatMap((s) => [
    pct(
      seen[s].pub.map((a) => a.ms),
      0.99,
    ),
    pct(
      seen[s].signed.map((a) => a.ms),
      0.99,
    ),
  ]),
);
console.log(
  `\ntarget (p99 ≤ 1000 ms during a burst): ${worst <= 1000 ? 'met' : 'NOT met'} (worst p99 ${worst.toFixed(0)} ms)`,
);
process.exit(0);
