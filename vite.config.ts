import { vitePlugin as remix } from '@remix-run/dev';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { REMIX_FUTURE } from './remix-future';
import tsconfigPaths from 'vite-tsconfig-paths';

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  server: { port: 3000 },
  build: {
    target: 'es2022',
    // Translations are fetched by URL (app/i18n.client.ts): never inline them as data: URIs.
    assetsInlineLimit: (file: string) => (file.endsWith('.json') ? false : undefined),
  },
  plugins: [
    tailwindcss(),
    remix({
      // BUILD_DIR lets several builds (e.g. parallel test runs) live side by side.
      buildDirectory: process.env.BUILD_DIR ?? 'build',
      future: REMIX_FUTURE,
    }),
    tsconfigPaths(),
  ],
});
