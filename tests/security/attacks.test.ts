/**
 * Each hardening measure as an attack that must fail, over HTTP against the built server.
 * docs/security.md maps every test here to its ASVS item.
 */
import { deflateRawSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import enSecurity from '#locales/en/security.json';
import { forgetDealerWrongPins, insertPayablePro, insertRidersWithCredit, query } from './db';
import {
  DEMO,
  DEMO_PASSWORD,
  base,
  cookieHeader,
  origin,
  raw,
  req,
  signIn,
  type Jar,
} from './http';
import { mailsTo } from '../e2e/helpers';

let dealer: Jar;
let admin: Jar;
let riderId: number;
beforeAll(async () => {
  dealer = await signIn(DEMO.dealer);
  admin = await signIn(DEMO.admin);
  const found = (await (
    await req(`/api/dealer/riders?q=${encodeURIComponent(DEMO.rider)}`, { jar: dealer })
  ).json()) as { riders: { id: number }[] };
  riderId = found.riders[0].id;
});

describe('1. mailed links come from PUBLIC_URL, never from the Host header', () => {
  it('POST /forgot-password with Host: evil.example mails a link to our origin', async () => {
    const res = await raw({
      path: '/forgot-password',
      headers: { Host: 'evil.example', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: DEMO.pro }).toString(),
    });
    expect(res.status).toBe(302);
    const mail = mailsTo(DEMO.pro).at(-1);
    expect(mail?.text).toContain('/password-lost-reset?');
    expect(mail?.text).not.toContain('evil.example');
    expect(mail?.text).toMatch(/http:\/\/localhost:\d+\/password-lost-reset\?/);
  });
});

describe('2. no open redirect', () => {
  const evil = [
    '/\t/evil.example',
    '/%09/evil.example',
    '//evil.example',
    '/\\evil.example',
    'https://evil.example',
    '/\r\nSet-Cookie:x=1',
    '/%0d%0aLocation:%20https://evil.example',
  ];
  it.each(evil)('set-lang with redirectTo=%j stays on our site (no 500)', async (to) => {
    const res = await req(`/api/set-lang?lang=fr&redirectTo=${encodeURIComponent(to)}`);
    expect(res.status).toBe(302);
    expect(new URL(res.headers.get('Location') ?? '', base()).origin).toBe(origin());
  });
  it('a sign-in with a tab-smuggled redirectTo lands on our own site', async () => {
    const res = await req('/login', {
      form: { email: DEMO.promoter, password: DEMO_PASSWORD, redirectTo: '/\t/evil.example' },
    });
    expect(res.status).toBe(302);
    expect(new URL(res.headers.get('Location') ?? '', base()).origin).toBe(origin());
  });
});

