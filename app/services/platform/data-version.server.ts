/**
 * Answers kept in memory until the data under them changes (issue 8).
 *
 * The posted contingency and the home page's event lists are computed from the event catalog
 * (events, their classes and places, series, categories, which events have results), which changes a few
 * times a day, while every visit of the home page asked SQLite for them again (a third of its
 * CPU). SQLite triggers bump `data_versions.catalog` in the same transaction as any change to
 * those tables (migration 0011), whichever process or script made it; an answer is kept with the
 * version it was computed at and recomputed when the version moves.
 *
 * Only committed data is kept: inside a transaction (which may still roll back) the answer is
 * computed and not remembered. Kept answers are shared between requests and must not be changed
 * by callers.
 */
import type Database from 'better-sqlite3';
import type { Conn } from '~/db.server';

/** Answers kept per connection (keys include the day and the list size: a handful in practice). */
export const MAX_KEPT = 200;

type Kept = { version: number; values: Map<string, unknown> };
const byConnection = new WeakMap<Database.Database, Kept>();

function clientOf(conn: Conn): Database.Database | null {
  const client = (conn as { $client?: Database.Database }).$client;
  return client && typeof client.prepare === 'function' ? client : null;
}

/** The catalog's version, or null outside a plain connection or before migration 0011. */
export function catalogVersion(conn: Conn): number | null {
  const client = clientOf(conn);
  if (!client) return null;
  const row = client.prepare(`SELECT version FROM data_versions WHERE name = 'catalog'`).get() as { version: number } | undefined;
  return row ? row.version : null;
}

/** `compute()`, kept under `key` until the catalog changes. */
export function keptForCatalog<T>(conn: Conn, key: string, compute: () => T): T {
  const client = clientOf(conn);
  if (!client || client.inTransaction) return compute();
  const version = catalogVersion(conn);
  if (version === null) return compute();
  let kept = byConnection.get(client);
  if (!kept || kept.version !== version) byConnection.set(client, (kept = { version, values: new Map() }));
  if (kept.values.has(key)) return kept.values.get(key) as T;
  const value = compute();
  if (kept.values.size >= MAX_KEPT) kept.values.clear();
  kept.values.set(key, value);
  return value;
}
