#!/usr/bin/env node
/**
 * node scripts/fix-lockfile.mjs — run after `npm install` on this workplace's machines.
 *
 * Why: the npm registry mirror here serves only the Linux builds of packages that ship one
 * optional package per platform (rollup, @tailwindcss/oxide). `npm install` then writes a lock
 * file without the other platforms' entries, and `npm ci` refuses it as "out of sync". This adds
 * the missing entries (optional, with their os/cpu/libc) so `npm ci` skips them as it would on
 * any other machine. It changes nothing else.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const LOCK = 'package-lock.json';
let out = '';
try {
  out = execFileSync('npm', ['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
} catch (e) {
  out = `${e.stdout ?? ''}${e.stderr ?? ''}`;
}
const missing = [
  ...new Set([...out.matchAll(/Missing: (.+?)@\S* from lock file/g)].map((m) => m[1])),
];
if (missing.length === 0) {
  console.log('package-lock.json is in sync: nothing to add.');
  process.exit(0);
}
const lock = JSON.parse(fs.readFileSync(LOCK, 'utf8'));
const pk = lock.packages;
const OS = [
  'android',
  'darwin',
  'freebsd',
  'linux',
  'openbsd',
  'openharmony',
  'win32',
  'sunos',
  'aix',
];
const CPU = [
  'arm64',
  'arm',
  'x64',
  'ia32',
  'loong64',
  'ppc64',
  'riscv64',
  's390x',
  'wasm32',
  'mips64el',
];
let added = 0;
for (const name of missing) {
  const parent = Object.values(pk).find(
    (e) => e.optionalDependencies?.[name] || e.dependencies?.[name],
  );
  if (!parent) {
    console.error(`no package depends on ${name}: left alone`);
    continue;
  }
  const parts = name.split('/').pop().split('-');
  const entry = {
    version: parent.optionalDependencies?.[name] ?? parent.dependencies[name],
    optional: true,
  };
  if (parent.dev) entry.dev = true;
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.find((p) => CPU.includes(p));
  if (os) entry.os = [os];
  if (cpu) entry.cpu = [cpu];
  if (os === 'linux' && parts.some((p) => p.startsWith('musl'))) entry.libc = ['musl'];
  else if (os === 'linux' && parts.some((p) => p.startsWith('gnu'))) entry.libc = ['glibc'];
  pk[`node_modules/${name}`] = entry;
  added += 1;
}
lock.packages = Object.fromEntries(
  Object.entries(pk).sort(([a], [b]) =>
    a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0,
  ),
);
fs.writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`Added ${added} platform-specific optional package(s) to ${LOCK}.`);
