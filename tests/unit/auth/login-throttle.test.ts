/**
 * Sign-in throttling (ASVS 2.2.1): growing delays per address and per account, no hard lock of an
 * e-mail; an attempt is counted before its password is checked, so a parallel burst gets no more
 * checks than the free allowance; the hashing line is bounded.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { migrateDatabase } from '#db/migrate';
import { rateLimits } from '#db/schema';
import { getDb } from '~/db.server';
import { env } from '~/env.server';
import { signIn } from '~/services/auth/auth.server';
import {
  ACCOUNT_LADDER,
  ADDRESS_LADDER,
  delaySeconds,
  recordSignInFailure,
  recordSignInSuccess,
  releaseSignIn,
  reserveSignIn,
  signInSucceeded,
  signInWait,
} from '~/services/auth/login-throttle.server';
import {
  DUMMY_HASH,
  HASH_CONCURRENCY,
  HASH_QUEUE_LIMIT,
  HashQueueFull,
  hashLoad,
  verifyPassword,
  withHashSlot,
} from '~/services/auth/password.server';
import { createAccount } from '~/services/people/users.server';
import { requestContext } from '~/services/platform/log.server';
import { testDb } from '../helpers/db';

const T0 = Date.parse('2026-01-01T00:00:00Z');

describe('sign-in throttle', () => {
  it('grows the delay 1 s, 2 s, 4 s … after the free allowance, up to the cap', () => {
    expect(delaySeconds(ACCOUNT_LADDER.free - 1, ACCOUNT_LADDER)).toBe(0);
    expect(delaySeconds(ACCOUNT_LADDER.free, ACCOUNT_LADDER)).toBe(1);
    expect(delaySeconds(ACCOUNT_LADDER.free + 3, ACCOUNT_LADDER)).toBe(8);
    expect(delaySeconds(ACCOUNT_LADDER.free + 40, ACCOUNT_LADDER)).toBe(ACCOUNT_LADDER.capSeconds);
  });

  it('an attacker failing on an account delays unknown browsers, never the owner’s known browser, and the delay ends', () => {
    const db = testDb();
    const attacker = { email: 'rider@example.test', address: '203.0.113.9', knownDevice: false };
    for (let i = 0; i < ACCOUNT_LADDER.free + 2; i++) recordSignInFailure(db, attacker, T0);
    expect(signInWait(db, attacker, T0)).toBe(4);
    expect(signInWait(db, { ...attacker, address: '198.51.100.1' }, T0)).toBe(4); // another address, unknown browser
    expect(signInWait(db, { ...attacker, address: '198.51.100.1', knownDevice: true }, T0)).toBe(0); // the owner
    expect(signInWait(db, attacker, T0 + 4_000)).toBe(0); // after the delay anyone may prove the password
    recordSignInSuccess(db, attacker);
    expect(signInWait(db, { ...attacker, address: '198.51.100.1' }, T0)).toBe(0);
  });

  it('one address trying many accounts is slowed by the address count', () => {
    const db = testDb();
    for (let i = 0; i < ADDRESS_LADDER.free + 1; i++)
      recordSignInFailure(
        db,
        { email: `u${i}@example.test`, address: '203.0.113.7', knownDevice: false },
        T0,
      );
    expect(
      signInWait(db, { email: 'new@example.test', address: '203.0.113.7', knownDevice: true }, T0),
    ).toBe(2);
    expect(
      signInWait(db, { email: 'new@example.test', address: '192.0.2.1', knownDevice: false }, T0),
    ).toBe(0);
  });
});

describe('an attempt is counted before its password is checked', () => {
  it('of attempts reserved at the same instant, only the free allowance gets past', () => {
    const db = testDb();
    const k = { email: 'burst@example.test', address: '203.0.113.20', knownDevice: false };
    const outcomes = Array.from({ length: 12 }, (_, i) =>
      reserveSignIn(db, { ...k, address: `203.0.113.${20 + (i % 4)}` }, T0),
    );
    expect(outcomes.filter((o) => o.ok)).toHaveLength(ACCOUNT_LADDER.free);
    expect(outcomes.filter((o) => !o.ok).every((o) => !o.ok && o.wait >= 1)).toBe(true);
    // The account's known browser still gets through (and is counted like any attempt).
    expect(reserveSignIn(db, { ...k, knownDevice: true }, T0).ok).toBe(true);
  });

  it('a right password gives its reservation back: successes from one address never start its delay', () => {
    const db = testDb();
    const k = { email: 'office@example.test', address: '198.51.100.30', knownDevice: true };
    for (let i = 0; i < ADDRESS_LADDER.free + 5; i++) {
      const r = reserveSignIn(db, k, T0 + i);
      expect(r.ok).toBe(true);
      if (r.ok) signInSucceeded(db, r.reservation);
    }
    expect(signInWait(db, { ...k, knownDevice: false }, T0 + 100)).toBe(0);
    expect(db.select().from(rateLimits).all()).toEqual([]);
  });

  it('a success keeps the failures before it on the address, and their time', () => {
    const db = testDb();
    const k = { email: 'a@example.test', address: '198.51.100.31', knownDevice: false };
    for (let i = 0; i < ADDRESS_LADDER.free; i++)
      recordSignInFailure(db, { ...k, email: `x${i}@example.test` }, T0);
    expect(signInWait(db, k, T0 + 1_000)).toBe(0); // the first delay (1 s) is over
    const r = reserveSignIn(db, k, T0 + 1_000);
    expect(r.ok).toBe(true);
    if (r.ok) signInSucceeded(db, r.reservation);
    const row = db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, 'login-fail:address:198.51.100.31'))
      .get();
    expect(row).toMatchObject({
      count: ADDRESS_LADDER.free,
      windowStart: new Date(T0).toISOString(),
    });
  });

  it('an attempt never checked (released) counts for nothing', () => {
    const db = testDb();
    const k = { email: 'b@example.test', address: '198.51.100.32', knownDevice: false };
    for (let i = 0; i < ACCOUNT_LADDER.free * 3; i++) {
      const r = reserveSignIn(db, k, T0);
      expect(r.ok).toBe(true);
      if (r.ok) releaseSignIn(db, r.reservation);
    }
    expect(db.select().from(rateLimits).all()).toEqual([]);
  });
});

describe('a parallel burst of wrong passwords at one account (signIn)', () => {
  beforeAll(() => migrateDatabase(env().DATABASE_PATH));

  it('checks at most the free allowance; the rest are refused at once with a wait; the owner’s known browser still signs in', async () => {
    const email = `burst${Math.random().toString(36).slice(2)}@example.test`;
    await createAccount(getDb(), {
      role: 'dealer',
      email,
      password: 'Strong-Pass-2026',
      emailVerified: true,
      name: 'Burst Target',
    });
    const form = (password: string, cookie?: string) =>
      new Request('http://localhost/login', {
        method: 'POST',
        headers: cookie ? { Cookie: cookie } : {},
        body: new URLSearchParams({ email, password }),
      });
    const owner = await signIn(form('Strong-Pass-2026'), email, '10.9.0.1');
    expect(owner.ok).toBe(true);
    const device = owner.ok
      ? owner.setCookies.find((c) => c.startsWith('cc_device='))!.split(';')[0]!
      : '';
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signIn(form(`wrong-${i}`), email, `10.9.1.${i % 5}`)),
    );
    const checked = outcomes.filter((o) => !o.ok && o.status === 400);
    const refused = outcomes.filter((o) => !o.ok && o.status === 429);
    expect(checked).toHaveLength(ACCOUNT_LADDER.free);
    expect(refused).toHaveLength(20 - ACCOUNT_LADDER.free);
    expect(refused.every((o) => !o.ok && (o.retryAfter ?? 0) >= 1)).toBe(true);
    expect((await signIn(form('Strong-Pass-2026', device), email, '10.9.0.1')).ok).toBe(true);
  });
});

/** As the server runs a request: inside its request context. */
const inRequest = <T>(fn: () => Promise<T>) => requestContext().run({ id: 'unit-test' }, fn);

