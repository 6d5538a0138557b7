/** Registration rules: the form schema and the registration service. */
import { parseWithZod } from '@conform-to/zod';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { guardianConsents, riders, users } from '#db/schema';
import { isMinorToday, registerSchema, type RegisterInput } from '~/lib/schemas/rider';
import { registerRider } from '~/services/people/riders.server';
import {
  confirmRegistration,
  EXISTING_USER_NOTICE_LIMIT,
  submitRegistration,
} from '~/services/people/registration.server';
import { testDb } from '../helpers/db';
import { mailsTo } from '../helpers/outbox';
import { birthDateForAge, formData, registrationForm } from './rider-helpers';

/** The submission's status and field errors (none when it succeeded). */
function parse(values: Record<string, string>): {
  status: string;
  error: Record<string, string[] | null> | undefined;
} {
  const s = parseWithZod(formData(values), { schema: registerSchema });
  return {
    status: s.status ?? 'error',
    error: s.status === 'success' ? undefined : (s.error ?? undefined),
  };
}

function parsedValue(values: Record<string, string>): RegisterInput {
  const s = parseWithZod(formData(values), { schema: registerSchema });
  if (s.status !== 'success') throw new Error(JSON.stringify(s.error));
  return s.value;
}

describe('registration form', () => {
  it('accepts a complete adult registration and resolves the region', () => {
    const v = parsedValue(registrationForm({ state: 'tx' }));
    expect(v.state).toBe('TX');
    expect(v.country).toBe('US');
    expect(v.email).toMatch(/@riders\.test$/);
  });

  it('refuses a minor without a guardian, next to the guardian fields', () => {
    const s = parse(registrationForm({ dateOfBirth: birthDateForAge(16) }));
    expect(s.status).toBe('error');
    expect(s.error?.guardianName).toEqual(['rider:errors.guardianName']);
    expect(s.error?.guardianEmail).toEqual(['rider:errors.guardianEmail']);
    expect(s.error?.guardianConsent).toEqual(['rider:errors.guardianConsent']);
  });

  it('refuses a minor whose guardian did not tick consent', () => {
    const s = parse(
      registrationForm({
        dateOfBirth: birthDateForAge(16),
        guardianName: 'Pat Rider',
        guardianEmail: 'pat@riders.test',
      }),
    );
    expect(s.error?.guardianConsent).toEqual(['rider:errors.guardianConsent']);
    expect(s.error?.guardianName).toBeUndefined();
  });

  it('accepts a minor with guardian name, e-mail and consent', () => {
    const v = parsedValue(
      registrationForm({
        dateOfBirth: birthDateForAge(16),
        guardianName: 'Pat Rider',
        guardianEmail: 'pat@riders.test',
        guardianConsent: 'on',
      }),
    );
    expect(v.guardianConsent).toBe(true);
  });

  it('an 18th birthday today is an adult; the day before is a minor', () => {
    const today = '2026-03-10';
    expect(isMinorToday('2008-03-10', today)).toBe(false);
    expect(isMinorToday('2008-03-11', today)).toBe(true);
  });

  it('applies the password rules with the spec messages', () => {
    expect(
      parse(registrationForm({ password: 'short1', confirmPassword: 'short1' })).error?.password,
    ).toEqual(['validation:passwordMin']);
    expect(
      parse(registrationForm({ password: 'Password12!', confirmPassword: 'Password12!' })).error
        ?.password,
    ).toEqual(['validation:passwordChars']);
    expect(
      parse(registrationForm({ confirmPassword: 'password123' })).error?.confirmPassword,
    ).toEqual(['validation:passwordMatch']);
  });

  it('checks the region against the country', () => {
    expect(parse(registrationForm({ country: 'CA', state: 'TX' })).error?.state).toEqual([
      'rider:errors.region',
    ]);
    expect(parse(registrationForm({ country: 'US', state: '' })).error?.state).toEqual([
      'validation:required',
    ]);
    const fr = parsedValue(registrationForm({ country: 'FR', state: 'TX', stateText: 'Bretagne' }));
    expect(fr.state).toBe('Bretagne');
    expect(parse(registrationForm({ country: 'ZZ' })).error?.country).toEqual([
      'rider:errors.country',
    ]);
  });

  it('refuses a date of birth in the future', () => {
    expect(parse(registrationForm({ dateOfBirth: '2999-01-01' })).error?.dateOfBirth).toEqual([
      'rider:errors.dateOfBirth',
    ]);
  });
});

