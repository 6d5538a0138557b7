/**
 * New recovery codes from the security page: only with the password AND a current code of the
 * authenticator app; the old codes stop working at once and the new ones each work once.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, users } from '#db/schema';
import { hashPassword } from '~/services/auth/password.server';
import {
  beginTotpSetup,
  checkSecondFactor,
  confirmTotpSetup,
  stepAt,
  totpCode,
  TOTP_PERIOD,
} from '~/services/auth/totp.server';
import { regenerateRecoveryCodes } from '~/services/auth/two-factor.server';
import { CHANGE_PASSWORD_LIMIT } from '~/services/auth/recovery.server';
import { SYSTEM_ACTOR } from '~/services/platform/audit.server';
import { testDb } from '../helpers/db';

const PASSWORD = 'Strong-Pass-2026';

async function userWithTotp() {
  const db = testDb();
  const u = db
    .insert(users)
    .values({
      email: `r${Math.random()}@example.test`,
      passwordHash: await hashPassword(PASSWORD),
      role: 'dealer',
    })
    .returning()
    .get();
  const T0 = Date.now() - 50 * TOTP_PERIOD * 1000;
  const secret = beginTotpSetup(db, u.id);
  const setup = confirmTotpSetup(db, u.id, totpCode(secret, stepAt(T0)), SYSTEM_ACTOR, T0);
  expect(setup.outcome).toBe('ok');
  return { db, userId: u.id, secret, oldCodes: setup.recoveryCodes };
}

describe('regenerating recovery codes', () => {
  it('needs the password and a current code; the old codes stop working, the new ones work once', async () => {
    const { db, userId, secret, oldCodes } = await userWithTotp();
    const actor = { userId, proxyHostUserId: null };
    const code = () => totpCode(secret, stepAt(Date.now()));

    const wrongPassword = await regenerateRecoveryCodes(
      db,
      userId,
      { password: 'not-it', code: code() },
      actor,
    );
    expect(wrongPassword.outcome).toBe('wrongPassword');
    // A recovery code is not a current code: it cannot mint new ones.
    const withRecovery = await regenerateRecoveryCodes(
      db,
      userId,
      { password: PASSWORD, code: oldCodes[1]! },
      actor,
    );
    expect(withRecovery).toEqual({ outcome: 'wrongCode', recoveryCodes: [] });

    const r = await regenerateRecoveryCodes(
      db,
      userId,
      { password: PASSWORD, code: code() },
      actor,
    );
    expect(r.outcome).toBe('ok');
    expect(r.recoveryCodes).toHaveLength(10);
    expect(new Set([...r.recoveryCodes, ...oldCodes]).size).toBe(20);
    expect(checkSecondFactor(db, userId, oldCodes[0]!, { recovery: true })).toBe('wrong');
    expect(checkSecondFactor(db, userId, r.recoveryCodes[0]!, { recovery: true })).toBe('ok');
    expect(checkSecondFactor(db, userId, r.recoveryCodes[0]!, { recovery: true })).toBe('wrong');
    expect(
      db.select().from(auditLog).where(eq(auditLog.action, 'twoFactor.recoveryCodes')).all(),
    ).toHaveLength(1);
  });

  it('the password asked here is limited in tries like a password change: a stolen session cannot guess it', async () => {
    const { db, userId, secret } = await userWithTotp();
    const actor = { userId, proxyHostUserId: null };
    const code = () => totpCode(secret, stepAt(Date.now()));
    for (let i = 0; i < CHANGE_PASSWORD_LIMIT.count; i++) {
      const r = await regenerateRecoveryCodes(
        db,
        userId,
        { password: `guess-${i}`, code: code() },
        actor,
      );
      expect(r.outcome).toBe('wrongPassword');
    }
    // Past the budget even the right password waits; nothing was issued.
    const late = await regenerateRecoveryCodes(
      db,
      userId,
      { password: PASSWORD, code: code() },
      actor,
    );
    expect(late).toEqual({ outcome: 'wait', recoveryCodes: [] });
  });

  it('an account without an authenticator app has no codes to regenerate', async () => {
    const db = testDb();
    const u = db
      .insert(users)
      .values({
        email: 'n@example.test',
        passwordHash: await hashPassword(PASSWORD),
        role: 'rider',
      })
      .returning()
      .get();
    const r = await regenerateRecoveryCodes(
      db,
      u.id,
      { password: PASSWORD, code: '123456' },
      SYSTEM_ACTOR,
    );
    expect(r).toEqual({ outcome: 'notOn', recoveryCodes: [] });
  });
});
