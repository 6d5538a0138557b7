/**
 * JSON writes answered by their route's action called directly (server/perf/api-writes.ts, for routes
 * whose handle says `direct: 'action'`): the counter's `POST /api/{role}/redeem` answers what the
 * same route answers through Remix — status, body in the caller's words, headers — for a
 * redemption, a wrong PIN, a locked rider, a sum over the credit, no session, another origin, a
 * body that is not JSON, another method, a French caller; and every outcome an action can have
 * (returned or thrown Response, plain data, an error) is answered as Remix answers it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { ServerBuild } from '@remix-run/node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrateDatabase } from '#db/migrate';
import { getDb } from '~/db.server';
import { env } from '~/env.server';
import * as redeemRoute from '~/routes/api.$role.redeem';
import { createSession } from '~/services/auth/session.server';
import { createApp } from '../../../server/app';
import { awardSum, giveCredit, makeDealer, makeRider } from '../money/counter-fixtures';

// Counts the answers given by an action called directly: the comparisons below mean something only
// when one side did take that path.
const lean = vi.hoisted(() => ({ calls: 0 }));
vi.mock('../../../server/perf/api-writes', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../server/perf/api-writes')>();
  return {
    directActionAnswer: (...args: Parameters<typeof real.directActionAnswer>) => {
      lean.calls += 1;
      return real.directActionAnswer(...args);
    },
  };
});

let actionCalls = 0;
let errorsReported: unknown[] = [];

/** An action with every outcome Remix knows, chosen by the body's `outcome`. */
async function testAction({ request }: { request: Request }): Promise<unknown> {
  actionCalls += 1;
  const { outcome } = (await request.json()) as { outcome: string };
  switch (outcome) {
    case 'returned':
      return Response.json({ ok: true }, { headers: { 'X-Own': 'yes' } });
    case 'thrown':
      throw Response.json({ error: 'completion:api.forbidden' }, { status: 403 });
    case 'redirect':
      throw new Response(null, { status: 302, headers: { Location: '/elsewhere' } });
    case 'data':
      return { plain: [1, 2] };
    case 'nothing':
      return undefined;
    default:
      throw new Error('broken on purpose');
  }
}

/** A build with the redeem route and the test route; `direct` false drops the handles' flag. */
function buildWith(direct: boolean): ServerBuild {
  const handle = (h: Record<string, unknown>) =>
    direct ? h : Object.fromEntries(Object.entries(h).filter(([k]) => k !== 'direct'));
  return {
    routes: {
      root: { id: 'root', path: '', module: { default: () => null } },
      'routes/api.$role.redeem': {
        id: 'routes/api.$role.redeem',
        parentId: 'root',
        path: 'api/:role/redeem',
        module: { ...redeemRoute, handle: handle(redeemRoute.handle) },
      },
      'routes/api.outcome': {
        id: 'routes/api.outcome',
        parentId: 'root',
        path: 'api/outcome',
        module: { action: testAction, handle: handle({ cache: 'none', direct: 'action' }) },
      },
    },
    entry: {
      module: {
        default: () => new Response('page'),
        handleError: (error: unknown) => errorsReported.push(error),
      },
    },
    assets: { entry: { module: '', imports: [] }, routes: {}, url: '', version: '1' },
    publicPath: '/',
    assetsBuildDirectory: '',
    future: { v3_singleFetch: true },
    isSpaMode: false,
    basename: '/',
    mode: 'production',
  } as unknown as ServerBuild;
}

type Answer = { status: number; headers: Record<string, string>; body: unknown; bytes: number };
type Server = { base: string; close: () => void };

const servers: Server[] = [];
let dir = '';
let direct: Server;
let remix: Server;

function serve(build: ServerBuild): Server {
  const server = createApp({ build, buildDir: dir, production: true, rateLimitFactor: 100 }).listen(
    0,
  );
  const s = {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => server.close(),
  };
  servers.push(s);
  return s;
}

