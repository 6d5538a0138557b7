/**
 * Hashing off the event loop: passwords in argon2id with the bcrypt accounts of before
 * upgraded at their next successful sign-in; PINs as a keyed HMAC compared in constant time,
 * legacy bcrypt PINs migrated on their next successful use; the 5-try lock-out is unchanged.
 */
import bcrypt from 'bcryptjs';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { riders, users } from '#db/schema';
import type { DB } from '~/db.server';
import {
  DUMMY_HASH,
  hashPassword,
  hashPin,
  verifyPassword,
  verifyPin,
  verifyRiderPin,
  verifyUserPassword,
} from '~/services/auth/password.server';
import { testDb } from '../helpers/db';

let db: DB;
beforeEach(() => {
  db = testDb();
});

function addUser(passwordHash: string) {
  return db
    .insert(users)
    .values({ email: `u${Math.random()}@x.test`, passwordHash, role: 'admin' })
    .returning()
    .get();
}
function hashOf(id: number) {
  return db.select({ h: users.passwordHash }).from(users).where(eq(users.id, id)).get()!.h;
}

describe('passwords: argon2id, legacy bcrypt upgraded at the next successful sign-in', () => {
  it('hashes new passwords with argon2id (OWASP parameters) and verifies them', async () => {
    const h = await hashPassword('Password123');
    expect(h).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword('Password123', h)).toEqual({ ok: true, rehash: false });
    expect((await verifyPassword('Password124', h)).ok).toBe(false);
  });

  it('accepts a legacy bcrypt hash and replaces it with argon2id on that sign-in', async () => {
    const legacy = bcrypt.hashSync('Password123', 4);
    const u = addUser(legacy);
    expect(await verifyPassword('Password123', legacy)).toEqual({ ok: true, rehash: true });
    expect(await verifyUserPassword(db, u, 'Password123')).toBe(true);
    const now = hashOf(u.id);
    expect(now).toMatch(/^\$argon2id\$/);
    // The next sign-in uses the new hash and changes nothing more.
    expect(await verifyUserPassword(db, { id: u.id, passwordHash: now }, 'Password123')).toBe(true);
    expect(hashOf(u.id)).toBe(now);
  });

  it('refuses a wrong password and leaves a legacy hash as it was', async () => {
    const legacy = bcrypt.hashSync('Password123', 4);
    const u = addUser(legacy);
    expect(await verifyUserPassword(db, u, 'password123')).toBe(false);
    expect(hashOf(u.id)).toBe(legacy);
  });

  it('refuses a missing user, a missing hash and a hash of an unknown kind', async () => {
    expect(await verifyUserPassword(db, undefined, 'Password123')).toBe(false);
    expect((await verifyPassword('x', DUMMY_HASH)).ok).toBe(false);
    expect((await verifyPassword('x', null)).ok).toBe(false);
    expect((await verifyPassword('x', 'plain-text')).ok).toBe(false);
  });
});

describe('PIN: keyed HMAC-SHA256, constant-time compare, legacy bcrypt migrated on use', () => {
  it('stores a salted HMAC, never the PIN, and checks it', async () => {
    const a = hashPin('1234');
    const b = hashPin('1234');
    expect(a).toMatch(/^hmac-sha256\$[\w-]+\$[\w-]+$/);
    expect(a).not.toContain('1234');
    expect(a).not.toBe(b); // salted: equal PINs do not show
    expect(await verifyPin('1234', a)).toEqual({ ok: true, rehash: false });
    expect((await verifyPin('1235', a)).ok).toBe(false);
    expect((await verifyPin('1234', 'hmac-sha256$broken')).ok).toBe(false);
  });

  it('depends on the server key: the same salt and PIN under another key do not match', async () => {
    const [, salt, mac] = hashPin('1234').split('$');
    const { createHmac } = await import('node:crypto');
    const otherKey = createHmac('sha256', 'another-server-key')
      .update(Buffer.from(salt, 'base64url'))
      .update('1234')
      .digest('base64url');
    expect(otherKey).not.toBe(mac);
    expect((await verifyPin('1234', `hmac-sha256$${salt}$${otherKey}`)).ok).toBe(false);
  });

  it('migrates a legacy bcrypt PIN on its next successful use, not on a wrong one', async () => {
    const legacy = bcrypt.hashSync('4321', 4);
    const u = addUser(await hashPassword('Password123'));
    const r = db
      .insert(riders)
      .values({ userId: u.id, firstName: 'A', lastName: 'B', pinHash: legacy })
      .returning()
      .get();
    const pinOf = () =>
      db.select({ p: riders.pinHash }).from(riders).where(eq(riders.id, r.id)).get()!.p;
    expect(await verifyRiderPin(db, r.id, '0000', legacy)).toBe(false);
    expect(pinOf()).toBe(legacy);
    expect(await verifyRiderPin(db, r.id, '4321', legacy)).toBe(true);
    expect(pinOf()).toMatch(/^hmac-sha256\$/);
    expect(await verifyRiderPin(db, r.id, '4321', pinOf())).toBe(true);
  });
});

describe('password hashing never takes the last core', () => {
  it('a burst of 12 checks runs at most HASH_CONCURRENCY at once (one core less than the machine)', async () => {
    const { HASH_CONCURRENCY, hashLoad } = await import('~/services/auth/password.server');
    expect(HASH_CONCURRENCY).toBe(
      Math.max(1, (await import('node:os')).availableParallelism() - 1),
    );
    let most = 0;
    const watch = setInterval(() => (most = Math.max(most, hashLoad().running)), 1);
    const results = await Promise.all(
      Array.from({ length: 12 }, () => verifyPassword('wrong password', DUMMY_HASH)),
    );
    clearInterval(watch);
    expect(results.every((r) => !r.ok)).toBe(true);
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(HASH_CONCURRENCY);
    expect(hashLoad()).toEqual({ running: 0, waiting: 0 });
  });
});