describe('3. a redemption is made exactly once', () => {
  async function available(): Promise<number> {
    const view = (await (await req(`/api/dealer/rider/${riderId}`, { jar: dealer })).json()) as {
      rider: { credit: { availableCents: number } };
    };
    return view.rider.credit.availableCents;
  }
  it('the same Idempotency-Key twice charges once and answers the first receipt; another body is 422', async () => {
    const before = await available();
    const body = {
      riderId,
      amount: '1.00',
      pin: '1234',
      employeeName: 'Sec Test',
      idVerified: true,
    };
    const headers = { 'Idempotency-Key': `sec-${Date.now()}-a` };
    const first = await req('/api/dealer/redeem', { jar: dealer, json: body, headers });
    const again = await req('/api/dealer/redeem', { jar: dealer, json: body, headers });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    const a = (await first.json()) as { redemption: { id: number } };
    const b = (await again.json()) as { redemption: { id: number } };
    expect(b.redemption.id).toBe(a.redemption.id);
    expect(await available()).toBe(before - 100);
    const other = await req('/api/dealer/redeem', {
      jar: dealer,
      json: { ...body, amount: '2.00' },
      headers,
    });
    expect(other.status).toBe(422);
    expect(await available()).toBe(before - 100);
  });
  it('posting the counter form twice with its one-time token makes one redemption (same receipt)', async () => {
    const before = await available();
    const page = await (await req(`/auth/dealer/rider/${riderId}`, { jar: dealer })).text();
    const token = /name="onceToken" value="([^"]+)"/.exec(page)?.[1];
    expect(token).toBeTruthy();
    const form = {
      amount: '1.00',
      pin: '1234',
      employeeName: 'Sec Test',
      idVerified: 'on',
      onceToken: token!,
    };
    const one = await req(`/auth/dealer/rider/${riderId}`, { jar: dealer, form });
    const two = await req(`/auth/dealer/rider/${riderId}`, { jar: dealer, form });
    expect(one.status).toBe(302);
    expect(two.headers.get('Location')).toBe(one.headers.get('Location'));
    expect(await available()).toBe(before - 100);
  });
  it('a refund repeated with the same Idempotency-Key restores the credit once and answers the first refund', async () => {
    const before = await available();
    const made = await req('/api/dealer/redeem', {
      jar: dealer,
      json: { riderId, amount: '1.50', pin: '1234', employeeName: 'Sec Test', idVerified: true },
    });
    expect(made.status).toBe(200);
    const { redemption } = (await made.json()) as { redemption: { id: number } };
    expect(await available()).toBe(before - 150);
    const headers = { 'Idempotency-Key': `sec-refund-${Date.now()}` };
    const first = await req(`/api/admin/credit-redemption/${redemption.id}`, {
      jar: admin,
      method: 'DELETE',
      headers,
    });
    const again = await req(`/api/admin/credit-redemption/${redemption.id}`, {
      jar: admin,
      method: 'DELETE',
      headers,
    });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    const a = (await first.json()) as { creditRedemption: { id: number; status: string } };
    expect(await again.json()).toEqual(a);
    expect(a.creditRedemption).toMatchObject({ id: redemption.id, status: 'revoked' });
    expect(await available()).toBe(before);
    const refunded = query<{ total: number }>(
      "SELECT sum(amount_cents) AS total FROM ledger_entries WHERE kind = 'refund' AND redemption_id = ?",
      redemption.id,
    );
    expect(refunded).toEqual([{ total: 150 }]);
    // Without the key, a second refund is what it is: already refunded.
    expect(
      (await req(`/api/admin/credit-redemption/${redemption.id}`, { jar: admin, method: 'DELETE' }))
        .status,
    ).toBe(409);
  });
  it('POST /api/admin/payout-claims twice with one Idempotency-Key creates the batch once and answers it again', async () => {
    const { riderId: pro } = insertPayablePro('api', 12_345);
    const headers = { 'Idempotency-Key': `sec-batch-${Date.now()}` };
    const first = await req('/api/admin/payout-claims', {
      jar: admin,
      json: { riderIds: [pro] },
      headers,
    });
    const again = await req('/api/admin/payout-claims', {
      jar: admin,
      json: { riderIds: [pro] },
      headers,
    });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    const a = (await first.json()) as {
      payoutClaims: { id: number; riderId: number; grossCents: number }[];
    };
    expect(a.payoutClaims).toEqual([expect.objectContaining({ riderId: pro, grossCents: 12_345 })]);
    expect(await again.json()).toEqual(a);
    expect(query('SELECT id FROM payout_claims WHERE rider_id = ?', pro)).toEqual([
      { id: a.payoutClaims[0].id },
    ]);
    const other = await req('/api/admin/payout-claims', {
      jar: admin,
      json: { riderIds: [pro, riderId] },
      headers,
    });
    expect(other.status).toBe(422);
  });
  it('posting the payout-claims form twice with its one-time token creates the batch once (same summary)', async () => {
    const { riderId: pro } = insertPayablePro('form', 23_456);
    const claims = () => query<{ n: number }>('SELECT count(*) AS n FROM payout_claims')[0].n;
    const page = await (await req('/auth/admin/rider-earnings', { jar: admin })).text();
    const token = /name="onceToken" value="([^"]+)"/.exec(page)?.[1];
    expect(token).toBeTruthy();
    const before = claims();
    const form = { intent: 'createClaims', onceToken: token! };
    const one = await req('/auth/admin/rider-earnings', { jar: admin, form });
    const created = claims() - before;
    const two = await req('/auth/admin/rider-earnings', { jar: admin, form });
    expect(one.status).toBe(200);
    expect(two.status).toBe(200);
    expect(query('SELECT id FROM payout_claims WHERE rider_id = ?', pro)).toHaveLength(1);
    expect(created).toBeGreaterThanOrEqual(1);
    expect(claims() - before).toBe(created);
    const summary = (html: string) =>
      /data-testid="create-claims-summary"[\s\S]*?<\/div>/.exec(html)?.[0];
    const first = summary(await one.text());
    expect(first).toContain(`Payout-form`);
    expect(summary(await two.text())).toBe(first);
  });
});

