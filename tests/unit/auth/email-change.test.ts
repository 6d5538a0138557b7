/**
 * The rules of changing the sign-in e-mail: the password's proof (a code too with TOTP on, on the
 * password change's budget), an address that is new and free, a code mailed to the new address
 * only; the change needs that code from a fresh session, mails the old and the new address,
 * records the event, ends the other sessions; a wrong code or a proxied session changes nothing.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, sessions, users } from '#db/schema';
import type { DB } from '~/db.server';
import { SYSTEM_ACTOR } from '~/services/platform/audit.server';
import {
  EMAIL_CHANGE_SEND_LIMIT,
  cancelEmailChange,
  confirmEmailChange,
  pendingEmailChange,
  requestEmailChange,
} from '~/services/auth/email-change.server';
import { CHANGE_PASSWORD_LIMIT } from '~/services/auth/recovery.server';
import { recentSecurityEvents } from '~/services/auth/security-events.server';
import { createSession } from '~/services/auth/session.server';
import { markVerified, securityChangeAllowed } from '~/services/auth/step-up.server';
import { stepAt, totpCode } from '~/services/auth/totp.server';
import { createAccount } from '~/services/people/users.server';
import { testDb } from '../helpers/db';
import { withTotp } from '../helpers/totp';
import { mailsTo } from '../helpers/outbox';

const PASSWORD = 'Harbor-Lantern-Quartz-2026';

const unique = (tag: string) =>
  `${tag}-${Math.random().toString(36).slice(2, 9)}@riders.test`.toLowerCase();

async function account(db: DB, lang: 'en' | 'fr' = 'en') {
  const { user } = await createAccount(db, {
    role: 'rider',
    email: unique('mail-change'),
    password: PASSWORD,
    firstName: 'Mail',
    lastName: 'Change',
  });
  db.update(users).set({ lang }).where(eq(users.id, user.id)).run();
  const s = await createSession(db, user.id);
  const by = { userId: user.id, sessionId: s.id, proxyHost: null, actor: SYSTEM_ACTOR };
  return { user: { ...user, lang }, by };
}

const emailOf = (db: DB, id: number) =>
  db.select({ email: users.email }).from(users).where(eq(users.id, id)).get()?.email;

/** The 6-digit code of the last mail to `to`. */
function mailedCode(to: string): string {
  const mail = mailsTo(to).at(-1);
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

describe('asking for a new sign-in e-mail', () => {
  it('a wrong password is refused and counted on the password change’s budget', async () => {
    const db = testDb();
    const { by } = await account(db);
    const to = unique('new');
    for (let i = 0; i < CHANGE_PASSWORD_LIMIT.count; i++) {
      expect(await requestEmailChange(db, by, { newEmail: to, password: `guess-${i}` })).toBe(
        'wrongPassword',
      );
    }
    // The budget is spent: the right password now waits too, and nothing was mailed.
    expect(await requestEmailChange(db, by, { newEmail: to, password: PASSWORD })).toBe('wait');
    expect(mailsTo(to)).toEqual([]);
    expect(pendingEmailChange(db, by.userId)).toBeNull();
    expect(securityChangeAllowed(db, by)).toBe('stepUp');
  });

  it('with TOTP on the password alone is not enough: the code is needed', async () => {
    const db = testDb();
    const { by } = await account(db);
    const secret = withTotp(db, by.userId);
    const to = unique('new-totp');
    expect(await requestEmailChange(db, by, { newEmail: to, password: PASSWORD })).toBe(
      'wrongCode',
    );
    expect(
      await requestEmailChange(db, by, { newEmail: to, password: PASSWORD, code: '000000' }),
    ).toBe('wrongCode');
    expect(mailsTo(to)).toEqual([]);
    const code = totpCode(secret, stepAt(Date.now()));
    expect(await requestEmailChange(db, by, { newEmail: to, password: PASSWORD, code })).toBe('ok');
    expect(mailsTo(to)).toHaveLength(1);
  });

  it('the same address and another account’s address are refused; nothing is mailed', async () => {
    const db = testDb();
    const { user, by } = await account(db);
    const other = await account(db);
    expect(
      await requestEmailChange(db, by, {
        newEmail: ` ${user.email.toUpperCase()} `,
        password: PASSWORD,
      }),
    ).toBe('same');
    expect(
      await requestEmailChange(db, by, { newEmail: other.user.email, password: PASSWORD }),
    ).toBe('taken');
    expect(mailsTo(user.email)).toEqual([]);
    expect(mailsTo(other.user.email)).toEqual([]);
    expect(pendingEmailChange(db, by.userId)).toBeNull();
  });

  it('mails a code to the new address only, in the owner’s language; only the latest request stays pending', async () => {
    const db = testDb();
    const { user, by } = await account(db, 'fr');
    const first = unique('first');
    const second = unique('second');
    expect(await requestEmailChange(db, by, { newEmail: first, password: PASSWORD })).toBe('ok');
    expect(mailsTo(user.email)).toEqual([]);
    const [mail] = mailsTo(first);
    expect(mail.subject).toBe('Votre code contingency cash pour votre nouvelle adresse courriel');
    expect(mail.text).toMatch(/Votre code est \d{6}/);
    // The password just typed is a fresh proof.
    expect(securityChangeAllowed(db, by)).toBe('ok');
    expect(pendingEmailChange(db, by.userId)).toEqual({ email: first });

    expect(await requestEmailChange(db, by, { newEmail: second, password: PASSWORD })).toBe('ok');
    expect(pendingEmailChange(db, by.userId)).toEqual({ email: second });
    // The first address's code died with its request.
    expect(await confirmEmailChange(db, by, mailedCode(first))).toBe('invalid');
    expect(emailOf(db, by.userId)).toBe(user.email);
  });

  it(`at most ${EMAIL_CHANGE_SEND_LIMIT.count} codes per window`, async () => {
    const db = testDb();
    const { by } = await account(db);
    for (let i = 0; i < EMAIL_CHANGE_SEND_LIMIT.count; i++) {
      expect(await requestEmailChange(db, by, { newEmail: unique('n'), password: PASSWORD })).toBe(
        'ok',
      );
    }
    const to = unique('one-too-many');
    expect(await requestEmailChange(db, by, { newEmail: to, password: PASSWORD })).toBe('tooMany');
    expect(mailsTo(to)).toEqual([]);
  });

  it('cancelling drops the pending request', async () => {
    const db = testDb();
    const { by } = await account(db);
    const to = unique('cancel');
    expect(await requestEmailChange(db, by, { newEmail: to, password: PASSWORD })).toBe('ok');
    expect(cancelEmailChange(db, by)).toBe('ok');
    expect(pendingEmailChange(db, by.userId)).toBeNull();
    expect(await confirmEmailChange(db, by, mailedCode(to))).toBe('invalid');
  });
});

describe('confirming the new sign-in e-mail', () => {
  it('changes the address, mails the old and the new one, records the event, ends the other sessions', async () => {
    const db = testDb();
    const { user, by } = await account(db, 'fr');
    const other = await createSession(db, by.userId);
    const to = unique('confirm');
    expect(await requestEmailChange(db, by, { newEmail: to, password: PASSWORD })).toBe('ok');
    const code = mailedCode(to);
    expect(await confirmEmailChange(db, by, code, { address: '203.0.113.7' })).toBe('ok');

    const row = db.select().from(users).where(eq(users.id, by.userId)).get();
    expect(row).toMatchObject({ email: to, emailVerified: true });
    const subject = 'contingency cash\u00a0: Adresse courriel changée';
    for (const address of [user.email, to]) {
      const last = mailsTo(address).at(-1);
      expect(last?.subject).toBe(subject);
      expect(last?.text).toContain('L’adresse courriel de votre compte contingency cash');
      expect(last?.text).toContain('203.0.113.7');
    }
    expect(recentSecurityEvents(db, by.userId)[0]).toMatchObject({
      kind: 'emailChanged',
      address: '203.0.113.7',
    });
    const ids = db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, by.userId))
      .all()
      .map((s) => s.id);
    expect(ids).toEqual([by.sessionId]);
    expect(ids).not.toContain(other.id);
    const audited = db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.emailChanged'), eq(auditLog.entityId, by.userId)))
      .all();
    expect(audited).toHaveLength(1);
    expect(pendingEmailChange(db, by.userId)).toBeNull();
    // Single use.
    expect(await confirmEmailChange(db, by, code)).toBe('invalid');
  });

  it('a wrong code changes nothing; too many wrong codes kill the code', async () => {
    const db = testDb();
    const { user, by } = await account(db);
    const other = await createSession(db, by.userId);
    const to = unique('wrong');
    expect(await requestEmailChange(db, by, { newEmail: to, password: PASSWORD })).toBe('ok');
    const code = mailedCode(to);
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await confirmEmailChange(db, by, wrong)).toBe('invalid');
    expect(emailOf(db, by.userId)).toBe(user.email);
    expect(recentSecurityEvents(db, by.userId)).toEqual([]);
    expect(db.select().from(sessions).where(eq(sessions.id, other.id)).get()).toBeTruthy();
    for (let i = 0; i < 3; i++) await confirmEmailChange(db, by, wrong);
    expect(await confirmEmailChange(db, by, wrong)).toBe('tooManyTries');
    expect(await confirmEmailChange(db, by, code)).toBe('tooManyTries');
    expect(emailOf(db, by.userId)).toBe(user.email);
    expect(mailsTo(user.email)).toEqual([]);
  });

  it('needs a fresh proof: a stale session cannot confirm even with the right code', async () => {
    const db = testDb();
    const { user, by } = await account(db);
    const to = unique('stale');
    expect(await requestEmailChange(db, by, { newEmail: to, password: PASSWORD })).toBe('ok');
    markVerified(db, by.sessionId, Date.now() - 60 * 60_000);
    expect(await confirmEmailChange(db, by, mailedCode(to))).toBe('stepUp');
    expect(emailOf(db, by.userId)).toBe(user.email);
    markVerified(db, by.sessionId);
    expect(await confirmEmailChange(db, by, mailedCode(to))).toBe('ok');
  });

  it('an address taken in between is refused and nothing changes', async () => {
    const db = testDb();
    const { user, by } = await account(db);
    const to = unique('race');
    expect(await requestEmailChange(db, by, { newEmail: to, password: PASSWORD })).toBe('ok');
    const code = mailedCode(to);
    const squatter = await account(db);
    db.update(users).set({ email: to }).where(eq(users.id, squatter.user.id)).run();
    expect(await confirmEmailChange(db, by, code)).toBe('taken');
    expect(emailOf(db, by.userId)).toBe(user.email);
    expect(recentSecurityEvents(db, by.userId)).toEqual([]);
  });

  it('never while an admin proxies the session', async () => {
    const db = testDb();
    const { user, by } = await account(db);
    const proxied = { ...by, proxyHost: { id: 1 } };
    const to = unique('proxy');
    expect(await requestEmailChange(db, proxied, { newEmail: to, password: PASSWORD })).toBe(
      'proxy',
    );
    expect(mailsTo(to)).toEqual([]);
    expect(await requestEmailChange(db, by, { newEmail: to, password: PASSWORD })).toBe('ok');
    expect(await confirmEmailChange(db, proxied, mailedCode(to))).toBe('proxy');
    expect(cancelEmailChange(db, proxied)).toBe('proxy');
    expect(emailOf(db, by.userId)).toBe(user.email);
    expect(pendingEmailChange(db, by.userId)).toEqual({ email: to });
  });
});
