/**
 * The ledger's payout-claim index holds only the rows of a claim (a partial index): the counter's
 * redemption rows, which have no claim, write no entry to it, and a claim's rows are still found
 * through it — by the unsent claim's lookup and by the foreign key of a claim being deleted.
 */
import { describe, expect, it } from 'vitest';
import { testDb } from '../../helpers/db';

const plan = (db: ReturnType<typeof testDb>, sql: string) =>
  (
    db.$client.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(5, 'payoutSent', 'payoutUnsent') as {
      detail: string;
    }[]
  )
    .map((r) => r.detail)
    .join('; ');

describe('ledger_claim_idx', () => {
  it("a claim's rows are read through it", () => {
    const db = testDb();
    expect(
      plan(
        db,
        'SELECT award_id, sum(amount_cents) FROM ledger_entries WHERE payout_claim_id = ? AND kind IN (?, ?) GROUP BY award_id',
      ),
    ).toContain('USING INDEX ledger_claim_idx');
  });

  it('is partial: rows without a claim have no entry in it', () => {
    const c = testDb().$client;
    const partial = c
      .prepare(
        `SELECT partial FROM pragma_index_list('ledger_entries') WHERE name = 'ledger_claim_idx'`,
      )
      .get() as { partial: number };
    expect(partial.partial).toBe(1);
  });
});
