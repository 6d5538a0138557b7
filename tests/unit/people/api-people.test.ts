/** The shared people calls of the API: each role sees only what is its own. */
import { beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '#db/migrate';
import { getDb } from '~/db.server';
import { env } from '~/env.server';
import { action as createDealer } from '~/routes/api.$role.dealers';
import {
  loader as getDealerApi,
  action as putDealerApi,
} from '~/routes/api.$role.dealer.$dealerId';
import { loader as getPromoterApi } from '~/routes/api.$role.promoter.$id';
import { action as markFactory } from '~/routes/api.admin.rider.$riderId.mark-factory';
import { loader as ridersApi } from '~/routes/api.$role.riders';
import { createSession } from '~/services/auth/session.server';
import { createAccount } from '~/services/people/users.server';

const who: Record<string, { cookie: string; profileId: number }> = {};

async function account(key: string, role: 'admin' | 'dealer' | 'promoter' | 'rider') {
  const { user, profileId } = await createAccount(getDb(), {
    role,
    email: `${key}@api.test`,
    password: 'Password123',
    emailVerified: true,
    name: key,
    firstName: key,
    lastName: 'Api',
  });
  const { setCookie } = await createSession(getDb(), user.id);
  who[key] = { cookie: setCookie.split(';')[0], profileId };
}

function req(path: string, key: string, init: RequestInit = {}) {
  return new Request(`http://localhost${path}`, {
    ...init,
    headers: { Cookie: who[key].cookie, 'Content-Type': 'application/json' },
  });
}

async function status(p: Promise<Response> | Response | Promise<unknown>): Promise<number> {
  try {
    const r = await p;
    return r instanceof Response ? r.status : 200;
  } catch (e) {
    if (e instanceof Response) return e.status;
    throw e;
  }
}

beforeAll(async () => {
  await migrateDatabase(env().DATABASE_PATH);
  for (const [k, r] of [
    ['admin', 'admin'],
    ['dealerA', 'dealer'],
    ['dealerB', 'dealer'],
    ['promoterA', 'promoter'],
    ['promoterB', 'promoter'],
    ['riderA', 'rider'],
  ] as const) {
    await account(k, r);
  }
});

describe('people API authorization', () => {
  it('a dealer reads only its own dealer record, and cannot change it through the API', async () => {
    const own = {
      request: req(`/api/dealer/dealer/${who.dealerA.profileId}`, 'dealerA'),
      params: { role: 'dealer', dealerId: String(who.dealerA.profileId) },
      context: {},
    };
    expect(await status(getDealerApi(own))).toBe(200);
    const other = {
      request: req(`/api/dealer/dealer/${who.dealerB.profileId}`, 'dealerA'),
      params: { role: 'dealer', dealerId: String(who.dealerB.profileId) },
      context: {},
    };
    expect(await status(getDealerApi(other))).toBe(403);
    const put = {
      request: req(`/api/dealer/dealer/${who.dealerA.profileId}`, 'dealerA', {
        method: 'PUT',
        body: JSON.stringify({ name: 'Mine now' }),
      }),
      params: { role: 'dealer', dealerId: String(who.dealerA.profileId) },
      context: {},
    };
    expect(await status(putDealerApi(put))).toBe(403);
  });

  it('the {role} segment must be the caller’s role', async () => {
    const spoof = {
      request: req(`/api/admin/dealer/${who.dealerB.profileId}`, 'dealerA'),
      params: { role: 'admin', dealerId: String(who.dealerB.profileId) },
      context: {},
    };
    expect(await status(getDealerApi(spoof))).toBe(403);
  });

  it('an admin creates a dealer; a bad body is a 400 naming the field', async () => {
    const ok = await createDealer({
      request: req('/api/admin/dealers', 'admin', {
        method: 'POST',
        body: JSON.stringify({
          dealer: { name: 'New Shop', country: 'US', state: 'CA', active: true },
        }),
      }),
      params: { role: 'admin' },
      context: {},
    });
    expect(ok.status).toBe(201);
    expect(((await ok.json()) as { dealer: { name: string } }).dealer.name).toBe('New Shop');
    let bad: Response | undefined;
    try {
      await createDealer({
        request: req('/api/admin/dealers', 'admin', {
          method: 'POST',
          body: JSON.stringify({ country: 'US' }),
        }),
        params: { role: 'admin' },
        context: {},
      });
    } catch (e) {
      bad = e as Response;
    }
    expect(bad?.status).toBe(400);
    expect(JSON.stringify(await bad?.json())).toContain('name');
  });

  it('a promoter reads only itself', async () => {
    const mk = (key: string, id: number) => ({
      request: req(`/api/promoter/promoter/${id}`, key),
      params: { role: 'promoter', id: String(id) },
      context: {},
    });
    expect(await status(getPromoterApi(mk('promoterA', who.promoterA.profileId)))).toBe(200);
    expect(await status(getPromoterApi(mk('promoterA', who.promoterB.profileId)))).toBe(403);
  });

  it('only an admin marks a factory rider; riders cannot list riders', async () => {
    const args = (key: string) => ({
      request: req(`/api/admin/rider/${who.riderA.profileId}/mark-factory`, key, {
        method: 'POST',
        body: '{}',
      }),
      params: { riderId: String(who.riderA.profileId) },
      context: {},
    });
    expect(await status(markFactory(args('dealerA')))).toBe(403);
    const r = await markFactory(args('admin'));
    expect(((await r.json()) as { rider: { factory: boolean } }).rider.factory).toBe(true);
    const list = {
      request: req('/api/rider/riders', 'riderA'),
      params: { role: 'rider' },
      context: {},
    };
    expect(await status(ridersApi(list))).toBe(404);
  });
});
