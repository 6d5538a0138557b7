/** The markup floor (bench/markup-floor.ts): the floor's Remix app with the app's pages as markup. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { vitePlugin as remix } from '@remix-run/dev';
import { defineConfig } from 'vite';
import { REMIX_FUTURE } from '../../../remix-future';

const here = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root: here,
  logLevel: 'warn',
  build: { target: 'es2022' },
  plugins: [
    remix({
      appDirectory: path.join(here, 'app'),
      buildDirectory: path.join(here, 'build'),
      future: REMIX_FUTURE,
    }),
  ],
});