describe('4. same-origin writes only', () => {
  it('a cross-site POST to an API is refused with 403 JSON', async () => {
    const res = await req('/api/contact-us', {
      json: { name: 'x' },
      headers: { Origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: string }).error).toMatch(/another site/);
  });
  it('a cross-site text/plain POST (no preflight) to a money API is refused', async () => {
    const res = await req('/api/dealer/redeem', {
      jar: dealer,
      body: '{}',
      headers: { Origin: 'https://evil.example', 'Content-Type': 'text/plain' },
    });
    expect(res.status).toBe(403);
  });
  it('a cross-site form POST to a page is refused with 403 in the page language', async () => {
    const res = await req('/fr/login', {
      form: { email: DEMO.rider, password: 'x' },
      headers: { Origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('autre site');
  });
  it('without Origin, Sec-Fetch-Site: cross-site is refused', async () => {
    const res = await req('/api/contact-us', {
      json: {},
      headers: { 'X-No-Origin': '1', 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(res.status).toBe(403);
  });
  it('a foreign Origin that Remix would refuse with a 500 gets 403', async () => {
    const res = await raw({
      path: '/login?index',
      headers: {
        Origin: 'http://other.example',
        Host: 'other2.example',
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'email=a%40b.c&password=x',
    });
    expect(res.status).toBe(403);
    const ours = await raw({
      path: '/login',
      headers: {
        Origin: origin(),
        Host: 'other.example',
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'email=a%40b.c&password=x',
    });
    expect(ours.status).toBe(403);
  });
  it('GET /api/logout from another site does not sign anyone out', async () => {
    const jar = await signIn(DEMO.dealer);
    await req('/api/logout', { jar, headers: { 'Sec-Fetch-Site': 'cross-site' } });
    expect((await req('/api/dealer/credit-redemptions', { jar })).status).toBe(200);
    await req('/api/logout', { jar, headers: { 'Sec-Fetch-Site': 'same-origin' } });
    expect((await req('/api/dealer/credit-redemptions', { jar })).status).toBe(401);
  });
});

describe('5. sign-in throttling cannot be turned against the owner', () => {
  it('an attacker gets growing delays (answered at once); the owner’s browser still signs in; other visitors are not slowed', async () => {
    const owner = await signIn(DEMO.unverified); // this browser is now known for the account
    await req('/api/logout', { jar: owner });
    const answers: number[] = [];
    const started = Date.now();
    for (let i = 0; i < 8; i++)
      answers.push(
        (await req('/login', { form: { email: DEMO.unverified, password: `wrong-${i}` } })).status,
      );
    expect(answers.slice(0, 5).every((s) => s === 400)).toBe(true);
    expect(answers.slice(6)).toContain(429);
    const refused = await req('/login', {
      form: { email: DEMO.unverified, password: DEMO_PASSWORD },
    });
    expect(refused.status).toBe(429); // an unknown browser waits, even with the right password
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    const t0 = Date.now();
    expect((await req('/')).status).toBe(200);
    expect(Date.now() - t0).toBeLessThan(2_000);
    const back = await req('/login', {
      form: { email: DEMO.unverified, password: DEMO_PASSWORD },
      jar: owner,
    });
    expect(back.status).toBe(302); // the owner's browser is not held by the account's delay
    expect(Date.now() - started).toBeLessThan(30_000);
  });
});

describe('5. recovery requests are rate-limited', () => {
  it('the 4th account-recovery request for one old e-mail within the hour is refused with 429 and stores nothing', async () => {
    const oldEmail = `sec-lost-${Date.now()}@example.test`;
    const stored = () =>
      query(
        'SELECT id FROM contact_messages WHERE kind = ? AND message LIKE ?',
        'accountRecovery',
        `%${oldEmail}%`,
      ).length;
    const form = {
      name: 'Lost Rider',
      oldEmail,
      newEmail: 'found@example.test',
      phone: '555 000 1111',
      message: 'I lost my e-mail.',
    };
    const answers: number[] = [];
    for (let i = 0; i < 4; i++) answers.push((await req('/account-recovery', { form })).status);
    expect(answers).toEqual([302, 302, 302, 429]);
    expect(stored()).toBe(3);
  });
});

describe('6. hostile sizes are refused early', () => {
  it('a 2 MB JSON body is refused from its Content-Length with 413', async () => {
    const res = await req('/api/contact-us', { json: { message: 'x'.repeat(2 * 1024 * 1024) } });
    expect(res.status).toBe(413);
  });
  it('a 20 MB JSON body sent with fetch gets its 413 and the message, not a reset connection', async () => {
    // fetch writes the whole body: the server must read (and throw away) the rest before closing.
    for (let i = 0; i < 5; i++) {
      const res = await req('/api/contact-us', { json: { message: 'x'.repeat(20 * 1024 * 1024) } });
      expect(res.status).toBe(413);
      expect(((await res.json()) as { error: string }).error).toMatch(/too large/i);
    }
  });
  it('a chunked body is counted as it arrives and refused past the limit', async () => {
    const chunk = Buffer.alloc(256 * 1024, 0x61);
    const res = await raw({
      path: '/api/contact-us',
      headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
      chunks: Array.from({ length: 40 }, () => chunk),
    });
    expect(res.status).toBe(413);
  });
  it('a url-encoded form over 1 MB is refused with 413 from its Content-Length, at once', async () => {
    const t0 = Date.now();
    const res = await raw({
      path: '/account-recovery',
      headers: { Origin: origin(), 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `message=${'a'.repeat(1024 * 1024)}`,
    });
    expect(res.status).toBe(413);
    expect(Date.now() - t0).toBeLessThan(2_000);
    // Just under the limit the form is read (and answered by the page: 400 for the missing fields).
    const under = await raw({
      path: '/account-recovery',
      headers: { Origin: origin(), 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `message=${'a'.repeat(1000 * 1000)}`,
    });
    expect(under.status).toBe(400);
  });
  it('a multipart upload declaring more than 40 MB is refused with 413 before its body is sent', async () => {
    const t0 = Date.now();
    const res = await raw({
      path: '/api/vin-patterns/import',
      headers: {
        Origin: origin(),
        Cookie: cookieHeader(admin),
        'Content-Type': 'multipart/form-data; boundary=sec',
        'Content-Length': String(40 * 1024 * 1024 + 1),
      },
      body: '--sec\r\n', // the rest never comes: the answer must not wait for it
    });
    expect(res.status).toBe(413);
    expect(Date.now() - t0).toBeLessThan(2_000);
  });
  it('a chunked multipart upload is counted as it arrives and refused past 40 MB', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 0x61);
    const t0 = Date.now();
    const res = await raw({
      path: '/api/vin-patterns/import',
      headers: {
        Origin: origin(),
        Cookie: cookieHeader(admin),
        'Content-Type': 'multipart/form-data; boundary=sec',
        'Transfer-Encoding': 'chunked',
      },
      chunks: Array.from({ length: 48 }, () => chunk),
    });
    expect(res.status).toBe(413);
    expect(Date.now() - t0).toBeLessThan(15_000);
  });
  it('a search field over its limit answers 400, not 500', async () => {
    const res = await req(`/api/admin/riders?q=${'a'.repeat(101)}`, { jar: admin });
    expect(res.status).toBe(400);
    const page = await req(`/events?name=${'a'.repeat(5000)}`);
    expect(page.status).toBeLessThan(500);
  });
  it('an upload route refuses a non-multipart body with 415', async () => {
    const res = await req('/api/vin-patterns/import', { jar: admin, json: { file: 'x' } });
    expect(res.status).toBe(415);
  });
  it('a zip whose directory lies about its size is refused on the bytes actually inflated', async () => {
    const data = deflateRawSync(Buffer.alloc(120 * 1024 * 1024)); // inflates to 120 MB, claims 100 bytes
    const zip = lyingZip('xl/worksheets/sheet1.xml', data, 100);
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(zip)]), 'patterns.xlsx');
    const res = await req('/api/vin-patterns/import', { jar: admin, body: form });
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/too large|large/i);
  });
  it('an image whose header declares 30000×30000 pixels is not stored', async () => {
    const rider = await signIn(DEMO.rider);
    const png = pngHeader(30_000, 30_000);
    const form = new FormData();
    form.set('idFront', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'id.png');
    const res = await req(`/api/rider/rider/${riderId}/upload-id-files`, {
      jar: rider,
      body: form,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe(enSecurity.imageTooManyPixels);
  });
});

describe('7. the PIN is money', () => {
  it('changing the PIN without the password is refused; with it the PIN changes and the rider is mailed', async () => {
    const rider = await signIn(DEMO.pro);
    const mailsBefore = mailsTo(DEMO.pro).length;
    const without = await req('/auth/rider/profile', {
      jar: rider,
      form: { intent: 'pin', pin: '4321', confirmPin: '4321' },
    });
    expect(without.status).toBe(400);
    const wrong = await req('/auth/rider/profile', {
      jar: rider,
      form: { intent: 'pin', currentSecret: 'not-it', pin: '4321', confirmPin: '4321' },
    });
    expect(wrong.status).toBe(400);
    const ok = await req('/auth/rider/profile', {
      jar: rider,
      form: { intent: 'pin', currentSecret: DEMO_PASSWORD, pin: '5831', confirmPin: '5831' },
    });
    expect(ok.status).toBe(200);
    const mails = mailsTo(DEMO.pro);
    expect(mails.length).toBe(mailsBefore + 1);
    expect(mails.at(-1)?.subject).toMatch(/PIN/);
  });
});

describe('8. headers', () => {
  it('script-src is nonce-based without unsafe-inline, and every inline script carries the nonce', async () => {
    const res = await req('/');
    const csp = res.headers.get('Content-Security-Policy') ?? '';
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
    expect(scriptSrc).toMatch(/'nonce-[A-Za-z0-9+/=]+'/);
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    const nonce = /'nonce-([^']+)'/.exec(scriptSrc)?.[1];
    const html = await res.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attrs of scripts) expect(attrs).toContain(`nonce="${nonce}"`);
  });
});

describe('9. secrets at rest', () => {
  it('the session table holds no cookie token; a code is not a plain SHA-256 of e-mail and code', async () => {
    const jar = await signIn(DEMO.promoter);
    const token = decodeURIComponent(jar.get('cc_session') ?? '');
    expect(token.length).toBeGreaterThan(0);
    const ids = query<{ id: string }>('SELECT id FROM sessions');
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.some((r) => token.includes(r.id))).toBe(false);
    // A fresh reset code for the promoter: its mail gives the plain code, the table its stored form.
    const sent = mailsTo(DEMO.promoter).length;
    const asked = await req('/forgot-password', { form: { email: DEMO.promoter } });
    expect(asked.status).toBe(302);
    const mails = mailsTo(DEMO.promoter);
    expect(mails).toHaveLength(sent + 1);
    const code = /code is (\d{6})/.exec(mails.at(-1)!.text)?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    const rows = query<{ code_hash: string }>(
      "SELECT code_hash FROM one_time_codes WHERE target = ? AND purpose = 'password-reset'",
      DEMO.promoter,
    );
    expect(rows).toHaveLength(1);
    const stored = rows[0].code_hash;
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    expect(stored).not.toContain(code);
    const sha = (s: string) => createHash('sha256').update(s).digest('hex');
    for (const plain of [`${DEMO.promoter}:${code}`, code, `${DEMO.promoter}${code}`])
      expect(stored).not.toBe(sha(plain));
  });
});

describe('10. least data', () => {
  it('the dealer rider API has no e-mail, phone, birth date or full VIN', async () => {
    const view = (await (await req(`/api/dealer/rider/${riderId}`, { jar: dealer })).json()) as {
      rider: Record<string, unknown> & { bikes: { vin: string }[] };
    };
    for (const k of ['email', 'phone1', 'phone2', 'dateOfBirth', 'address1', 'zipcode'])
      expect(view.rider).not.toHaveProperty(k);
    expect(view.rider).toHaveProperty('credit');
    for (const b of view.rider.bikes) expect(b.vin).toMatch(/^\*+.{4}$/);
  });
});

/** A one-entry zip whose central directory claims `claimed` uncompressed bytes. */
function lyingZip(name: string, deflated: Buffer, claimed: number): Buffer {
  const n = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(deflated.length, 18);
  local.writeUInt32LE(claimed, 22);
  local.writeUInt16LE(n.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(deflated.length, 20);
  central.writeUInt32LE(claimed, 24);
  central.writeUInt16LE(n.length, 28);
  central.writeUInt32LE(0, 42);
  const cdOffset = local.length + n.length + deflated.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + n.length, 12);
  end.writeUInt32LE(cdOffset, 16);
  return Buffer.concat([local, n, deflated, central, n, end]);
}

/** A PNG signature and IHDR declaring width × height (no pixel data needed for the check). */
function pngHeader(width: number, height: number): Buffer {
  const b = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b, 0);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'ascii');
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  b[24] = 8;
  b[25] = 2;
  return b;
}

