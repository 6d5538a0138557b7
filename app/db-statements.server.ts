/**
 * Prepared statements kept per SQL text.
 *
 * drizzle prepares every query it runs (`client.prepare(sql)`, then runs it once): SQLite parses
 * and plans the same few hundred statements again on every request. The connection's `prepare`
 * is wrapped to hand back the statement it already compiled for the same text, least recently used
 * first out. A statement is only shared while it is idle: one that is being iterated (a streamed
 * export) is `busy`, and the caller gets a fresh one. Its modes are reset before it is handed over
 * (drizzle switches `raw` on for row arrays; other code may have used `pluck` or `expand`).
 */
import type Database from 'better-sqlite3';

/** Statements kept per connection. */
const MAX_STATEMENTS = 1000;

type Prepare = Database.Database['prepare'] & { cached?: true };

/** Makes `sqlite.prepare` reuse idle statements of the same text (once per connection). */
export function cacheStatements(
  sqlite: Database.Database,
  max = MAX_STATEMENTS,
): Database.Database {
  const original = sqlite.prepare as Prepare;
  if (original.cached) return sqlite;
  const kept = new Map<string, Database.Statement>();
  const prepare = ((source: string, ...rest: unknown[]) => {
    if (rest.length > 0 || typeof source !== 'string')
      return (original as (...a: unknown[]) => unknown).call(sqlite, source, ...rest);
    const hit = kept.get(source);
    if (hit && !hit.busy) {
      kept.delete(source); // refresh its place in the LRU order
      kept.set(source, hit);
      if (hit.reader) hit.raw(false).pluck(false).expand(false);
      return hit;
    }
    const stmt = original.call(sqlite, source);
    if (!hit) {
      if (kept.size >= max) kept.delete(kept.keys().next().value!);
      kept.set(source, stmt);
    }
    return stmt;
  }) as Prepare;
  prepare.cached = true;
  sqlite.prepare = prepare;
  return sqlite;
}
