/**
 * Passwords on every path: the strength rule (not the published demo password, zxcvbn score 3 or
 * more with the user's own e-mail and names as words it knows), the form's message next to the
 * password field, and each service that sets a new password refusing whoever calls it — reset,
 * change, invitation, registration. Accounts locked for holding the demo password sign in again
 * only after a reset by e-mail.
 */
import { parseWithZod } from '@conform-to/zod';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '#db/migrate';
import { users } from '#db/schema';
import { getDb } from '~/db.server';
import { env } from '~/env.server';
import { registerSchema } from '~/lib/schemas/rider';
import { verifyLogin } from '~/services/auth/auth.server';
import {
  passwordPolicy,
  passwordProblem,
  PUBLISHED_PASSWORDS,
} from '~/services/auth/password-policy.server';
import { verifyPassword } from '~/services/auth/password.server';
import { changePassword, resetPasswordWithCode } from '~/services/auth/recovery.server';
import { createSession } from '~/services/auth/session.server';
import { createRiderAsAdmin } from '~/services/people/admin-rider-create.server';
import { acceptInvitation } from '~/services/people/invitations.server';
import { submitRegistration } from '~/services/people/registration.server';
import { createAccount } from '~/services/people/users.server';
import { testDb } from '../helpers/db';
import { mailsTo } from '../helpers/outbox';
import { formData, registrationForm } from '../people/rider-helpers';
import { requestPasswordReset } from '~/services/auth/recovery.server';

const ACTOR = { userId: null, proxyHostUserId: null };
const STRONG = 'Gravel-Track-Ride-42';
const errorsOf = (s: { status?: string; error?: Record<string, string[] | null> | null }) =>
  s.status === 'success' ? undefined : s.error;
const tag = () => Math.random().toString(36).slice(2, 10);

describe('the strength rule', () => {
  it('the published demo password is refused, whatever its case', () => {
    expect(PUBLISHED_PASSWORDS).toContain('Password123');
    for (const p of ['Password123', 'password123', 'PASSWORD123'])
      expect(passwordProblem(p), p).toBe('validation:passwordPublished');
  });

  it('common and easily guessed passwords (zxcvbn score under 3) are refused', () => {
    for (const p of [
      'password',
      'Welcome1',
      'iloveyou12',
      'Letmein123',
      'Summer2024',
      'qwertyuiop',
    ])
      expect(passwordProblem(p), p).toBe('validation:passwordWeak');
  });

  it('the user’s own e-mail and names count as known words', () => {
    expect(passwordProblem('RosalindKowalczyk')).toBeNull();
    expect(passwordProblem('RosalindKowalczyk', ['rosalind.kowalczyk@riders.test'])).toBe(
      'validation:passwordWeak',
    );
    expect(passwordProblem('RosalindKowalczyk', ['Rosalind', 'Kowalczyk'])).toBe(
      'validation:passwordWeak',
    );
  });

  it('a long or unusual password passes; one the spec refuses is left to the spec’s message', () => {
    for (const p of [STRONG, 'a long real secret 42', 'Tr0ub4dor3', 'correct horse battery'])
      expect(passwordProblem(p), p).toBeNull();
    expect(passwordProblem('short')).toBeNull();
    expect(passwordProblem('x'.repeat(100))).toBeNull();
  });

  it('the form check puts its message next to the password, with the form’s other problems', () => {
    const schema = registerSchema.and(passwordPolicy());
    const bad = parseWithZod(
      formData(registrationForm({ password: 'Password123', confirmPassword: 'Password123' })),
      { schema },
    );
    expect(bad.status).toBe('error');
    expect(errorsOf(bad)?.password).toEqual(['validation:passwordPublished']);
    const both = parseWithZod(
      formData(registrationForm({ password: 'Welcome1', confirmPassword: 'Welcome1', city: '' })),
      { schema },
    );
    expect(errorsOf(both)?.password).toEqual(['validation:passwordWeak']);
    expect(errorsOf(both)?.city).toBeTruthy();
    const ok = parseWithZod(
      formData(registrationForm({ password: STRONG, confirmPassword: STRONG })),
      { schema },
    );
    expect(ok.status).toBe('success');
    // The check adds nothing to the parsed value.
    if (ok.status === 'success') expect(ok.value.email).toMatch(/@riders\.test$/);
  });
});

