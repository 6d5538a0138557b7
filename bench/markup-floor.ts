/**
 * The markup floor: how fast a bare Remix app serves the same markup as each of the app's pages.
 *
 *   npx tsx bench/markup-floor.ts --url http://127.0.0.1:PORT [--duration 5] [--reps 2]
 *     [--rider EMAIL] /events rider:/auth/rider admin:/auth/admin/rider-redemptions …
 *
 * For each path (signed in first as `admin:`, `dealer:` or `rider:` says, with the bench data's
 * password) it takes the running app's HTML, turns the page's body into a tree (markup-tree.ts),
 * builds the floor app (bench/floor) with one more route rendering those trees with React
 * (bench/floor/markup), and measures, interleaved with autocannon (20 connections): the floor's
 * page, each page's markup on that app, and the app's page itself. The ratios say how much of a
 * page's cost is its markup alone (React writing the same elements) and how much is the app's.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../scripts/node-flags.mjs';
import { markupTree } from './markup-tree';
import { signIn as signInAs } from './sign-in';
import { median } from './stats';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    url: { type: 'string' },
    duration: { type: 'string', default: '5' },
    reps: { type: 'string', default: '2' },
    rider: { type: 'string', default: 'bench.rider0@bench.test' },
  },
});
if (!values.url || positionals.length === 0) {
  console.error('usage: tsx bench/markup-floor.ts --url http://127.0.0.1:PORT [role:]/path …');
  process.exit(2);
}
const appUrl = values.url.replace(/\/$/, '');
const root = path.resolve(import.meta.dirname, '..');
const floorDir = path.join(root, 'bench', 'floor');
const markupDir = path.join(floorDir, 'markup');
const ACCOUNTS: Record<string, string> = {
  admin: 'admin@contingency.test',
  dealer: 'dealer@contingency.test',
  rider: values.rider!,
};

const signIn = (email: string) => signInAs(appUrl, email);

// ---------------------------------------------------------------- the pages' markup
const cookies = new Map<string, string>();
const pages: { name: string; path: string; cookie?: string; elements: number }[] = [];
fs.rmSync(path.join(markupDir, 'app', 'trees'), { recursive: true, force: true });
fs.mkdirSync(path.join(markupDir, 'app', 'trees'), { recursive: true });
for (const [i, spec] of positionals.entries()) {
  const [role, p] = spec.includes(':') ? spec.split(/:(.*)/s) : ['', spec];
  if (role && !ACCOUNTS[role]) throw new Error(`unknown role ${role} in ${spec}`);
  if (role && !cookies.has(role)) cookies.set(role, await signIn(ACCOUNTS[role]));
  const cookie = role ? cookies.get(role) : undefined;
  const r = await fetch(appUrl + p, { redirect: 'manual', headers: cookie ? { cookie } : {} });
  if (r.status !== 200) throw new Error(`${spec}: ${r.status}`);
  const { tree, elements } = markupTree(await r.text());
  fs.writeFileSync(path.join(markupDir, 'app', 'trees', `p${i}.json`), JSON.stringify(tree));
  pages.push({ name: spec, path: p, cookie, elements });
}

// ---------------------------------------------------------------- the two floors
const build = (config: string, out: string) => {
  const r = spawnSync('npx', ['remix', 'vite:build', '--config', config], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0 || !fs.existsSync(path.join(out, 'server', 'index.js')))
    throw new Error(`build ${config} failed`);
};
if (!fs.existsSync(path.join(floorDir, 'build', 'server', 'index.js')))
  build('bench/floor/vite.config.ts', path.join(floorDir, 'build'));
build('bench/floor/markup/vite.config.ts', path.join(markupDir, 'build'));

const children: ChildProcess[] = [];
process.on('exit', () => children.forEach((c) => c.kill()));
async function serve(buildDir: string, port: number): Promise<string> {
  const proc = spawn('node', [...SERVER_NODE_FLAGS, 'bench/floor/server.mjs', buildDir], {
    cwd: root,
    env: { ...process.env, ...SERVER_ENV, NODE_ENV: 'production', PORT: String(port) },
    stdio: 'ignore',
  });
  children.push(proc);
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(url + '/');
      return url;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`${buildDir} did not answer`);
}
const port = 4900 + Math.floor(Math.random() * 90);
const floorUrl = await serve('bench/floor/build', port);
const markupUrl = await serve('bench/floor/markup/build', port + 1);

// ---------------------------------------------------------------- measured, interleaved
type Target = { name: string; url: string; cookie?: string };
const targets: Target[] = [{ name: 'floor: one route', url: floorUrl + '/' }];
for (const [i, p] of pages.entries()) {
  targets.push({ name: `markup of ${p.name}`, url: `${markupUrl}/m/p${i}` });
  targets.push({ name: `app ${p.name}`, url: appUrl + p.path, cookie: p.cookie });
}
const rps = new Map<string, number[]>();
for (let rep = 0; rep < Number(values.reps); rep++) {
  for (const t of targets) {
    const r = await autocannon({
      url: t.url,
      connections: 20,
      duration: Number(values.duration),
      headers: t.cookie ? { cookie: t.cookie } : undefined,
    });
    if (r.non2xx || r.errors) throw new Error(`${t.name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    rps.set(t.name, [...(rps.get(t.name) ?? []), r.requests.average]);
  }
}
const floorRps = median(rps.get(targets[0].name)!);
console.log(
  `\n${values.reps} interleaved runs of ${values.duration} s, 20 connections, ${new Date().toISOString().slice(0, 16)}Z\n`,
);
console.log('| page | elements | markup req/s | × floor | app req/s | × floor | app ÷ markup |');
console.log('|---|---|---|---|---|---|---|');
console.log(`| floor: one route | — | ${floorRps.toFixed(0)} | 1.00 | | | |`);
for (const p of pages) {
  const m = median(rps.get(`markup of ${p.name}`)!);
  const a = median(rps.get(`app ${p.name}`)!);
  console.log(
    `| ${p.name} | ${p.elements} | ${m.toFixed(0)} | ${(m / floorRps).toFixed(2)} | ${a.toFixed(0)} | ${(a / floorRps).toFixed(2)} | ${(a / m).toFixed(2)} |`,
  );
}
process.exit(0);
