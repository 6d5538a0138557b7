/**
 * Throttles that hold under parallel bursts, over HTTP against the built server: wrong passwords
 * sent at once from several source addresses (127.0.0.0/8, each seen as its own client) get no
 * more checks than the account's free allowance; every 429 says when to come back; malformed
 * paths are 400s, never 500s.
 *
 * The suite's servers run with RATE_LIMIT_FACTOR=100: that widens Express's per-address request
 * limits only, never the sign-in ladders (login-throttle.server), which this file measures.
 */
import http from 'node:http';
import { hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_LADDER } from '~/services/auth/login-throttle.server';
import { writeDb } from '../e2e/db-write';
import { forgetDealerWrongPins, insertRidersWithCredit } from './db';
import { base, origin, raw, req, signIn, DEMO } from './http';

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };
type Jar = Map<string, string>;

/** One request from `address` (the server sees it as the client address), cookies from the jar. */
function from(
  address: string,
  path: string,
  opts: { form?: Record<string, string>; jar?: Jar } = {},
): Promise<Answer> {
  const u = new URL(base());
  const body = opts.form ? new URLSearchParams(opts.form).toString() : undefined;
  const headers: Record<string, string> = {};
  if (body !== undefined) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    headers.Origin = origin();
  }
  if (opts.jar?.size) headers.Cookie = [...opts.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  return new Promise((resolve, reject) => {
    const r = http.request(
      {
        host: u.hostname,
        port: u.port,
        method: body === undefined ? 'GET' : 'POST',
        path,
        headers,
        localAddress: address,
        agent: false,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => {
          for (const c of res.headers['set-cookie'] ?? []) {
            const [pair] = c.split(';');
            const i = pair!.indexOf('=');
            if (/max-age=0/i.test(c) || i === pair!.length - 1) opts.jar?.delete(pair!.slice(0, i));
            else opts.jar?.set(pair!.slice(0, i), pair!.slice(i + 1));
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text });
        });
      },
    );
    r.on('error', reject);
    r.end(body);
  });
}

const PASSWORD = 'Burst-Owner-Passphrase-2026';

