/**
 * The API as a client generated from its OpenAPI document sees it:
 * - `api-types.generated.ts` is what `openapi-typescript` makes of the document today (a stale
 *   file fails here; `UPDATE_API_TYPES=1` writes it again), and the typed calls below compile
 *   against it (`npm run typecheck`: wrong roles, string ids and unknown methods are refused);
 * - the typed calls' real answers match the document's schemas (a promoter's events, an admin's
 *   events, results sent as JSON with a file's header words as keys);
 * - no `{role}` call claims a role whose address another operation answers otherwise;
 * - every integer id in an address is refused with 400 `badId` when it is not one;
 * - a method the document does not list is a 405 with `Allow` before the body is read, and every
 *   such error is in the caller's language (Accept-Language);
 * - the document says how to sign in (a security scheme) and where `Idempotency-Key` is honoured.
 */
import fs from 'node:fs';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import prettier from 'prettier';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { results } from '#db/schema';
import { migrateDatabase } from '#db/migrate';
import { getDb } from '~/db.server';
import { env } from '~/env.server';
import { localizeApiResponse } from '~/http/api-answer.server';
import { openApiDocument } from '~/http/openapi/document.server';
import { createSession } from '~/services/auth/session.server';
import type { paths } from './api-types.generated';
import { expectContract } from './helpers/openapi-contract';
import { apiAccount, runRoute } from './helpers/api-session';
import { makeDealer } from './money/counter-fixtures';
import {
  addResult,
  makeAdmin,
  makeClass,
  makeEvent,
  makePromoter,
  makeRider,
  makeSeries,
} from './money/factory';

const ROOT = path.resolve(__dirname, '../..');
const GENERATED = path.join(__dirname, 'api-types.generated.ts');

// ------------------------------------------------------------------ the typed client

type Method = 'get' | 'post' | 'put' | 'delete';
type PathsWith<M extends Method> = {
  [P in keyof paths]: paths[P][M] extends undefined ? never : P;
}[keyof paths];
type Operation<P extends keyof paths, M extends Method> = Exclude<paths[P][M], undefined>;
type Params<O> = O extends { parameters: infer X } ? X : never;
type JsonBody<O> = O extends { requestBody?: { content: { 'application/json': infer B } } }
  ? B
  : never;
type JsonAnswer<O> = O extends { responses: { 200: { content: { 'application/json': infer R } } } }
  ? R
  : O extends { responses: { 201: { content: { 'application/json': infer R } } } }
    ? R
    : never;

type CallInit<O> = {
  params: Params<O>;
  body?: JsonBody<O>;
  cookie?: string;
  language?: string;
};

/** `/api/{role}/events` → the route module `api.$role.events`. */
function routeModule(template: string): string {
  return template
    .slice(1)
    .split('/')
    .map((seg) => seg.replace(/^\{(.+)\}$/, '$$$1'))
    .join('.');
}

/**
 * One call, typed by the generated `paths`: the route module answers it as the server does (a
 * thrown Response is an answer; error bodies in the caller's words), and the answer is checked
 * against the document.
 */
