import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import tsconfigPaths from 'vite-tsconfig-paths';

/**
 * Test files that touch the process's shared state (the database behind `getDb`, environment
 * variables, module mocks, a signed-in API session) get a module graph of their own: in a graph
 * another file loaded first they answer according to that file's state.
 */
const SHARED_STATE =
  /getDb\(|process\.env\.[A-Z_]+ =|vi\.(mock|doMock|stubEnv)\(|api-session|DATABASE_PATH/;

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return testFiles(full);
    return /\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

const ownGraph = testFiles('tests/unit').filter((f) =>
  SHARED_STATE.test(fs.readFileSync(f, 'utf8')),
);

// Unit tests: no Remix plugin here (it breaks component tests). The other files share a worker's
// module graph from one file to the next (isolate off): importing the app's graph again for every
// file was most of the suite's time.
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    environment: 'node',
    setupFiles: ['tests/unit/setup.ts'],
    testTimeout: 20_000,
    pool: 'forks',
    // One worker per core: vitest's default leaves one core idle (on this 2-core machine, half).
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          exclude: ownGraph,
          isolate: false,
        },
      },
      { extends: true, test: { name: 'unit-own-graph', include: ownGraph } },
    ],
  },
});
