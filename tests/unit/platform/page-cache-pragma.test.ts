/** The connection's SQLite page cache is the configured size (SQLite's own default is 2 MB). */
import { describe, expect, it } from 'vitest';
import { openDb } from '~/db.server';
import { env } from '~/env.server';

describe('SQLite page cache of a connection', () => {
  it('is SQLITE_CACHE_MB, given to SQLite in KiB, more than SQLite’s own 2 MB', () => {
    const mb = env().SQLITE_CACHE_MB;
    expect(mb).toBeGreaterThan(2);
    const db = openDb(':memory:');
    expect(db.$client.pragma('cache_size', { simple: true })).toBe(-mb * 1024);
    db.$client.close();
  });
});