async function call<M extends Method, P extends PathsWith<M>>(
  method: M,
  template: P,
  init: CallInit<Operation<P, M>>,
): Promise<{ status: number; body: JsonAnswer<Operation<P, M>>; response: Response }> {
  const params = init.params as {
    path?: Record<string, string | number>;
    query?: Record<string, string | number | undefined>;
    header?: Record<string, string | undefined>;
  };
  const pathParams = Object.fromEntries(
    Object.entries(params.path ?? {}).map(([k, v]) => [k, String(v)]),
  );
  const address = (template as string).replace(/\{([^}]+)\}/g, (_m, k: string) =>
    encodeURIComponent(pathParams[k] ?? ''),
  );
  const url = new URL(`http://localhost${address}`);
  for (const [k, v] of Object.entries(params.query ?? {}))
    if (v !== undefined) url.searchParams.set(k, String(v));
  const headers = new Headers();
  if (init.cookie) headers.set('Cookie', init.cookie);
  if (init.language) headers.set('Accept-Language', init.language);
  for (const [k, v] of Object.entries(params.header ?? {})) if (v !== undefined) headers.set(k, v);
  if (init.body !== undefined) headers.set('Content-Type', 'application/json');
  const request = new Request(url, {
    method: method.toUpperCase(),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const mod = (await import(`~/routes/${routeModule(template as string)}`)) as Record<
    string,
    (args: unknown) => Promise<unknown>
  >;
  const fn = method === 'get' ? mod.loader! : mod.action!;
  const raw = await runRoute(() => fn({ request, params: pathParams, context: {} }));
  const response = await localizeApiResponse(raw, request);
  await expectContract(request, response);
  const body = (await response.clone().json()) as JsonAnswer<Operation<P, M>>;
  return { status: response.status, body, response };
}

/** What the compiler refuses (checked by `npm run typecheck`; never run). */
export function callsTheDocumentRefuses() {
  // @ts-expect-error an admin's events are GET /api/admin/events: this {role} takes promoters only
  void call('get', '/api/{role}/events', { params: { path: { role: 'admin' } } });
  // @ts-expect-error ids in addresses are integers
  void call('get', '/api/event/{eventId}', { params: { path: { eventId: '12' } } });
  // @ts-expect-error a redemption is a POST
  void call('get', '/api/{role}/redeem', { params: { path: { role: 'dealer' } } });
  void call('post', '/api/{role}/redeem', {
    // The header is typed too.
    params: { path: { role: 'dealer' }, header: { 'Idempotency-Key': 'till-42-0001' } },
    body: {
      // @ts-expect-error the rider is an id, not a name
      riderId: 'Kai Typed',
      amount: '12.50',
      pin: '1234',
      employeeName: 'Sam',
      idVerified: true,
    },
  });
}

// ------------------------------------------------------------------ fixtures

const cookies = { admin: '', dealer: '', promoter: '', rider: '' };
/** The {role} calls one role only may make (the others take the admin). */
const ONLY_ROLE: Record<string, 'dealer' | 'promoter'> = {
  '/api/{role}/events': 'promoter',
  '/api/{role}/credit-redemption/{redemptionId}/void': 'dealer',
};
let promoterEventId = 0;

async function sessionCookie(userId: number) {
  const { setCookie } = await createSession(getDb(), userId);
  return setCookie.split(';')[0]!;
}

beforeAll(async () => {
  await migrateDatabase(env().DATABASE_PATH, { backup: false });
  const db = getDb();
  cookies.admin = await sessionCookie(makeAdmin(db).user.id);
  cookies.dealer = await sessionCookie(makeDealer(db).user.id);
  const promoter = makePromoter(db, 'Typed Client Racing');
  cookies.promoter = await sessionCookie(promoter.user.id);
  cookies.rider = (await apiAccount('typed.rider@contract.test', 'rider', 'Typed')).cookie;
  const event = makeEvent(db, {
    title: 'Typed client round',
    date: '2030-05-04',
    promoterId: promoter.promoter.id,
  });
  makeClass(db, event.id, { name: '250 Am' });
  promoterEventId = event.id;
});

// ------------------------------------------------------------------ the generated types

async function generatedTypes(): Promise<string> {
  const ast = await openapiTS(structuredClone(openApiDocument()) as never);
  const text = `// Generated from the OpenAPI document by openapi-typescript (tests/unit/api-contract.test.ts):\n// UPDATE_API_TYPES=1 npx vitest run tests/unit/api-contract.test.ts writes it again.\n${astToString(ast)}`;
  const options = await prettier.resolveConfig(GENERATED);
  return prettier.format(text, { ...options, filepath: GENERATED });
}

describe('the typed client', () => {
  it('is generated from the document of today', async () => {
    const fresh = await generatedTypes();
    if (process.env.UPDATE_API_TYPES === '1') fs.writeFileSync(GENERATED, fresh);
    const kept = fs.readFileSync(GENERATED, 'utf8');
    expect(
      kept === fresh,
      'tests/unit/api-types.generated.ts is stale: UPDATE_API_TYPES=1 npx vitest run tests/unit/api-contract.test.ts',
    ).toBe(true);
  });

  it("answers a promoter's events and an admin's events as the document says", async () => {
    const mine = await call('get', '/api/{role}/events', {
      params: { path: { role: 'promoter' } },
      cookie: cookies.promoter,
    });
    expect(mine.status).toBe(200);
    expect(mine.body.events.map((e) => e.title)).toContain('Typed client round');
    expect(Array.isArray(mine.body.allSeries)).toBe(true);

    const all = await call('get', '/api/admin/events', {
      params: { query: {} },
      cookie: cookies.admin,
    });
    expect(all.status).toBe(200);
    expect(all.body.pagination.page).toBe(1);
    expect(all.body.events.length).toBeGreaterThan(0);
  });

  it('answers a series with its contingency standings as the document says', async () => {
    const db = getDb();
    const s = makeSeries(db, { name: 'Typed standings series' });
    const event = makeEvent(db, { title: 'Typed standings round', seriesId: s.id });
    const cls = makeClass(db, event.id, { name: 'Open Pro', payoutType: 'cash' });
    const rider = makeRider(db, { level: 'pro' });
    const r = addResult(db, event.id, cls.id, {
      place: 1,
      riderName: rider.name,
      riderId: rider.rider.id,
    });
    db.update(results)
      .set({ payoutCents: 30_000, bonusCents: 5_000 })
      .where(eq(results.id, r.id))
      .run();
    const answer = await call('get', '/api/serie/{seriesId}', {
      params: { path: { seriesId: s.id } },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.standings).toEqual([
      {
        className: 'Open Pro',
        currency: 'USD',
        riders: [
          {
            rank: 1,
            riderName: rider.name,
            eventsCounted: 1,
            wins: 1,
            podiums: 1,
            bestFinish: 1,
            totalCents: 35_000,
          },
        ],
      },
    ]);
  });

  it('sends results with the header words a file takes as keys', async () => {
    const { status, body } = await call('put', '/api/event/{eventId}/results', {
      params: { path: { eventId: promoterEventId } },
      cookie: cookies.admin,
      body: {
        results: [
          { Class: '250 Am', Pos: 1, 'Rider Name': 'Kai Typed', 'AMA #': '771' },
          { Class: '250 Am', Pos: 2, 'Rider Name': 'Lou Typed', 'AMA #': '772' },
        ],
      },
    });
    expect(status).toBe(200);
    expect(body.results.map((r) => [r.place, r.riderName, r.amaNumber])).toEqual([
      [1, 'Kai Typed', '771'],
      [2, 'Lou Typed', '772'],
    ]);
  });
});

// ------------------------------------------------------------------ the document

type DocParam = { name: string; in: string; schema?: { type?: string; enum?: string[] } };
type DocOperation = {
  parameters?: DocParam[];
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

function operations(): [string, string, DocOperation][] {
  const doc = openApiDocument() as unknown as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths).flatMap(([p, item]) =>
    METHODS.filter((m) => item[m]).map((m) => [p, m, item[m] as DocOperation] as const),
  ) as [string, string, DocOperation][];
}

describe('the document', () => {
  it('says how to sign in, and which calls need it', () => {
    const doc = openApiDocument();
    const scheme = doc.components?.securitySchemes?.sessionCookie as unknown as Record<
      string,
      string
    >;
    expect(scheme).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'cc_session' });
    expect(scheme.description).toMatch(/POST \/login/);
    expect(scheme.description).toMatch(/\/login-code/);
    const guarded = operations().filter(([, , o]) => '401' in o.responses);
    expect(guarded.length).toBeGreaterThan(40);
    for (const [p, m, o] of guarded)
      expect(o.security, `${m} ${p}`).toEqual([{ sessionCookie: [] }]);
  });

  it('declares Idempotency-Key where the routes honour it', () => {
    const honouring = fs
      .readdirSync(path.join(ROOT, 'app/routes'))
      .filter((f) => f.startsWith('api.'))
      .filter((f) => {
        const src = fs.readFileSync(path.join(ROOT, 'app/routes', f), 'utf8');
        return /idempotencyKeyOf|Idempotency-Key/.test(src);
      });
    expect(honouring.length).toBeGreaterThanOrEqual(3);
    const declared = operations()
      .filter(([, , o]) =>
        o.parameters?.some((x) => x.in === 'header' && x.name === 'Idempotency-Key'),
      )
      .map(([p, m]) => `${m} ${p}`)
      .sort();
    expect(declared).toEqual([
      'delete /api/{role}/credit-redemption/{redemptionId}',
      'post /api/admin/payout-claims',
      'post /api/{role}/credit-redemption/{redemptionId}/void',
      'post /api/{role}/redeem',
    ]);
  });

  it('no {role} call claims a role another operation answers at its literal address', () => {
    const ops = operations();
    const byKey = new Map(ops.map(([p, m, o]) => [`${m} ${p}`, o]));
    const clashes: string[] = [];
    for (const [p, m, o] of ops) {
      const roles = o.parameters?.find((x) => x.name === 'role')?.schema?.enum ?? [];
      for (const role of roles) {
        const literal = byKey.get(`${m} ${p.replace('{role}', role)}`);
        const ok = (x: DocOperation) => JSON.stringify(x.responses['200'] ?? x.responses['201']);
        if (literal && ok(literal) !== ok(o)) clashes.push(`${m} ${p} as ${role}`);
      }
    }
    expect(clashes).toEqual([]);
  });
});

