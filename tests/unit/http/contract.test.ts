/**
 * The API contract: PUT changes only the fields sent; series reads carry _id and
 * __v, a missing __v is a 400 that says so; error bodies are sentences in the caller's language
 * (never translation keys); malformed JSON says so; GET /api/admin/events answers; GET
 * /api/series finds past series by name or year; text fields have a length limit.
 * Route modules are called with a Request carrying a real session cookie; the server runs
 * every /api answer through localizeApiResponse, as these tests do.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '#db/migrate';
import { series } from '#db/schema';
import { getDb } from '~/db.server';
import { env } from '~/env.server';
import { action as promoterPut, loader as promoterGet } from '~/routes/api.$role.promoter.$id';
import { action as seriePut } from '~/routes/api.admin.serie.$seriesId';
import { loader as serieGet } from '~/routes/api.serie.$seriesId';
import { loader as seriesList } from '~/routes/api.series';
import { loader as adminEvents } from '~/routes/api.admin.events';
import { action as createSeries } from '~/routes/api.admin.series';
import { action as dealerPut } from '~/routes/api.$role.dealer.$dealerId';
import { action as riderPut } from '~/routes/api.$role.rider.$riderId';
import { action as eventPut } from '~/routes/api.admin.event.$eventId';
import { action as adminPut } from '~/routes/api.admin.admin.$adminId';
import { action as categoryPut } from '~/routes/api.admin.category.$categoryId';
import { loader as eventGet } from '~/routes/api.event.$eventId';
import { loader as redemptionGet } from '~/routes/api.$role.credit-redemption.$redemptionId';
import { createSession } from '~/services/auth/session.server';
import { saveDealer } from '~/services/people/admin-people.server';
import { SYSTEM_ACTOR } from '~/services/platform/audit.server';
import { localizeApiResponse } from '~/http/api-answer.server';
import { expectContract } from '../helpers/openapi-contract';
import {
  makeAdmin,
  makeCategory,
  makeEvent,
  makePromoter,
  makeRider,
  makeSeries,
} from '../money/factory';

const cookies: Record<string, string> = {};
let promoterId = 0;
let seriesId = 0;
const ids = { admin: 0, dealer: 0, rider: 0, event: 0, category: 0 };

async function sessionCookie(userId: number) {
  const { setCookie } = await createSession(getDb(), userId);
  return setCookie.split(';')[0];
}

beforeAll(async () => {
  await migrateDatabase(env().DATABASE_PATH, { backup: false });
  const db = getDb();
  const admin = makeAdmin(db);
  const p = makePromoter(db, 'Contract Racing');
  db.update((await import('#db/schema')).promoters)
    .set({ email: 'race@contract.test', phone: '5551234567' })
    .where(eq((await import('#db/schema')).promoters.id, p.promoter.id))
    .run();
  promoterId = p.promoter.id;
  const s = makeSeries(db, { name: 'Contract Cup' });
  db.update(series).set({ description: 'Keep me' }).where(eq(series.id, s.id)).run();
  seriesId = s.id;
  makeEvent(db, { title: 'Contract Cup round 1', seriesId: s.id, date: '2019-06-01' });
  const old = makeSeries(db, { name: 'Vintage Trophy' });
  makeEvent(db, { title: 'Vintage round', seriesId: old.id, date: '2018-05-05' });
  cookies.admin = await sessionCookie(admin.user.id);
  ids.admin = admin.admin.id;
  db.$client.prepare("UPDATE admins SET phone = '5550001111' WHERE id = ?").run(admin.admin.id);
  ids.dealer = saveDealer(
    db,
    null,
    {
      intent: 'save',
      name: 'Contract Motors',
      dealerNumber: 'D-77',
      addressLine1: '1 Main St',
      addressLine2: null,
      city: 'Austin',
      state: 'TX',
      zipcode: '73301',
      country: 'US',
      phone: '5125550100',
      websiteUrl: 'https://motors.example',
      email: 'sales@motors.example',
      bio: null,
      lat: 30.2,
      lon: -97.7,
      active: true,
    },
    SYSTEM_ACTOR,
  );
  const rider = makeRider(db);
  ids.rider = rider.rider.id;
  db.$client
    .prepare(
      "UPDATE riders SET phone1 = '5125550199', sex = 'male', race_style = 'motocross', address_line1 = '9 Track Rd', city = 'Austin', country = 'US', state = 'TX', zipcode = '73301', social_media = ? WHERE id = ?",
    )
    .run(JSON.stringify({ instagram: 'https://instagram.com/contract' }), rider.rider.id);
  const ev = makeEvent(db, { title: 'Partial PUT round', date: '2019-07-01' });
  db.$client
    .prepare("UPDATE events SET cancelled = 1, venue = 'Keep Raceway' WHERE id = ?")
    .run(ev.id);
  ids.event = ev.id;
  const cat = makeCategory(db);
  db.$client
    .prepare("UPDATE categories SET eligible_models = ?, description = 'Old words' WHERE id = ?")
    .run(JSON.stringify(['450 SX-F', '250 SX-F']), cat.id);
  ids.category = cat.id;
});

function req(url: string, init: RequestInit & { lang?: string } = {}) {
  const headers = new Headers(init.headers);
  headers.set(
    'Cookie',
    [cookies.admin, init.lang ? `lang=${init.lang}` : ''].filter(Boolean).join('; '),
  );
  return new Request(`http://localhost${url}`, { ...init, headers });
}

/** Calls a route function as the server does: thrown Responses are answers; errors in words. */
async function call(fn: () => Promise<Response>, request: Request) {
  let res: Response;
  try {
    res = await fn();
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    res = thrown;
  }
  const out = await localizeApiResponse(res, request);
  await expectContract(request, out);
  return { status: out.status, body: (await out.json()) as Record<string, unknown> };
}

