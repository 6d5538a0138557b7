/**
 * A LIMIT SQLite does not read while it plans (docs/decisions/046-planner-statistics.md): a bound
 * `LIMIT ?` marks a cached statement to be compiled again on every call; `unplannedLimit` binds the
 * same value as `cast(? as integer)`, which SQLite does not read. Same rows; every `.limit(` of the
 * app goes through it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { asc, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { prepared, unplannedLimit } from '~/db.server';
import { vinPatterns } from '#db/schema';
import { testDb } from '../helpers/db';

const ROOT = path.resolve(import.meta.dirname, '../../..');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.tsx?$/.test(e.name) ? [full] : [];
  });
}

/** `.limit(` calls whose argument is not `unplannedLimit(…)`. */
function boundLimits(text: string): string[] {
  return [...text.matchAll(/\.limit\((?!unplannedLimit\()[^)]+\)/g)].map((m) => m[0]);
}

describe('unplannedLimit', () => {
  it('gives the same page as a plain limit, as a value and as a placeholder', () => {
    const db = testDb();
    db.insert(vinPatterns)
      .values(
        [1, 2, 3, 4, 5, 6].map((n) => ({
          model: `M${n}`,
          year: 2020,
          pattern: `${n}`.padEnd(17, '*'),
        })),
      )
      .run();
    const ids = db.select({ id: vinPatterns.id }).from(vinPatterns).orderBy(asc(vinPatterns.id));
    const all = ids.all().map((r) => r.id);
    expect(all.length).toBeGreaterThan(3);

    expect(
      db
        .select({ id: vinPatterns.id })
        .from(vinPatterns)
        .orderBy(asc(vinPatterns.id))
        .limit(unplannedLimit(2))
        .offset(1)
        .all()
        .map((r) => r.id),
    ).toEqual(all.slice(1, 3));

    const page = prepared(db, 'test.unplannedLimit', (c) =>
      c
        .select({ id: vinPatterns.id })
        .from(vinPatterns)
        .orderBy(asc(vinPatterns.id))
        .limit(unplannedLimit('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(),
    );
    expect(page.all({ limit: 2, offset: 0 }).map((r) => r.id)).toEqual(all.slice(0, 2));
    expect(page.all({ limit: 3, offset: 2 }).map((r) => r.id)).toEqual(all.slice(2, 5));
    expect(page.all({ limit: 0, offset: 0 })).toEqual([]);
  });

  it('takes the odd values as drizzle did: a negative limit is none, a fraction or NaN refused', () => {
    const db = testDb();
    db.insert(vinPatterns)
      .values(
        [1, 2, 3].map((n) => ({ model: `M${n}`, year: 2020, pattern: `${n}`.padEnd(17, '*') })),
      )
      .run();
    const all = db.select({ id: vinPatterns.id }).from(vinPatterns).all();
    const plain = db.select({ id: vinPatterns.id }).from(vinPatterns).limit(-1).all();
    expect(plain).toEqual(all);
    expect(
      db.select({ id: vinPatterns.id }).from(vinPatterns).limit(unplannedLimit(-1)).all(),
    ).toEqual(all);
    expect(() => unplannedLimit(Number.NaN)).toThrow(RangeError);
    expect(() => unplannedLimit(2.5)).toThrow(RangeError);
  });

  it('writes the limit as a cast SQLite does not read while planning', () => {
    const db = testDb();
    const query = db.select({ id: vinPatterns.id }).from(vinPatterns).limit(unplannedLimit(5));
    const { sql: text, params } = query.toSQL();
    expect(text).toMatch(/limit cast\(\? as integer\)$/);
    expect(params).toEqual([5]);
  });

  it("every .limit( of the app's code goes through unplannedLimit", () => {
    const offenders = sources(path.join(ROOT, 'app')).flatMap((file) =>
      boundLimits(fs.readFileSync(file, 'utf8')).map(
        (call) => `${path.relative(ROOT, file)}: ${call}`,
      ),
    );
    expect(offenders).toEqual([]);
  });

  it('the scan can fail: it sees a bound limit, not one through unplannedLimit', () => {
    expect(boundLimits(`q.limit(sql.placeholder('limit')).offset(1); q.limit(20)`)).toEqual([
      `.limit(sql.placeholder('limit')`,
      '.limit(20)',
    ]);
    expect(boundLimits(`q.limit(unplannedLimit('limit')); a \`.limit()\` in a comment`)).toEqual(
      [],
    );
  });
});
