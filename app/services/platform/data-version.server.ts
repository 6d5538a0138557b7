/**
 * Answers cached in memory until the data under them changes.
 *
 * Some public answers are computed from data that changes a few times a day while every visit
 * asked SQLite for them again: the posted contingency, the home page's event lists, the public
 * schedule and series finder (from the event **catalog**: events, their classes and places,
 * series, categories, which events have results), the dealer finder (from **dealers**), and the
 * brands with their host names (**brands**).
 * SQLite triggers bump `data_versions.<slice>` in the same transaction as any change to the
 * slice's tables (migration 0011), whichever process or script made it; an answer is cached with
 * the version it was computed at and recomputed when the version moves.
 *
 * Only committed data is cached: inside a transaction (which may still roll back) the answer is
 * computed and not remembered. Cached answers are shared between requests and must not be changed
 * by callers.
 */
import type Database from 'better-sqlite3';
import { LRUCache } from 'lru-cache';
import { prepared, type Conn, type DB } from '~/db.server';
import { env } from '~/env.server';
import { perfOn } from '~/perf.server';

/** The slices of data that have a version (rows of `data_versions`). */
export type Slice = 'catalog' | 'dealers' | 'brands';

/** Answers cached per connection and slice (keys include the day and the filters). */
const MAX_CACHED = 200;

// Boxed: lru-cache keeps no undefined value, and an answer may be one.
type SliceCache = { version: number; values: LRUCache<string, { value: unknown }> };
const byConnection = new WeakMap<Database.Database, Map<Slice, SliceCache>>();

function clientOf(conn: Conn): Database.Database | null {
  const client = (conn as { $client?: Database.Database }).$client;
  return client && typeof client.prepare === 'function' ? client : null;
}

/** A slice's version, or null outside a plain connection or before migration 0011. */
export function dataVersion(conn: Conn, slice: Slice): number | null {
  const client = clientOf(conn);
  if (!client) return null;
  // Asked by every cached answer of every public page: compiled once per connection.
  const stmt = prepared(conn, 'dataVersion.slice', () =>
    client.prepare(`SELECT version FROM data_versions WHERE name = ?`),
  );
  const row = stmt.get(slice) as { version: number } | undefined;
  return row ? row.version : null;
}

/** `compute()`, cached under `key` until the slice's data changes. */
export function cachedFor<T>(conn: Conn, slice: Slice, key: string, compute: () => T): T {
  const client = clientOf(conn);
  if (!client || client.inTransaction || !perfOn('data-memos')) return compute();
  const version = dataVersion(conn, slice);
  if (version === null) return compute();
  let slices = byConnection.get(client);
  if (!slices) byConnection.set(client, (slices = new Map()));
  let cache = slices.get(slice);
  if (!cache || cache.version !== version)
    slices.set(slice, (cache = { version, values: new LRUCache({ max: MAX_CACHED }) }));
  const hit = cache.values.get(key);
  if (hit) return hit.value as T;
  const value = compute();
  cache.values.set(key, { value });
  return value;
}

/** The catalog's version (see above). */
export const catalogVersion = (conn: Conn) => dataVersion(conn, 'catalog');

/** `compute()`, cached under `key` until the event catalog changes. */
export function cachedForCatalog<T>(conn: Conn, key: string, compute: () => T): T {
  return cachedFor(conn, 'catalog', key, compute);
}

// -------------------------------------------------------------- cached until the next write

type CachedAnswer = { version: string; until: number; value: unknown };
const untilWrite = new WeakMap<Database.Database, LRUCache<string, CachedAnswer>>();
const versionQuery = new WeakMap<Database.Database, Database.Statement>();

/**
 * A version that moves with every committed write, as this connection sees the whole database:
 * its own change counter and SQLite's `data_version` (which moves when another connection or
 * process commits). Also the page cache's version.
 */
export function writeVersion(client: Database.Database): string {
  let stmt = versionQuery.get(client);
  if (!stmt) {
    stmt = client.prepare(
      'SELECT total_changes() AS t, (SELECT data_version FROM pragma_data_version) AS d',
    );
    versionQuery.set(client, stmt);
  }
  const row = stmt.get() as { t: number; d: number };
  return `${row.t}.${row.d}`;
}

/**
 * `compute()`, cached under `key` until anything at all is written to the database (by this
 * process or another) and at most `REPORTS_KEPT_MS` (default 60 s; 0: never cached), which bounds
 * what the clock alone changes (credit expiring this minute). For the admin reports over the
 * money tables: every redemption changes them, so they get no slice of their own (its trigger
 * would add a page write to every redemption); they are recomputed after any write instead.
 */
export function cachedUntilWrite<T>(
  conn: Conn,
  key: string,
  compute: () => T,
  now = Date.now(),
): T {
  const ttl = env().REPORTS_KEPT_MS;
  const client = clientOf(conn);
  if (ttl === 0 || !client || client.inTransaction || !perfOn('data-memos')) return compute();
  const version = writeVersion(client);
  let answers = untilWrite.get(client);
  if (!answers) untilWrite.set(client, (answers = new LRUCache({ max: MAX_CACHED })));
  const hit = answers.get(key);
  if (hit && hit.version === version && hit.until > now) return hit.value as T;
  const value = compute();
  // Cached only if nothing was written while it was computed.
  if (writeVersion(client) === version) answers.set(key, { version, until: now + ttl, value });
  return value;
}

/** A report function whose answers are cached until the next write, per name and arguments. */
export function cachedReport<A extends unknown[], R>(
  name: string,
  report: (db: DB, ...args: A) => R,
) {
  return (db: DB, ...args: A): R =>
    cachedUntilWrite(db, `${name}:${JSON.stringify(args)}`, () => report(db, ...args));
}
