/**
 * A hostile user's newer tries, over HTTP against the built server: every redirect parameter
 * against a corpus of open-redirect payloads, malformed percent-encoding and legacy `?_data=`
 * requests, a sign-in over a live session, and a burst of failed sign-ins next to a public call.
 * docs/security.md lists each measure with its test.
 */
import { spawn } from 'node:child_process';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { testServer } from '../e2e/server';
import { OPEN_REDIRECT_PAYLOADS } from '../fixtures/open-redirects';
import { DEMO, DEMO_PASSWORD, base, origin, req, signIn } from './http';

/** True when a browser on our page would stay on our origin following this Location. */
function staysHome(location: string | null): boolean {
  if (!location) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(location) || /^\/[/\\]/.test(location)) return false;
  return new URL(location, `${base()}/some/page`).origin === origin();
}

/** Runs `fn` over `items`, `n` at a time. */
async function inBatches<T>(items: T[], n: number, fn: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += n) await Promise.all(items.slice(i, i + n).map(fn));
}

describe('every redirect parameter stays on our origin (open-redirect corpus)', () => {
  it(`GET /api/set-lang, en and fr: ${OPEN_REDIRECT_PAYLOADS.length} payloads`, async () => {
    const cases = OPEN_REDIRECT_PAYLOADS.flatMap((p) => [
      ['en', p],
      ['fr', p],
    ]);
    await inBatches(cases, 8, async ([lang, payload]) => {
      const res = await req(`/api/set-lang?lang=${lang}&redirectTo=${encodeURIComponent(payload)}`);
      expect(res.status, payload).toBe(302);
      expect(
        staysHome(res.headers.get('Location')),
        `${payload} → ${res.headers.get('Location')}`,
      ).toBe(true);
    });
  });

  it('GET /api/logout: every payload', async () => {
    await inBatches(OPEN_REDIRECT_PAYLOADS, 8, async (payload) => {
      const res = await req(`/api/logout?redirectTo=${encodeURIComponent(payload)}`);
      expect(res.status, payload).toBe(302);
      expect(staysHome(res.headers.get('Location')), payload).toBe(true);
    });
  });

  it('POST /login with redirectTo: every payload lands on our own site after signing in', async () => {
    await inBatches(OPEN_REDIRECT_PAYLOADS, 2, async (payload) => {
      const res = await req('/login', {
        form: { email: DEMO.promoter, password: DEMO_PASSWORD, redirectTo: payload },
      });
      expect(res.status, payload).toBe(302);
      expect(
        staysHome(res.headers.get('Location')),
        `${payload} → ${res.headers.get('Location')}`,
      ).toBe(true);
    });
  }, 300_000);

  it('the reported bypass: /.//evil.example and /login?redirectTo=/.//evil.example/x', async () => {
    const lang = await req('/api/set-lang?lang=en&redirectTo=/.//evil.example');
    expect(lang.headers.get('Location')).not.toMatch(/^\/\//);
    const login = await req('/login', {
      form: { email: DEMO.promoter, password: DEMO_PASSWORD, redirectTo: '/.//evil.example/x' },
    });
    expect(login.headers.get('Location')).toBe('/auth/promoter');
  });
});

describe('requests a client alone makes malformed are 400s, never 500s', () => {
  it.each(['/%', '/fr/%zz', '/events/%E0%A4%A'])('GET %s: a 400 page', async (path) => {
    const res = await req(path);
    expect(res.status).toBe(400);
    expect(res.headers.get('Content-Type')).toMatch(/text\/html/);
    expect(await res.text()).toMatch(path.startsWith('/fr') ? /La requête/ : /could not be read/);
  });
  it('GET /api/%: a 400 in JSON', async () => {
    const res = await req('/api/%');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: expect.stringMatching(/could not be read/),
      code: 'badRequest',
    });
  });
  it.each(['/events?_data=root', '/login?_data=routes%2F(%24lang)._bare.login', '/?_data=x'])(
    'anonymous GET %s (legacy data request): 400, not a server error',
    async (path) => {
      expect((await req(path)).status).toBe(400);
    },
  );
});

