/** Writes test data straight into the running server's database, in one transaction. */
import Database from 'better-sqlite3';
import { databasePath } from './helpers';

export function writeDb<T>(fn: (db: Database.Database) => T): T {
  const db = new Database(databasePath());
  try {
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    return db.transaction(() => fn(db))();
  } finally {
    db.close();
  }
}
