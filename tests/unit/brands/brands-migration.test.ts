/**
 * Rule: a database with money in it migrates to one brand holding everything — every ledger row,
 * award, redemption, refund, payout claim and VIN pattern under brand 1, every dealer selling it and
 * every event paying it — with each balance and ledger sum unchanged.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { describe, expect, it } from 'vitest';
import { checkDatabase } from '~/services/platform/integrity.server';

const MIGRATIONS = path.resolve(process.cwd(), 'db/migrations');
const BRANDS = '0030_brands';

/** A copy of the migrations folder whose journal stops before `tag`. */
function migrationsBefore(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-migrations-'));
  fs.cpSync(MIGRATIONS, dir, { recursive: true });
  const file = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(file, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  fs.writeFileSync(file, JSON.stringify(journal));
  return dir;
}

function migrateWith(sqlite: Database.Database, folder: string) {
  sqlite.pragma('foreign_keys = OFF');
  migrate(drizzle(sqlite), { migrationsFolder: folder });
  sqlite.pragma('foreign_keys = ON');
}

/** Two riders with credit and cash in two currencies, a redemption, a refund and a payout claim. */
const MONEY = `
INSERT INTO users (id, email, password_hash, role) VALUES
  (1, 'a@x.test', 'h', 'rider'), (2, 'b@x.test', 'h', 'rider'), (3, 'd@x.test', 'h', 'dealer');
INSERT INTO riders (id, user_id, first_name, last_name) VALUES (1, 1, 'A', 'A'), (2, 2, 'B', 'B');
INSERT INTO dealers (id, user_id, name) VALUES (1, 3, 'Shop');
INSERT INTO events (id, title, date) VALUES (1, 'Race', '2026-05-01');
INSERT INTO vin_patterns (id, model, year, pattern) VALUES (1, '450 SX-F', 2026, 'VBKSXA40*T*******');
INSERT INTO payout_claims (id, rider_id, type, country, currency, gross_cents, net_cents, us_person)
  VALUES (1, 2, 'cheque', 'CA', 'CAD', 5000, 5000, 1);
INSERT INTO awards (id, rider_id, event_id, type, payout_type, currency, initial_cents, current_cents, spent_cents, status) VALUES
  (1, 1, 1, 'credit', 'dealerCredit', 'USD', 10000, 8000, 2000, 'active'),
  (2, 1, 1, 'credit', 'dealerCredit', 'EUR', 4000, 4000, 0, 'active'),
  (3, 2, 1, 'cash', 'cash', 'CAD', 5000, 5000, 0, 'active');
UPDATE awards SET payout_claim_id = 1 WHERE id = 3;
INSERT INTO credit_redemptions (id, rider_id, dealer_id, amount_cents, currency, employee_name, status) VALUES
  (1, 1, 1, 3000, 'USD', 'Sam', 'active'), (2, 1, 1, 500, 'USD', 'Sam', 'revoked');
INSERT INTO redemption_allocations (redemption_id, award_id, amount_cents) VALUES (1, 1, 2000), (2, 1, 500);
INSERT INTO revoked_redemptions (redemption_id, reason, kind) VALUES (2, 'wrong', 'refund');
INSERT INTO ledger_entries (rider_id, balance, kind, amount_cents, currency, award_id, redemption_id, payout_claim_id) VALUES
  (1, 'credit', 'award', 10000, 'USD', 1, NULL, NULL),
  (1, 'credit', 'redemption', -2000, 'USD', 1, 1, NULL),
  (1, 'credit', 'redemption', -500, 'USD', 1, 2, NULL),
  (1, 'credit', 'refund', 500, 'USD', 1, 2, NULL),
  (1, 'credit', 'award', 4000, 'EUR', 2, NULL, NULL),
  (2, 'cash', 'award', 5000, 'CAD', 3, NULL, 1);
`;

const LEDGER_SUMS = `SELECT rider_id, balance, currency, sum(amount_cents) AS cents, count(*) AS n
  FROM ledger_entries GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`;
const HELD = `SELECT rider_id, payout_type, currency, sum(current_cents) AS cents
  FROM awards GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`;
const MONEY_TABLES = [
  'awards',
  'ledger_entries',
  'credit_redemptions',
  'revoked_redemptions',
  'payout_claims',
  'vin_patterns',
];

describe('the brands migration', () => {
  it('puts every money row under brand 1 with each balance and ledger sum unchanged', () => {
    const sqlite = new Database(':memory:');
    migrateWith(sqlite, migrationsBefore(BRANDS));
    sqlite.exec(MONEY);
    const ledgerBefore = sqlite.prepare(LEDGER_SUMS).all();
    const heldBefore = sqlite.prepare(HELD).all();
    expect(checkDatabase(sqlite).problems).toEqual([]);

    migrateWith(sqlite, MIGRATIONS);

    expect(sqlite.prepare('SELECT id, slug FROM brands').all()).toEqual([{ id: 1, slug: 'main' }]);
    for (const table of MONEY_TABLES) {
      const brands = sqlite.prepare(`SELECT DISTINCT brand_id AS b FROM ${table}`).pluck().all();
      expect({ table, brands }).toEqual({ table, brands: [1] });
    }
    expect(sqlite.prepare(LEDGER_SUMS).all()).toEqual(ledgerBefore);
    expect(sqlite.prepare(HELD).all()).toEqual(heldBefore);
    expect(sqlite.prepare('SELECT * FROM dealer_brands').all()).toEqual([
      { dealer_id: 1, brand_id: 1 },
    ]);
    expect(sqlite.prepare('SELECT * FROM event_brands').all()).toEqual([
      { event_id: 1, brand_id: 1 },
    ]);
    const report = checkDatabase(sqlite);
    expect(report.problems).toEqual([]);
    expect(report.ledgerRows).toBe(6);
  });

  it('links each new dealer and event to the only brand, and to none once there are several', () => {
    const sqlite = new Database(':memory:');
    migrateWith(sqlite, MIGRATIONS);
    sqlite.exec(`INSERT INTO dealers (id, name) VALUES (7, 'Shop');
      INSERT INTO events (id, title, date) VALUES (8, 'Race', '2026-05-01');`);
    expect(sqlite.prepare('SELECT dealer_id, brand_id FROM dealer_brands').all()).toEqual([
      { dealer_id: 7, brand_id: 1 },
    ]);
    expect(sqlite.prepare('SELECT event_id, brand_id FROM event_brands').all()).toEqual([
      { event_id: 8, brand_id: 1 },
    ]);
    sqlite.exec(`INSERT INTO brands (id, slug, name) VALUES (2, 'second', 'Second');
      INSERT INTO dealers (id, name) VALUES (9, 'Other shop');
      INSERT INTO events (id, title, date) VALUES (10, 'Other race', '2026-06-01');`);
    expect(sqlite.prepare('SELECT count(*) FROM dealer_brands').pluck().get()).toBe(1);
    expect(sqlite.prepare('SELECT count(*) FROM event_brands').pluck().get()).toBe(1);
  });

  it('refuses to delete a brand that still owns money rows or patterns', () => {
    const sqlite = new Database(':memory:');
    migrateWith(sqlite, MIGRATIONS);
    sqlite.exec(`INSERT INTO brands (id, slug, name) VALUES (2, 'second', 'Second');
      INSERT INTO vin_patterns (model, year, pattern, brand_id)
        VALUES ('450 SX-F', 2026, 'VBKSXA40*T*******', 2);`);
    expect(() => sqlite.exec('DELETE FROM brands WHERE id = 2')).toThrow(/FOREIGN KEY/);
    sqlite.exec('DELETE FROM vin_patterns; DELETE FROM brands WHERE id = 2');
    expect(sqlite.prepare('SELECT count(*) FROM brands').pluck().get()).toBe(1);
  });
});