describe('every service that sets a new password refuses a weak one', () => {
  it('registration: the demo password is refused next to the field; no account is made', async () => {
    const db = testDb();
    const email = `weak-reg-${tag()}@riders.test`;
    const values = registrationForm({ email });
    const input = parseWithZod(formData(values), { schema: registerSchema });
    if (input.status !== 'success') throw new Error('form');
    const out = await submitRegistration(db, { ...input.value, password: 'Password123' }, 'en');
    expect(out).toEqual({ ok: false, fieldErrors: { password: ['validation:passwordPublished'] } });
    expect(db.select().from(users).where(eq(users.email, email)).get()).toBeUndefined();
  });

  it('reset by code: a common password is refused and the code is not spent', async () => {
    const db = testDb();
    const email = `weak-reset-${tag()}@riders.test`;
    await createAccount(db, { role: 'rider', email, password: STRONG, firstName: 'R' });
    await requestPasswordReset(db, email, 'en');
    const code = /\b(\d{6})\b/.exec(mailsTo(email).at(-1)?.text ?? '')?.[1] ?? '';
    await expect(
      resetPasswordWithCode(db, { email, code, password: 'Welcome1' }),
    ).rejects.toMatchObject({ key: 'validation:passwordWeak' });
    expect(await resetPasswordWithCode(db, { email, code, password: 'Another-Long-Ride-7' })).toBe(
      'ok',
    );
  });

  it('change: the demo password is refused and the old one still works', async () => {
    const db = testDb();
    const { user } = await createAccount(db, {
      role: 'dealer',
      email: `weak-change-${tag()}@dealers.test`,
      password: STRONG,
    });
    const session = await createSession(db, user.id);
    await expect(
      changePassword(
        db,
        user,
        { currentPassword: STRONG, password: 'Password123' },
        ACTOR,
        session.id,
      ),
    ).rejects.toMatchObject({ key: 'validation:passwordPublished' });
    const hash = db.select().from(users).where(eq(users.id, user.id)).get()?.passwordHash;
    expect((await verifyPassword(STRONG, hash)).ok).toBe(true);
  });

  it('invitation: a password made of the rider’s own name is refused; the link still works', async () => {
    const db = testDb();
    const email = `weak-invite-${tag()}@riders.test`;
    const made = await createRiderAsAdmin(
      db,
      {
        firstName: 'Rosalind',
        lastName: 'Kowalczyk',
        level: 'amateur',
        country: 'US',
        dateOfBirth: '1990-04-02',
        email,
        lang: 'en',
      },
      ACTOR,
    );
    if (!made.ok) throw new Error(made.error);
    const link = /http\S+\/invitation\?\S+/.exec(mailsTo(email)[0].text)?.[0] ?? '';
    const token = new URL(link).searchParams.get('token') ?? '';
    await expect(
      acceptInvitation(db, { email, token, password: 'RosalindKowalczyk' }),
    ).rejects.toMatchObject({ key: 'validation:passwordWeak' });
    expect(await acceptInvitation(db, { email, token, password: STRONG })).toBe('ok');
  });
});

describe('an account locked for holding the demo password', () => {
  beforeAll(async () => {
    await migrateDatabase(env().DATABASE_PATH);
  });

  it('is refused at sign-in with the reset message, even with the right password; a reset by e-mail unlocks it', async () => {
    const db = getDb();
    const email = `locked-${tag()}@riders.test`;
    const { user } = await createAccount(db, {
      role: 'rider',
      email,
      password: 'Password123',
      firstName: 'L',
      emailVerified: true,
    });
    db.update(users).set({ passwordLocked: true }).where(eq(users.id, user.id)).run();
    await expect(verifyLogin(email, 'Password123')).rejects.toMatchObject({
      key: 'passwordLocked',
    });
    // A wrong password still reads as a wrong password: the lock tells nothing to a guesser.
    await expect(verifyLogin(email, 'not-the-password')).rejects.toMatchObject({
      key: 'invalidCredentials',
    });
    await requestPasswordReset(db, email, 'en');
    const code = /\b(\d{6})\b/.exec(mailsTo(email).at(-1)?.text ?? '')?.[1] ?? '';
    expect(await resetPasswordWithCode(db, { email, code, password: STRONG })).toBe('ok');
    expect(db.select().from(users).where(eq(users.id, user.id)).get()?.passwordLocked).toBe(false);
    expect((await verifyLogin(email, STRONG)).id).toBe(user.id);
  });
});
