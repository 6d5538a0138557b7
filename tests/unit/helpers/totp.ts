/** Two-factor set up for a test account, as its owner would (a code of a minute ago confirms). */
import { expect } from 'vitest';
import type { DB } from '~/db.server';
import { beginTotpSetup, confirmTotpSetup, stepAt, totpCode } from '~/services/auth/totp.server';
import { SYSTEM_ACTOR } from '~/services/platform/audit.server';

/** Turns TOTP on for `userId`; returns the secret, to compute codes. */
export function withTotp(db: DB, userId: number): string {
  const secret = beginTotpSetup(db, userId);
  const now = Date.now() - 2 * 30_000;
  expect(
    confirmTotpSetup(db, userId, totpCode(secret, stepAt(now)), SYSTEM_ACTOR, now).outcome,
  ).toBe('ok');
  return secret;
}
