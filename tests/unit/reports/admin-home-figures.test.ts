/** The admin home's rider count: active riders only (an account deactivated is not counted). */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '#db/schema';
import { adminHomeFigures } from '~/services/reports/admin-home.server';
import { testDb } from '../helpers/db';
import { makeRider, makeUser } from '../money/factory';

describe('admin home figures', () => {
  it('counts riders whose account is active, not the deactivated ones, nor other roles', () => {
    const db = testDb();
    const before = adminHomeFigures(db).riderCount;
    makeRider(db);
    makeRider(db);
    const leaving = makeRider(db);
    makeRider(db, { deactivated: true });
    makeUser(db, 'dealer', { deactivated: true });
    expect(adminHomeFigures(db).riderCount).toBe(before + 3);
    db.update(users).set({ deactivated: true }).where(eq(users.id, leaving.user.id)).run();
    expect(adminHomeFigures(db).riderCount).toBe(before + 2);
  });
});
