/**
 * One API dialect for every /api call: one rule for the caller's language (`?lang`, then the lang
 * cookie, then Accept-Language), the redeem call included; one error shape
 * `{ error, code, field?, issues? }` with sentences everywhere (issues too); 405 with Allow for
 * an unsupported method; 415/400 (never 500) for a body of the wrong type or a malformed one;
 * series answered under the same key by POST, PUT and GET. Every answer is checked against the
 * OpenAPI description.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '#db/migrate';
import { getDb } from '~/db.server';
import { env } from '~/env.server';
import { apiLang } from '~/http/api.server';
import { localizeApiResponse } from '~/http/api-answer.server';
import { action as redeem } from '~/routes/api.$role.redeem';
import { loader as claimsGet } from '~/routes/api.admin.payout-claims';
import { action as promotersPost, loader as promotersGet } from '~/routes/api.admin.promoters';
import { action as seriesPost } from '~/routes/api.admin.series';
import { action as deleteAll } from '~/routes/api.event.$eventId.delete-all-class-result';
import { makeEvent } from '../money/factory';
import { expectContract } from '../helpers/openapi-contract';
import { apiAccount, runRoute, type ApiAccount } from '../helpers/api-session';

const TAG = Math.random().toString(36).slice(2, 8);
let admin: ApiAccount;

beforeAll(async () => {
  await migrateDatabase(env().DATABASE_PATH);
  admin = await apiAccount(`admin-${TAG}@dialect.test`, 'admin', 'admin');
});

function request(url: string, init: RequestInit & { cookie?: string } = {}) {
  const headers = new Headers(init.headers);
  headers.set('Cookie', [admin.cookie, init.cookie].filter(Boolean).join('; '));
  return new Request(`http://localhost${url}`, { ...init, headers });
}

/** Calls a route as the server does (thrown answers, the /api words) and checks the contract. */
async function answer(req: Request, fn: () => Promise<unknown>) {
  const res = await localizeApiResponse(await runRoute(fn), req);
  await expectContract(req, res);
  const body = (await res.json()) as Record<string, unknown>;
  return { status: res.status, headers: res.headers, body };
}

const RAW_KEY = /^[a-zA-Z]+:[A-Za-z0-9_.-]+$/;

describe("the caller's language: ?lang, then the lang cookie, then Accept-Language", () => {
  it('one rule, in that order', () => {
    const r = (url: string, headers: Record<string, string>) =>
      new Request(`http://localhost${url}`, { headers });
    expect(apiLang(r('/api/x?lang=fr', { Cookie: 'lang=en', 'Accept-Language': 'en' }))).toBe('fr');
    expect(apiLang(r('/api/x', { Cookie: 'lang=fr', 'Accept-Language': 'en' }))).toBe('fr');
    expect(apiLang(r('/api/x', { 'Accept-Language': 'de, en;q=0.5, fr;q=0.8' }))).toBe('fr');
    expect(apiLang(r('/api/x', { 'Accept-Language': 'de' }))).toBe('en');
  });

  it('the redeem call answers in French to a French browser, in the one error shape', async () => {
    const req = request('/api/admin/redeem', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept-Language': 'fr-CA,fr;q=0.9' },
      body: JSON.stringify({ riderId: 1, amount: '10', pin: '1234', employeeName: 'Jo' }),
    });
    const res = await answer(req, () =>
      redeem({ request: req, params: { role: 'admin' }, context: {} }),
    );
    expect(res.status).toBe(400);
    expect(res.headers.get('Content-Language')).toBe('fr');
    expect(res.body).toMatchObject({ code: 'invalidInput', field: 'idVerified' });
    expect(String(res.body.code)).not.toContain(':');
    expect(res.body.error).toMatch(/pièce d.identité|identité/i);
  });
});

describe('issues carry sentences, never keys', () => {
  it('a bad date filter names the field with a sentence in the caller’s language', async () => {
    const got: Record<string, unknown> = {};
    for (const lang of ['en', 'fr'] as const) {
      const req = request(`/api/admin/payout-claims?afterDate=soon&lang=${lang}`);
      const res = await answer(req, () => claimsGet({ request: req, params: {}, context: {} }));
      expect(res.status).toBe(400);
      const issues = res.body.issues as { path: string; message: string }[];
      expect(issues[0]?.path).toBe('afterDate');
      expect(issues[0]?.message).not.toMatch(RAW_KEY);
      expect(res.body.field).toBe('afterDate');
      got[lang] = issues[0]?.message;
    }
    expect(got.fr).not.toBe(got.en);
  });
});

describe('methods and bodies', () => {
  it('a GET on a write-only call is a 405 naming the methods it takes, in words', async () => {
    const req = request('/api/admin/promoters?lang=fr');
    const res = await answer(req, () => promotersGet({ request: req, params: {}, context: {} }));
    expect(res.status).toBe(405);
    expect(res.headers.get('Allow')).toBe('POST');
    expect(res.body).toMatchObject({ code: 'methodNotAllowed' });
    expect(res.body.error).toBe('Cet appel n’accepte pas cette méthode. Il accepte\u00a0: POST.');
  });

  it('a form sent to a JSON call is a 415 that says to send JSON', async () => {
    const req = request('/api/admin/promoters', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'name=Form+Racing',
    });
    const res = await answer(req, () => promotersPost({ request: req, params: {}, context: {} }));
    expect(res.status).toBe(415);
    expect(res.body.error).toBe('Send the body as JSON (Content-Type: application/json).');
  });

  it('delete-all-class-result sent as multipart without a boundary is a 400, not a 500', async () => {
    const ev = makeEvent(getDb(), { title: `Dialect round ${TAG}` });
    const req = request(`/api/event/${ev.id}/delete-all-class-result`, {
      method: 'POST',
      headers: { 'Content-Type': 'multipart/form-data' },
      body: 'classId=1',
    });
    const res = await answer(req, () =>
      deleteAll({ request: req, params: { eventId: String(ev.id) }, context: {} }),
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('malformedForm');
    expect(res.body.error).toMatch(/form data could not be read/);
  });
});

describe('one key per resource', () => {
  it('a series POST answers under `series`, as GET and PUT do', async () => {
    const req = request('/api/admin/series', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: `Dialect Cup ${TAG}` }),
    });
    const res = await answer(req, () => seriesPost({ request: req, params: {}, context: {} }));
    expect(res.status).toBe(201);
    expect(res.body.serie).toBeUndefined();
    expect(res.body.series).toMatchObject({ name: `Dialect Cup ${TAG}` });
  });
});
