/**
 * The daily clean-up drops expired sign-in state: WebAuthn challenges and pending code steps past
 * their ten minutes, and sessions past their end. Live ones stay.
 */
import { describe, expect, it } from 'vitest';
import { sessions, signInChallenges, users } from '#db/schema';
import { CHALLENGE_MINUTES, createChallenge } from '~/services/auth/signin-challenge.server';
import { createSession } from '~/services/auth/session.server';
import { housekeeping } from '~/services/platform/housekeeping.server';
import { testDb } from '../helpers/db';

const NOW = Date.UTC(2026, 5, 1, 12, 0, 0);

describe('daily clean-up of sign-in state', () => {
  it('removes expired WebAuthn and sign-in challenges, keeps the live ones', async () => {
    const db = testDb();
    const u = db
      .insert(users)
      .values({ email: 'c@example.test', passwordHash: 'x', role: 'dealer' })
      .returning()
      .get();
    // Made a minute ago: still live at NOW (made first: a new challenge drops older expired ones).
    await createChallenge(db, 'passkeySignIn', { challenge: 'live' }, NOW - 60_000);
    const old = NOW - (CHALLENGE_MINUTES + 1) * 60_000;
    await createChallenge(db, 'passkeySignIn', { challenge: 'a' }, old);
    await createChallenge(db, 'passkeyRegister', { userId: u.id, challenge: 'b' }, old);
    await createChallenge(db, 'secondFactor', { userId: u.id }, old);
    const purged = housekeeping(db, new Date(NOW));
    expect(purged.signInChallenges).toBe(3);
    expect(db.select({ c: signInChallenges.challenge }).from(signInChallenges).all()).toEqual([
      { c: 'live' },
    ]);
  });

  it('removes sessions past their end, keeps the live ones', async () => {
    const db = testDb();
    const u = db
      .insert(users)
      .values({ email: 's@example.test', passwordHash: 'x', role: 'rider' })
      .returning()
      .get();
    const live = await createSession(db, u.id);
    db.insert(sessions)
      .values({ id: 'gone', userId: u.id, expiresAt: new Date(Date.now() - 1000).toISOString() })
      .run();
    expect(housekeeping(db).sessions).toBe(1);
    expect(db.select({ id: sessions.id }).from(sessions).all()).toEqual([{ id: live.id }]);
  });
});
