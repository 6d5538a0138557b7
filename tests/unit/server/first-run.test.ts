/**
 * The first-run demo seed (server/first-run.ts, run by `npm start` before listen): a fresh clone
 * gets the demo season; SEED_DEMO=false (a production install) starts an empty database with no
 * users at all, and an account someone created with the demo password is locked, not a reason to
 * refuse to start.
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

describe('a real install locks accounts with a published password (checked by hash, not by e-mail)', () => {
  it('finds every account whose password is the demo one, whatever its e-mail; remembers safe hashes', async () => {
    const { createAccount } = await import('~/services/people/users.server');
    const { accountsWithPublishedPassword } = await import('../../../server/first-run');
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const db = testDb();
    const make = (email: string, password: string, role: 'admin' | 'dealer' = 'admin') =>
      createAccount(db, {
        role,
        email,
        password,
        firstName: 'A',
        lastName: 'B',
        emailVerified: true,
      });
    await make('renamed-demo@example.com', 'Password123');
    await make('owner@example.com', 'a long real secret 42');
    const checked = path.join(
      fs.mkdtempSync(path.join(os.tmpdir(), 'cc-known-')),
      'password-check',
    );
    const found = await accountsWithPublishedPassword(db, checked);
    expect(found.map((a) => a.email)).toEqual(['renamed-demo@example.com']);
    // The safe hash is remembered, the known one is not: it is found again next time.
    expect(fs.readFileSync(checked, 'utf8').trim().split('\n')).toHaveLength(1);
    expect((await accountsWithPublishedPassword(db, checked)).length).toBe(1);
  });

  it('an account someone created with the demo password is locked, its sessions ended, and the start goes on; the warning names how many, not who', async () => {
    const { createAccount } = await import('~/services/people/users.server');
    const { createSession } = await import('~/services/auth/session.server');
    const { lockPublishedPasswords, lockedPasswordMessage } =
      await import('../../../server/first-run');
    const { eq } = await import('drizzle-orm');
    const { sessions } = await import('#db/schema');
    const db = testDb();
    const planted = await createAccount(db, {
      role: 'rider',
      email: 'stranger@example.com',
      password: 'Password123',
      firstName: 'S',
    });
    const owner = await createAccount(db, {
      role: 'admin',
      email: 'owner@example.com',
      password: 'a long real secret 42',
      firstName: 'O',
    });
    await createSession(db, planted.user.id);
    const first = await lockPublishedPasswords(db);
    expect(first.locked.map((a) => a.id)).toEqual([planted.user.id]);
    expect(first.stillLocked).toBe(1);
    const lockedOf = (id: number) =>
      db.select().from(users).where(eq(users.id, id)).get()?.passwordLocked;
    expect(lockedOf(planted.user.id)).toBe(true);
    expect(lockedOf(owner.user.id)).toBe(false);
    expect(
      db.select().from(sessions).where(eq(sessions.userId, planted.user.id)).all(),
    ).toHaveLength(0);
    const message = lockedPasswordMessage(first.locked, first.stillLocked);
    expect(message).toMatch(/^1 account\(s\) had the published demo password/);
    expect(message).toContain(String(planted.user.id));
    expect(message).not.toContain('stranger@example.com');
    expect(message).toMatch(/reset/);
    // A later start finds nothing new (locked accounts are not checked again) and still says so.
    const again = await lockPublishedPasswords(db);
    expect(again).toEqual({ locked: [], stillLocked: 1 });
    expect(lockedPasswordMessage(again.locked, again.stillLocked)).toMatch(
      /^1 account\(s\) are locked/,
    );
  });
});
