/**
 * Two redemptions at once can never overdraw (docs/rules.md "Dealer credit"): many redemptions fired
 * at the same moment against one rider from several PROCESSES sharing one database file.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import {
  awards,
  creditRedemptions,
  ledgerEntries,
  pinAttempts,
  redemptionAllocations,
} from '#db/schema';
import { openDb, type DB } from '~/db.server';
import { availableCredit } from '~/services/money/ledger/credit.server';
import { testDbFile } from '../../helpers/db';
import { awardSum, DAY, giveCredit, ledgerSum, makeDealer, makeRider } from '../counter-fixtures';

type Outcome = { ok: boolean; id?: number; error?: string };

const WORKER = path.resolve(__dirname, 'redeem-worker.ts');
const opened: DB[] = [];

afterEach(() => {
  for (const db of opened.splice(0)) db.$client.close();
});

/** Starts `n` workers, waits until all are ready, releases them together, collects outcomes. */
async function runWorkers(n: number, args: (string | number)[]): Promise<Outcome[]> {
  const children = Array.from({ length: n }, () =>
    spawn(process.execPath, ['--import', 'tsx', WORKER, ...args.map(String)], {
      cwd: process.cwd(),
      stdio: ['pipe', 'pipe', 'inherit'],
    }),
  );
  const outputs = children.map(
    (child) =>
      new Promise<{ ready: Promise<void>; done: Promise<Outcome[]> }>((resolveOuter) => {
        let buf = '';
        let markReady: () => void = () => {};
        const ready = new Promise<void>((r) => (markReady = r));
        const done = new Promise<Outcome[]>((resolve, reject) => {
          child.stdout.on('data', (chunk: Buffer) => {
            buf += chunk.toString();
            if (buf.startsWith('ready\n')) markReady();
          });
          child.on('error', reject);
          child.on('exit', (code) => {
            const line = buf.split('\n').find((l) => l.startsWith('['));
            if (code !== 0 || !line) reject(new Error(`worker exited ${code}: ${buf}`));
            else resolve(JSON.parse(line) as Outcome[]);
          });
        });
        resolveOuter({ ready, done });
      }),
  );
  const handles = await Promise.all(outputs);
  await Promise.all(handles.map((h) => h.ready));
  for (const child of children) child.stdin.write('go\n');
  const results = await Promise.all(handles.map((h) => h.done));
  return results.flat();
}

function setup() {
  const file = testDbFile();
  const db = openDb(file);
  opened.push(db);
  const rider = makeRider(db).rider.id;
  const dealer = makeDealer(db);
  return { file, db, rider, dealer };
}

describe('redemptions from several processes at once', () => {
  it('4 processes × 25 × 100 cents against 5,000 cents: exactly 50 succeed, balance exactly 0', async () => {
    const { file, db, rider, dealer } = setup();
    const soon = Date.now() + 30 * DAY;
    // 5,000 cents over three awards, so draws cross award boundaries.
    giveCredit(db, rider, 1234, new Date(soon));
    giveCredit(db, rider, 1766, new Date(soon + DAY));
    giveCredit(db, rider, 2000, new Date(soon + 2 * DAY));

    const outcomes = await runWorkers(4, [
      file,
      rider,
      dealer.dealer.id,
      dealer.user.id,
      25,
      100,
      '1234',
    ]);

    expect(outcomes).toHaveLength(100);
    const thrown = outcomes.filter((o) => o.error?.startsWith('thrown'));
    expect(thrown).toEqual([]);
    const ok = outcomes.filter((o) => o.ok);
    expect(ok).toHaveLength(50);
    expect(new Set(ok.map((o) => o.id)).size).toBe(50);
    for (const o of outcomes.filter((x) => !x.ok)) {
      expect(['dealer:errors.amountTooHigh', 'dealer:errors.noCredit']).toContain(o.error);
    }
    expect(availableCredit(db, rider).totalCents).toBe(0);
    const rows = db.select().from(awards).where(eq(awards.riderId, rider)).all();
    for (const a of rows) {
      expect(a.currentCents).toBe(0);
      expect(a.spentCents).toBe(a.initialCents);
      expect(a.status).toBe('spent');
    }
    expect(ledgerSum(db, rider)).toBe(0);
    expect(ledgerSum(db, rider)).toBe(awardSum(db, rider));
    const redeemed = db
      .select({ s: sql<number>`sum(${creditRedemptions.amountCents})` })
      .from(creditRedemptions)
      .get();
    expect(Number(redeemed?.s)).toBe(5000);
    const allocated = db
      .select({ s: sql<number>`sum(${redemptionAllocations.amountCents})` })
      .from(redemptionAllocations)
      .get();
    expect(Number(allocated?.s)).toBe(5000);
    const drawn = db
      .select({ s: sql<number>`sum(${ledgerEntries.amountCents})` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.kind, 'redemption'))
      .get();
    expect(Number(drawn?.s)).toBe(-5000);
  }, 180_000);

  it('wrong PINs from 4 processes at once: exactly 5 are answered, then the rider is locked', async () => {
    const { file, db, rider, dealer } = setup();
    giveCredit(db, rider, 5000, new Date(Date.now() + 30 * DAY));

    const outcomes = await runWorkers(4, [
      file,
      rider,
      dealer.dealer.id,
      dealer.user.id,
      5,
      100,
      '9999',
    ]);

    expect(outcomes).toHaveLength(20);
    expect(outcomes.filter((o) => o.ok)).toEqual([]);
    expect(outcomes.filter((o) => o.error === 'dealer:errors.wrongPin')).toHaveLength(4);
    expect(outcomes.filter((o) => o.error === 'dealer:errors.pinLocked')).toHaveLength(16);
    expect(db.select().from(pinAttempts).where(eq(pinAttempts.riderId, rider)).all()).toHaveLength(
      5,
    );
    expect(availableCredit(db, rider).totalCents).toBe(5000);
  }, 180_000);
});
