/**
 * Rule: claims made before a claim kept its tax status get the best status there is: withheld
 * means not a US person (withholding is only ever computed for them); nothing withheld takes the
 * rider's answer at the time of the migration.
 */
import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const MIGRATION = path.resolve(process.cwd(), 'db/migrations/0024_payout_claim_tax_status.sql');

describe('the claim tax status migration', () => {
  it('marks withheld claims non-resident and the others by the rider’s answer', () => {
    const db = new Database(':memory:');
    db.exec(`CREATE TABLE riders (id integer primary key, us_person integer NOT NULL);
      CREATE TABLE payout_claims (id integer primary key, rider_id integer, withheld_cents integer);`);
    db.exec(`INSERT INTO riders VALUES (1, 1), (2, 0);
      INSERT INTO payout_claims VALUES (10, 1, 0), (11, 1, 300), (12, 2, 0), (13, 2, 300);`);
    for (const statement of readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint'))
      db.exec(statement);
    expect(db.prepare('SELECT id, us_person FROM payout_claims ORDER BY id').all()).toEqual([
      { id: 10, us_person: 1 },
      { id: 11, us_person: 0 },
      { id: 12, us_person: 0 },
      { id: 13, us_person: 0 },
    ]);
  });
});