describe('signing in ends the session that was there', () => {
  it('the old session cookie stops working after a new sign-in in the same browser', async () => {
    const jar = await signIn(DEMO.promoter);
    const before = new Map(jar);
    expect((await req('/auth/promoter', { jar: new Map(before) })).status).toBe(200);
    await signIn(DEMO.promoter, DEMO_PASSWORD, jar);
    expect(jar.get('cc_session')).not.toBe(before.get('cc_session'));
    expect((await req('/auth/promoter', { jar })).status).toBe(200);
    const old = await req('/auth/promoter', { jar: new Map(before) });
    expect(old.status).toBe(302);
    expect(old.headers.get('Location')).toMatch(/^\/login/);
  });
});

/**
 * Another visitor: after "go" on stdin, a public page every 150 ms (each its own connection and a
 * page really rendered: a query of its own, never a cached page); prints each call's start (ms after
 * "go"), duration and status as JSON.
 */
const VISITOR = `
const base = process.argv[1];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
process.stdout.write('ready\\n');
await new Promise((r) => process.stdin.once('data', r));
const go = performance.now();
// Dense at first: with the sign-in admission the burst is over in a few hundred milliseconds.
const calls = [0, 25, 50, 75, 100, 150, 200, 250, 400, 550, 700, 850, 1000].map(async (after) => {
  await sleep(after);
  const start = performance.now() - go;
  const res = await fetch(base + '/about/overview?probe=' + after + '-' + Date.now(), {
    headers: { Connection: 'close' },
  });
  await res.text();
  return { start, ms: performance.now() - go - start, status: res.status };
});
process.stdout.write(JSON.stringify(await Promise.all(calls)));
process.exit(0);
`;

describe('password hashing never takes the last core', () => {
  afterAll(() => {
    // The burst's failures would make every later sign-in from 127.0.0.1 wait.
    const db = new Database(testServer().databasePath);
    db.prepare(`DELETE FROM rate_limits WHERE key LIKE 'login-fail:%'`).run();
    db.close();
  });
  it('60 failed sign-ins at once, then public calls: they answer within 1 s', async () => {
    // Failures from this address earlier in the suite would take part of its free allowance.
    const db = new Database(testServer().databasePath);
    db.prepare(`DELETE FROM rate_limits WHERE key LIKE 'login-fail:address:%'`).run();
    db.close();
    // A server in use, not one compiling its first sign-in: both paths once before the burst.
    await (await req('/about/overview')).text();
    await (await req('/login', { form: { email: 'warm@example.com', password: 'wrong' } })).text();
    // The public calls come from another process, as another visitor's would: timed here, in the
    // process that sends the burst and reads its 60 pages, they would include this process's own
    // wait, not the server's.
    const visitor = spawn(process.execPath, ['--input-type=module', '-e', VISITOR, base()], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let out = '';
    visitor.stdout.on('data', (d: Buffer) => (out += d.toString()));
    await new Promise<void>((resolve) =>
      visitor.stdout.on('data', () => out.includes('ready') && resolve()),
    );
    const done = new Promise<void>((resolve) => visitor.once('exit', () => resolve()));
    const t0 = performance.now();
    visitor.stdin.write('go\n');
    const statuses = (
      await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          req('/login', {
            form: { email: `nobody${i}@example.com`, password: 'wrong password' },
          }),
        ),
      )
    ).map((r) => r.status);
    const burstMs = performance.now() - t0;
    await done;
    // Only a few sign-ins are worked on at once and one address gets at most its free allowance
    // (20) checked; the rest are refused at once (429 or 503), without a hash or a page render.
    expect(statuses.filter((s) => s === 400).length).toBeGreaterThanOrEqual(5);
    expect(statuses.every((s) => s === 400 || s === 429 || s === 503)).toBe(true);
    const probes = JSON.parse(out.slice(out.indexOf('['))) as {
      start: number;
      ms: number;
      status: number;
    }[];
    expect(probes.map((p) => p.status)).toEqual(probes.map(() => 200));
    // Only the calls that started before the burst's last answer count (a burst already over
    // proves nothing), and their median is kept, so one stall of a shared machine does not decide.
    const during = probes
      .filter((p) => p.start < burstMs)
      .map((p) => p.ms)
      .sort((a, b) => a - b);
    const seen = `${during.map(Math.round).join(' ')} (burst ${Math.round(burstMs)} ms)`;
    expect(during.length, seen).toBeGreaterThanOrEqual(3);
    expect(during[Math.floor(during.length / 2)], seen).toBeLessThan(1000);
  });
});
