/**
 * A stolen session cookie cannot move an account to the thief's mailbox. Changing the sign-in
 * e-mail needs the password (the cookie alone is refused), then the code mailed to the new
 * address from a session proven within the last minutes (an old session must confirm it is you
 * first); the change is mailed to the old and the new address in the owner's language and lands
 * in the account's security history. Over HTTP, against the built server.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import en from '#locales/en/twofactor.json';
import fr from '#locales/fr/twofactor.json';
import { dealerAccount, makeStale, type DealerAccount } from '../e2e/accounts';
import { codeIn, mailsTo } from '../e2e/helpers';
import { query } from './db';
import { req, signIn, DEMO, type Jar } from './http';

const PASSWORD = 'Harbor-Lantern-Quartz-2026';

type Account = DealerAccount;

const unique = (tag: string) =>
  `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.test`;

const emailOf = (userId: number) =>
  query<{ email: string }>('SELECT email FROM users WHERE id = ?', userId)[0].email;
const pendingCodes = (userId: number) =>
  query<{ target: string }>(
    "SELECT target FROM one_time_codes WHERE purpose = 'email-change' AND target LIKE ?",
    `email-change:${userId}:%`,
  );
const events = (userId: number) =>
  query<{ kind: string }>('SELECT kind FROM security_events WHERE user_id = ? ORDER BY id', userId);

const security = '/auth/dealer/security';
const post = (jar: Jar, form: Record<string, string>) => req(security, { jar, form });

describe('a stolen, stale session cookie cannot change the sign-in e-mail', () => {
  let a: Account;
  let jar: Jar;
  let other: Jar;
  beforeAll(async () => {
    a = await dealerAccount('sec-email', PASSWORD, 'fr');
    other = await signIn(a.email, PASSWORD);
    jar = await signIn(a.email, PASSWORD);
    makeStale(a.email);
  });

  it('without the password (or with a wrong one) no code is sent and nothing is pending', async () => {
    const thief = unique('thief');
    const none = await post(jar, { intent: 'emailChange', newEmail: thief });
    expect(none.status).toBe(400);
    const wrong = await post(jar, {
      intent: 'emailChange',
      newEmail: thief,
      password: 'not-my-password',
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain(en.errors.wrongPassword);
    expect(mailsTo(thief)).toEqual([]);
    expect(pendingCodes(a.id)).toEqual([]);
    expect(emailOf(a.id)).toBe(a.email);
  });

  it('a code mailed to the new address does not pass from a session whose proof is old: step-up first', async () => {
    const next = unique('sec-email-new');
    // The owner asks (the password is a proof), then the session gets old.
    const asked = await post(jar, { intent: 'emailChange', newEmail: next, password: PASSWORD });
    expect(asked.status).toBe(302);
    const mails = mailsTo(next);
    expect(mails.map((m) => m.subject)).toEqual([fr.email.codeMail.subject]);
    expect(mailsTo(a.email)).toEqual([]);
    const code = codeIn(mails[0]);
    makeStale(a.email);

    const stale = await post(jar, { intent: 'emailConfirm', code });
    expect(stale.status).toBe(403);
    expect(await stale.text()).toContain(en.stepUp.needed);
    expect(emailOf(a.id)).toBe(a.email);
    expect(events(a.id)).toEqual([]);

    // With the password the owner confirms it is them: the change goes through.
    expect((await post(jar, { intent: 'stepUp', password: PASSWORD })).status).toBe(302);
    const done = await post(jar, { intent: 'emailConfirm', code });
    expect(done.status).toBe(302);
    expect(emailOf(a.id)).toBe(next);
    expect(events(a.id).map((e) => e.kind)).toEqual(['emailChanged']);
    const subject = `contingency cash\u00a0: ${fr.events.emailChanged}`;
    for (const address of [a.email, next]) {
      const last = mailsTo(address).at(-1);
      expect(last?.subject).toBe(subject);
      expect(last?.text).toContain(fr.mail.emailChanged);
    }
    // This session stays; the other one signed in as the old address is over.
    expect((await req('/auth/dealer', { jar })).status).toBe(200);
    const gone = await req('/auth/dealer', { jar: other });
    expect(gone.status).toBe(302);
    expect(gone.headers.get('Location')).toContain('/login');
  });
});

describe('an admin proxying an account cannot change its sign-in e-mail', () => {
  it('the request is refused while proxying, even with the owner’s password', async () => {
    const a = await dealerAccount('sec-email-proxy', PASSWORD, 'en');
    const admin = await signIn(DEMO.admin);
    expect(
      (await req(`/proxy-dealer/${a.dealerId}`, { method: 'POST', jar: admin, form: {} })).status,
    ).toBe(302);
    // Control: the proxied session reaches the account's pages.
    expect((await req('/auth/dealer', { jar: admin })).status).toBe(200);
    const next = unique('sec-email-proxy-new');
    const res = await post(admin, { intent: 'emailChange', newEmail: next, password: PASSWORD });
    expect(res.status).toBe(403);
    expect(mailsTo(next)).toEqual([]);
    expect(pendingCodes(a.id)).toEqual([]);
    await req('/proxy-remove', { method: 'POST', jar: admin, form: {} });
  });
});
