/**
 * WAL checkpoints between requests. SQLite's automatic checkpoint runs inside the COMMIT that
 * pushes the WAL past its threshold: that one request copies ~1,000 pages into the database file
 * and waits for the disk (fsync), and every request queued behind it on the event loop waits too
 * (a burst at the counter). The server instead checkpoints when no request is in progress (PASSIVE:
 * never waits for a reader), and keeps SQLite's automatic checkpoint only as a backstop at a
 * higher threshold, for a server that is never idle.
 */
import type Database from 'better-sqlite3';

/** WAL pages at which SQLite still checkpoints by itself (4 KB pages: about 40 MB). */
const BACKSTOP_PAGES = 10_000;

export type IdleCheckpoints = { stop: () => void };

export function idleCheckpoints(opts: {
  sqlite: () => Database.Database;
  /** True while a request is in progress. */
  busy: () => boolean;
  everyMs?: number;
  onError?: (err: unknown) => void;
}): IdleCheckpoints {
  opts.sqlite().pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
  const timer = setInterval(() => {
    if (opts.busy()) return;
    try {
      const sqlite = opts.sqlite();
      if (sqlite.open) sqlite.pragma('wal_checkpoint(PASSIVE)');
    } catch (err) {
      opts.onError?.(err);
    }
  }, opts.everyMs ?? 250);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
