/**
 * The admin's result-claims API: admin only; list; refuse needs a reason; approve
 * links the result; a decided claim answers 400, an unknown one 404.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '#db/migrate';
import { bikes, eventClasses, events, resultClaims, results } from '#db/schema';
import { getDb } from '~/db.server';
import { env } from '~/env.server';
import { loader as listApi } from '~/routes/api.admin.result-claims';
import { action as decideApi } from '~/routes/api.admin.result-claim.$claimId';
import { apiAccount, runRoute } from '../../helpers/api-session';

const TAG = Math.random().toString(36).slice(2, 8);
const who: Record<string, { profileId: number; cookie: string }> = {};
let claimId = 0;
let resultId = 0;

async function account(key: string, role: 'admin' | 'rider' | 'promoter') {
  who[key] = await apiAccount(`${key}-${TAG}@claims.test`, role, key);
}
const run = runRoute;
const headers = (key: string) => ({ Cookie: who[key]!.cookie, 'Content-Type': 'application/json' });
const decide = (key: string, id: number | string, body: unknown) =>
  run(() =>
    decideApi({
      request: new Request(`http://localhost/api/admin/result-claim/${id}`, {
        method: 'POST',
        headers: headers(key),
        body: JSON.stringify(body),
      }),
      params: { claimId: String(id) },
      context: {},
    }),
  );

beforeAll(async () => {
  await migrateDatabase(env().DATABASE_PATH);
  await account('admin', 'admin');
  await account('rider', 'rider');
  await account('promoter', 'promoter');
  const db = getDb();
  const ev = db
    .insert(events)
    .values({ title: `Claims ${TAG}`, date: '2026-04-04' })
    .returning()
    .get();
  const cls = db
    .insert(eventClasses)
    .values({ eventId: ev.id, name: 'Open', payoutType: 'dealerCredit' })
    .returning()
    .get();
  resultId = db
    .insert(results)
    .values({ eventId: ev.id, classId: cls.id, place: 1, riderName: 'Unknown' })
    .returning()
    .get().id;
  const bike = db
    .insert(bikes)
    .values({
      riderId: who.rider!.profileId,
      vin: `CLAIMAPI${TAG}`.padEnd(17, '0').slice(0, 17),
      valid: true,
    })
    .returning()
    .get();
  claimId = db
    .insert(resultClaims)
    .values({ resultId, riderId: who.rider!.profileId, bikeId: bike.id })
    .returning()
    .get().id;
});

describe('admin result-claims API', () => {
  it('only an admin lists and decides', async () => {
    for (const key of ['rider', 'promoter']) {
      expect(
        (
          await run(() =>
            listApi({
              request: new Request('http://localhost/api/admin/result-claims', {
                headers: headers(key),
              }),
              params: {},
              context: {},
            }),
          )
        ).status,
      ).toBe(403);
      expect((await decide(key, claimId, { decision: 'approve' })).status).toBe(403);
    }
    const list = await run(() =>
      listApi({
        request: new Request('http://localhost/api/admin/result-claims', {
          headers: headers('admin'),
        }),
        params: {},
        context: {},
      }),
    );
    expect(
      ((await list.json()) as { claims: { id: number }[] }).claims.some((c) => c.id === claimId),
    ).toBe(true);
  });

  it('refuse needs a reason; approve links; decided 400; unknown 404', async () => {
    expect((await decide('admin', claimId, { decision: 'refuse' })).status).toBe(400);
    expect((await decide('admin', 999999, { decision: 'approve' })).status).toBe(404);
    const ok = await decide('admin', claimId, { decision: 'approve' });
    expect(ok.status).toBe(200);
    expect(getDb().select().from(results).where(eq(results.id, resultId)).get()!.riderId).toBe(
      who.rider!.profileId,
    );
    expect((await decide('admin', claimId, { decision: 'refuse', reason: 'late' })).status).toBe(
      400,
    );
  });
});
