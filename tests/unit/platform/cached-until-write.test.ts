/**
 * Rule: an admin report cached between requests (`cachedUntilWrite`) is the answer SQLite
 * gives now. Any write to the database — by this connection or a commit by another — and the
 * report is computed again; nothing is cached from inside a transaction (it may roll back) or when
 * a write happened while it was computed; and no answer outlives REPORTS_KEPT_MS (the clock alone
 * moves figures such as credit still available).
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openDb } from '~/db.server';
import { cachedUntilWrite } from '~/services/platform/data-version.server';
import { yearRange, topDealers } from '~/services/reports/reports.server';
import { redeem } from '~/services/money/counter/redemptions.server';
import { testDb, testDbFile } from '../helpers/db';
import { DAY, giveCredit, makeDealer, makeRider } from '../money/counter-fixtures';

function counter() {
  let n = 0;
  return { compute: () => ++n, calls: () => n };
}

describe('answers cached until the next write', () => {
  it('are cached while nothing is written, and computed again after a write on the connection', () => {
    const db = testDb();
    const c = counter();
    expect(cachedUntilWrite(db, 'k', c.compute)).toBe(1);
    expect(cachedUntilWrite(db, 'k', c.compute)).toBe(1);
    expect(cachedUntilWrite(db, 'other', c.compute)).toBe(2);
    makeRider(db); // any write
    expect(cachedUntilWrite(db, 'k', c.compute)).toBe(3);
    expect(c.calls()).toBe(3);
  });

  it("are computed again after another connection's commit to the same file", () => {
    const file = testDbFile();
    const db = openDb(file);
    const other = new Database(file);
    try {
      const c = counter();
      cachedUntilWrite(db, 'k', c.compute);
      other.prepare(`UPDATE data_versions SET version = version + 1 WHERE name = 'catalog'`).run();
      expect(cachedUntilWrite(db, 'k', c.compute)).toBe(2);
    } finally {
      other.close();
      db.$client.close();
    }
  });

  it('are never cached from inside a transaction, nor when a write happened while computing', () => {
    const db = testDb();
    const c = counter();
    db.transaction(() => cachedUntilWrite(db, 'k', c.compute));
    expect(cachedUntilWrite(db, 'k', c.compute)).toBe(2);
    const writing = counter();
    cachedUntilWrite(db, 'w', () => {
      makeRider(db);
      return writing.compute();
    });
    expect(cachedUntilWrite(db, 'w', writing.compute)).toBe(2);
  });

  it('are at most REPORTS_KEPT_MS old (60 s by default)', () => {
    const db = testDb();
    const c = counter();
    const t0 = 1_800_000_000_000;
    cachedUntilWrite(db, 'k', c.compute, t0);
    expect(cachedUntilWrite(db, 'k', c.compute, t0 + 59_000)).toBe(1);
    expect(cachedUntilWrite(db, 'k', c.compute, t0 + 61_000)).toBe(2);
  });

  it('a cached report shows a redemption made after it was read', async () => {
    const db = testDb();
    const { rider } = makeRider(db);
    const { dealer, actor } = makeDealer(db);
    const now = new Date();
    giveCredit(db, rider.id, 5_000, new Date(now.getTime() + 90 * DAY));
    const range = yearRange(now.getUTCFullYear());
    expect(topDealers(db, range)).toEqual([]);
    const r = await redeem(db, {
      riderId: rider.id,
      dealerId: dealer.id,
      amountCents: 1_250,
      pin: '1234',
      employeeName: 'Sam',
      idVerified: true,
      actor,
    });
    expect(r.ok).toBe(true);
    expect(topDealers(db, range)).toMatchObject([
      { dealerId: dealer.id, cents: 1_250, redemptions: 1 },
    ]);
  });
});
