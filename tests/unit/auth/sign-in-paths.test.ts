/**
 * The rules every way of signing in shares: the session the browser had before ends, and passkey
 * attempts are limited and audited like password attempts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '#db/migrate';
import { auditLog, passkeys, sessions, users } from '#db/schema';
import { getDb } from '~/db.server';
import { env } from '~/env.server';
import { signIn } from '~/services/auth/auth.server';
import { ACCOUNT_LADDER } from '~/services/auth/login-throttle.server';
import { passkeySignIn } from '~/http/auth/passkey-route.server';
import {
  completeSecondStep,
  holdForSecondFactor,
  openSession,
} from '~/services/auth/second-step.server';
import { createSession } from '~/services/auth/session.server';
import {
  beginTotpSetup,
  confirmTotpSetup,
  stepAt,
  totpCode,
  TOTP_PERIOD,
} from '~/services/auth/totp.server';
import { createAccount } from '~/services/people/users.server';
import { SYSTEM_ACTOR } from '~/services/platform/audit.server';

beforeAll(() => migrateDatabase(env().DATABASE_PATH));

const cookiePart = (setCookie: string) => setCookie.split(';')[0]!;
const sessionRow = (id: string) => getDb().select().from(sessions).where(eq(sessions.id, id)).get();

function newUser(role: 'admin' | 'dealer' | 'rider' = 'dealer') {
  return getDb()
    .insert(users)
    .values({ email: `u${Math.random()}@example.test`, passwordHash: 'x', role })
    .returning()
    .get();
}

function request(cookies: string[], body?: unknown) {
  return new Request('http://localhost/api/passkey/sign-in', {
    method: 'POST',
    headers: { Cookie: cookies.join('; '), 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

describe('every sign-in ends the session the browser had', () => {
  it('openSession (password alone, passkey, sign-up) ends the old session and opens a new one', async () => {
    const db = getDb();
    const other = newUser('rider');
    const old = await createSession(db, other.id);
    const user = newUser();
    const cookies = await openSession(db, request([cookiePart(old.setCookie)]), user);
    expect(sessionRow(old.id)).toBeUndefined();
    expect(cookies[0]).toMatch(/^cc_session=/);
    const fresh = db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, user.id))
      .all()
      .map((s) => s.id);
    expect(fresh).toHaveLength(1);
    expect(fresh[0]).not.toBe(old.id);
  });

  it('the code step (password then code) ends a session planted in between', async () => {
    const db = getDb();
    const user = newUser('admin');
    const T0 = Date.now() - 100 * TOTP_PERIOD * 1000;
    const secret = beginTotpSetup(db, user.id);
    expect(
      confirmTotpSetup(db, user.id, totpCode(secret, stepAt(T0)), SYSTEM_ACTOR, T0).outcome,
    ).toBe('ok');
    const pending = await holdForSecondFactor(db, user.id);
    const planted = await createSession(db, newUser('rider').id);
    const outcome = await completeSecondStep(
      db,
      request([cookiePart(pending), cookiePart(planted.setCookie)]),
      totpCode(secret, stepAt(Date.now())),
    );
    expect(outcome.ok).toBe(true);
    expect(sessionRow(planted.id)).toBeUndefined();
    expect(db.select().from(sessions).where(eq(sessions.userId, user.id)).all()).toHaveLength(1);
  });

  it('no sign-in path opens a session any other way than openSession', () => {
    const callers: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (/\.tsx?$/.test(e.name) && /\bcreateSession\(/.test(fs.readFileSync(p, 'utf8')))
          callers.push(path.relative(process.cwd(), p));
      }
    };
    walk(path.resolve('app'));
    expect(callers.sort()).toEqual([
      'app/services/auth/second-step.server.ts',
      'app/services/auth/session.server.ts',
    ]);
  });
});

describe('an account that must have a second factor and has only passkeys', () => {
  it('is not signed in by its password alone (one factor): it is told to use its passkey', async () => {
    const db = getDb();
    const email = `pk${Math.random()}@example.test`;
    const { user } = await createAccount(db, {
      role: 'dealer',
      email,
      password: 'Strong-Pass-2026',
      emailVerified: true,
      name: 'Key Only',
    });
    const form = (password: string) =>
      new Request('http://localhost/login', {
        method: 'POST',
        body: new URLSearchParams({ email, password }),
      });
    // Not required yet: the password alone signs in.
    db.insert(passkeys)
      .values({ id: `k-${user.id}`, userId: user.id, publicKey: 'AAAA' })
      .run();
    expect((await signIn(form('Strong-Pass-2026'), email, '10.0.4.1')).ok).toBe(true);
    db.update(users).set({ twoFactorRequired: true }).where(eq(users.id, user.id)).run();
    const outcome = await signIn(form('Strong-Pass-2026'), email, '10.0.4.1');
    expect(outcome).toMatchObject({ ok: false, key: 'twofactor:step.usePasskey' });
    expect(db.select().from(sessions).where(eq(sessions.userId, user.id)).all()).toHaveLength(1);
  });
});

describe('passkey sign-in attempts', () => {
  async function attempt(credentialId: string, address: string) {
    const { headers } = await passkeySignIn(request([], { step: 'options' }), address);
    const challengeCookie = cookiePart(headers.get('Set-Cookie')!);
    return passkeySignIn(
      request([challengeCookie], {
        step: 'verify',
        response: {
          id: credentialId,
          rawId: credentialId,
          type: 'public-key',
          clientExtensionResults: {},
          response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
        },
      }),
      address,
    );
  }

  it('are limited like passwords: after the free failures on an account, it must wait (429)', async () => {
    const db = getDb();
    const user = newUser();
    const id = `cred-${Math.random().toString(36).slice(2)}`;
    db.insert(passkeys).values({ id, userId: user.id, publicKey: 'AAAA', counter: 0 }).run();
    // Each from another address: only the account's count grows.
    for (let i = 0; i < ACCOUNT_LADDER.free; i++) {
      expect((await attempt(id, `10.0.0.${i}`)).status).toBe(400);
    }
    const refused = await attempt(id, '10.0.1.1');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
  });

  it('a credential of no account counts against the client address only', async () => {
    for (let i = 0; i < 20; i++) {
      expect((await attempt(`nobody-${i}`, '10.0.2.1')).status).toBe(400);
    }
    expect((await attempt('nobody-x', '10.0.2.1')).status).toBe(429);
    expect((await attempt('nobody-x', '10.0.2.2')).status).toBe(400);
  });

  it('a failed attempt opens no session and writes no sign-in to the audit log', async () => {
    const db = getDb();
    const user = newUser();
    const id = `cred-${Math.random().toString(36).slice(2)}`;
    db.insert(passkeys).values({ id, userId: user.id, publicKey: 'AAAA', counter: 0 }).run();
    const r = await attempt(id, '10.0.3.1');
    expect(r.status).toBe(400);
    expect(r.headers.get('Set-Cookie') ?? '').not.toContain('cc_session=');
    expect(db.select().from(sessions).where(eq(sessions.userId, user.id)).all()).toHaveLength(0);
    const logged = db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'passkey.signIn'), eq(auditLog.entityId, user.id)))
      .all();
    expect(logged).toHaveLength(0);
  });
});