beforeAll(async () => {
  await migrateDatabase(env().DATABASE_PATH);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-api-writes-'));
  fs.mkdirSync(path.join(dir, 'client'), { recursive: true });
  direct = serve(buildWith(true));
  remix = serve(buildWith(false));
});
afterAll(() => {
  for (const s of servers) s.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Headers that differ between any two answers (per-request ids, times, nonces, counters). */
const VARYING = new Set([
  'x-request-id',
  'date',
  'content-security-policy',
  'ratelimit',
  'content-length',
  'retry-after',
]);

async function send(
  server: Server,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string },
): Promise<Answer> {
  const res = await fetch(server.base + url, {
    method: init.method ?? 'POST',
    redirect: 'manual',
    headers: { Origin: server.base, 'Accept-Encoding': 'identity', ...init.headers },
    body: init.body,
  });
  const raw = Buffer.from(await res.arrayBuffer());
  expect(res.headers.get('Content-Length')).toBe(String(raw.length));
  const headers: Record<string, string> = {};
  for (const [k, v] of res.headers) if (!VARYING.has(k)) headers[k] = v;
  const text = raw.toString('utf8');
  let body: unknown = text;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    // not JSON: compared as text
  }
  return { status: res.status, headers, body, bytes: raw.length };
}

/** What differs between two redemptions of the same kind: ids, codes, times. */
function normalized(a: Answer): Answer {
  const body = JSON.parse(JSON.stringify(a.body)) as Record<string, unknown>;
  const r = body.redemption as Record<string, unknown> | undefined;
  if (r) {
    r.id = r.code = r.riderId = r.dealerId = r.createdAt = 'x';
    body.code = 'x';
  }
  if (typeof body.lockedUntil === 'string') body.lockedUntil = 'x';
  return { ...a, body, bytes: 0 };
}

/** A dealer signed in (its own session), one per server so that wrong PINs never add up. */
async function dealerCookie(): Promise<string> {
  const { user } = makeDealer(getDb());
  const { setCookie } = await createSession(getDb(), user.id);
  return setCookie.split(';')[0]!;
}

function riderWithCredit(cents = 5000): number {
  const { rider } = makeRider(getDb());
  giveCredit(getDb(), rider.id, cents, new Date(Date.now() + 100 * 86_400_000));
  return rider.id;
}

/** The same sequence of calls against both servers, each with its own dealer and riders. */
async function both(
  calls: (
    server: Server,
    cookie: string,
    riderId: number,
  ) => Promise<{ answers: Answer[]; after?: unknown }>,
): Promise<{
  lean: Answer[];
  remix: Answer[];
  leanCalls: number;
  leanAfter?: unknown;
  remixAfter?: unknown;
}> {
  lean.calls = 0;
  const a = await calls(direct, await dealerCookie(), riderWithCredit());
  const leanCalls = lean.calls;
  const b = await calls(remix, await dealerCookie(), riderWithCredit());
  expect(lean.calls).toBe(leanCalls); // the other server: through Remix only
  return { lean: a.answers, remix: b.answers, leanCalls, leanAfter: a.after, remixAfter: b.after };
}

const redeemBody = (riderId: number, pin = '1234', amount = '1.00') =>
  JSON.stringify({ riderId, amount, pin, employeeName: 'Sam', idVerified: true });

function redeemCall(
  server: Server,
  cookie: string,
  body: string,
  headers: Record<string, string> = {},
) {
  return send(server, '/api/dealer/redeem', {
    headers: { 'Content-Type': 'application/json', Cookie: cookie, ...headers },
    body,
  });
}

