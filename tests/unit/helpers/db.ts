/** A fresh migrated database for a test: in memory by default, or a temp file to share across processes. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { migrateDatabaseSync } from '#db/migrate';
import { applyPragmas, drizzleOn, type DB } from '~/db.server';
import { cacheStatements } from '~/db-statements.server';

let template: Buffer | undefined;

/** A new database with every migration applied (built once, then copied). */
export function testDb(): DB {
  if (!template) {
    const mem = new Database(':memory:');
    migrateDatabaseSync(mem);
    template = mem.serialize();
    mem.close();
  }
  // As the server's connection: statements kept per SQL text (every unit test runs through it).
  const sqlite = cacheStatements(new Database(template));
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