describe('11. public pages cached for anonymous visitors leak nothing and never go stale', () => {
  const nonces = (html: string) => [...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]);
  const cspNonce = (res: Response) =>
    /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1];

  it('a signed-in visitor’s page is never served to an anonymous one, nor an anonymous page to them', async () => {
    const rider = await signIn(DEMO.rider);
    expect(await (await req('/events', { jar: rider })).text()).toContain(DEMO.rider);
    for (let i = 0; i < 3; i++)
      expect(await (await req('/events')).text()).not.toContain(DEMO.rider);
    // The anonymous page is cached by now; the signed-in visitor still gets their own.
    expect(await (await req('/events', { jar: rider })).text()).toContain(DEMO.rider);
  });

  it('every cached page carries the nonce of its own response, a new one each time', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const res = await req('/about/overview');
      const html = await res.text();
      const csp = cspNonce(res);
      expect(csp).toBeTruthy();
      expect(nonces(html).length).toBeGreaterThan(0);
      expect(new Set(nonces(html))).toEqual(new Set([csp]));
      seen.add(csp!);
    }
    expect(seen.size).toBe(3);
  });

  it('a change an admin makes shows on the next anonymous visit', async () => {
    const list = (await (await req('/api/events')).json()) as {
      events: { _id?: number; id?: number }[];
    };
    const id = list.events[0]._id ?? list.events[0].id;
    const page = `/events/event/${id}`;
    await req(page);
    await req(page);
    const title = `Cached-page check ${Date.now()}`;
    const put = await req(`/api/admin/event/${id}`, { method: 'PUT', jar: admin, json: { title } });
    expect(put.status).toBe(200);
    expect(await (await req(page)).text()).toContain(title);
    expect(JSON.stringify(await (await req(`/api/event/${id}`)).json())).toContain(title);
  });

  it('a forged Host header cannot plant a page for other visitors', async () => {
    const forged = await raw({
      method: 'GET',
      path: '/dealers',
      headers: { Host: 'evil.example' },
    });
    expect(forged.status).toBe(200);
    const honest = await (await req('/dealers')).text();
    expect(honest).not.toContain('evil.example');
  });
});

