/** The markup floor (bench/markup-floor.ts): the floor's Remix app with the app's pages as markup. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { vitePlugin as remix } from '@remix-run/dev';
import { defineConfig } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root: here,
  logLevel: 'warn',
  build: { target: 'es2022' },
  plugins: [
    remix({
      appDirectory: path.join(here, 'app'),
      buildDirectory: path.join(here, 'build'),
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        v3_routeConfig: false,
      },
    }),
  ],
});
