/**
 * The payout-claim calls through their routes: `POST /api/admin/payout-claims?dryRun=true`
 * previews the batch and creates nothing; `PUT /api/admin/payout-claim/{id}` takes the status as
 * the spec writes it (`SENT`) and its undo, in any case; another word is a 400 in the caller's
 * language.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '#db/migrate';
import { awards, payoutClaims } from '#db/schema';
import { getDb } from '~/db.server';
import { env } from '~/env.server';
import { action as claimPut } from '~/routes/api.$role.payout-claim.$id';
import { action as claimsPost } from '~/routes/api.admin.payout-claims';
import { localizeApiResponse } from '~/http/api-answer.server';
import { expectContract } from '../helpers/openapi-contract';
import { addAward, makeEvent, makePayablePro } from '../money/payouts-fixtures';
import { apiAccount, runRoute, type ApiAccount } from '../helpers/api-session';

const TAG = Math.random().toString(36).slice(2, 8);
let admin: ApiAccount;
let riderId = 0;
let awardId = 0;

beforeAll(async () => {
  await migrateDatabase(env().DATABASE_PATH);
  admin = await apiAccount(`admin-${TAG}@claims.test`, 'admin', 'admin');
  const db = getDb();
  const pro = makePayablePro(db, { country: 'US' });
  riderId = pro.rider.id;
  const ev = makeEvent(db, { date: '2025-03-01' });
  awardId = addAward(db, { riderId, kind: 'cash', cents: 50000, eventId: ev.id }).id;
});

async function call(request: Request, fn: () => Promise<unknown>) {
  const res = await localizeApiResponse(await runRoute(fn), request);
  await expectContract(request, res);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

function post(query: string) {
  const request = new Request(`http://localhost/api/admin/payout-claims${query}`, {
    method: 'POST',
    headers: { Cookie: admin.cookie, 'Content-Type': 'application/json' },
    body: JSON.stringify({ riderIds: [riderId] }),
  });
  return call(request, () => claimsPost({ request, params: {}, context: {} }));
}

function putStatus(id: number, status: unknown, lang: 'en' | 'fr' = 'en') {
  const request = new Request(`http://localhost/api/admin/payout-claim/${id}`, {
    method: 'PUT',
    headers: { Cookie: `${admin.cookie}; lang=${lang}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ status }),
  });
  return call(request, () =>
    claimPut({ request, params: { role: 'admin', id: String(id) }, context: {} }),
  );
}

const claimsOf = () =>
  getDb().select().from(payoutClaims).where(eq(payoutClaims.riderId, riderId)).all();
const award = () => getDb().select().from(awards).where(eq(awards.id, awardId)).get()!;

describe('POST /api/admin/payout-claims', () => {
  it('?dryRun=true previews the batch and creates nothing; the real call then creates it', async () => {
    const preview = await post('?dryRun=true');
    expect(preview.status).toBe(200);
    expect(preview.body.dryRun).toBe(true);
    expect(preview.body.payoutClaims).toEqual([
      expect.objectContaining({ riderId, grossCents: 50000, status: 'pending' }),
    ]);
    expect(claimsOf()).toEqual([]);
    expect(award().payoutClaimId).toBeNull();

    const real = await post('');
    expect(real.status).toBe(200);
    expect(real.body.dryRun).toBe(false);
    expect(claimsOf()).toHaveLength(1);
    expect(award().payoutClaimId).toBe(claimsOf()[0]!.id);
  });
});

describe('PUT /api/admin/payout-claim/{id}', () => {
  it('takes SENT, sent and Sent, and the undo (PENDING, unsent), in any case', async () => {
    const id = claimsOf()[0]!.id;
    for (const [word, status] of [
      ['SENT', 'sent'],
      ['PENDING', 'pending'],
      ['sent', 'sent'],
      ['unsent', 'pending'],
      ['Sent', 'sent'],
      ['Pending', 'pending'],
    ] as const) {
      const res = await putStatus(id, word);
      expect({ word, status: res.status }).toEqual({ word, status: 200 });
      expect((res.body.payoutClaim as { status: string }).status).toBe(status);
      expect(claimsOf()[0]!.status).toBe(status);
      expect(award().status).toBe(status === 'sent' ? 'sent' : 'earned');
    }
  });

  it("another word is a 400 that says so, in the caller's language", async () => {
    const id = claimsOf()[0]!.id;
    const en = await putStatus(id, 'PAID', 'en');
    const fr = await putStatus(id, 'PAID', 'fr');
    expect([en.status, fr.status]).toEqual([400, 400]);
    // The sentence lists every word the call takes, UNSENT included.
    expect(en.body).toMatchObject({
      error:
        'The status must be SENT, PENDING or UNSENT (any case; NOT_SENT and UNDO also undo the mark).',
      code: 'invalidInput',
      field: 'status',
    });
    expect(fr.body.error).toBe(
      'Le statut doit être SENT, PENDING ou UNSENT (majuscules ou minuscules\u00a0; NOT_SENT et UNDO annulent aussi le marquage).',
    );
  });
});
