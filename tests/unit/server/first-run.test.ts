/**
 * The first-run demo seed (server/first-run.ts, run by `npm start` before listen): a fresh clone
 * gets the demo season; SEED_DEMO=false (a production install) starts an empty database with no
 * users at all, so no demo account with a known password ever exists there.
 */
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '#db/schema';
import { DEMO } from '#db/seed-accounts';
import type { DB } from '~/db.server';
import { seedIfEmpty } from '../../../server/first-run';
import { testDb } from '../helpers/db';

const userCount = (db: DB) => db.select({ n: count() }).from(users).get()!.n;

describe('the first-run demo seed', () => {
  it('SEED_DEMO=false: an empty database starts with no users', async () => {
    const db = testDb();
    expect(await seedIfEmpty(db, false)).toBe('skipped');
    expect(userCount(db)).toBe(0);
  });

  it('by default an empty database gets the demo accounts, once', async () => {
    const db = testDb();
    expect(await seedIfEmpty(db, true)).toBe('seeded');
    const emails = db
      .select({ email: users.email })
      .from(users)
      .all()
      .map((u) => u.email);
    expect(emails).toContain(DEMO.admin);
    const n = userCount(db);
    expect(await seedIfEmpty(db, true)).toBe('notEmpty');
    expect(userCount(db)).toBe(n);
  }, 180_000);
});
