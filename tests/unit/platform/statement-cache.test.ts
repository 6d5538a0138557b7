/**
 * Cached statements: the connection hands back the statement it already compiled for the
 * same SQL, only while that statement is idle, with its modes reset; at most MAX_STATEMENTS cached.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { cacheStatements } from '~/db-statements.server';

function conn(max?: number) {
  const sqlite = cacheStatements(new Database(':memory:'), max);
  sqlite.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)');
  sqlite.exec("INSERT INTO t (name) VALUES ('a'), ('b'), ('c')");
  return sqlite;
}

describe('cached statements', () => {
  it('reuses the compiled statement for the same SQL, with its modes reset', () => {
    const sqlite = conn();
    const a = sqlite.prepare('SELECT id, name FROM t ORDER BY id');
    expect(a.raw().all()).toEqual([
      [1, 'a'],
      [2, 'b'],
      [3, 'c'],
    ]);
    const b = sqlite.prepare('SELECT id, name FROM t ORDER BY id');
    expect(b).toBe(a);
    expect(b.all()).toEqual([
      { id: 1, name: 'a' },
      { id: 2, name: 'b' },
      { id: 3, name: 'c' },
    ]);
    sqlite.prepare('SELECT name FROM t ORDER BY id').pluck();
    expect(sqlite.prepare('SELECT name FROM t ORDER BY id').all()).toEqual([
      { name: 'a' },
      { name: 'b' },
      { name: 'c' },
    ]);
    expect(sqlite.prepare('SELECT id FROM t')).not.toBe(a);
    // Writes through a cached statement work each time.
    const ins = sqlite.prepare('INSERT INTO t (name) VALUES (?)');
    ins.run('d');
    expect(sqlite.prepare('INSERT INTO t (name) VALUES (?)')).toBe(ins);
    sqlite.prepare('INSERT INTO t (name) VALUES (?)').run('e');
    expect(sqlite.prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: 5 });
  });

  it('gives a fresh statement while the cached one is being iterated', () => {
    const sqlite = conn();
    const sql = 'SELECT id FROM t ORDER BY id';
    const it = sqlite.prepare(sql).iterate() as IterableIterator<{ id: number }>;
    expect(it.next().value).toEqual({ id: 1 });
    const other = sqlite.prepare(sql);
    expect(other.all()).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]); // would throw on the busy one
    expect([...it].map((r) => r.id)).toEqual([2, 3]);
  });

  it('keeps at most the given number, least recently used out first', () => {
    const sqlite = conn(2);
    const one = sqlite.prepare('SELECT 1');
    const two = sqlite.prepare('SELECT 2');
    expect(sqlite.prepare('SELECT 1')).toBe(one); // now the most recent
    sqlite.prepare('SELECT 3'); // pushes out SELECT 2
    expect(sqlite.prepare('SELECT 1')).toBe(one);
    expect(sqlite.prepare('SELECT 2')).not.toBe(two);
  });

  it('leaves PRAGMA and transactions working (they prepare through the native handle)', () => {
    const sqlite = conn();
    sqlite.pragma('foreign_keys = OFF');
    expect(sqlite.pragma('foreign_keys', { simple: true })).toBe(0);
    sqlite.pragma('foreign_keys = ON');
    expect(sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    const tx = sqlite.transaction(() => sqlite.prepare('INSERT INTO t (name) VALUES (?)').run('z'));
    tx.immediate();
    tx.immediate();
    expect(sqlite.prepare("SELECT count(*) AS n FROM t WHERE name = 'z'").get()).toEqual({ n: 2 });
    expect(cacheStatements(sqlite)).toBe(sqlite); // installing twice changes nothing
  });
});
