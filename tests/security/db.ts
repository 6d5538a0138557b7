/** Direct access to the running server's database for the security suite (setting up a case, reading what happened). */
import Database from 'better-sqlite3';
import { inject } from 'vitest';
import { insertPayablePro as insertPro } from '../e2e/db-write';

export function query<T>(sql: string, ...args: unknown[]): T[] {
  const db = new Database(inject('databasePath'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...args) as T[];
  } finally {
    db.close();
  }
}

/** A payable Canadian pro with one earned cash award and its ledger row (tests/e2e/db-write.ts). */
export function insertPayablePro(tag: string, grossCents: number): { riderId: number } {
  return insertPro(tag, grossCents, { source: 'sec', firstName: 'Sec', lang: 'en' });
}
