/** Registration rules: the form schema and the registration service. */
import { parseWithZod } from '@conform-to/zod';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { guardianConsents, riders, users } from '#db/schema';
import { isMinorToday, registerSchema, type RegisterInput } from '~/lib/schemas/rider';
import { registerRider } from '~/services/people/riders.server';
import { testDb } from '../helpers/db';
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

  it('refuses a duplicate e-mail (any case) next to the e-mail field', async () => {
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
    expect(again).toEqual({ ok: false, fieldErrors: { email: ['rider:errors.emailTaken'] } });
    expect(db.select().from(users).all()).toHaveLength(1);
  });

  it('refuses a minor without consent before creating anything (server side)', async () => {
    const db = testDb();
    const input = { ...parsedValue(registrationForm()), dateOfBirth: birthDateForAge(16) };
    const result = await registerRider(db, input, 'en');
    expect(result.ok).toBe(false);
    if (!result.ok)
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
