/**
 * Rule: an uploaded file is read off the event loop in production, and the worker gives
 * exactly what reading in-thread gives — the same rows, the same problems. The worker is built
 * here the way scripts/build-server.mjs builds it (esbuild, packages external), so the bundle the
 * server starts is what is tested.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { beforeAll, describe, expect, it } from 'vitest';
import { readUploadOutcome } from '~/services/events/files/upload-reader.server';
import {
  builtUploadWorker,
  readOffThread,
  readUploadOffThread,
} from '~/services/events/files/upload-thread.server';
import { readPatternTable } from '~/services/vin/vin-import-file.server';
import { buildServerWorker } from '../../helpers/build-worker';

const FIXTURES = path.resolve(process.cwd(), 'tests/fixtures/program');
const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.join(FIXTURES, name)));
let WORKER = '';
const VIN_FIXTURES = fs
  .readdirSync(FIXTURES)
  .filter((f) => /vin/i.test(f) && /\.(csv|xlsx)$/.test(f));

beforeAll(async () => {
  WORKER = await buildServerWorker('server/upload-read-worker.ts', 'test-upload-worker');
}, 60_000);

/** The built worker run by hand: proves the answer comes from it, not from the in-thread fallback. */
function runWorker(bytes: Uint8Array | object): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const w = new Worker(WORKER, { workerData: bytes });
    w.once('message', resolve);
    w.once('error', reject);
  });
}

describe('reading an upload on a worker thread', () => {
  it('the built worker reads a CSV and an XLSX itself', async () => {
    for (const name of ['results-all.csv', 'results-formatted.xlsx']) {
      const bytes = fixture(name);
      const out = await runWorker(bytes);
      expect(out).toMatchObject({ ok: true });
      expect(out).toEqual(await readUploadOutcome(bytes));
    }
  });

  const cases: [string, Uint8Array][] = [
    ['a CSV results file', fixture('results-all.csv')],
    ['an XLSX results file', fixture('results-formatted.xlsx')],
    ['a class-payout CSV', fixture('class-payouts.csv')],
    ['an empty file', new Uint8Array()],
    ['an old .xls', new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1])],
    ['a broken zip', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3])],
  ];
  for (const [what, bytes] of cases) {
    it(`${what}: the same outcome as in-thread`, async () => {
      const inThread = await readUploadOutcome(bytes);
      const offThread = await readUploadOffThread(bytes, WORKER);
      expect(offThread).toEqual(inThread);
    });
  }

  it('a VIN pattern file is read by the built worker too, with the same rows as in-thread', async () => {
    expect(VIN_FIXTURES.length).toBeGreaterThan(0);
    for (const name of VIN_FIXTURES) {
      const file = { name, bytes: fixture(name) };
      const out = await runWorker({ kind: 'vinPatterns', ...file } as unknown as Uint8Array);
      expect(out).toMatchObject({ ok: true });
      expect(out).toEqual(await readPatternTable(file));
      expect(
        await readOffThread(
          { kind: 'vinPatterns', ...file },
          () => readPatternTable(file),
          null,
          WORKER,
        ),
      ).toEqual(out);
    }
  });

  it('reads a file in-thread when running from source (development, tests)', async () => {
    expect(builtUploadWorker()).toBeNull(); // running from source: no built worker
    const bytes = fixture('results-class.csv');
    expect(await readUploadOffThread(bytes, null)).toEqual(await readUploadOutcome(bytes));
  });

  it('falls back to reading in-thread when the worker cannot start', async () => {
    const bytes = fixture('results-all.csv');
    const out = await readUploadOffThread(
      bytes,
      path.join(path.dirname(WORKER), 'missing-worker.js'),
    );
    expect(out).toEqual(await readUploadOutcome(bytes));
    expect(out.ok).toBe(true);
  });
});