function put(url: string, body: unknown, lang?: string) {
  return req(url, {
    method: 'PUT',
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'Content-Type': 'application/json' },
    lang,
  });
}

describe('PUT changes only the fields sent', () => {
  it('a promoter PUT with name and phone keeps the e-mail', async () => {
    const url = `/api/admin/promoter/${promoterId}`;
    const r = put(url, { name: 'Contract Racing LLC', phone: '555 765 4321' });
    const res = await call(
      () =>
        promoterPut({
          request: r,
          params: { role: 'admin', id: String(promoterId) },
          context: {},
        }) as Promise<Response>,
      r,
    );
    expect(res.status).toBe(200);
    const g = req(url);
    const got = await call(
      () =>
        promoterGet({
          request: g,
          params: { role: 'admin', id: String(promoterId) },
          context: {},
        }) as Promise<Response>,
      g,
    );
    const promoter = got.body.promoter as { name: string; email: string | null };
    expect(promoter.name).toBe('Contract Racing LLC');
    expect(promoter.email).toBe('race@contract.test');
  });

  it('dealer, rider, event, admin and category PUTs change only the fields sent', async () => {
    const send = async (
      fn: typeof dealerPut,
      url: string,
      params: Record<string, string>,
      body: unknown,
    ) => {
      const r = put(url, body);
      return call(() => fn({ request: r, params, context: {} }) as Promise<Response>, r);
    };
    const d = await send(
      dealerPut,
      `/api/admin/dealer/${ids.dealer}`,
      { role: 'admin', dealerId: String(ids.dealer) },
      { name: 'Contract Motors II' },
    );
    expect(d.status).toBe(200);
    expect(d.body.dealer).toMatchObject({
      name: 'Contract Motors II',
      email: 'sales@motors.example',
      phone: '5125550100',
      city: 'Austin',
      lat: 30.2,
      active: true,
    });

    const r = await send(
      riderPut,
      `/api/admin/rider/${ids.rider}`,
      { role: 'admin', riderId: String(ids.rider) },
      { hometown: 'Round Rock' },
    );
    expect(r.status).toBe(200);
    expect(r.body.rider).toMatchObject({
      hometown: 'Round Rock',
      addressLine1: '9 Track Rd',
      state: 'TX',
      phone1: '5125550199',
      socialMedia: { instagram: 'https://instagram.com/contract' },
    });

    const e = await send(
      eventPut,
      `/api/admin/event/${ids.event}`,
      { eventId: String(ids.event) },
      { title: 'Partial PUT round (renamed)' },
    );
    expect(e.status).toBe(200);
    expect(e.body.event).toMatchObject({
      title: 'Partial PUT round (renamed)',
      cancelled: true,
      venue: 'Keep Raceway',
      date: '2019-07-01',
    });

    const a = await send(
      adminPut,
      `/api/admin/admin/${ids.admin}`,
      { adminId: String(ids.admin) },
      { lastName: 'Lovelace' },
    );
    expect(a.status).toBe(200);
    expect(a.body.admin).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      phone: '5550001111',
    });

    const c = await send(
      categoryPut,
      `/api/admin/category/${ids.category}`,
      { categoryId: String(ids.category) },
      { description: 'New words' },
    );
    expect(c.status).toBe(200);
    expect(c.body.category).toMatchObject({
      description: 'New words',
      eligibleModels: ['450 SX-F', '250 SX-F'],
    });
  });

  it('a series PUT without a description keeps it, and reads carry _id and __v', async () => {
    const g = req(`/api/serie/${seriesId}`);
    const read = await call(
      () =>
        serieGet({
          request: g,
          params: { seriesId: String(seriesId) },
          context: {},
        }) as Promise<Response>,
      g,
    );
    const s = read.body.series as { _id: number; __v: number };
    expect(s._id).toBe(seriesId);
    expect(typeof s.__v).toBe('number');
    const r = put(`/api/admin/serie/${seriesId}`, { name: 'Contract Cup 2', __v: s.__v });
    const res = await call(
      () =>
        seriePut({
          request: r,
          params: { seriesId: String(seriesId) },
          context: {},
        }) as Promise<Response>,
      r,
    );
    expect(res.status).toBe(200);
    const serie = res.body.series as {
      name: string;
      description: string;
      __v: number;
      _id: number;
    };
    expect(serie.name).toBe('Contract Cup 2');
    expect(serie.description).toBe('Keep me');
    expect(serie.__v).toBe(s.__v + 1);
    // The same version again is stale.
    const again = put(`/api/admin/serie/${seriesId}`, { name: 'Contract Cup 3', __v: s.__v });
    const stale = await call(
      () =>
        seriePut({
          request: again,
          params: { seriesId: String(seriesId) },
          context: {},
        }) as Promise<Response>,
      again,
    );
    expect(stale.status).toBe(409);
  });

  it('a series PUT without __v is a 400 that says so (English and French)', async () => {
    for (const [lang, words] of [
      ['en', /version \(__v\)/],
      ['fr', /version de la série \(__v\)/],
    ] as const) {
      const r = put(`/api/admin/serie/${seriesId}`, { name: 'No version' }, lang);
      const res = await call(
        () =>
          seriePut({
            request: r,
            params: { seriesId: String(seriesId) },
            context: {},
          }) as Promise<Response>,
        r,
      );
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(words);
    }
  });
});

