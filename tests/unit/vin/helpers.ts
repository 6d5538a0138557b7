/** Helpers for the VIN tests: fixture files, riders and admins inserted directly. */
import fs from 'node:fs';
import path from 'node:path';
import { admins, dealers, riders, users, vinPatterns } from '#db/schema';
import type { DB } from '~/db.server';

const FIXTURES = path.resolve(process.cwd(), 'tests/fixtures/program');

/** A fixture file's bytes. */
export function fixture(name: string): Buffer {
  return fs.readFileSync(path.join(FIXTURES, name));
}

/** Rows of a simple comma-separated fixture (no quoted fields), keyed by header. */
export function fixtureRows(name: string): Record<string, string>[] {
  const text = fixture(name)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  const [header, ...lines] = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  const keys = header.split(',');
  return lines.map((line) => {
    const cells = line.split(',');
    return Object.fromEntries(keys.map((k, i) => [k, cells[i] ?? '']));
  });
}

let seq = 0;

/** A user with a role profile; returns ids. The password hash is a dummy (no sign-in in these tests). */
export function insertUser(
  db: DB,
  role: 'rider' | 'admin' | 'dealer',
  name = 'Test',
): { userId: number; profileId: number } {
  seq += 1;
  const user = db
    .insert(users)
    .values({
      email: `${role}-${seq}-${Date.now()}@example.test`,
      passwordHash: 'x',
      role,
      emailVerified: true,
    })
    .returning()
    .get();
  if (role === 'rider') {
    const r = db
      .insert(riders)
      .values({ userId: user.id, firstName: name, lastName: `Rider${seq}` })
      .returning()
      .get();
    return { userId: user.id, profileId: r.id };
  }
  if (role === 'admin') {
    const a = db
      .insert(admins)
      .values({ userId: user.id, firstName: name, lastName: `Admin${seq}` })
      .returning()
      .get();
    return { userId: user.id, profileId: a.id };
  }
  const d = db
    .insert(dealers)
    .values({ userId: user.id, name: `${name} Dealer ${seq}` })
    .returning()
    .get();
  return { userId: user.id, profileId: d.id };
}

/** Inserts the fixture's patterns directly (verified unless told otherwise). */
export function insertFixturePatterns(db: DB, verified = true) {
  for (const row of fixtureRows('vin-patterns.csv')) {
    db.insert(vinPatterns)
      .values({ model: row.Model, year: Number(row.Year), pattern: row.Pattern, verified })
      .run();
  }
}
