/**
 * The database handle. One connection per process; every PRAGMA set on every connection.
 * Services take a `DB` as their first argument so tests can pass their own.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { sql, type Placeholder } from 'drizzle-orm';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import * as schema from '#db/schema';
import { env } from '~/env.server';
import { perfOn } from '~/perf.server';
import { beginMoneyTx, endMoneyTx } from '~/services/platform/log.server';

export type DB = BetterSQLite3Database<typeof schema> & { $client: Database.Database };
/** The transaction handle drizzle passes to a synchronous transaction callback. */
export type Tx = Parameters<Parameters<DB['transaction']>[0]>[0];
/** Either a db or a transaction: what read helpers accept. */
export type Conn = DB | Tx;

/** Applies the pragmas every connection needs (WAL, foreign keys, busy timeout, page cache). */
export function applyPragmas(sqlite: Database.Database) {
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Said here so an install can size it to its memory: each MB is resident memory of the process.
  // Negative: a size in KiB, not in pages.
  sqlite.pragma(`cache_size = -${env().SQLITE_CACHE_MB * 1024}`);
}

/** Opens a database file (':memory:' allowed) with the schema attached. */
export function openDb(file: string): DB {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new Database(file);
  applyPragmas(sqlite);
  return drizzleOn(sqlite);
}

/** The drizzle handle over a connection (openDb's, or a test's own). */
export function drizzleOn(sqlite: Database.Database): DB {
  return drizzle(sqlite, { schema }) as DB;
}

/**
 * The connection behind each open transaction handle (drizzle keeps it on no public field), noted
 * by `writeTx` as it opens one. On globalThis: the server and the Remix build are bundled apart and share the process's connection.
 */
const txHolder = globalThis as typeof globalThis & {
  __contingencyTxClients?: WeakMap<object, Database.Database>;
};
const clientByTx = (txHolder.__contingencyTxClients ??= new WeakMap());

// Kept on globalThis: the Express server (server/) and the Remix build are bundled apart, and
// must share one connection per process.
const holder = globalThis as typeof globalThis & { __contingencyDb?: DB };

/** The process-wide connection to DATABASE_PATH. */
export function getDb(): DB {
  holder.__contingencyDb ??= openDb(env().DATABASE_PATH);
  return holder.__contingencyDb;
}

/** Closes the process-wide connection (clean shutdown); the next getDb() opens a new one. */
export function closeDb() {
  const db = holder.__contingencyDb;
  holder.__contingencyDb = undefined;
  if (db?.$client.open) db.$client.close();
}

/**
 * Runs `fn` in one synchronous IMMEDIATE transaction (takes the write lock first, so a
 * read-then-write money operation can never interleave with another process). `fn` must not
 * be async: work after an await would run outside the transaction.
 */
export function writeTx<T>(db: DB, fn: (tx: Tx) => T): T {
  beginMoneyTx();
  let committed = false;
  try {
    const out = db.transaction(
      (tx) => {
        clientByTx.set(tx, db.$client);
        return fn(tx);
      },
      { behavior: 'immediate' },
    );
    committed = true;
    return out;
  } finally {
    // One log line per committed money change, with the ledger ids it wrote.
    endMoneyTx(committed);
  }
}

/** The better-sqlite3 connection a db or a transaction handle runs on (a transaction shares its db's). */
export function connectionOf(conn: Conn): Database.Database {
  const client = '$client' in conn ? conn.$client : clientByTx.get(conn);
  if (!client)
    throw new Error(
      'no connection behind this handle: pass a db from openDb, or a transaction opened on one',
    );
  return client;
}
const preparedByClient = new WeakMap<Database.Database, Map<string, unknown>>();

/**
 * A query built once per connection and cached under `name` (one name per call site, e.g.
 * "credit.spendable"); values go in through `sql.placeholder(...)`. drizzle otherwise builds a
 * query's SQL anew on every call, which was most of a redemption's statements' cost at the
 * counter. The cached query runs on the same connection whichever handle built it,
 * so it can be run inside a transaction: better-sqlite3's transactions are the connection's.
 */
export function prepared<T>(conn: Conn, name: string, build: (conn: Conn) => T): T {
  if (!perfOn('prepared-queries')) return build(conn);
  const client = connectionOf(conn);
  let cache = preparedByClient.get(client);
  if (!cache) preparedByClient.set(client, (cache = new Map()));
  let query = cache.get(name) as T | undefined;
  if (query === undefined) cache.set(name, (query = build(conn)));
  return query;
}

/**
 * A `.limit()` SQLite does not read while it plans: a bound `LIMIT ?` is read to cap the planner's
 * row estimate, which marks the statement to be compiled again each time a value is bound to it,
 * that is on every call of a cached statement (docs/decisions/046-planner-statistics.md).
 * `cast(? as integer)` is bound the same way and not read. A string names a placeholder of a
 * prepared query; a number is bound as a value. (drizzle's `.limit()` writes any SQL it is given
 * after LIMIT; its type names only numbers and placeholders.)
 */
export function unplannedLimit(value: string | number): Placeholder<string, number> {
  // drizzle left out the LIMIT of a number that is not one (NaN: every row); the cast would make
  // it an SQL error at run time. Refused here, where the caller's mistake is.
  if (typeof value === 'number' && !Number.isInteger(value))
    throw new RangeError(`a LIMIT must be a whole number, not ${value}`);
  const bound = typeof value === 'string' ? sql.placeholder(value) : value;
  return sql`cast(${bound} as integer)` as unknown as Placeholder<string, number>;
}
