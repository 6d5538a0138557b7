/** The Vite config of a bare Remix app of the benchmarks: the app's future flags, nothing more. */
import { vitePlugin as remix } from '@remix-run/dev';
import { defineConfig } from 'vite';
import { REMIX_FUTURE } from '../../remix-future';

export function remixFloorConfig(root: string, appDirectory: string, buildDirectory: string) {
  return defineConfig({
    root,
    logLevel: 'warn',
    build: { target: 'es2022' },
    plugins: [remix({ appDirectory, buildDirectory, future: REMIX_FUTURE })],
  });
}
