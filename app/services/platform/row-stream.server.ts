/**
 * Rows of a query read one at a time, for exports that must not hold a whole result in memory.
 *
 * better-sqlite3 allows no other statement on a connection while an iterator is open, and a
 * streamed response interleaves with other requests; so each stream reads through its own
 * read-only connection to the same file (WAL: a consistent snapshot, never blocking writers),
 * closed when the rows end or the download is cancelled. An in-memory database (tests) cannot
 * be opened twice: its rows are read at once.
 */
import Database from 'better-sqlite3';
import { connectionOf, type Conn } from '~/db.server';

type Query = { toSQL(): { sql: string; params: unknown[] } };

/** Iterates `query` (a drizzle select with flat fields), each row as an object keyed like `fields`. */
export function* streamRows<T extends Record<string, unknown>>(
  db: Conn,
  query: Query,
  fields: readonly (keyof T)[],
): Generator<T> {
  const { sql, params } = query.toSQL();
  const client = connectionOf(db);
  const own = client.memory
    ? null
    : new Database(client.name, { readonly: true, fileMustExist: true });
  try {
    const stmt = (own ?? client).prepare(sql).raw(true);
    const rows = own ? stmt.iterate(...params) : stmt.all(...params);
    for (const values of rows as Iterable<unknown[]>) {
      const row = {} as Record<string, unknown>;
      fields.forEach((k, i) => (row[k as string] = values[i]));
      yield row as T;
    }
  } finally {
    own?.close();
  }
}
