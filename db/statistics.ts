/**
 * The query planner's statistics: `sqlite_stat1` kept fresh, `sqlite_stat4` never kept.
 *
 * SQLite as better-sqlite3 builds it samples index values into `sqlite_stat4` on ANALYZE. With
 * samples present, a statement comparing a bound value with an indexed column is compiled again
 * each time a value is bound to it, so that the plan may suit the value: the app prepares each
 * statement once and binds new values on every call, so it paid a compilation per call (a good
 * part of the rider home's SQL time went to it). `sqlite_stat1` (row counts and how selective each
 * index is) gives the planner what it needs without that.
 */
import type Database from 'better-sqlite3';

/**
 * Rows ANALYZE reads per index: the bound SQLite recommends with `PRAGMA optimize`. With a bound,
 * ANALYZE writes `sqlite_stat1` only, no `sqlite_stat4` samples.
 */
export const ANALYSIS_LIMIT = 400;

/** Sets this connection's ANALYZE bound: every ANALYZE or optimize it runs writes no samples. */
export function boundAnalysis(sqlite: Database.Database) {
  sqlite.pragma(`analysis_limit = ${ANALYSIS_LIMIT}`);
}

/**
 * At start and daily: samples left by an unbounded ANALYZE (run by hand, or by an older build)
 * removed, then every table never analyzed, or whose size changed much since, analyzed within the
 * bound. Returns how many samples were removed.
 */
export function keepPlannerStatistics(sqlite: Database.Database): number {
  boundAnalysis(sqlite);
  const hasSamples = sqlite
    .prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sqlite_stat4'`)
    .get();
  const removed = hasSamples ? sqlite.prepare('DELETE FROM sqlite_stat4').run().changes : 0;
  // 0x10000: every table, not only those this connection used; 0x2: ANALYZE where needed.
  sqlite.pragma('optimize = 0x10002');
  // The statistics this connection planned with are read again (later connections read them).
  if (removed) sqlite.exec('ANALYZE sqlite_schema');
  return removed;
}
