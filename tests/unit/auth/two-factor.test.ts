/** The rules of two-factor sign-in: the window, no replay, limited tries, recovery codes, who may reset. */
import { describe, expect, it } from 'vitest';
import { users } from '#db/schema';
import { SYSTEM_ACTOR } from '~/services/platform/audit.server';
import {
  beginTotpSetup,
  checkSecondFactor,
  confirmTotpSetup,
  stepAt,
  totpCode,
  TOTP_PERIOD,
} from '~/services/auth/totp.server';
import { mayManageSecondFactor, secondFactorRequired } from '~/services/auth/two-factor.server';
import { testDb } from '../helpers/db';

const T0 = Date.UTC(2026, 0, 1, 12, 0, 0);

function userWithTotp() {
  const db = testDb();
  const u = db
    .insert(users)
    .values({ email: `u${Math.random()}@example.test`, passwordHash: 'x', role: 'admin' })
    .returning()
    .get();
  const secret = beginTotpSetup(db, u.id);
  const { outcome, recoveryCodes } = confirmTotpSetup(
    db,
    u.id,
    totpCode(secret, stepAt(T0)),
    SYSTEM_ACTOR,
    T0,
  );
  expect(outcome).toBe('ok');
  return { db, userId: u.id, secret, recoveryCodes };
}

describe('TOTP codes', () => {
  it('accepts the code of the step before and after now (±30 s), not two steps away', () => {
    const { db, userId, secret } = userWithTotp();
    const now = T0 + 10 * TOTP_PERIOD * 1000;
    const s = stepAt(now);
    expect(checkSecondFactor(db, userId, totpCode(secret, s - 2), { now })).toBe('wrong');
    expect(checkSecondFactor(db, userId, totpCode(secret, s - 1), { now })).toBe('ok');
    expect(checkSecondFactor(db, userId, totpCode(secret, s + 1), { now })).toBe('ok');
  });

  it('a code is accepted once: the same code (or an older step) is refused after it passed', () => {
    const { db, userId, secret } = userWithTotp();
    const now = T0 + 5 * TOTP_PERIOD * 1000;
    const code = totpCode(secret, stepAt(now));
    expect(checkSecondFactor(db, userId, code, { now })).toBe('ok');
    expect(checkSecondFactor(db, userId, code, { now })).toBe('wrong');
    expect(
      checkSecondFactor(db, userId, totpCode(secret, stepAt(now) - 1), { now: now + 1000 }),
    ).toBe('wrong');
  });

  it('limited like passwords: 5 wrong codes free, then even the right code must wait', () => {
    const { db, userId, secret } = userWithTotp();
    const now = T0 + 20 * TOTP_PERIOD * 1000;
    for (let i = 0; i < 5; i += 1) {
      expect(checkSecondFactor(db, userId, '000000', { now })).toBe('wrong');
    }
    expect(checkSecondFactor(db, userId, totpCode(secret, stepAt(now)), { now })).toBe('wait');
  });
});

describe('recovery codes', () => {
  it('ten codes, each signs in once', () => {
    const { db, userId, recoveryCodes } = userWithTotp();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const now = T0 + 60_000;
    expect(checkSecondFactor(db, userId, recoveryCodes[0], { recovery: true, now })).toBe('ok');
    expect(checkSecondFactor(db, userId, recoveryCodes[0], { recovery: true, now })).toBe('wrong');
    expect(checkSecondFactor(db, userId, recoveryCodes[1], { recovery: false, now })).toBe('wrong');
  });
});

describe('who must have a second factor, and who may reset it', () => {
  it('admins on a real install, and any account it was required of; demo admins of a trial are free', () => {
    expect(secondFactorRequired({ role: 'admin', twoFactorRequired: false }, true)).toBe(true);
    expect(secondFactorRequired({ role: 'admin', twoFactorRequired: false }, false)).toBe(false);
    expect(secondFactorRequired({ role: 'dealer', twoFactorRequired: true }, false)).toBe(true);
    expect(secondFactorRequired({ role: 'dealer', twoFactorRequired: false }, true)).toBe(false);
  });

  it('only an active admin acting as themselves, never on their own account', () => {
    const admin = { id: 1, role: 'admin' as const, deactivated: false };
    const self = { userId: 1, proxyHostUserId: null };
    expect(mayManageSecondFactor({ user: admin, actor: self }, 2)).toBe(true);
    expect(mayManageSecondFactor({ user: admin, actor: self }, 1)).toBe(false);
    expect(
      mayManageSecondFactor({ user: admin, actor: { userId: 1, proxyHostUserId: 9 } }, 2),
    ).toBe(false);
    expect(mayManageSecondFactor({ user: { ...admin, role: 'dealer' }, actor: self }, 2)).toBe(
      false,
    );
    expect(mayManageSecondFactor({ user: { ...admin, deactivated: true }, actor: self }, 2)).toBe(
      false,
    );
  });
});