describe('the hashing line is bounded', () => {
  it(`past HASH_QUEUE_LIMIT waiting, a check is refused at once with the seconds to wait`, async () => {
    const n = HASH_CONCURRENCY + HASH_QUEUE_LIMIT + 6;
    const outcomes = await inRequest(() =>
      Promise.allSettled(
        Array.from({ length: n }, () => verifyPassword('wrong password', DUMMY_HASH)),
      ),
    );
    const refused = outcomes
      .filter((o): o is PromiseRejectedResult => o.status === 'rejected')
      .map((o) => o.reason as unknown);
    expect(refused).toHaveLength(6);
    for (const r of refused) {
      expect(r).toBeInstanceOf(HashQueueFull);
      expect((r as HashQueueFull).retryAfter).toBeGreaterThanOrEqual(1);
    }
    expect(hashLoad()).toEqual({ running: 0, waiting: 0 });
  });

  it('work outside a request (the start-up check of every account) waits its turn instead', async () => {
    const n = HASH_CONCURRENCY + HASH_QUEUE_LIMIT + 6;
    const outcomes = await Promise.allSettled(
      Array.from({ length: n }, () => verifyPassword('wrong password', DUMMY_HASH)),
    );
    expect(outcomes.every((o) => o.status === 'fulfilled')).toBe(true);
  });

  it('a sign-in refused for a full line answers 503 with a wait and counts nothing', async () => {
    const email = `busy${Math.random().toString(36).slice(2)}@example.test`;
    const form = () =>
      new Request('http://localhost/login', {
        method: 'POST',
        body: new URLSearchParams({ email, password: 'whatever-1' }),
      });
    // The line held full by checks that wait on a gate.
    let open = () => {};
    const gate = new Promise<void>((r) => (open = r));
    const filler = Array.from({ length: HASH_CONCURRENCY + HASH_QUEUE_LIMIT }, () =>
      withHashSlot(() => gate),
    );
    const outcome = await inRequest(() => signIn(form(), email, '10.9.2.1'));
    open();
    await Promise.all(filler);
    expect(outcome).toMatchObject({ ok: false, status: 503, key: 'security:busy' });
    expect(!outcome.ok && outcome.retryAfter).toBeGreaterThanOrEqual(1);
    const db = getDb();
    expect(signInWait(db, { email, address: '10.9.2.1', knownDevice: false })).toBe(0);
    expect(
      db.select().from(rateLimits).where(eq(rateLimits.key, 'login-fail:address:10.9.2.1')).get(),
    ).toBeUndefined();
  });
});