describe('POST /api/{role}/redeem called directly answers as through Remix', () => {
  it('a redemption: 200, the receipt, the credit drawn once', async () => {
    const out = await both(async (s, cookie, riderId) => ({
      answers: [await redeemCall(s, cookie, redeemBody(riderId))],
      after: awardSum(getDb(), riderId),
    }));
    expect(out.leanCalls).toBe(1);
    expect(out.lean[0]!.status).toBe(200);
    expect(normalized(out.lean[0]!)).toEqual(normalized(out.remix[0]!));
    expect(out.lean[0]!.headers).not.toHaveProperty('x-remix-catch');
    expect(out.leanAfter).toBe(4900);
    expect(out.remixAfter).toBe(4900);
  });

  it('a body starting with a byte-order mark (as Windows tools write JSON): redeemed both ways', async () => {
    const out = await both(async (s, cookie, riderId) => ({
      answers: [await redeemCall(s, cookie, `\uFEFF${redeemBody(riderId)}`)],
      after: awardSum(getDb(), riderId),
    }));
    expect(out.leanCalls).toBe(1);
    expect(out.lean[0]!.status).toBe(200);
    expect(normalized(out.lean[0]!)).toEqual(normalized(out.remix[0]!));
    expect(out.leanAfter).toBe(4900);
    expect(out.remixAfter).toBe(4900);
  });

  it('a client that accepts gzip gets the answer as it is, with its length and no Vary on it', async () => {
    const cookie = await dealerCookie();
    const res = await fetch(direct.base + '/api/dealer/redeem', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Accept-Encoding': 'gzip, deflate, br',
        Cookie: cookie,
        Origin: direct.base,
      },
      body: redeemBody(riderWithCredit()),
    });
    const raw = Buffer.from(await res.arrayBuffer());
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Encoding')).toBeNull();
    expect(res.headers.get('Vary') ?? '').not.toMatch(/accept-encoding/i);
    expect(res.headers.get('Content-Length')).toBe(String(raw.length));
    expect(JSON.parse(raw.toString('utf8'))).toHaveProperty('redemption');
  });

  it('a wrong PIN, then the lock-out with Retry-After', async () => {
    const out = await both(async (s, cookie, riderId) => {
      const answers: Answer[] = [];
      for (let i = 0; i < 6; i++)
        answers.push(await redeemCall(s, cookie, redeemBody(riderId, '9876')));
      return { answers, after: awardSum(getDb(), riderId) };
    });
    expect(out.leanCalls).toBe(6);
    expect(out.lean[0]!.status).toBe(400);
    expect((out.lean[0]!.body as { code: string }).code).toBe('wrongPin');
    expect(out.lean.at(-1)!.status).toBe(429);
    expect(out.lean.map(normalized)).toEqual(out.remix.map(normalized));
    expect(out.leanAfter).toBe(5000);
  });

  it('the lock-out answer carries Retry-After on both paths', async () => {
    for (const s of [direct, remix]) {
      const cookie = await dealerCookie();
      const riderId = riderWithCredit();
      let last: Response | undefined;
      for (let i = 0; i < 6; i++)
        last = await fetch(s.base + '/api/dealer/redeem', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Cookie: cookie, Origin: s.base },
          body: redeemBody(riderId, '9876'),
        });
      expect(last!.status).toBe(429);
      expect(Number(last!.headers.get('Retry-After'))).toBeGreaterThan(0);
    }
  });

  it('a sum over the credit: 400 on the amount, nothing drawn', async () => {
    const out = await both(async (s, cookie, riderId) => ({
      answers: [await redeemCall(s, cookie, redeemBody(riderId, '1234', '999.00'))],
      after: awardSum(getDb(), riderId),
    }));
    expect(out.leanCalls).toBe(1);
    expect(out.lean[0]!.status).toBe(400);
    expect(normalized(out.lean[0]!)).toEqual(normalized(out.remix[0]!));
    expect(out.leanAfter).toBe(5000);
  });

  it('no session: 401 in the one error shape', async () => {
    const out = await both(async (s, _cookie, riderId) => ({
      answers: [await redeemCall(s, '', redeemBody(riderId))],
    }));
    expect(out.leanCalls).toBe(1);
    expect(out.lean[0]!.status).toBe(401);
    expect(out.lean[0]!.headers['x-remix-catch']).toBe('yes');
    expect(out.lean).toEqual(out.remix);
  });

  it('another origin: 403 before the action, nothing drawn', async () => {
    const out = await both(async (s, cookie, riderId) => ({
      answers: [
        await redeemCall(s, cookie, redeemBody(riderId), { Origin: 'https://evil.example' }),
      ],
      after: awardSum(getDb(), riderId),
    }));
    expect(out.leanCalls).toBe(0); // refused before any route
    expect(out.lean[0]!.status).toBe(403);
    expect(out.lean).toEqual(out.remix);
    expect(out.leanAfter).toBe(5000);
  });

  it('a body that is not JSON, another method, a French caller', async () => {
    const out = await both(async (s, cookie, riderId) => ({
      answers: [
        await redeemCall(s, cookie, '{"riderId":'),
        await send(s, '/api/dealer/redeem', {
          method: 'PUT',
          headers: { 'Content-Type': 'application/json', Cookie: cookie },
          body: redeemBody(riderId),
        }),
        await redeemCall(s, `${cookie}; lang=fr`, redeemBody(riderId, '1234', '999.00')),
        await redeemCall(s, cookie, redeemBody(riderId), { 'Idempotency-Key': 'short' }),
      ],
      after: awardSum(getDb(), riderId),
    }));
    expect(out.leanCalls).toBe(4);
    expect(out.lean.map((a) => a.status)).toEqual([400, 405, 400, 400]);
    expect(out.lean[1]!.headers.allow).toBe('POST');
    expect(out.lean[2]!.headers['content-language']).toBe('fr');
    expect(out.lean.map(normalized)).toEqual(out.remix.map(normalized));
    expect(out.leanAfter).toBe(5000);
  });

  it('the same Idempotency-Key twice: charged once, the second marked replayed', async () => {
    const out = await both(async (s, cookie, riderId) => {
      const key = { 'Idempotency-Key': `key-${riderId}-${Math.random().toString(36).slice(2)}` };
      return {
        answers: [
          await redeemCall(s, cookie, redeemBody(riderId), key),
          await redeemCall(s, cookie, redeemBody(riderId), key),
        ],
        after: awardSum(getDb(), riderId),
      };
    });
    expect(out.leanCalls).toBe(2);
    expect(out.lean[1]!.headers['idempotent-replayed']).toBe('true');
    expect(out.lean.map(normalized)).toEqual(out.remix.map(normalized));
    expect(out.leanAfter).toBe(4900);
  });
});

