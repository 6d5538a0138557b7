/**
 * A process killed (SIGKILL, no clean-up of any kind) while it redeems: every redemption it
 * acknowledged is stored whole (its ledger rows, its receipt mail, its idempotency key), none is
 * half-written, the ledger still equals the balances, and the same requests sent again are
 * answered from what was stored: each key is charged exactly once.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDb, type DB } from '~/db.server';
import { availableCredit } from '~/services/money/ledger/credit.server';
import { redeem } from '~/services/money/counter/redemptions.server';
import { checkDatabase } from '~/services/platform/integrity.server';
import { testDbFile } from '../../helpers/db';
import { DAY, giveCredit, makeDealer, makeRider } from '../counter-fixtures';

const WORKER = path.resolve(__dirname, 'redeem-crash-worker.ts');
const opened: DB[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) if (db.$client.open) db.$client.close();
});

/** Runs the worker until it has acknowledged `acks` redemptions, then kills it with SIGKILL. */
function redeemThenKill(args: (string | number)[], acks: number): Promise<Map<string, number>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', WORKER, ...args.map(String)], {
      cwd: process.cwd(),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const acked = new Map<string, number>();
    let buf = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buf += chunk.toString();
      const lines = buf.split('\n');
      buf = lines.pop() ?? '';
      for (const line of lines) {
        const [word, key, id] = line.split(' ');
        if (word === 'ok') acked.set(key, Number(id));
      }
      if (acked.size >= acks && child.exitCode === null) child.kill('SIGKILL');
    });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      signal === 'SIGKILL'
        ? resolve(acked)
        : reject(new Error(`worker ended by itself (${code}) before it was killed`)),
    );
  });
}

describe('a process killed in the middle of redemptions', () => {
  it('kill -9: every acknowledged redemption stored whole, none half-written, ledger = balances, each key charged once', async () => {
    const file = testDbFile();
    const setup = openDb(file);
    const rider = makeRider(setup).rider.id;
    const dealer = makeDealer(setup);
    giveCredit(setup, rider, 100_000, new Date(Date.now() + 30 * DAY));
    setup.$client.close();

    const acked = await redeemThenKill([file, rider, dealer.dealer.id, dealer.user.id], 60);
    expect(acked.size).toBeGreaterThanOrEqual(60);

    const db = openDb(file); // opening recovers the WAL the killed process left
    opened.push(db);
    const sqlite = db.$client;
    expect(checkDatabase(sqlite).problems).toEqual([]);

    const rows = sqlite
      .prepare(
        `SELECT c.id, c.amount_cents AS amount,
                (SELECT coalesce(sum(l.amount_cents), 0) FROM ledger_entries l WHERE l.redemption_id = c.id) AS ledger,
                (SELECT count(*) FROM idempotency_keys k WHERE k.scope = 'redeem' AND json_extract(k.result, '$.redemptionId') = c.id) AS keys
           FROM credit_redemptions c WHERE c.rider_id = ?`,
      )
      .all(rider) as { id: number; amount: number; ledger: number; keys: number }[];
    const stored = new Map(rows.map((r) => [r.id, r]));
    // Every acknowledged redemption is there; none stored, acknowledged or not, is half-written.
    for (const id of acked.values()) expect(stored.has(id), `redemption ${id}`).toBe(true);
    for (const r of rows) expect([r.id, r.ledger, r.keys]).toEqual([r.id, -r.amount, 1]);
    const receipts = (
      sqlite
        .prepare(
          `SELECT count(*) AS n FROM mail_outbox WHERE to_address = (
                    SELECT u.email FROM users u JOIN riders r ON r.user_id = u.id WHERE r.id = ?)`,
        )
        .get(rider) as { n: number }
    ).n;
    expect(receipts).toBe(rows.length);
    expect(availableCredit(db, rider).totalCents).toBe(100_000 - rows.length);

    // The counter sends its requests again after the crash: stored keys answer their first
    // redemption, the others are redeemed now; in the end each key is charged exactly once.
    const keys = (
      sqlite
        .prepare(`SELECT key FROM idempotency_keys WHERE scope = 'redeem' ORDER BY id`)
        .all() as { key: string }[]
    ).map((k) => k.key);
    const resent = [...new Set([...keys, ...acked.keys(), 'crash-key-never-sent'])];
    for (const key of resent) {
      const r = await redeem(db, {
        riderId: rider,
        dealerId: dealer.dealer.id,
        amountCents: 1,
        pin: '1234',
        employeeName: 'Crash',
        idVerified: true,
        actor: { userId: dealer.user.id, proxyHostUserId: null },
        idempotencyKey: key,
      });
      if (!r.ok) throw new Error(`${key}: ${r.error}`);
      if (acked.has(key))
        expect(r).toMatchObject({ replayed: true, redemption: { id: acked.get(key) } });
    }
    const after = sqlite
      .prepare(`SELECT count(*) AS n FROM credit_redemptions WHERE rider_id = ?`)
      .get(rider) as { n: number };
    expect(after.n).toBe(resent.length);
    expect(availableCredit(db, rider).totalCents).toBe(100_000 - resent.length);
    expect(checkDatabase(sqlite).problems).toEqual([]);
  }, 60_000);
});
