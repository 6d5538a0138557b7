/**
 * The rules of step-up: what counts as a fresh proof, how long, who may never, the password's
 * shared budget, and that every change of sign-in security is recorded and mailed to its owner.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { passkeys, securityEvents, sessions, users } from '#db/schema';
import type { DB } from '~/db.server';
import { STEP_UP_MINUTES } from '~/lib/constants';
import { SYSTEM_ACTOR } from '~/services/platform/audit.server';
import { changeOwnPassword } from '~/services/auth/password-change.server';
import { removePasskey } from '~/services/auth/passkeys.server';
import { CHANGE_PASSWORD_LIMIT, changePassword } from '~/services/auth/recovery.server';
import { openSession } from '~/services/auth/second-step.server';
import { recentSecurityEvents, recordSecurityEvent } from '~/services/auth/security-events.server';
import { createSession } from '~/services/auth/session.server';
import {
  isFresh,
  markVerified,
  securityChangeAllowed,
  sessionVerifiedAt,
  stepUpWithPassword,
} from '~/services/auth/step-up.server';
import { stepAt, totpCode } from '~/services/auth/totp.server';
import { createAccount } from '~/services/people/users.server';
import { testDb } from '../helpers/db';
import { withTotp } from '../helpers/totp';
import { mailsTo } from '../helpers/outbox';

const PASSWORD = 'Harbor-Lantern-Quartz-2026';
const MINUTE = 60_000;

async function account(db: DB, lang: 'en' | 'fr' = 'en') {
  const email = `stepup-${Math.random().toString(36).slice(2, 9)}@riders.test`;
  const { user } = await createAccount(db, {
    role: 'rider',
    email,
    password: PASSWORD,
    firstName: 'Step',
    lastName: 'Up',
  });
  db.update(users).set({ lang }).where(eq(users.id, user.id)).run();
  return { ...user, lang };
}

describe('what counts as a fresh proof', () => {
  it(`a proof counts for ${STEP_UP_MINUTES} minutes; none, an old one or one from the future does not`, () => {
    const now = Date.UTC(2026, 11, 7, 8, 0, 0);
    const at = (ms: number) => new Date(now + ms).toISOString();
    expect(isFresh(null, now)).toBe(false);
    expect(isFresh(at(0), now)).toBe(true);
    expect(isFresh(at(-(STEP_UP_MINUTES * MINUTE - 1000)), now)).toBe(true);
    expect(isFresh(at(-STEP_UP_MINUTES * MINUTE), now)).toBe(false);
    expect(isFresh(at(10 * MINUTE), now)).toBe(false);
    expect(isFresh('not a date', now)).toBe(false);
  });

  it('a full sign-in opens a proven session; a session made otherwise is not proven', async () => {
    const db = testDb();
    const u = await account(db);
    const plain = await createSession(db, u.id);
    expect(sessionVerifiedAt(db, plain.id)).toBeNull();
    expect(securityChangeAllowed(db, { sessionId: plain.id, proxyHost: null })).toBe('stepUp');

    const cookies = await openSession(db, new Request('http://localhost/login'), u);
    expect(cookies.length).toBeGreaterThan(0);
    const [row] = db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, u.id))
      .all()
      .filter((s) => s.id !== plain.id);
    expect(securityChangeAllowed(db, { sessionId: row.id, proxyHost: null })).toBe('ok');
  });

  it('a session an admin proxies never may, fresh or not', async () => {
    const db = testDb();
    const u = await account(db);
    const s = await createSession(db, u.id);
    markVerified(db, s.id);
    expect(securityChangeAllowed(db, { sessionId: s.id, proxyHost: { id: 1 } })).toBe('proxy');
    expect(
      await stepUpWithPassword(
        db,
        { sessionId: s.id, proxyHost: { id: 1 }, userId: u.id },
        { password: PASSWORD },
      ),
    ).toBe('proxy');
  });
});

describe('the step-up by password', () => {
  it('the password proves an account without TOTP; with TOTP on the code is needed too', async () => {
    const db = testDb();
    const u = await account(db);
    const s = await createSession(db, u.id);
    const who = { sessionId: s.id, proxyHost: null, userId: u.id };
    expect(await stepUpWithPassword(db, who, { password: 'wrong-one' })).toBe('wrongPassword');
    expect(securityChangeAllowed(db, who)).toBe('stepUp');
    expect(await stepUpWithPassword(db, who, { password: PASSWORD })).toBe('ok');
    expect(securityChangeAllowed(db, who)).toBe('ok');

    const v = await account(db);
    const secret = withTotp(db, v.id);
    const t = await createSession(db, v.id);
    const them = { sessionId: t.id, proxyHost: null, userId: v.id };
    expect(await stepUpWithPassword(db, them, { password: PASSWORD })).toBe('codeNeeded');
    expect(await stepUpWithPassword(db, them, { password: PASSWORD, code: '000000' })).toBe(
      'wrongCode',
    );
    expect(securityChangeAllowed(db, them)).toBe('stepUp');
    const code = totpCode(secret, stepAt(Date.now()));
    expect(await stepUpWithPassword(db, them, { password: PASSWORD, code })).toBe('ok');
    expect(securityChangeAllowed(db, them)).toBe('ok');
  });

  it('shares the password change’s budget: guesses by step-up leave none for the change form', async () => {
    const db = testDb();
    const u = await account(db);
    const s = await createSession(db, u.id);
    const who = { sessionId: s.id, proxyHost: null, userId: u.id };
    for (let i = 0; i < CHANGE_PASSWORD_LIMIT.count; i++) {
      expect(await stepUpWithPassword(db, who, { password: `guess-${i}` })).toBe('wrongPassword');
    }
    // The right password now waits, by either door.
    expect(await stepUpWithPassword(db, who, { password: PASSWORD })).toBe('wait');
    expect(
      await changePassword(
        db,
        u,
        { currentPassword: PASSWORD, password: 'Copper-Meadow-Violin-4817' },
        SYSTEM_ACTOR,
        s.id,
      ),
    ).toBe('tooManyAttempts');
  });
});

describe('a password change', () => {
  it('with TOTP on needs a fresh session; never while proxying; can remove the passkeys; is mailed', async () => {
    const db = testDb();
    const u = await account(db, 'fr');
    withTotp(db, u.id);
    const s = await createSession(db, u.id);
    db.insert(passkeys)
      .values({ id: `pk-${u.id}`, userId: u.id, publicKey: 'AAAA' })
      .run();
    const by = { user: u, sessionId: s.id, proxyHost: null, actor: SYSTEM_ACTOR };
    const input = {
      currentPassword: PASSWORD,
      password: 'Copper-Meadow-Violin-4817',
      removePasskeys: true,
    };
    expect(await changeOwnPassword(db, by, input)).toBe('stepUp');
    expect(await changeOwnPassword(db, { ...by, proxyHost: { id: 9 } }, input)).toBe('proxy');
    markVerified(db, s.id);
    expect(await changeOwnPassword(db, by, input, { address: '203.0.113.9' })).toBe('ok');
    expect(db.select().from(passkeys).where(eq(passkeys.userId, u.id)).all()).toEqual([]);
    const [event] = recentSecurityEvents(db, u.id);
    expect(event).toMatchObject({ kind: 'passwordChanged', address: '203.0.113.9' });
    const [mail] = mailsTo(u.email);
    expect(mail.subject).toBe('contingency cash\u00a0: Mot de passe changé');
    expect(mail.text).toContain('203.0.113.9');
  });
});

describe('the security history', () => {
  it('records an event with its address and browser (cut to size); lists the newest first', async () => {
    const db = testDb();
    const u = await account(db);
    recordSecurityEvent(db, u.id, 'signInLocked', {
      address: '198.51.100.7',
      userAgent: 'x'.repeat(1000),
    });
    recordSecurityEvent(db, u.id, 'passkeyAdded', { address: '198.51.100.8' });
    const rows = recentSecurityEvents(db, u.id);
    expect(rows.map((r) => r.kind)).toEqual(['passkeyAdded', 'signInLocked']);
    expect(rows[1].userAgent?.length).toBe(300);
  });

  it('a removal that removes nothing (someone else’s passkey) is neither recorded nor mailed', async () => {
    const db = testDb();
    const owner = await account(db);
    const other = await account(db);
    db.insert(passkeys)
      .values({ id: `pk-o-${owner.id}`, userId: owner.id, publicKey: 'AAAA' })
      .run();
    expect(await removePasskey(db, other.id, `pk-o-${owner.id}`, SYSTEM_ACTOR)).toBe(false);
    expect(
      db.select().from(securityEvents).where(eq(securityEvents.userId, other.id)).all(),
    ).toEqual([]);
    expect(mailsTo(other.email)).toEqual([]);
    expect(await removePasskey(db, owner.id, `pk-o-${owner.id}`, SYSTEM_ACTOR)).toBe(true);
    expect(recentSecurityEvents(db, owner.id).map((e) => e.kind)).toEqual(['passkeyRemoved']);
    expect(mailsTo(owner.email).map((m) => m.subject)).toEqual([
      'contingency cash: Passkey removed',
    ]);
  });
});
