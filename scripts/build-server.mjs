/**
 * Bundles server/index.ts (the Express server) into BUILD_DIR/app-server with esbuild, so
 * `npm start` runs it with plain node: one process, no TypeScript loader at run time.
 * Packages stay external (better-sqlite3 is native); our own modules (~/, #db/) are bundled.
 */
import path from 'node:path';
import { build } from 'esbuild';

const outdir = path.join(process.env.BUILD_DIR ?? 'build', 'app-server');
await build({
  // The worker threads beside it: the upload reader (app/services/events/files/upload-thread.server.ts)
  // and the backup verification (app/services/platform/integrity-thread.server.ts).
  entryPoints: [
    'server/index.ts',
    'server/upload-read-worker.ts',
    'server/integrity-worker.ts',
    // Loaded by scripts/start.mjs before the server, to patch the router before it is required.
    'server/framework-patches.ts',
  ],
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
