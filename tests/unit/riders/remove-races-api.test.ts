/**
 * DELETE /api/admin/rider/{riderId}/remove-races (spec §7, issue 10.1): admin only, DELETE only,
 * unknown rider 404, a bad body 400, races that are not the rider's 400, and a removal that
 * unlinks the race and marks it "not this rider".
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '#db/migrate';
import { eventClasses, events, resultExclusions, results } from '#db/schema';
import { getDb } from '~/db.server';
import { env } from '~/env.server';
import { action, loader } from '~/routes/api.admin.rider.$riderId.remove-races';
import { apiAccount, runRoute } from './api-session';

const TAG = Math.random().toString(36).slice(2, 8);
const who: Record<string, { profileId: number; cookie: string }> = {};

async function account(key: string, role: 'admin' | 'rider' | 'promoter') {
  who[key] = await apiAccount(`${key}-${TAG}@races.test`, role, key);
}

async function call(key: string, riderId: number | string, body: unknown, method = 'DELETE'): Promise<Response> {
  const request = new Request(`http://localhost/api/admin/rider/${riderId}/remove-races`, {
    method,
    headers: { Cookie: who[key]!.cookie, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return runRoute(() => action({ request, params: { riderId: String(riderId) }, context: {} }));
}

let resultIds: number[] = [];

beforeAll(async () => {
  await migrateDatabase(env().DATABASE_PATH);
  await account('admin', 'admin');
  await account('rider', 'rider');
  await account('promoter', 'promoter');
  const db = getDb();
  const ev = db.insert(events).values({ title: `Races ${TAG}`, date: '2026-04-04' }).returning().get();
  const cls = db.insert(eventClasses).values({ eventId: ev.id, name: '250 B', payoutType: 'dealerCredit' }).returning().get();
  resultIds = [1, 2].map(
    (place) =>
      db
        .insert(results)
        .values({ eventId: ev.id, classId: cls.id, place, riderName: place === 1 ? 'rider Test' : 'Someone Else', riderId: place === 1 ? who.rider!.profileId : null })
        .returning()
        .get().id,
  );
});

describe('DELETE /api/admin/rider/{riderId}/remove-races', () => {
  it('answers 405 to other methods and 403 to non-admins', async () => {
    expect(((await loader()) as Response).status).toBe(405);
    expect((await call('admin', who.rider!.profileId, { all: true }, 'POST')).status).toBe(405);
    for (const key of ['rider', 'promoter']) {
      expect((await call(key, who.rider!.profileId, { all: true })).status, key).toBe(403);
    }
  });

  it('404 for an unknown rider; 400 for a malformed id, a bad body or a race that is not the rider’s', async () => {
    expect((await call('admin', 999999, { all: true })).status).toBe(404);
    expect((await call('admin', 'abc', { all: true })).status).toBe(400);
    expect((await call('admin', who.rider!.profileId, {})).status).toBe(400);
    expect((await call('admin', who.rider!.profileId, { resultIds: [] })).status).toBe(400);
    const foreign = await call('admin', who.rider!.profileId, { resultIds: [resultIds[1]] });
    expect(foreign.status).toBe(400);
    expect(await foreign.json()).toMatchObject({ resultIds: [resultIds[1]] });
  });

  it('removes the race: it stays in the results, unlinked, marked "not this rider"', async () => {
    const res = await call('admin', who.rider!.profileId, { resultIds: [resultIds[0]] });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ removed: { removed: [resultIds[0]], eventsRecomputed: 1 } });
    const row = getDb().select().from(results).where(eq(results.id, resultIds[0]!)).get()!;
    expect(row.riderId).toBeNull();
    expect(
      getDb().select().from(resultExclusions).where(eq(resultExclusions.riderId, who.rider!.profileId)).all(),
    ).toHaveLength(1);
    // Nothing left to remove.
    expect((await call('admin', who.rider!.profileId, { all: true })).status).toBe(400);
  });
});
