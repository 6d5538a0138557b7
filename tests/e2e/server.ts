import { inject } from 'vitest';
import type { E2EServer } from './global-setup';

/**
 * This test file's server: each test worker (VITEST_POOL_ID, 1 to the worker count) has its own
 * server and database, started by global-setup.ts.
 */
export function testServer(): E2EServer {
  const servers = inject('servers');
  const slot = (Number(process.env.VITEST_POOL_ID ?? '1') - 1) % servers.length;
  return servers[slot]!;
}
