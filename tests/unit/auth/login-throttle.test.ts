/** Sign-in throttling (ASVS 2.2.1): growing delays per address and per account, no hard lock of an e-mail. */
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_LADDER,
  ADDRESS_LADDER,
  delaySeconds,
  recordSignInFailure,
  recordSignInSuccess,
  signInWait,
} from '~/services/auth/login-throttle.server';
import { testDb } from '../helpers/db';

const T0 = Date.parse('2026-01-01T00:00:00Z');

describe('sign-in throttle', () => {
  it('grows the delay 1 s, 2 s, 4 s … after the free allowance, up to the cap', () => {
    expect(delaySeconds(ACCOUNT_LADDER.free - 1, ACCOUNT_LADDER)).toBe(0);
    expect(delaySeconds(ACCOUNT_LADDER.free, ACCOUNT_LADDER)).toBe(1);
    expect(delaySeconds(ACCOUNT_LADDER.free + 3, ACCOUNT_LADDER)).toBe(8);
    expect(delaySeconds(ACCOUNT_LADDER.free + 40, ACCOUNT_LADDER)).toBe(ACCOUNT_LADDER.capSeconds);
  });

  it('an attacker failing on an account delays unknown browsers, never the owner’s known browser, and the delay ends', () => {
    const db = testDb();
    const attacker = { email: 'rider@example.test', address: '203.0.113.9', knownDevice: false };
    for (let i = 0; i < ACCOUNT_LADDER.free + 2; i++) recordSignInFailure(db, attacker, T0);
    expect(signInWait(db, attacker, T0)).toBe(4);
    expect(signInWait(db, { ...attacker, address: '198.51.100.1' }, T0)).toBe(4); // another address, unknown browser
    expect(signInWait(db, { ...attacker, address: '198.51.100.1', knownDevice: true }, T0)).toBe(0); // the owner
    expect(signInWait(db, attacker, T0 + 4_000)).toBe(0); // after the delay anyone may prove the password
    recordSignInSuccess(db, attacker);
    expect(signInWait(db, { ...attacker, address: '198.51.100.1' }, T0)).toBe(0);
  });

  it('one address trying many accounts is slowed by the address count', () => {
    const db = testDb();
    for (let i = 0; i < ADDRESS_LADDER.free + 1; i++)
      recordSignInFailure(
        db,
        { email: `u${i}@example.test`, address: '203.0.113.7', knownDevice: false },
        T0,
      );
    expect(
      signInWait(db, { email: 'new@example.test', address: '203.0.113.7', knownDevice: true }, T0),
    ).toBe(2);
    expect(
      signInWait(db, { email: 'new@example.test', address: '192.0.2.1', knownDevice: false }, T0),
    ).toBe(0);
  });
});