// ------------------------------------------------------------------ refusals

/** The cookie of the account an address is for (`/api/rider/rider/…` a rider's). */
function cookieFor(template: string): string {
  if (template.startsWith('/api/rider/')) return cookies.rider;
  const only = ONLY_ROLE[template];
  return only ? cookies[only] : cookies.admin;
}

async function answer(
  template: string,
  method: string,
  values: Record<string, string>,
  init: RequestInit & { language?: string } = {},
) {
  const address = template.replace(/\{([^}]+)\}/g, (_m, k: string) => values[k] ?? '1');
  const headers = new Headers(init.headers);
  headers.set('Cookie', cookieFor(template));
  if (init.language) headers.set('Accept-Language', init.language);
  const request = new Request(`http://localhost${address}`, { ...init, method, headers });
  const mod = (await import(`~/routes/${routeModule(template)}`)) as Record<
    string,
    ((args: unknown) => Promise<unknown>) | undefined
  >;
  const fn = method === 'GET' ? mod.loader : mod.action;
  const params = Object.fromEntries(
    [...template.matchAll(/\{([^}]+)\}/g)].map((m) => [m[1]!, values[m[1]!] ?? '1']),
  );
  if (params.role === undefined) delete params.role;
  if (template.includes('{role}')) params.role = ONLY_ROLE[template] ?? 'admin';
  const raw = await runRoute(() => fn!({ request, params, context: {} }));
  return localizeApiResponse(raw, request);
}

