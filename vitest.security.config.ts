import { defineConfig } from 'vitest/config';
import tsconfigPaths from 'vite-tsconfig-paths';

// Security suite: every measure encoded as an attack that must fail, over HTTP against
// the built server, started by the browser tests' global setup (fresh database and outbox).
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ['tests/security/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
  },
});
