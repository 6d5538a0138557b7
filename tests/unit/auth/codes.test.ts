/** One-time codes (docs/rules.md): 6 digits, valid 10 minutes, at most 5 tries, single use. */
import { describe, expect, it } from 'vitest';
import { checkCode, issueCode } from '~/services/auth/codes.server';
import { testDb } from '../helpers/db';

describe('one-time codes', () => {
  it('a code is 6 digits and works once', () => {
    const db = testDb();
    const code = issueCode(db, 'A@x.test', 'email-verify');
    expect(code).toMatch(/^\d{6}$/);
    expect(checkCode(db, 'a@x.test', 'email-verify', code)).toBe('ok');
    expect(checkCode(db, 'a@x.test', 'email-verify', code)).toBe('invalid');
  });

  it('a code expires after 10 minutes', () => {
    const db = testDb();
    const t0 = new Date('2026-01-01T00:00:00Z');
    const code = issueCode(db, 'b@x.test', 'password-reset', t0);
    expect(
      checkCode(db, 'b@x.test', 'password-reset', code, new Date(t0.getTime() + 10 * 60_000 + 1)),
    ).toBe('expired');
  });

  it('five wrong tries kill the code, even for the right one after', () => {
    const db = testDb();
    const code = issueCode(db, 'c@x.test', 'email-verify');
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = Array.from({ length: 5 }, () =>
      checkCode(db, 'c@x.test', 'email-verify', wrong),
    );
    expect(answers).toEqual(['invalid', 'invalid', 'invalid', 'invalid', 'tooManyTries']);
    expect(checkCode(db, 'c@x.test', 'email-verify', code)).toBe('tooManyTries');
  });

  it('codes are per purpose, and a new code replaces the old one', () => {
    const db = testDb();
    const first = issueCode(db, 'd@x.test', 'email-verify');
    const reset = issueCode(db, 'd@x.test', 'password-reset');
    const second = issueCode(db, 'd@x.test', 'email-verify');
    if (first !== second) expect(checkCode(db, 'd@x.test', 'email-verify', first)).toBe('invalid');
    expect(checkCode(db, 'd@x.test', 'email-verify', second)).toBe('ok');
    expect(checkCode(db, 'd@x.test', 'password-reset', reset)).toBe('ok');
  });
});