describe('refusals', () => {
  it('every integer id in an address is refused with 400 badId when it is not one', async () => {
    const wrong: string[] = [];
    for (const [p, m, o] of operations()) {
      if (p.startsWith('/api/rider/') && m !== 'post') continue;
      const ids = (o.parameters ?? []).filter(
        (x) => x.in === 'path' && x.schema?.type === 'integer',
      );
      for (const id of ids) {
        for (const bad of ['abc', '1.5', '0']) {
          const res = await answer(
            p,
            m.toUpperCase(),
            { [id.name]: bad, role: 'admin' },
            {
              ...(m === 'get'
                ? {}
                : { body: '{}', headers: { 'Content-Type': 'application/json' } }),
            },
          );
          const body = (await res.json()) as { code?: string };
          if (res.status !== 400 || body.code !== 'badId')
            wrong.push(`${m} ${p} ${id.name}=${bad}: ${res.status} ${body.code}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('a method the document does not list is a 405 with Allow before the body, in the caller’s language', async () => {
    const wrong: string[] = [];
    const doc = openApiDocument() as unknown as { paths: Record<string, Record<string, unknown>> };
    let checked = 0;
    for (const [p, item] of Object.entries(doc.paths)) {
      if (p === '/api/openapi.json') continue;
      const listed = METHODS.filter((m) => item[m]).map((m) => m.toUpperCase());
      const allow = (listed.includes('GET') ? [...listed, 'HEAD'] : listed).join(', ');
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'].filter((m) => !listed.includes(m))) {
        const res = await answer(
          p,
          method,
          {},
          {
            language: 'fr-CA,fr;q=0.9,en;q=0.5',
            body: '{"not json',
            headers: { 'Content-Type': 'application/json' },
          },
        );
        const body = (await res.json()) as { error?: string; code?: string };
        checked++;
        if (
          res.status !== 405 ||
          res.headers.get('Allow') !== allow ||
          res.headers.get('Content-Language') !== 'fr' ||
          !/méthode/i.test(body.error ?? '')
        )
          wrong.push(
            `${method} ${p}: ${res.status} Allow=${res.headers.get('Allow')} ${body.error}`,
          );
      }
    }
    expect(checked).toBeGreaterThan(60);
    expect(wrong).toEqual([]);
  });

  it('the same refusal reads in English for an English caller', async () => {
    const res = await answer('/api/events', 'DELETE', {}, { language: 'en-US,en;q=0.9' });
    expect(res.status).toBe(405);
    expect(res.headers.get('Content-Language')).toBe('en');
    expect(((await res.json()) as { error: string }).error).toMatch(/method/i);
  });
});
