/**
 * What each page costs in memory turned over, beside its CPU: starts the app (BUILD_DIR, default
 * build-bench) on a copy of `--db` with the server's V8 flags plus `--trace-gc`, the page cache off
 * and no daily jobs, then asks each page one request after another (after a warm-up) and prints,
 * per request: the young generation's garbage (what the scavenges collected, from V8's own log
 * lines), the server's CPU, the page's size and its elements. Garbage is the other half of a
 * page's CPU: each scavenge stops the server to copy what is still live (the pages in flight).
 *
 *   npm run bench:alloc -- --db /path/bench.db [--rider EMAIL] [--n 500] [role:]/path …
 *
 * `role:` signs in first as the demo admin, dealer or promoter, or `--rider` for `rider:`.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SERVER_NODE_FLAGS } from '../scripts/node-flags.mjs';
import { benchAppEnv } from './app-env';
import { signIn } from './sign-in';

const { values: opt, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    db: { type: 'string' },
    rider: { type: 'string', default: 'rider@contingency.test' },
    n: { type: 'string', default: '500' },
  },
});
const n = Number(opt.n);
if (!opt.db || positionals.length === 0 || !Number.isInteger(n) || n < 1)
  throw new Error('usage: --db FILE [--rider EMAIL] [--n 500 (a whole number)] [role:]/path …');
const root = path.resolve(import.meta.dirname, '..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-alloc-'));
fs.copyFileSync(path.resolve(opt.db), path.join(tmp, 'bench.db'));
const port = Number(process.env.BENCH_PORT ?? 4800 + Math.floor(Math.random() * 100));
const base = `http://127.0.0.1:${port}`;

const proc = spawn('node', [...SERVER_NODE_FLAGS, '--trace-gc', 'scripts/start.mjs'], {
  cwd: root,
  env: {
    ...process.env,
    ...benchAppEnv(process.env.BUILD_DIR ?? 'build-bench', path.join(tmp, 'bench.db'), tmp),
    PORT: String(port),
    PAGE_CACHE_TTL_MS: '0',
    DISABLE_JOBS: 'true',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});

// V8's line for each scavenge: "Scavenge 12.1 (14.0) -> 4.3 (14.5) MB, …" (heap before -> after).
const SCAVENGE = /Scavenge(?: \(interleaved\))? ([\d.]+) \([\d.]+\) -> ([\d.]+) \([\d.]+\) MB/;
let collectedMb = 0;
let scavenges = 0;
let pending = '';
proc.stdout!.on('data', (d: Buffer) => {
  const lines = (pending + d.toString()).split('\n');
  pending = lines.pop() ?? '';
  for (const line of lines) {
    const m = SCAVENGE.exec(line);
    if (!m) continue;
    collectedMb += Number(m[1]) - Number(m[2]);
    scavenges++;
  }
});

/** The server's CPU so far (user + system), in ms. */
function cpuMs(): number {
  const fields = fs.readFileSync(`/proc/${proc.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

try {
  for (let i = 0; ; i++) {
    if (proc.exitCode !== null) throw new Error('the app exited');
    if (i > 600) throw new Error('the app did not answer');
    if (
      await fetch(base + '/').then(
        () => true,
        () => false,
      )
    )
      break;
    await pause(100);
  }
  const accounts: Record<string, string> = {
    admin: 'admin@contingency.test',
    dealer: 'dealer@contingency.test',
    promoter: 'promoter@contingency.test',
    rider: opt.rider!,
  };
  const cookies = new Map<string, string>();
  console.log(
    `${n} requests each, one after another, after 200 of warm-up — ${new Date().toISOString().slice(0, 16)} UTC, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}\n`,
  );
  console.log(
    '| page | young garbage kB/req | scavenges per 100 req | CPU ms/req | kB | elements |',
  );
  console.log('|---|---|---|---|---|---|');
  for (const target of positionals) {
    // Only a known role before the first colon is one: a path's query may hold colons too.
    const prefixed = /^(admin|dealer|promoter|rider):(\/.*)$/s.exec(target);
    const [role, pagePath] = prefixed ? [prefixed[1]!, prefixed[2]!] : ['', target];
    if (!pagePath.startsWith('/')) throw new Error(`${target}: a path starts with /`);
    let cookie = '';
    if (role) {
      cookie = cookies.get(role) ?? (await signIn(base, accounts[role]));
      cookies.set(role, cookie);
    }
    const get = async () => {
      const r = await fetch(base + pagePath, {
        headers: { cookie, 'accept-encoding': 'identity' },
        redirect: 'manual',
      });
      if (r.status !== 200) throw new Error(`${target}: HTTP ${r.status}`);
      return r.text();
    };
    for (let i = 0; i < 200; i++) await get();
    await pause(300); // the warm-up's last log lines
    const [mb0, s0, cpu0] = [collectedMb, scavenges, cpuMs()];
    let html = '';
    for (let i = 0; i < n; i++) html = await get();
    await pause(300);
    const elements = html.split('<script')[0]!.match(/<[a-zA-Z]/g)?.length ?? 0;
    console.log(
      `| ${target} | ${(((collectedMb - mb0) * 1024) / n).toFixed(0)} | ${(((scavenges - s0) * 100) / n).toFixed(1)} | ${((cpuMs() - cpu0) / n).toFixed(2)} | ${(Buffer.byteLength(html) / 1024).toFixed(1)} | ${elements} |`,
    );
  }
} finally {
  proc.kill('SIGTERM');
  fs.rmSync(tmp, { recursive: true, force: true });
}
