/**
 * A stolen session cookie is not a permanent key: every change of how an account signs in needs
 * a fresh proof of its owner (a sign-in or a step-up within the last minutes), is mailed to the
 * owner and lands in the account's security history. Each attack plays the cookie alone: a
 * session whose last proof is an hour old, as a cookie lifted from a browser would be.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import en from '#locales/en/twofactor.json';
import fr from '#locales/fr/twofactor.json';
import { stepAt, totpCode } from '~/services/auth/totp.server';
import { dealerAccount, makeStale, type DealerAccount } from '../e2e/accounts';
import { writeDb } from '../e2e/db-write';
import { mailsTo } from '../e2e/helpers';
import { query } from './db';
import { req, signIn, DEMO, type Jar } from './http';

const PASSWORD = 'Harbor-Lantern-Quartz-2026';
const NEW_PASSWORD = 'Copper-Meadow-Violin-4817';
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

type Account = DealerAccount;

/** Turns TOTP on (a known secret) after the sign-in, so the sign-in itself needs no code. */
function turnTotpOn(userId: number) {
  writeDb((db) =>
    db
      .prepare(
        "INSERT INTO two_factor (user_id, secret, confirmed_at, last_used_step) VALUES (?, ?, datetime('now'), 0)",
      )
      .run(userId, SECRET),
  );
}

/** A passkey row of the account (removal and counting need no real key). */
function plantPasskey(userId: number): string {
  const id = `planted-${Math.random().toString(36).slice(2)}`;
  writeDb((db) =>
    db
      .prepare('INSERT INTO passkeys (id, user_id, public_key) VALUES (?, ?, ?)')
      .run(id, userId, 'AAAA'),
  );
  return id;
}

const passkeyCount = (userId: number) =>
  query<{ n: number }>('SELECT count(*) AS n FROM passkeys WHERE user_id = ?', userId)[0].n;
const totpOn = (userId: number) =>
  query<{ n: number }>(
    'SELECT count(*) AS n FROM two_factor WHERE user_id = ? AND confirmed_at IS NOT NULL',
    userId,
  )[0].n === 1;
const events = (userId: number) =>
  query<{ kind: string; address: string | null; user_agent: string | null }>(
    'SELECT kind, address, user_agent FROM security_events WHERE user_id = ? ORDER BY id',
    userId,
  );
const passwordHash = (userId: number) =>
  query<{ h: string }>('SELECT password_hash AS h FROM users WHERE id = ?', userId)[0].h;

const security = '/auth/dealer/security';
const post = (jar: Jar, form: Record<string, string>) => req(security, { jar, form });
const code = (offset = 0) => totpCode(SECRET, stepAt(Date.now()) + offset);

describe('step-up: a stolen session cookie alone cannot change how an account signs in', () => {
  let a: Account;
  let jar: Jar;
  beforeAll(async () => {
    a = await dealerAccount('sec-stepup', PASSWORD);
    jar = await signIn(a.email, PASSWORD);
  });

  it('/api/passkey/register (options and verify) answers 403 naming step-up to an old session; a fresh sign-in is a proof', async () => {
    // Control: right after the sign-in, the options come.
    const fresh = await req('/api/passkey/register', { jar, json: { step: 'options' } });
    expect(fresh.status).toBe(200);
    expect(((await fresh.json()) as { challenge?: string }).challenge).toBeTruthy();

    makeStale(a.email);
    for (const json of [
      { step: 'options' },
      { step: 'verify', response: { id: 'x', rawId: 'x', type: 'public-key', response: {} } },
    ]) {
      const res = await req('/api/passkey/register', { jar, json });
      expect(res.status).toBe(403);
      const body = (await res.json()) as { code: string; error: string };
      expect(body.code).toBe('stepUpRequired');
      expect(body.error).toBe(en.stepUp.needed);
    }
    expect(passkeyCount(a.id)).toBe(0);
  });

  it('removing a passkey and starting two-factor are refused without a fresh proof; after the password step-up they pass and the owner is mailed', async () => {
    const key = plantPasskey(a.id);
    makeStale(a.email);
    const refused = await post(jar, { intent: 'removePasskey', passkeyId: key });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain(en.stepUp.needed);
    expect(passkeyCount(a.id)).toBe(1);
    expect((await post(jar, { intent: 'begin' })).status).toBe(403);
    expect(query('SELECT 1 FROM two_factor WHERE user_id = ?', a.id)).toEqual([]);

    // A wrong password is no proof.
    expect((await post(jar, { intent: 'stepUp', password: 'not-my-password' })).status).toBe(400);
    expect((await post(jar, { intent: 'removePasskey', passkeyId: key })).status).toBe(403);

    const mailsBefore = mailsTo(a.email).length;
    expect((await post(jar, { intent: 'stepUp', password: PASSWORD })).status).toBe(302);
    expect((await post(jar, { intent: 'removePasskey', passkeyId: key })).status).toBe(302);
    expect(passkeyCount(a.id)).toBe(0);
    const mail = mailsTo(a.email).slice(mailsBefore);
    expect(mail.map((m) => m.subject)).toEqual([`contingency cash: ${en.events.passkeyRemoved}`]);
    expect(mail[0].text).toContain(en.mail.passkeyRemoved);
    expect(mail[0].text).toMatch(/From the address: \S+/);
    const last = events(a.id).at(-1);
    expect(last?.kind).toBe('passkeyRemoved');
    expect(last?.address).toBeTruthy();
    expect(last?.user_agent).toBeTruthy();
  });
});