describe("an action's outcomes, called directly or through Remix", () => {
  const outcome = (s: Server, name: string, query = '') =>
    send(s, `/api/outcome${query}`, {
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ outcome: name }),
    });

  for (const name of ['returned', 'thrown', 'redirect', 'data', 'nothing', 'error']) {
    it(`${name}: the same answer`, async () => {
      errorsReported = [];
      actionCalls = 0;
      lean.calls = 0;
      const answer = await outcome(direct, name);
      const leanReported = errorsReported.length;
      expect(lean.calls).toBe(1);
      const through = await outcome(remix, name);
      expect(lean.calls).toBe(1);
      expect(answer).toEqual(through);
      expect(actionCalls).toBe(2); // once per server: never run again
      expect(leanReported).toBe(errorsReported.length - leanReported);
    });
  }

  it('an error: 500 in the one error shape, reported to the build once', async () => {
    errorsReported = [];
    const answer = await outcome(direct, 'error');
    expect(answer.status).toBe(500);
    expect((answer.body as { code: string }).code).toBe('serverError');
    expect(errorsReported).toHaveLength(1);
  });

  it('an address with a query string goes through Remix', async () => {
    actionCalls = 0;
    lean.calls = 0;
    const answer = await outcome(direct, 'thrown', '?x=1');
    expect(answer).toEqual(await outcome(remix, 'thrown', '?x=1'));
    expect(actionCalls).toBe(2);
    expect(lean.calls).toBe(0);
  });
});
