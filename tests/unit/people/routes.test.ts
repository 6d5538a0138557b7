/**
 * The rider-area routes read the signed-in rider's id from the session, never from the URL or a
 * form: loaders and actions called directly with a Request carrying a real session cookie.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '#db/migrate';
import { bikes } from '#db/schema';
import { getDb } from '~/db.server';
import { env } from '~/env.server';
import { loader as homeLoader } from '~/routes/($lang).auth.rider._index';
import {
  action as dealersAction,
  loader as dealersLoader,
} from '~/routes/($lang).auth.rider.dealers';
import { loader as earningsLoader } from '~/routes/($lang).auth.rider.earnings';
import { loader as eventLoader } from '~/routes/($lang).auth.rider.event.($eventId)';
import { loader as eventsLoader } from '~/routes/($lang).auth.rider.events';
import { loader as redemptionsLoader } from '~/routes/($lang).auth.rider.redemptions';
import { loader as serieLoader } from '~/routes/($lang).auth.rider.serie.($seriesId)';
import { listFavourites } from '~/services/people/favourites.server';
import { createSession } from '~/services/auth/session.server';
import { createAccount } from '~/services/people/users.server';
import {
  inDays,
  makeAward,
  makeDealer,
  makeEvent,
  makeRedemption,
  makeResult,
  makeSeries,
} from './rider-area-fixtures';

const TAG = Math.random().toString(36).slice(2, 8);
type Who = { profileId: number; cookie: string };
const who: Record<string, Who> = {};
let eventId = 0;
let seriesId = 0;
let dealerId = 0;

async function account(key: string, role: 'rider' | 'dealer') {
  const db = getDb();
  const { user, profileId } = await createAccount(db, {
    role,
    email: `${key}-${TAG}@rider-area.test`,
    password: 'Password123',
    emailVerified: true,
    firstName: key,
    lastName: 'Test',
    name: key,
  });
  if (role === 'rider') {
    db.insert(bikes)
      .values({
        riderId: profileId,
        vin: `RA${TAG.toUpperCase()}${String(user.id).padStart(9, '0')}`.slice(0, 17),
        valid: true,
      })
      .run();
  }
  const { setCookie } = await createSession(db, user.id);
  who[key] = { profileId, cookie: setCookie.split(';')[0] };
}

function req(path: string, key: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set('Cookie', who[key].cookie);
  return new Request(`http://localhost${path}`, { ...init, headers });
}

async function run<T>(fn: () => Promise<T>): Promise<T | Response> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof Response) return e;
    throw e;
  }
}

beforeAll(async () => {
  await migrateDatabase(env().DATABASE_PATH);
  await account('alice', 'rider');
  await account('bob', 'rider');
  await account('shop', 'dealer');
  const db = getDb();
  const s = makeSeries(db, `Series ${TAG}`);
  const e = makeEvent(db, `Event ${TAG}`, '2025-05-10', s.id);
  eventId = e.event.id;
  seriesId = s.id;
  const r = makeResult(db, e, who.bob.profileId, 1, 10000);
  makeAward(db, who.bob.profileId, {
    status: 'current',
    initialCents: 10000,
    expiresAt: inDays(5000),
    eventId,
    resultId: r.id,
  });
  dealerId = makeDealer(db, `Dealer ${TAG}`).id;
  makeRedemption(db, who.bob.profileId, dealerId, 1500, new Date().toISOString());
});

describe('rider area routes', () => {
  it('home, earnings, redemptions, events: only the signed-in rider’s numbers', async () => {
    const bobHome = await homeLoader({
      request: req('/auth/rider', 'bob'),
      params: {},
      context: {},
    });
    expect(bobHome.available).toEqual([{ currency: 'USD', cents: 10000 }]);
    const aliceHome = await homeLoader({
      request: req(`/auth/rider?riderId=${who.bob.profileId}`, 'alice'),
      params: {},
      context: {},
    });
    expect(aliceHome.available).toEqual([]);
    expect(aliceHome.recentResults).toEqual([]);

    const earnings = await earningsLoader({
      request: req(`/auth/rider/earnings?riderId=${who.bob.profileId}`, 'alice'),
      params: {},
      context: {},
    });
    expect(earnings.awards.total).toBe(0);
    const redemptions = await redemptionsLoader({
      request: req('/fr/auth/rider/redemptions', 'alice'),
      params: { lang: 'fr' },
      context: {},
    });
    expect(redemptions.list.total).toBe(0);
    const bobRedemptions = await redemptionsLoader({
      request: req('/auth/rider/redemptions', 'bob'),
      params: {},
      context: {},
    });
    expect(bobRedemptions.list.total).toBe(1);
    const events = await eventsLoader({
      request: req('/auth/rider/events', 'alice'),
      params: {},
      context: {},
    });
    expect(events.total).toBe(0);
  });

  it('event and series details: the rider’s own results; 404 for an unknown id; the list link without an id', async () => {
    const alice = await eventLoader({
      request: req(`/auth/rider/event/${eventId}`, 'alice'),
      params: { eventId: String(eventId) },
      context: {},
    });
    expect(alice.detail?.results).toEqual([]);
    const bob = await eventLoader({
      request: req(`/auth/rider/event/${eventId}`, 'bob'),
      params: { eventId: String(eventId) },
      context: {},
    });
    expect(bob.detail?.results.map((r) => r.payoutCents)).toEqual([10000]);
    const missing = await run(() =>
      eventLoader({
        request: req('/auth/rider/event/999999', 'alice'),
        params: { eventId: '999999' },
        context: {},
      }),
    );
    expect(missing instanceof Response && missing.status).toBe(404);
    const junk = await run(() =>
      eventLoader({
        request: req('/auth/rider/event/abc', 'alice'),
        params: { eventId: 'abc' },
        context: {},
      }),
    );
    expect(junk instanceof Response && junk.status).toBe(404);
    const none = await eventLoader({
      request: req('/auth/rider/event', 'alice'),
      params: {},
      context: {},
    });
    expect(none.detail).toBeNull();
    const serie = await serieLoader({
      request: req(`/auth/rider/serie/${seriesId}`, 'alice'),
      params: { seriesId: String(seriesId) },
      context: {},
    });
    expect(serie.detail?.results).toEqual([]);
    const noSerie = await run(() =>
      serieLoader({
        request: req('/auth/rider/serie/999999', 'alice'),
        params: { seriesId: '999999' },
        context: {},
      }),
    );
    expect(noSerie instanceof Response && noSerie.status).toBe(404);
  });

  it('favourites: the action acts for the signed-in rider whatever the form says', async () => {
    const form = new URLSearchParams({
      intent: 'add',
      dealerId: String(dealerId),
      riderId: String(who.bob.profileId),
    });
    const res = await run(() =>
      dealersAction({
        request: req('/fr/auth/rider/dealers?name=Dealer', 'alice', {
          method: 'POST',
          body: form,
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        }),
        params: { lang: 'fr' },
        context: {},
      }),
    );
    expect(res instanceof Response && res.status).toBe(302);
    expect(res instanceof Response && res.headers.get('Location')).toBe(
      '/fr/auth/rider/dealers?name=Dealer',
    );
    expect(listFavourites(getDb(), who.alice.profileId).map((d) => d.id)).toEqual([dealerId]);
    expect(listFavourites(getDb(), who.bob.profileId)).toEqual([]);

    const page = await dealersLoader({
      request: req(`/auth/rider/dealers?name=${TAG}`, 'alice'),
      params: {},
      context: {},
    });
    expect(page.results.rows.map((d) => [d.id, d.favourite])).toEqual([[dealerId, true]]);

    const bad = await run(() =>
      dealersAction({
        request: req('/auth/rider/dealers', 'alice', {
          method: 'POST',
          body: new URLSearchParams({ intent: 'steal', dealerId: '1' }),
        }),
        params: {},
        context: {},
      }),
    );
    expect(
      bad instanceof Response ? bad.status : (bad as { init?: { status?: number } }).init?.status,
    ).toBe(400);
  });

  it('a dealer cannot open the rider area', async () => {
    const r = await run(() =>
      homeLoader({ request: req('/auth/rider', 'shop'), params: {}, context: {} }),
    );
    expect(r instanceof Response && r.status).toBe(302);
    expect(r instanceof Response && r.headers.get('Location')).toBe('/auth/dealer');
  });
});