describe("error bodies are sentences in the caller's language", () => {
  it('field errors are words, not keys, with the lang cookie or Accept-Language', async () => {
    const en = req('/api/admin/series', {
      method: 'POST',
      body: JSON.stringify({ name: '' }),
      headers: { 'Content-Type': 'application/json' },
    });
    const a = await call(
      () => createSeries({ request: en, params: {}, context: {} }) as Promise<Response>,
      en,
    );
    expect(a.status).toBe(400);
    expect(a.body.issues).toEqual([{ path: 'name', message: 'Required' }]);
    expect(a.body).toMatchObject({ code: 'invalidInput', field: 'name' });
    expect(String(a.body.error)).not.toMatch(/^\w+:/);
    const fr = new Request('http://localhost/api/admin/series', {
      method: 'POST',
      body: JSON.stringify({ name: '' }),
      headers: {
        Cookie: cookies.admin,
        'Accept-Language': 'fr-CA,fr;q=0.9,en;q=0.5',
        'Content-Type': 'application/json',
      },
    });
    const b = await call(
      () => createSeries({ request: fr, params: {}, context: {} }) as Promise<Response>,
      fr,
    );
    expect(b.body.issues).toEqual([{ path: 'name', message: 'Obligatoire' }]);
    expect(b.body.error).toBe('«\u00a0name\u00a0» est obligatoire.');
  });

  it('malformed JSON says so', async () => {
    for (const [lang, words] of [
      ['en', 'The request body is not valid JSON.'],
      ['fr', 'Le corps de la requête n’est pas un JSON valide.'],
    ] as const) {
      const r = req('/api/admin/series', {
        method: 'POST',
        body: '{"name": ',
        headers: { 'Content-Type': 'application/json' },
        lang,
      });
      const res = await call(
        () => createSeries({ request: r, params: {}, context: {} }) as Promise<Response>,
        r,
      );
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(words);
    }
  });

  it('a 100,000-character series name is refused; a wrong type is a 400', async () => {
    const long = req('/api/admin/series', {
      method: 'POST',
      body: JSON.stringify({ name: 'x'.repeat(100_000) }),
      headers: { 'Content-Type': 'application/json' },
    });
    const a = await call(
      () => createSeries({ request: long, params: {}, context: {} }) as Promise<Response>,
      long,
    );
    expect(a.status).toBe(400);
    expect(a.body.issues).toEqual([{ path: 'name', message: 'This is too long.' }]);
    const typed = req('/api/admin/series', {
      method: 'POST',
      body: JSON.stringify({ name: 42 }),
      headers: { 'Content-Type': 'application/json' },
    });
    const b = await call(
      () => createSeries({ request: typed, params: {}, context: {} }) as Promise<Response>,
      typed,
    );
    expect(b.status).toBe(400);
    expect((b.body.issues as { path: string; message: string }[])[0]).toEqual({
      path: 'name',
      message: 'Expected string, received number.',
    });
  });

  it('an id in the address that is not a whole number is a 400 that says so, not a 404', async () => {
    for (const [lang, words] of [
      ['en', 'The id in the address must be a positive whole number.'],
      ['fr', 'L’identifiant dans l’adresse doit être un nombre entier positif.'],
    ] as const) {
      const calls: [string, () => Promise<Response>][] = [];
      const g = req('/api/event/abc', { lang });
      calls.push([
        '/api/event/abc',
        () =>
          eventGet({ request: g, params: { eventId: 'abc' }, context: {} }) as Promise<Response>,
      ]);
      const p = put('/api/admin/dealer/1.5', { name: 'x' }, lang);
      calls.push([
        '/api/admin/dealer/1.5',
        () =>
          dealerPut({
            request: p,
            params: { role: 'admin', dealerId: '1.5' },
            context: {},
          }) as Promise<Response>,
      ]);
      const q = req('/api/admin/credit-redemption/-3', { lang });
      calls.push([
        '/api/admin/credit-redemption/-3',
        () =>
          redemptionGet({
            request: q,
            params: { role: 'admin', redemptionId: '-3' },
            context: {},
          }) as Promise<Response>,
      ]);
      for (const [url, fn] of calls) {
        const request = url.includes('dealer') ? p : url.includes('redemption') ? q : g;
        const res = await call(fn, request);
        expect({ url, status: res.status, error: res.body.error }).toEqual({
          url,
          status: 400,
          error: words,
        });
      }
    }
  });

  it('"Not found" and other literals become sentences', async () => {
    const r = req('/api/serie/999999', { lang: 'fr' });
    const res = await call(
      () =>
        serieGet({ request: r, params: { seriesId: '999999' }, context: {} }) as Promise<Response>,
      r,
    );
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('Introuvable.');
  });
});

describe('lists', () => {
  it('GET /api/admin/events answers with events and pagination', async () => {
    const r = req('/api/admin/events?title=contract');
    const res = await call(
      () => adminEvents({ request: r, params: {}, context: {} }) as Promise<Response>,
      r,
    );
    expect(res.status).toBe(200);
    expect((res.body.events as { title: string }[]).map((e) => e.title)).toEqual([
      'Contract Cup round 1',
    ]);
    expect(res.body.pagination).toBeTruthy();
  });

  it('GET /api/series lists past series and finds them by name or year', async () => {
    const names = async (q: string) => {
      const r = req(`/api/series?${q}`);
      const res = await call(
        () => seriesList({ request: r, params: {}, context: {} }) as Promise<Response>,
        r,
      );
      return (res.body.allSeries as { name: string; _id: number }[]).map((s) => s.name);
    };
    expect(await names('when=past')).toEqual(expect.arrayContaining(['Vintage Trophy']));
    expect(await names('when=past&name=vintage')).toEqual(['Vintage Trophy']);
    expect(await names('year=2018')).toEqual(['Vintage Trophy']);
    expect(await names('year=2017')).toEqual([]);
  });
});
