/**
 * The TOTP secret is stored encrypted: the row does not hold the secret, it opens only for its own
 * account, and a row written in clear before encryption still works and is sealed at its next code.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { twoFactor, users } from '#db/schema';
import {
  beginTotpSetup,
  checkSecondFactor,
  confirmTotpSetup,
  newTotpSecret,
  pendingSecret,
  stepAt,
  totpCode,
  TOTP_PERIOD,
} from '~/services/auth/totp.server';
import { isSealed, openTotpSecret, sealTotpSecret } from '~/services/auth/totp-secret.server';
import { SYSTEM_ACTOR } from '~/services/platform/audit.server';
import { testDb } from '../helpers/db';

function newUser(db: ReturnType<typeof testDb>) {
  return db
    .insert(users)
    .values({ email: `t${Math.random()}@example.test`, passwordHash: 'x', role: 'admin' })
    .returning()
    .get();
}

const stored = (db: ReturnType<typeof testDb>, userId: number) =>
  db.select().from(twoFactor).where(eq(twoFactor.userId, userId)).get()!.secret;

describe('the TOTP secret at rest', () => {
  it('is stored encrypted (AES-256-GCM), never as the secret itself, and still checks codes', () => {
    const db = testDb();
    const u = newUser(db);
    const secret = beginTotpSetup(db, u.id);
    const row = stored(db, u.id);
    expect(isSealed(row)).toBe(true);
    expect(row).not.toContain(secret);
    expect(pendingSecret(db, u.id)).toBe(secret);
    const T0 = Date.now() - 10 * TOTP_PERIOD * 1000;
    expect(confirmTotpSetup(db, u.id, totpCode(secret, stepAt(T0)), SYSTEM_ACTOR, T0).outcome).toBe(
      'ok',
    );
    expect(checkSecondFactor(db, u.id, totpCode(secret, stepAt(Date.now())))).toBe('ok');
  });

  it('opens only for its own account; a tampered value does not open', () => {
    const secret = newTotpSecret();
    const sealed = sealTotpSecret(7, secret);
    expect(openTotpSecret(7, sealed)).toBe(secret);
    expect(openTotpSecret(8, sealed)).toBeNull();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA').toString('base64url');
    expect(openTotpSecret(7, parts.join('.'))).toBeNull();
    // A fresh IV each time: the same secret never gives the same stored value.
    expect(sealTotpSecret(7, secret)).not.toBe(sealed);
  });

  it('a secret stored in clear before encryption keeps working and is sealed at its next code', () => {
    const db = testDb();
    const u = newUser(db);
    const secret = newTotpSecret();
    db.insert(twoFactor)
      .values({ userId: u.id, secret, confirmedAt: new Date().toISOString() })
      .run();
    expect(checkSecondFactor(db, u.id, totpCode(secret, stepAt(Date.now())))).toBe('ok');
    const row = stored(db, u.id);
    expect(isSealed(row)).toBe(true);
    expect(openTotpSecret(u.id, row)).toBe(secret);
  });
});
