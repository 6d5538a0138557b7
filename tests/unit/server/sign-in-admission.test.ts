/**
 * At most a fixed number of sign-in posts are worked on at once; past it one is refused at once
 * (503, Retry-After, the caller's language) before Remix renders anything: a burst of refused
 * sign-ins must not cost a page render each.
 */
import type { AddressInfo } from 'node:net';
import type http from 'node:http';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSignInPost, signInAdmission } from '../../../server/sign-in-admission';

describe('isSignInPost', () => {
  it.each([
    ['POST', '/login', true],
    ['POST', '/fr/login', true],
    ['POST', '/login.data', true],
    ['POST', '/fr/login.data', true],
    ['POST', '/login/', true],
    ['POST', '/login-code', true],
    ['POST', '/api/passkey/sign-in', true],
    ['GET', '/login', false],
    ['POST', '/register', false],
    ['POST', '/api/dealer/redeem', false],
  ])('%s %s → %s', (method, path, expected) => {
    expect(isSignInPost(method, path)).toBe(expected);
  });
});

describe('sign-in admission', () => {
  const MAX = 3;
  let server: http.Server;
  let base: string;
  const held: (() => void)[] = [];
  beforeAll(() => {
    const app = express();
    app.use(signInAdmission(MAX));
    // Each admitted sign-in waits until the test lets it answer.
    app.post(['/login', '/fr/login'], (_req, res) => void held.push(() => res.send('checked')));
    app.post('/register', (_req, res) => void res.send('other'));
    server = app.listen(0);
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => void server.close());

  const post = (p: string) => fetch(base + p, { method: 'POST', body: 'email=a&password=b' });

  it(`works on ${MAX} at once; the next is refused at once with 503 and Retry-After, in the caller's language; a slot freed admits again`, async () => {
    const admitted = Array.from({ length: MAX }, () => post('/login'));
    while (held.length < MAX) await new Promise((r) => setTimeout(r, 5));
    const refused = await post('/login');
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
    expect(await refused.text()).toMatch(/busy/);
    const fr = await post('/fr/login');
    expect(fr.status).toBe(503);
    expect(await fr.text()).toMatch(/occupé/);
    // Other posts are not counted.
    expect((await post('/register')).status).toBe(200);
    held.shift()!();
    expect(await (await admitted[0]!).text()).toBe('checked');
    const again = post('/login');
    while (held.length < MAX) await new Promise((r) => setTimeout(r, 5));
    for (const answer of held.splice(0)) answer();
    expect((await again).status).toBe(200);
    await Promise.all(admitted);
  });
});
