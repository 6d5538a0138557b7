/**
 * The planner's statistics: sqlite_stat1 kept and exact (every index read whole), sqlite_stat4
 * samples never kept (with samples, a statement binding a value compared with an indexed column is
 * compiled again on every call).
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrateDatabase } from '#db/migrate';
import { keepPlannerStatistics } from '#db/statistics';
import { applyPragmas } from '~/db.server';
import { plannerFigures, queryPlan, testDb, testDbFile } from '../helpers/db';

const count = (sqlite: Database.Database, table: string) => {
  const exists = sqlite
    .prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`)
    .get(table);
  return exists
    ? (sqlite.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n
    : 0;
};

/** A table with an index and rows enough for ANALYZE to sample. */
function fill(sqlite: Database.Database, name = 'scratch') {
  sqlite.exec(`CREATE TABLE ${name} (a INTEGER, b TEXT); CREATE INDEX ${name}_a ON ${name} (a)`);
  const insert = sqlite.prepare(`INSERT INTO ${name} (a, b) VALUES (?, ?)`);
  sqlite.transaction(() => {
    for (let i = 0; i < 2000; i++) insert.run(i % 50, `row ${i}`);
  })();
}

describe('planner statistics', () => {
  it('an unbounded ANALYZE leaves samples; the start removes them and keeps stat1', async () => {
    const file = testDbFile();
    const sqlite = new Database(file);
    fill(sqlite);
    sqlite.exec('ANALYZE');
    expect(count(sqlite, 'sqlite_stat4')).toBeGreaterThan(0);
    sqlite.close();

    expect(await migrateDatabase(file)).toBe(0);

    const after = new Database(file, { readonly: true });
    expect(count(after, 'sqlite_stat4')).toBe(0);
    expect(
      after.prepare(`SELECT stat FROM sqlite_stat1 WHERE idx = 'scratch_a'`).get(),
    ).toBeTruthy();
    after.close();
  });

  it('a database locked past the busy timeout still starts: the statistics are left, a warning given', async () => {
    const file = testDbFile();
    const holder = new Database(file);
    holder.pragma('journal_mode = WAL');
    fill(holder);
    holder.exec('BEGIN IMMEDIATE');
    const warnings: unknown[] = [];
    try {
      expect(await migrateDatabase(file, { warn: (err) => warnings.push(err) })).toBe(0);
    } finally {
      holder.exec('ROLLBACK');
      holder.close();
    }
    expect(warnings).toHaveLength(1);
    expect((warnings[0] as { code?: string }).code).toBe('SQLITE_BUSY');
  }, 20_000);

  it('the statistics are exact: an index on a column of two values is not taken for a selective one', () => {
    const sqlite = new Database(testDbFile());
    applyPragmas(sqlite);
    sqlite.exec(`CREATE TABLE wide (a INTEGER, kind TEXT, claim INTEGER);
      CREATE INDEX wide_kind ON wide (kind); CREATE INDEX wide_claim ON wide (claim);
      CREATE INDEX wide_a ON wide (a)`);
    const insert = sqlite.prepare(`INSERT INTO wide (a, kind, claim) VALUES (?, ?, ?)`);
    sqlite.transaction(() => {
      for (let i = 0; i < 6000; i++)
        insert.run(i % 600, i % 2 ? 'cash' : 'credit', i % 20 ? null : i);
    })();
    // A connection may have bounded its analysis: the pass reads every index whole all the same.
    sqlite.pragma('analysis_limit = 100');
    keepPlannerStatistics(sqlite);
    const stat = (idx: string) =>
      (sqlite.prepare(`SELECT stat FROM sqlite_stat1 WHERE idx = ?`).get(idx) as { stat: string })
        .stat;
    // Rows, then rows per value: 3,000 rows share each kind; a bounded read said about 100.
    expect(stat('wide_kind')).toBe('6000 3000');
    expect(count(sqlite, 'sqlite_stat4')).toBe(0);
    // So a search by `a` (10 rows a value) does not go through the mostly-NULL claim index.
    const plan = sqlite
      .prepare(
        `EXPLAIN QUERY PLAN SELECT * FROM wide WHERE a = ? AND kind = 'cash' AND claim IS NULL`,
      )
      .all(5) as { detail: string }[];
    expect(plan.map((p) => p.detail).join(' ')).toContain('wide_a');
    sqlite.close();
  });

  it('a table never analyzed is analyzed at start', () => {
    const sqlite = new Database(testDbFile());
    fill(sqlite);
    keepPlannerStatistics(sqlite);
    expect(sqlite.prepare(`SELECT 1 FROM sqlite_stat1 WHERE idx = 'scratch_a'`).get()).toBeTruthy();
    expect(count(sqlite, 'sqlite_stat4')).toBe(0);
    sqlite.close();
  });

  it('the daily pass analyzes a table that grew, without samples', () => {
    const sqlite = new Database(testDbFile());
    keepPlannerStatistics(sqlite);
    fill(sqlite, 'grown');
    keepPlannerStatistics(sqlite);
    expect(sqlite.prepare(`SELECT 1 FROM sqlite_stat1 WHERE idx = 'grown_a'`).get()).toBeTruthy();
    expect(count(sqlite, 'sqlite_stat4')).toBe(0);
    sqlite.close();
  });
});

describe('indexes on mostly-NULL columns hold only the rows that have a value', () => {
  it("a search for awards without a claim never goes through the claim index; a claim's awards do", () => {
    const db = testDb();
    // The five-year database's figures (a claim index holding every award credited 10 rows a
    // value: its NULLs count as distinct values), so the planner weighs the indexes as it does there.
    plannerFigures(db, 'awards', {
      awards_claim_idx: '178570 10',
      awards_series_idx: '178570 10',
      awards_outstanding_idx: '178570 89285 1191 1131',
      awards_status_idx: '178570 35714',
      awards_rider_idx: '178570 4 3',
      awards_event_series_status_idx: '178570 37 37 13',
    });
    // The admin's unclaimed-cash summary: through the claim index, it read every award without a
    // claim (most of them) one by one.
    expect(
      queryPlan(
        db,
        `SELECT currency, sum(current_cents) FROM awards WHERE payout_type = 'cash'
           AND status = 'earned' AND payout_claim_id IS NULL AND current_cents > 0 GROUP BY currency`,
      ),
    ).not.toContain('awards_claim_idx');
    expect(queryPlan(db, `SELECT id FROM awards WHERE payout_claim_id = 7`)).toContain(
      'awards_claim_idx',
    );
    expect(
      queryPlan(db, `SELECT id FROM awards WHERE series_id IS NULL AND event_id = 3`),
    ).not.toContain('awards_series_idx');
    expect(queryPlan(db, `SELECT id FROM awards WHERE series_id = 3`)).toContain(
      'awards_series_idx',
    );
  });
});