describe('step-up with two-factor on: the password alone is not the proof', () => {
  let a: Account;
  let jar: Jar;
  beforeAll(async () => {
    a = await dealerAccount('sec-stepup-totp', PASSWORD, 'fr');
    jar = await signIn(a.email, PASSWORD);
    turnTotpOn(a.id);
    makeStale(a.email);
  });

  it('a password change with the right current password is refused (403, step-up) from an old session', async () => {
    const before = passwordHash(a.id);
    const res = await req('/api/dealer/dealer/change-password', {
      method: 'PUT',
      jar,
      json: { currentPassword: PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { code: string }).code).toBe('stepUpRequired');
    expect(passwordHash(a.id)).toBe(before);
  });

  it('turning two-factor off and new recovery codes need the password and a code; the step-up needs the code too', async () => {
    expect(
      (await post(jar, { intent: 'disable', password: PASSWORD, code: '000000' })).status,
    ).toBe(400);
    expect(
      (await post(jar, { intent: 'regenerateRecovery', password: 'wrong', code: code() })).status,
    ).toBe(400);
    expect(totpOn(a.id)).toBe(true);
    // The password alone does not step up an account with TOTP on.
    expect((await post(jar, { intent: 'stepUp', password: PASSWORD })).status).toBe(400);
    expect((await post(jar, { intent: 'begin' })).status).toBe(403);

    const mailsBefore = mailsTo(a.email).length;
    expect(
      (await post(jar, { intent: 'regenerateRecovery', password: PASSWORD, code: code() })).status,
    ).toBe(200);
    expect(
      mailsTo(a.email)
        .slice(mailsBefore)
        .map((m) => m.subject),
    ).toEqual([`contingency cash\u00a0: ${fr.events.recoveryCodes}`]);
  });

  it('after a step-up with password and code, the password change passes and the owner is mailed in French', async () => {
    makeStale(a.email);
    expect((await post(jar, { intent: 'stepUp', password: PASSWORD, code: code(1) })).status).toBe(
      302,
    );
    const mailsBefore = mailsTo(a.email).length;
    const res = await req('/api/dealer/dealer/change-password', {
      method: 'PUT',
      jar,
      json: { currentPassword: PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(res.status).toBe(200);
    const mail = mailsTo(a.email).slice(mailsBefore);
    expect(mail.map((m) => m.subject)).toEqual([
      `contingency cash\u00a0: ${fr.events.passwordChanged}`,
    ]);
    expect(events(a.id).map((e) => e.kind)).toEqual(['recoveryCodes', 'passwordChanged']);
  });
});

describe('a password change can remove the passkeys, and ends the other sessions', () => {
  it('removePasskeys: every passkey goes, the other session ends, this one stays', async () => {
    const a = await dealerAccount('sec-stepup-pw', PASSWORD);
    const here = await signIn(a.email, PASSWORD);
    const other = await signIn(a.email, PASSWORD);
    plantPasskey(a.id);
    plantPasskey(a.id);
    const change = (removePasskeys: boolean, from: string, to: string) =>
      req('/api/dealer/dealer/change-password', {
        method: 'PUT',
        jar: here,
        json: { currentPassword: from, password: to, confirmPassword: to, removePasskeys },
      });
    // Without the box the passkeys stay (the control).
    expect((await change(false, PASSWORD, NEW_PASSWORD)).status).toBe(200);
    expect(passkeyCount(a.id)).toBe(2);
    expect((await change(true, NEW_PASSWORD, PASSWORD)).status).toBe(200);
    expect(passkeyCount(a.id)).toBe(0);
    expect((await req('/auth/dealer', { jar: here })).status).toBe(200);
    const gone = await req('/auth/dealer', { jar: other });
    expect(gone.status).toBe(302);
    expect(gone.headers.get('Location')).toContain('/login');
  });
});

describe('an admin proxying an account cannot change its sign-in security', () => {
  it('passkey registration, step-up and password change are refused while proxying', async () => {
    const a = await dealerAccount('sec-stepup-proxy', PASSWORD);
    const admin = await signIn(DEMO.admin);
    expect(
      (await req(`/proxy-dealer/${a.dealerId}`, { method: 'POST', jar: admin, form: {} })).status,
    ).toBe(302);
    expect((await req('/auth/dealer', { jar: admin })).status).toBe(200);
    const register = await req('/api/passkey/register', { jar: admin, json: { step: 'options' } });
    expect(register.status).toBe(403);
    const stepUp = await req('/api/passkey/step-up', { jar: admin, json: { step: 'options' } });
    expect(stepUp.status).toBe(403);
    expect((await post(admin, { intent: 'stepUp', password: PASSWORD })).status).toBe(403);
    const before = passwordHash(a.id);
    const change = await req('/api/dealer/dealer/change-password', {
      method: 'PUT',
      jar: admin,
      json: { currentPassword: PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(change.status).toBe(403);
    expect(passwordHash(a.id)).toBe(before);
    expect(events(a.id)).toEqual([]);
    await req('/proxy-remove', { method: 'POST', jar: admin, form: {} });
  });
});