describe('12. PIN guessing across riders', () => {
  it('80 wrong PINs spread over 40 riders by one dealer are stopped at the 10th; no rider is locked', async () => {
    const since = new Date(Date.now() - 1000).toISOString();
    const riderIds = insertRidersWithCredit('sec-guess', 40);
    const answers: { status: number; error: string; code?: string }[] = [];
    for (let i = 0; i < 80; i++) {
      const res = await req('/api/dealer/redeem', {
        jar: dealer,
        json: {
          riderId: riderIds[i % 40],
          amount: '1.00',
          pin: String(1000 + i).padStart(4, '0'),
          employeeName: 'Sec Guess',
          idVerified: true,
        },
      });
      answers.push({
        status: res.status,
        ...((await res.json()) as { error: string; code?: string }),
      });
    }
    try {
      const wrong = answers.filter((a) => a.code === 'wrongPin').length;
      const paused = answers.filter((a) => a.code === 'dealerPaused');
      expect(wrong).toBe(9);
      expect(paused).toHaveLength(71);
      expect(paused[0].status).toBe(429);
      expect(paused[0].error).toMatch(/paused/);
      // Only the first 10 were ever compared; no rider reached a lock-out.
      const tried = query<{ n: number }>(
        'SELECT count(*) AS n FROM pin_attempts WHERE created_at >= ? AND rider_id IN (' +
          riderIds.join(',') +
          ')',
        since,
      );
      expect(tried).toEqual([{ n: 10 }]);
      expect(answers.filter((a) => a.code === 'dealer:errors.pinLocked')).toHaveLength(0);
      const told = query<{ n: number }>(
        "SELECT count(*) AS n FROM audit_log WHERE action = 'redemption.dealerPaused' AND created_at >= ?",
        since,
      );
      expect(told).toEqual([{ n: 1 }]);
    } finally {
      // The demo dealer serves the other tests of this suite: its wrong PINs are taken back.
      forgetDealerWrongPins(since);
    }
  });
});
