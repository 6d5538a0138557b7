/**
 * The query planner's statistics: `sqlite_stat1` kept fresh and exact, `sqlite_stat4` never kept.
 *
 * SQLite as better-sqlite3 builds it samples index values into `sqlite_stat4` on ANALYZE. With
 * samples present, a statement comparing a bound value with an indexed column is compiled again
 * each time a value is bound to it, so that the plan may suit the value: the app prepares each
 * statement once and binds new values on every call, so it paid a compilation per call.
 * `sqlite_stat1` (row counts and how selective each index is) gives the planner what it needs.
 *
 * The analysis reads every index whole. A bounded one (`analysis_limit`, which SQLite suggests
 * for `PRAGMA optimize`) writes no samples, but its figures are wrong where it matters: it reads a
 * few hundred entries and credits an index on a column of two values, or mostly NULL, with about
 * as many rows per value as it read, so the planner took such an index for a selective one (a
 * rider's unclaimed cash searched through every award without a claim). A whole ANALYZE reads
 * every index once; it runs only for tables never analyzed or grown much since.
 */
import type Database from 'better-sqlite3';

/**
 * At start and daily: every table never analyzed, or whose size changed much since, analyzed
 * (whole), and in the same transaction every sample removed, so that no connection ever plans with
 * them.
 */
export function keepPlannerStatistics(sqlite: Database.Database): void {
  // 0: no bound (a connection may have set one).
  sqlite.pragma('analysis_limit = 0');
  sqlite
    .transaction(() => {
      // 0x10000: every table, not only those this connection used; 0x2: ANALYZE where needed.
      sqlite.pragma('optimize = 0x10002');
      const hasSamples = sqlite
        .prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sqlite_stat4'`)
        .get();
      const removed = hasSamples ? sqlite.prepare('DELETE FROM sqlite_stat4').run().changes : 0;
      // The statistics this connection plans with are read again (later connections read them).
      if (removed) sqlite.exec('ANALYZE sqlite_schema');
    })
    .immediate();
}