/** A rider account of this file alone (its failures must not slow another test's sign-ins). */
async function ownAccount(tag: string, opts: { totp?: boolean } = {}) {
  const email = `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.test`;
  const passwordHash = await hash(PASSWORD, { memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  const id = writeDb((db) => {
    const user = db
      .prepare(
        "INSERT INTO users (email, password_hash, role, email_verified) VALUES (?, ?, 'rider', 1) RETURNING id",
      )
      .get(email, passwordHash) as { id: number };
    if (opts.totp)
      db.prepare(
        "INSERT INTO two_factor (user_id, secret, confirmed_at) VALUES (?, 'JBSWY3DPEHPK3PXP', datetime('now'))",
      ).run(user.id);
    return user.id;
  });
  return { id, email };
}

const retryAfter = (a: Answer | Response) =>
  Number(a instanceof Response ? a.headers.get('Retry-After') : a.headers['retry-after']);

describe('a parallel burst of wrong passwords at one account', () => {
  it('40 at once from 8 addresses: at most the free allowance is checked, the rest are refused (429, or 503 past the sign-ins in flight) with Retry-After; the owner’s browser still signs in', async () => {
    const { email } = await ownAccount('sec-burst');
    const owner: Jar = new Map();
    expect(
      (await from('127.0.0.1', '/login', { form: { email, password: PASSWORD }, jar: owner }))
        .status,
    ).toBe(302);
    const device = new Map([...owner].filter(([k]) => k === 'cc_device'));
    expect(device.size).toBe(1);

    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        from(`127.0.0.${60 + (i % 8)}`, '/login', {
          form: { email, password: `wrong-guess-${i}` },
        }),
      ),
    );
    const seconds = (Date.now() - started) / 1000;
    const checked = answers.filter((a) => a.status === 400);
    // 429: the throttle said wait; 503: more sign-ins in flight than the server works on at once.
    const refused = answers.filter((a) => a.status === 429 || a.status === 503);
    expect(checked.length + refused.length).toBe(40);
    // The ladder lets one more through after 1 s, another 2 s later…: a slow burst may earn those.
    const ladderSteps = Math.floor(Math.log2(seconds + 1));
    expect(checked.length).toBeGreaterThanOrEqual(1);
    expect(checked.length).toBeLessThanOrEqual(ACCOUNT_LADDER.free + ladderSteps);
    expect(refused.every((a) => retryAfter(a) >= 1)).toBe(true);
    expect(refused.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(1);

    // An unknown browser must wait even with the right password; the owner's known one need not.
    expect(
      (await from('127.0.0.69', '/login', { form: { email, password: PASSWORD } })).status,
    ).toBe(429);
    const back = await from('127.0.0.1', '/login', {
      form: { email, password: PASSWORD },
      jar: device,
    });
    expect(back.status).toBe(302);
  });
});

describe('every 429 says when to come back (Retry-After)', () => {
  it('the sign-in’s refusal', async () => {
    const { email } = await ownAccount('sec-wait');
    let last: Answer | undefined;
    for (let i = 0; i <= ACCOUNT_LADDER.free; i++)
      last = await from('127.0.0.80', '/login', { form: { email, password: `nope-${i}` } });
    expect(last!.status).toBe(429);
    expect(retryAfter(last!)).toBeGreaterThanOrEqual(1);
  });

  it('the two-factor code step’s refusal (a page posted without JavaScript)', async () => {
    const { id, email } = await ownAccount('sec-code', { totp: true });
    const jar: Jar = new Map();
    const first = await from('127.0.0.81', '/login', { form: { email, password: PASSWORD }, jar });
    expect(first.status).toBe(302);
    expect(first.headers.location).toMatch(/login-code/);
    // Earlier wrong codes have put the account's code step on hold.
    writeDb((db) =>
      db
        .prepare(
          'INSERT INTO rate_limits (key, count, window_start) VALUES (?, 12, ?) ON CONFLICT(key) DO UPDATE SET count = 12, window_start = excluded.window_start',
        )
        .run(`2fa-fail:user:${id}`, new Date().toISOString()),
    );
    const held = await from('127.0.0.81', '/login-code', { form: { code: '123456' }, jar });
    expect(held.status).toBe(429);
    expect(retryAfter(held)).toBeGreaterThanOrEqual(1);
  });

  it('the contact form’s refusal (page and API)', async () => {
    const email = `sec-contact-${Date.now()}@example.test`;
    const form = { name: 'Burst', email, subject: 'Hello', message: 'A question about events.' };
    const statuses: number[] = [];
    let page: Response | undefined;
    for (let i = 0; i < 7; i++) {
      page = await req('/about/contact', { form });
      statuses.push(page.status);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(retryAfter(page!)).toBeGreaterThanOrEqual(1);
    const api = await req('/api/contact-us', { form });
    expect(api.status).toBe(429);
    expect(retryAfter(api)).toBeGreaterThanOrEqual(1);
  });

  it('the PIN pause of a dealer who typed too many wrong PINs', async () => {
    const since = new Date(Date.now() - 1000).toISOString();
    const dealer = await signIn(DEMO.dealer);
    const riderIds = insertRidersWithCredit('sec-burst-pin', 12);
    try {
      let last: Response | undefined;
      for (let i = 0; i < 12; i++) {
        last = await req('/api/dealer/redeem', {
          jar: dealer,
          json: {
            riderId: riderIds[i],
            amount: '1.00',
            pin: String(2000 + i * 7),
            employeeName: 'Sec Burst',
            idVerified: true,
          },
        });
        if (last.status === 429) break;
      }
      expect(last!.status).toBe(429);
      expect(retryAfter(last!)).toBeGreaterThanOrEqual(1);
    } finally {
      // The demo dealer serves the other tests of this suite: its wrong PINs are taken back.
      forgetDealerWrongPins(since);
    }
  });
});

describe('malformed paths are 400s in the caller’s language, never 500s', () => {
  it.each([
    '/%5c',
    '/%5C..',
    '/%5c%5cevil.example',
    '/%E0%A4%A',
    '/%00',
    '/a%00b',
    '//x',
    '/%2e%2e/x',
  ])('GET %s: a 400 page', async (path) => {
    const res = await raw({ method: 'GET', path });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toMatch(/could not be read/);
  });

  it('in French under /fr, in JSON under /api', async () => {
    const fr = await raw({ method: 'GET', path: '/fr/%5c' });
    expect(fr.status).toBe(400);
    expect(fr.body).toMatch(/La requête/);
    const api = await raw({ method: 'GET', path: '/api/%5c' });
    expect(api.status).toBe(400);
    expect(JSON.parse(api.body)).toMatchObject({ code: 'badRequest' });
  });
});
