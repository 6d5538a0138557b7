/**
 * DELETE /api/admin/rider/{riderId}/remove-races: admin only, DELETE only,
 * unknown rider 404, a bad body 400, races that are not the rider's 400, a removal that
 * unlinks the race and marks it "not this rider", and a 409 listing the conflicts when the removal
 * would take back money already spent.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '#db/migrate';
import { eventClasses, events, resultExclusions, results } from '#db/schema';
import { getDb } from '~/db.server';
import { env } from '~/env.server';
import { action, loader } from '~/routes/api.admin.rider.$riderId.remove-races';
import { recomputeEventAwards } from '~/services/money/awards/awards.server';
import { localizeApiResponse } from '~/http/json-api.server';
import { spendCredit } from '../counter-fixtures';
import {
  fillClass,
  makeAdmin,
  makeClass,
  makeEvent as makeFactoryEvent,
  resultRow,
} from '../factory';
import { apiAccount, runRoute } from '../../helpers/api-session';

const TAG = Math.random().toString(36).slice(2, 8);
const who: Record<string, { profileId: number; cookie: string }> = {};

async function account(key: string, role: 'admin' | 'rider' | 'promoter') {
  who[key] = await apiAccount(`${key}-${TAG}@races.test`, role, key);
}

async function call(
  key: string,
  riderId: number | string,
  body: unknown,
  method = 'DELETE',
  lang?: 'en' | 'fr',
): Promise<Response> {
  const request = new Request(`http://localhost/api/admin/rider/${riderId}/remove-races`, {
    method,
    headers: {
      Cookie: [who[key]!.cookie, lang ? `lang=${lang}` : ''].filter(Boolean).join('; '),
      'Content-Type': 'application/json',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // As the server answers /api calls: the error body in the caller's words.
  return localizeApiResponse(
    await runRoute(() => action({ request, params: { riderId: String(riderId) }, context: {} })),
    request,
  );
}

let resultIds: number[] = [];

beforeAll(async () => {
  await migrateDatabase(env().DATABASE_PATH);
  await account('admin', 'admin');
  await account('rider', 'rider');
  await account('promoter', 'promoter');
  const db = getDb();
  const ev = db
    .insert(events)
    .values({ title: `Races ${TAG}`, date: '2026-04-04' })
    .returning()
    .get();
  const cls = db
    .insert(eventClasses)
    .values({ eventId: ev.id, name: '250 B', payoutType: 'dealerCredit' })
    .returning()
    .get();
  resultIds = [1, 2].map(
    (place) =>
      db
        .insert(results)
        .values({
          eventId: ev.id,
          classId: cls.id,
          place,
          riderName: place === 1 ? 'rider Test' : 'Someone Else',
          riderId: place === 1 ? who.rider!.profileId : null,
        })
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
    expect(await res.json()).toMatchObject({
      removed: { removed: [resultIds[0]], eventsRecomputed: 1 },
    });
    const row = getDb().select().from(results).where(eq(results.id, resultIds[0]!)).get()!;
    expect(row.riderId).toBeNull();
    expect(
      getDb()
        .select()
        .from(resultExclusions)
        .where(eq(resultExclusions.riderId, who.rider!.profileId))
        .all(),
    ).toHaveLength(1);
    // Nothing left to remove.
    expect((await call('admin', who.rider!.profileId, { all: true })).status).toBe(400);
  });

  it('answers 409 listing the conflicts when the removal would take back money already spent, and removes nothing', async () => {
    const db = getDb();
    const adminActor = makeAdmin(db).actor;
    const recent = new Date(Date.now() - 20 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    const ev = makeFactoryEvent(db, { date: recent });
    const cls = makeClass(db, ev.id, { amounts: [30000, 20000, 10000] });
    const field = fillClass(db, ev.id, cls.id, 6);
    expect(recomputeEventAwards(db, ev.id, adminActor).ok).toBe(true);
    const winner = field[0]!;
    await spendCredit(db, winner.rider.id, 1000, new Date());

    for (const [lang, words] of [
      ['en', 'Removing these races would take back money already spent, claimed or paid.'],
      ['fr', 'Retirer ces courses reprendrait de l’argent déjà dépensé, réclamé ou payé.'],
    ] as const) {
      const res = await call('admin', winner.rider.id, { all: true }, 'DELETE', lang);
      expect(res.status).toBe(409);
      const body = (await res.json()) as {
        error: string;
        conflicts: { riderId: number; why: string }[];
      };
      expect(body.error).toBe(words);
      expect(body.conflicts).toEqual([
        expect.objectContaining({ riderId: winner.rider.id, why: 'spent' }),
      ]);
    }
    expect(resultRow(db, winner.result.id).riderId).toBe(winner.rider.id);
    expect(
      db.select().from(resultExclusions).where(eq(resultExclusions.riderId, winner.rider.id)).all(),
    ).toEqual([]);
  });
});
