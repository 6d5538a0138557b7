/**
 * Bundles server/index.ts (the Express server) into BUILD_DIR/app-server with esbuild, so
 * `npm start` runs it with plain node: one process, no TypeScript loader at run time.
 * Packages stay external (better-sqlite3 is native); our own modules (~/, #db/) are bundled.
 */
import path from 'node:path';
import { build } from 'esbuild';

const outdir = path.join(process.env.BUILD_DIR ?? 'build', 'app-server');
await build({
  // The upload reader's worker thread (app/services/events/upload-thread.server.ts) beside it.
  entryPoints: ['server/index.ts', 'server/upload-read-worker.ts'],
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  tsconfig: 'tsconfig.json',
});
console.log(`server bundled into ${outdir}`);
