/**
 * Memory: the server starts with the same V8 flags and environment everywhere it is
 * started — `npm start`, the browser tests, bench:http and the documented systemd unit and
 * container — so what the benchmarks measure is what runs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../../scripts/node-flags.mjs';

const root = path.resolve(import.meta.dirname, '../../..');
const read = (f: string) => fs.readFileSync(path.join(root, f), 'utf8');

describe('server start-up settings', () => {
  it('npm start sets every SERVER_ENV variable and SERVER_NODE_FLAGS flag', () => {
    const start = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts
      .start;
    for (const [k, v] of Object.entries(SERVER_ENV)) expect(start).toContain(`${k}=${v}`);
    for (const flag of SERVER_NODE_FLAGS) expect(start).toContain(flag);
  });

  it('the systemd unit and the container recipe in docs/operations.md set them too', () => {
    const doc = read('docs/operations.md');
    for (const [k, v] of Object.entries(SERVER_ENV)) {
      expect(doc).toContain(`Environment=${k}=${v}`);
      expect(doc).toContain(`ENV ${k}=${v}`);
    }
    expect(doc).toContain(
      `ExecStart=/usr/bin/node ${SERVER_NODE_FLAGS.join(' ')} scripts/start.mjs`,
    );
    expect(doc).toContain(
      `CMD ["node", ${SERVER_NODE_FLAGS.map((f) => `"${f}"`).join(', ')}, "scripts/start.mjs"]`,
    );
  });

  it('the browser tests and bench:http pass SERVER_ENV to the server they spawn', () => {
    // The benches build the app's environment in one place (bench/app-env.ts).
    for (const f of ['tests/e2e/global-setup.ts', 'bench/app-env.ts'])
      expect(read(f)).toContain('...SERVER_ENV');
    for (const f of ['bench/http.ts', 'bench/alloc.ts']) expect(read(f)).toContain('benchAppEnv(');
  });
});
