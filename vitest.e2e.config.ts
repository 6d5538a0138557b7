import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import tsconfigPaths from 'vite-tsconfig-paths';

/** The accessibility sweep is the longest file by far: started first, the others share the rest. */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const long = (f: TestSpecification) => f.moduleId.endsWith('a11y-sweep.test.ts');
    return [...sorted.filter(long), ...sorted.filter((f) => !long(f))];
  }
}

// Browser tests: Playwright (playwright-core + Debian's Chromium) against the built server. The
// global setup starts one server per worker, each with a fresh temporary database and mail
// outbox, so files run side by side (E2E_WORKERS, default 2: one per core here).
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/global-setup.ts'],
    maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
    testTimeout: 60_000,
    // A page renders after its URL changes, and later still on a loaded machine: a poll for what
    // the next page shows waits longer than vitest's default (which failed CI under load).
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 180_000,
    pool: 'forks',
    // A worker's files share one module graph (Playwright, the app's services the tests call):
    // no file changes the environment or mocks a module, and each starts its own browser.
    isolate: false,
    sequence: { sequencer: LongestFirst },
  },
});
