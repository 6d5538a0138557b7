/**
 * Applies drizzle-kit migrations safely on SQLite: foreign keys off around the migrator (a table
 * rebuild's DROP TABLE would otherwise cascade), a backup before any pending migration, and
 * `PRAGMA foreign_key_check` after.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { keepPlannerStatistics } from './statistics';

/** Next to this file in the source tree; from the project root when bundled into the server. */
const beside = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const MIGRATIONS_DIR = fs.existsSync(beside) ? beside : path.resolve('db', 'migrations');

/** Migrations in db/migrations not yet applied to this database. */
export function pendingCount(sqlite: Database.Database): number {
  const journal = JSON.parse(
    fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: unknown[] };
  const hasTable = sqlite
    .prepare(`SELECT 1 FROM sqlite_master WHERE type='table' AND name='__drizzle_migrations'`)
    .get();
  const applied = hasTable
    ? (sqlite.prepare('SELECT count(*) AS n FROM __drizzle_migrations').get() as { n: number }).n
    : 0;
  return journal.entries.length - applied;
}

/**
 * Migrates the database at `file` and keeps its planner statistics (db/statistics.ts); returns how
 * many migrations were applied. A failure to keep the statistics (the database locked by another
 * process past the busy timeout) goes to `warn`: they only speed queries up, the start goes on.
 */
export async function migrateDatabase(
  file: string,
  opts: { backup?: boolean; warn?: (err: unknown) => void } = {},
) {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const existed = file !== ':memory:' && fs.existsSync(file) && fs.statSync(file).size > 0;
  const sqlite = new Database(file);
  try {
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('busy_timeout = 5000');
    const applied = await applyPending(sqlite, file, existed && opts.backup !== false);
    try {
      keepPlannerStatistics(sqlite);
    } catch (err) {
      (opts.warn ?? ((e) => console.warn('planner statistics not kept:', e)))(err);
    }
    return applied;
  } finally {
    sqlite.close();
  }
}

async function applyPending(sqlite: Database.Database, file: string, backup: boolean) {
  const pending = pendingCount(sqlite);
  if (pending <= 0) return 0;
  if (backup) {
    const dir = path.join(path.dirname(path.resolve(file)), 'backups');
    fs.mkdirSync(dir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    await sqlite.backup(path.join(dir, `${path.basename(file, '.db')}-${stamp}.db`));
  }
  sqlite.pragma('foreign_keys = OFF');
  migrate(drizzle(sqlite), { migrationsFolder: MIGRATIONS_DIR });
  sqlite.pragma('foreign_keys = ON');
  const problems = sqlite.pragma('foreign_key_check') as unknown[];
  if (problems.length > 0) {
    throw new Error(`foreign_key_check failed after migrating: ${JSON.stringify(problems)}`);
  }
  return pending;
}

/** Synchronous variant for tests (no backup). */
export function migrateDatabaseSync(sqlite: Database.Database) {
  sqlite.pragma('foreign_keys = OFF');
  migrate(drizzle(sqlite), { migrationsFolder: MIGRATIONS_DIR });
  sqlite.pragma('foreign_keys = ON');
}
