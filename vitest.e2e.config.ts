import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import tsconfigPaths from 'vite-tsconfig-paths';

/**
 * The accessibility sweep's three files are the longest by far (the admin's first): started
 * first, so that no long file is left alone at the end of the run.
 */
const LONG = ['a11y-sweep-admin.test.ts', 'a11y-sweep-public.test.ts', 'a11y-sweep-roles.test.ts'];
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = LONG.findIndex((name) => f.moduleId.endsWith(name));
      return i < 0 ? LONG.length : i;
    };
    return [...sorted].sort((a, b) => rank(a) - rank(b));
  }
}

// Browser tests: Playwright (playwright-core + Debian's Chromium) against the built server. The
// global setup starts one server per worker, each with a fresh temporary database and mail
// outbox, so files run side by side (E2E_WORKERS, default 3: the suite is CPU-bound on this
// 2-core machine, and 3 workers measured a little faster than 2 on a quiet machine).
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/global-setup.ts'],
    maxWorkers: Number(process.env.E2E_WORKERS ?? 3),
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
