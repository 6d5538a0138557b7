/**
 * Rule: a backup is verified off the event loop in a built server, and the worker's
 * report is exactly `checkFile`'s. The worker is built the way scripts/build-server.mjs builds it.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '#db/migrate';
import { checkFile } from '~/services/platform/integrity.server';
import { checkFileOffThread } from '~/services/platform/integrity-thread.server';
import { buildServerWorker } from '../helpers/build-worker';

const OUT = path.resolve('.cache/test-integrity-dbs');
let WORKER = '';
const GOOD = path.join(OUT, 'good.db');
const BAD = path.join(OUT, 'bad.db');

beforeAll(async () => {
  fs.rmSync(OUT, { recursive: true, force: true });
  WORKER = await buildServerWorker('server/integrity-worker.ts', 'test-integrity-worker');
  fs.mkdirSync(path.dirname(GOOD), { recursive: true });
  await migrateDatabase(GOOD, { backup: false });
  fs.copyFileSync(GOOD, BAD);
  const bad = new Database(BAD);
  // A ledger row with no award behind it: the money invariant is broken.
  bad
    .prepare("INSERT INTO users (email, password_hash, role) VALUES ('x@y.test', 'x', 'rider')")
    .run();
  bad.prepare("INSERT INTO riders (user_id, first_name, last_name) VALUES (1, 'A', 'B')").run();
  bad
    .prepare(
      "INSERT INTO ledger_entries (rider_id, balance, kind, amount_cents, currency) VALUES (1, 'credit', 'award', 500, 'USD')",
    )
    .run();
  bad.close();
}, 60_000);

describe('verifying a backup on a worker thread', () => {
  it('the built worker answers what checkFile answers, for a sound and a broken database', async () => {
    for (const file of [GOOD, BAD]) {
      const report = await checkFileOffThread(file, WORKER);
      expect(report).toEqual(checkFile(file));
    }
    expect((await checkFileOffThread(BAD, WORKER)).ok).toBe(false);
    expect((await checkFileOffThread(GOOD, WORKER)).ok).toBe(true);
  });

  it('checks in-thread when the worker cannot start', async () => {
    const report = await checkFileOffThread(GOOD, path.join(OUT, 'missing-worker.js'));
    expect(report).toEqual(checkFile(GOOD));
  });
});
