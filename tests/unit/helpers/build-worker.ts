/**
 * Builds one of the server's worker-thread entries the way scripts/build-server.mjs builds it
 * (esbuild, packages external), so a test runs the bundle the server starts. The output goes
 * inside the project (`.cache/…`, not /tmp) so the bundle finds node_modules like the built server.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

/** Builds `entry` (e.g. 'server/upload-read-worker.ts') into `.cache/<dir>`; returns the bundle's path. */
export async function buildServerWorker(entry: string, dir: string): Promise<string> {
  const outdir = path.resolve('.cache', dir);
  fs.rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: [entry],
    outdir,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
    tsconfig: 'tsconfig.json',
  });
  return path.join(outdir, `${path.basename(entry, '.ts')}.js`);
}
