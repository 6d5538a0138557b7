/**
 * npm start — builds when there is no build, then runs the server in this same process
 * (migrations, seed on an empty database, Express + Remix, daily jobs). Nothing must be configured;
 * a `.env` file beside package.json is read when present.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadEnvFile } from './env-file.mjs';

// `.env` first (when present): BUILD_DIR, NODE_ENV and the rest may come from it.
loadEnvFile();

const buildDir = process.env.BUILD_DIR ?? 'build';
const serverEntry = path.join(buildDir, 'app-server', 'index.js');
if (!fs.existsSync(serverEntry) || !fs.existsSync(path.join(buildDir, 'server', 'index.js'))) {
  console.log('No build found: building…');
  const r = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', env: process.env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
process.env.NODE_ENV ??= 'production';
// Before the server loads the Remix packages: the router with its static handler's matching
// patched (server/framework-patches.ts, bundled beside the server).
const { preloadRouter } = await import(
  pathToFileURL(path.resolve(buildDir, 'app-server', 'framework-patches.js')).href
);
preloadRouter();
await import(pathToFileURL(path.resolve(serverEntry)).href);
