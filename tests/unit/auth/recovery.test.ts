/** Password reset by code, password change, and account-recovery requests. */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { contactMessages, rateLimits, sessions, users } from '#db/schema';
import type { DB } from '~/db.server';
import { verifyPassword } from '~/services/auth/password.server';
import {
  changePassword,
  RECOVERY_LIMIT,
  requestAccountRecovery,
  requestPasswordReset,
  resetPasswordWithCode,
} from '~/services/auth/recovery.server';
import { createSession } from '~/services/auth/session.server';
import { createAccount } from '~/services/people/users.server';
import { testDb } from '../helpers/db';
import { mailsTo } from '../helpers/outbox';

const TAG = Math.random().toString(36).slice(2, 8);
const ACTOR = { userId: null, proxyHostUserId: null };

describe('password reset', () => {
  it('answers the same for an unknown address and mails nothing', async () => {
    const db = testDb();
    const email = `ghost-${TAG}@riders.test`;
    expect(await requestPasswordReset(db, email, 'en')).toBe('ok');
    expect(mailsTo(email)).toHaveLength(0);
  });

  it('mails a code and a link to an existing account; the code sets the password and ends sessions', async () => {
    const db = testDb();
    const email = `reset-${TAG}@riders.test`;
    const { user } = await createAccount(db, {
      role: 'rider',
      email,
      password: 'Password123',
      firstName: 'R',
      lastName: 'S',
    });
    await createSession(db, user.id);
    expect(await requestPasswordReset(db, email.toUpperCase(), 'fr')).toBe('ok');
    const [mail] = mailsTo(email);
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';
    expect(mail.text).toContain(
      `http://localhost:3000/fr/password-lost-reset?email=${encodeURIComponent(email)}&code=${code}`,
    );
    expect(
      await resetPasswordWithCode(db, {
        email,
        code: code === '000000' ? '111111' : '000000',
        password: 'Another-Long-Ride-7',
      }),
    ).toBe('invalid');
    expect(await resetPasswordWithCode(db, { email, code, password: 'Another-Long-Ride-7' })).toBe(
      'ok',
    );
    const after = db.select().from(users).where(eq(users.id, user.id)).get();
    expect((await verifyPassword('Another-Long-Ride-7', after?.passwordHash)).ok).toBe(true);
    expect(after?.emailVerified).toBe(true);
    expect(db.select().from(sessions).where(eq(sessions.userId, user.id)).all()).toHaveLength(0);
    expect(await resetPasswordWithCode(db, { email, code, password: 'Third-Muddy-Lap-9' })).toBe(
      'invalid',
    );
  });

  it('limits codes per address, known or not', async () => {
    const db = testDb();
    const email = `flood-${TAG}@riders.test`;
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await requestPasswordReset(db, email, 'en'));
    expect(answers).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'tooMany']);
  });
});

describe('changePassword', () => {
  it('checks the current password and keeps only the current session', async () => {
    const db = testDb();
    const { user } = await createAccount(db, {
      role: 'rider',
      email: `change-${TAG}@riders.test`,
      password: 'Password123',
      firstName: 'C',
      lastName: 'P',
    });
    const current = await createSession(db, user.id);
    await createSession(db, user.id);
    expect(
      await changePassword(
        db,
        user,
        { currentPassword: 'wrong-one', password: 'New-Sandy-Berm-31' },
        ACTOR,
        current.id,
      ),
    ).toBe('wrongPassword');
    expect(
      await changePassword(
        db,
        user,
        { currentPassword: 'Password123', password: 'New-Sandy-Berm-31' },
        ACTOR,
        current.id,
      ),
    ).toBe('ok');
    expect(
      db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, user.id))
        .all()
        .map((s) => s.id),
    ).toEqual([current.id]);
  });
});

describe('account recovery', () => {
  it('stores an accountRecovery message and mails every admin', async () => {
    const db = testDb();
    const admin = `boss-${TAG}@riders.test`;
    await createAccount(db, {
      role: 'admin',
      email: admin,
      password: 'Password123',
      emailVerified: true,
    });
    const oldEmail = `lost-${TAG}@riders.test`;
    await createAccount(db, {
      role: 'rider',
      email: oldEmail,
      password: 'Password123',
      firstName: 'L',
      lastName: 'R',
    });
    const outcome = await requestAccountRecovery(db, {
      name: 'Lost Rider',
      oldEmail,
      newEmail: 'found@riders.test',
      phone: '555 000 1111',
      amaNumber: '777',
      message: 'I lost my e-mail.',
    });
    expect(outcome).toBe('ok');
    const row = db.select().from(contactMessages).get();
    expect(row).toMatchObject({
      kind: 'accountRecovery',
      name: 'Lost Rider',
      email: 'found@riders.test',
      phone: '555 000 1111',
    });
    expect(row?.message).toContain(oldEmail);
    expect(row?.message).toContain('777');
    expect(row?.message).toContain('I lost my e-mail.');
    const [mail] = mailsTo(admin);
    expect(mail.subject).toContain(oldEmail);
    expect(mail.text).toContain('found@riders.test');
    expect(mail.text).toContain(`An account uses ${oldEmail}.`);
  });
});

describe('RECOVERY_LIMIT: account-recovery requests per hour', () => {
  let db: DB;
  beforeEach(() => {
    db = testDb();
  });
  const request = (oldEmail: string) =>
    requestAccountRecovery(db, {
      name: 'Lost Rider',
      oldEmail,
      newEmail: 'found@riders.test',
      phone: '555 000 1111',
      message: 'Help.',
    });

  it('the rules are 3 per old address and 60 overall in one hour', () => {
    expect(RECOVERY_LIMIT).toEqual({ perEmail: 3, overall: 60, windowSeconds: 60 * 60 });
  });

  it('per address: the 4th request for one old e-mail in the hour is refused and stores nothing', async () => {
    const oldEmail = `again-${TAG}@riders.test`;
    const answers = [];
    for (let i = 0; i < 4; i++)
      answers.push(await request(i % 2 ? oldEmail.toUpperCase() : oldEmail));
    expect(answers).toEqual(['ok', 'ok', 'ok', 'tooMany']);
    expect(db.select().from(contactMessages).all()).toHaveLength(3);
    // Another address is still served.
    expect(await request(`other-${TAG}@riders.test`)).toBe('ok');
  });

  it('per address: the window ends after an hour', async () => {
    const oldEmail = `later-${TAG}@riders.test`;
    for (let i = 0; i < 3; i++) expect(await request(oldEmail)).toBe('ok');
    expect(await request(oldEmail)).toBe('tooMany');
    const past = new Date(Date.now() - (RECOVERY_LIMIT.windowSeconds + 1) * 1000).toISOString();
    db.update(rateLimits)
      .set({ windowStart: past })
      .where(eq(rateLimits.key, `account-recovery:${oldEmail}`))
      .run();
    expect(await request(oldEmail)).toBe('ok');
  });

  it('overall: the 61st request in the hour is refused, whatever the address', async () => {
    for (let i = 0; i < RECOVERY_LIMIT.overall; i++)
      expect(await request(`many-${i}-${TAG}@riders.test`)).toBe('ok');
    expect(await request(`fresh-${TAG}@riders.test`)).toBe('tooMany');
    expect(db.select().from(contactMessages).all()).toHaveLength(RECOVERY_LIMIT.overall);
  });
});
