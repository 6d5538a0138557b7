/** An admin adds a rider: unverified account, no usable password, a set-password mail in the rider's language. */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { riders, users } from '#db/schema';
import { verifyPassword } from '~/services/auth/password.server';
import { createRiderAsAdmin } from '~/services/people/admin-rider-create.server';
import { acceptInvitation } from '~/services/people/invitations.server';
import { testDb } from '../helpers/db';
import { mailsTo } from '../helpers/outbox';

const TAG = Math.random().toString(36).slice(2, 8);
const ACTOR = { userId: null, proxyHostUserId: null };
const base = {
  firstName: 'Ana',
  lastName: 'Roy',
  level: 'pro' as const,
  country: 'CA',
  phone1: '5145550100',
  dateOfBirth: '1990-04-02',
};

describe('admin adds a rider', () => {
  it('creates an unverified rider and mails a French invitation link that sets the password', async () => {
    const db = testDb();
    const email = `added-${TAG}@riders.test`;
    const result = await createRiderAsAdmin(
      db,
      { ...base, email: email.toUpperCase(), lang: 'fr' },
      ACTOR,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const rider = db.select().from(riders).where(eq(riders.id, result.riderId)).get();
    expect(rider).toMatchObject({
      firstName: 'Ana',
      lastName: 'Roy',
      level: 'pro',
      country: 'CA',
      dateOfBirth: '1990-04-02',
    });
    const user = db.select().from(users).where(eq(users.email, email)).get();
    expect(user).toMatchObject({ role: 'rider', emailVerified: false, lang: 'fr' });
    const [mail] = mailsTo(email);
    expect(mail.subject).toContain('programme');
    const link = /http\S+\/fr\/invitation\?\S+/.exec(mail.text)?.[0] ?? '';
    const params = new URL(link).searchParams;
    expect(params.get('email')).toBe(email);
    const token = params.get('token') ?? '';
    expect(await acceptInvitation(db, { email, token, password: 'Chosen-Dirt-Lane-12' })).toBe(
      'ok',
    );
    const after = db.select().from(users).where(eq(users.email, email)).get();
    expect((await verifyPassword('Chosen-Dirt-Lane-12', after?.passwordHash)).ok).toBe(true);
    expect(after?.emailVerified).toBe(true);
  });

  it('refuses an e-mail that already has an account and mails nothing more', async () => {
    const db = testDb();
    const email = `taken-${TAG}@riders.test`;
    expect((await createRiderAsAdmin(db, { ...base, email, lang: 'en' }, ACTOR)).ok).toBe(true);
    expect(await createRiderAsAdmin(db, { ...base, email, lang: 'en' }, ACTOR)).toEqual({
      ok: false,
      error: 'emailTaken',
    });
    expect(mailsTo(email)).toHaveLength(1);
  });
});
