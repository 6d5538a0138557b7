/**
 * The integrity check's brand rules (decision 048): every money row names the brand of the rows
 * it belongs to, so a brand's balances are provable on their own and a redemption never draws
 * another brand's credit. Plain SQL over a better-sqlite3 handle, like the rest of the check.
 */
import type Database from 'better-sqlite3';

/** Whether this database's money rows carry a brand (a backup from before brands does not). */
export function hasBrands(sqlite: Database.Database): boolean {
  return (
    sqlite
      .prepare(`SELECT 1 FROM pragma_table_info('ledger_entries') WHERE name = 'brand_id'`)
      .get() !== undefined
  );
}

type Mismatch = { row: number; of: number; own: number; theirs: number };

/** Each pair of rows that must share a brand: the query naming those that do not, and the words. */
const PAIRS: { sql: string; say: (m: Mismatch) => string }[] = [
  {
    sql: `SELECT DISTINCT l.award_id AS of, l.brand_id AS own, a.brand_id AS theirs
            FROM ledger_entries l JOIN awards a ON a.id = l.award_id WHERE l.brand_id <> a.brand_id`,
    say: (m) => `ledger row of award ${m.of}: brand ${m.own} != the award's ${m.theirs}`,
  },
  {
    sql: `SELECT DISTINCT l.redemption_id AS of, l.brand_id AS own, r.brand_id AS theirs
            FROM ledger_entries l JOIN credit_redemptions r ON r.id = l.redemption_id
           WHERE l.brand_id <> r.brand_id`,
    say: (m) => `ledger row of redemption ${m.of}: brand ${m.own} != the redemption's ${m.theirs}`,
  },
  {
    sql: `SELECT DISTINCT l.payout_claim_id AS of, l.brand_id AS own, c.brand_id AS theirs
            FROM ledger_entries l JOIN payout_claims c ON c.id = l.payout_claim_id
           WHERE l.payout_claim_id IS NOT NULL AND l.brand_id <> c.brand_id`,
    say: (m) => `ledger row of payout claim ${m.of}: brand ${m.own} != the claim's ${m.theirs}`,
  },
  {
    sql: `SELECT x.award_id AS row, x.redemption_id AS of, r.brand_id AS own, a.brand_id AS theirs
            FROM redemption_allocations x
            JOIN credit_redemptions r ON r.id = x.redemption_id
            JOIN awards a ON a.id = x.award_id
           WHERE r.brand_id <> a.brand_id`,
    say: (m) =>
      `allocation of redemption ${m.of} (brand ${m.own}) drew award ${m.row} of brand ${m.theirs}`,
  },
  {
    sql: `SELECT v.redemption_id AS of, v.brand_id AS own, r.brand_id AS theirs
            FROM revoked_redemptions v JOIN credit_redemptions r ON r.id = v.redemption_id
           WHERE v.brand_id <> r.brand_id`,
    say: (m) => `refund of redemption ${m.of}: brand ${m.own} != the redemption's ${m.theirs}`,
  },
  {
    sql: `SELECT a.id AS row, a.payout_claim_id AS of, a.brand_id AS own, c.brand_id AS theirs
            FROM awards a JOIN payout_claims c ON c.id = a.payout_claim_id
           WHERE a.payout_claim_id IS NOT NULL AND a.brand_id <> c.brand_id`,
    say: (m) => `award ${m.row} in payout claim ${m.of}: brand ${m.own} != the claim's ${m.theirs}`,
  },
];

/** The money rows whose brand is not the brand of a row they belong to (at most 20 of each kind). */
export function brandProblems(sqlite: Database.Database): string[] {
  if (!hasBrands(sqlite)) return [];
  return PAIRS.flatMap(({ sql, say }) =>
    (sqlite.prepare(`${sql} LIMIT 20`).all() as Mismatch[]).map(say),
  );
}
