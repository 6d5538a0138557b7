/** A fresh migrated database for a test: in memory by default, or a temp file to share across processes. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { migrateDatabaseSync } from '#db/migrate';
import { applyPragmas, drizzleOn, type DB } from '~/db.server';

let template: Buffer | undefined;

/** A new database with every migration applied (built once, then copied). */
export function testDb(): DB {
  if (!template) {
    const mem = new Database(':memory:');
    migrateDatabaseSync(mem);
    template = mem.serialize();
    mem.close();
  }
  const sqlite = new Database(template);
  applyPragmas(sqlite);
  return drizzleOn(sqlite);
}

/** A migrated database in a temporary file (for tests across processes); returns its path. */
export function testDbFile(): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cc-db-')), 'test.db');
  const sqlite = new Database(file);
  applyPragmas(sqlite);
  migrateDatabaseSync(sqlite);
  sqlite.close();
  return file;
}

/**
 * Gives the planner a table's statistics as a big database has them (`sqlite_stat1` rows: index
 * name and its stat text), so a plan test weighs the indexes as production does.
 */
export function plannerFigures(db: DB, table: string, figures: Record<string, string>) {
  const sqlite = db.$client;
  sqlite.exec('ANALYZE');
  sqlite.prepare('DELETE FROM sqlite_stat1 WHERE tbl = ?').run(table);
  const insert = sqlite.prepare('INSERT INTO sqlite_stat1 (tbl, idx, stat) VALUES (?, ?, ?)');
  for (const [idx, stat] of Object.entries(figures)) insert.run(table, idx, stat);
  sqlite.exec('ANALYZE sqlite_schema');
}

/** The query plan of `query` (EXPLAIN QUERY PLAN), its steps joined by ' | '. */
export function queryPlan(db: DB, query: string, ...params: unknown[]): string {
  return (db.$client.prepare(`EXPLAIN QUERY PLAN ${query}`).all(...params) as { detail: string }[])
    .map((p) => p.detail)
    .join(' | ');
}