describe('registerRider', () => {
  it('creates an unverified rider account with its fields', async () => {
    const db = testDb();
    const result = await registerRider(
      db,
      parsedValue(registrationForm({ email: 'new@riders.test', level: 'pro', amaNumber: '123' })),
      'fr',
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.user.emailVerified).toBe(false);
    expect(result.user.role).toBe('rider');
    const user = db.select().from(users).where(eq(users.id, result.user.id)).get();
    expect(user?.lang).toBe('fr');
    const rider = db.select().from(riders).where(eq(riders.id, result.riderId)).get();
    expect(rider).toMatchObject({
      firstName: 'Casey',
      level: 'pro',
      amaNumber: '123',
      state: 'TX',
      raceStyle: 'motocross',
      sex: 'female',
    });
    expect(db.select().from(guardianConsents).all()).toHaveLength(0);
  });

  it('creates nothing for an address that has an account (any case)', async () => {
    const db = testDb();
    expect(
      (await registerRider(db, parsedValue(registrationForm({ email: 'dup@riders.test' })), 'en'))
        .ok,
    ).toBe(true);
    const again = await registerRider(
      db,
      parsedValue(registrationForm({ email: 'DUP@riders.test' })),
      'en',
    );
    expect(again).toEqual({ ok: false, emailTaken: true });
    expect(db.select().from(users).all()).toHaveLength(1);
  });

  it('refuses a minor without consent before creating anything (server side)', async () => {
    const db = testDb();
    const input = { ...parsedValue(registrationForm()), dateOfBirth: birthDateForAge(16) };
    const result = await registerRider(db, input, 'en');
    expect(result.ok).toBe(false);
    if (!result.ok && 'fieldErrors' in result)
      expect(Object.keys(result.fieldErrors).sort()).toEqual([
        'guardianConsent',
        'guardianEmail',
        'guardianName',
      ]);
    expect(db.select().from(users).all()).toHaveLength(0);
  });

  it('records the guardian consent of a minor', async () => {
    const db = testDb();
    const input = parsedValue(
      registrationForm({
        dateOfBirth: birthDateForAge(16),
        guardianName: 'Pat Rider',
        guardianEmail: 'pat@riders.test',
        guardianConsent: 'on',
      }),
    );
    const result = await registerRider(db, input, 'en');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const consent = db
      .select()
      .from(guardianConsents)
      .where(eq(guardianConsents.riderId, result.riderId))
      .get();
    expect(consent).toMatchObject({ guardianName: 'Pat Rider', guardianEmail: 'pat@riders.test' });
  });
});

const TAG = Math.random().toString(36).slice(2, 8);

describe('registration answers the same whether or not the address has an account', () => {
  it('a new address: the same answer, the account and a code by mail; the code opens it once', async () => {
    const db = testDb();
    const email = `fresh-${TAG}@riders.test`;
    const answer = await submitRegistration(db, parsedValue(registrationForm({ email })), 'en');
    expect(answer).toEqual({ ok: true });
    const user = db.select().from(users).where(eq(users.email, email)).get();
    expect(user?.emailVerified).toBe(false);
    const [mail] = mailsTo(email);
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    const wrong = code === '000000' ? '111111' : '000000';
    expect(confirmRegistration(db, email, wrong)).toEqual({ ok: false });
    const confirmed = confirmRegistration(db, email.toUpperCase(), code);
    expect(confirmed.ok).toBe(true);
    expect(db.select().from(users).where(eq(users.email, email)).get()?.emailVerified).toBe(true);
    expect(confirmRegistration(db, email, code)).toEqual({ ok: false });
  });

  it('an address with an account: the same answer, nothing changes, the owner is mailed in their language', async () => {
    const db = testDb();
    const email = `owner-${TAG}@riders.test`;
    expect(await submitRegistration(db, parsedValue(registrationForm({ email })), 'fr')).toEqual({
      ok: true,
    });
    const before = db.select().from(users).where(eq(users.email, email)).get();
    const mailsBefore = mailsTo(email).length;

    const again = await submitRegistration(
      db,
      parsedValue(registrationForm({ email: email.toUpperCase(), firstName: 'Mallory' })),
      'en',
    );
    expect(again).toEqual({ ok: true });
    expect(db.select().from(users).all()).toHaveLength(1);
    expect(db.select().from(users).where(eq(users.email, email)).get()).toEqual(before);
    const notices = mailsTo(email).slice(mailsBefore);
    expect(notices).toHaveLength(1);
    // The owner registered in French: the notice is in French, with links to sign in and reset.
    expect(notices[0].subject).toBe('Quelqu’un a tenté de s’inscrire avec votre adresse');
    expect(notices[0].text).toContain('/fr/login');
    expect(notices[0].text).toContain('/fr/forgot-password');
    expect(notices[0].text).not.toMatch(/\b\d{6}\b/);
    // No code was issued for the existing account: nothing to confirm with.
    expect(confirmRegistration(db, email, '123456')).toEqual({ ok: false });
  });

  it('the existing user gets at most EXISTING_USER_NOTICE_LIMIT notices an hour; the answer stays the same', async () => {
    const db = testDb();
    const email = `flood-${TAG}@riders.test`;
    await submitRegistration(db, parsedValue(registrationForm({ email })), 'en');
    const mailsBefore = mailsTo(email).length;
    for (let i = 0; i < EXISTING_USER_NOTICE_LIMIT.count + 2; i++) {
      expect(await submitRegistration(db, parsedValue(registrationForm({ email })), 'en')).toEqual({
        ok: true,
      });
    }
    const notices = mailsTo(email).slice(mailsBefore);
    expect(notices).toHaveLength(EXISTING_USER_NOTICE_LIMIT.count);
    expect(notices[0].subject).toBe('Someone tried to register with your address');
  });
});
