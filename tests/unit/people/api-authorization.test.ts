/**
 * Who may read and change a rider through the API and the files routes: route loaders and actions
 * called directly with a Request carrying a real session cookie.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '#db/migrate';
import { events, riders, series, sessions } from '#db/schema';
import { getDb } from '~/db.server';
import { env } from '~/env.server';
import {
  action as riderApiAction,
  loader as riderApiLoader,
} from '~/routes/api.$role.rider.$riderId';
import { action as deleteTimecardApi } from '~/routes/api.admin.rider.$riderId.timecard.$file';
import { action as uploadTimecardApi } from '~/routes/api.admin.rider.$riderId.timecard';
import { action as ridersMerge } from '~/routes/api.admin.riders-merge';
import { action as uploadEventsApi } from '~/routes/api.admin.serie.$seriesId.upload-events';
import { action as uploadIdFiles } from '~/routes/api.rider.rider.$riderId.upload-id-files';
import { action as riderChangePassword } from '~/routes/api.rider.rider.change-password';
import { action as dealerChangePassword } from '~/routes/api.dealer.dealer.change-password';
import { action as profileAction } from '~/routes/($lang).auth.rider.profile';
import { loader as documentLoader } from '~/routes/files.documents.$documentId';
import { loader as profileImageLoader } from '~/routes/files.profile.$userId';
import { saveRiderDocument } from '~/services/people/documents.server';
import { createSession } from '~/services/auth/session.server';
import { createAccount } from '~/services/people/users.server';
import { localizeApiResponse } from '~/http/json-api.server';
import { pdfBytes, tinyPng } from './rider-helpers';

const PASSWORD = 'Password123';
const TAG = Math.random().toString(36).slice(2, 8);
type Who = { userId: number; profileId: number; cookie: string; email: string };
const who: Record<string, Who> = {};
let docOfB = 0;

async function account(key: string, role: 'admin' | 'rider' | 'dealer' | 'promoter') {
  const db = getDb();
  const email = `${key}-${TAG}@api.test`.toLowerCase();
  const { user, profileId } = await createAccount(db, {
    role,
    email,
    password: PASSWORD,
    emailVerified: true,
    firstName: key,
    lastName: 'Test',
    name: key,
  });
  const { setCookie } = await createSession(db, user.id);
  who[key] = { userId: user.id, profileId, cookie: setCookie.split(';')[0], email };
}

function req(path: string, key: string | null, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (key) headers.set('Cookie', who[key].cookie);
  return new Request(`http://localhost${path}`, { ...init, headers });
}

/** Runs a loader or action; a thrown Response is returned like a returned one. */
async function run(fn: () => Promise<unknown>): Promise<Response> {
  try {
    const r = await fn();
    if (r instanceof Response) return r;
    // Remix `data()` results (profile action): status in `init`.
    const d = r as { type?: string; data?: unknown; init?: { status?: number } };
    return Response.json(d.data ?? r, { status: d.init?.status ?? 200 });
  } catch (e) {
    if (e instanceof Response) return e;
    throw e;
  }
}

function getRider(role: string, riderId: number, key: string | null) {
  return run(() =>
    riderApiLoader({
      request: req(`/api/${role}/rider/${riderId}`, key),
      params: { role, riderId: String(riderId) },
      context: {},
    }),
  );
}

function putRider(role: string, riderId: number, key: string | null, body: unknown) {
  const request = req(`/api/${role}/rider/${riderId}`, key, {
    method: 'PUT',
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json' },
  });
  return run(() =>
    riderApiAction({ request, params: { role, riderId: String(riderId) }, context: {} }),
  );
}

const PROFILE = {
  firstName: 'Changed',
  lastName: 'Name',
  phone1: '555-123-4567',
  dateOfBirth: '1990-05-05',
  sex: 'male',
  raceStyle: 'road',
  addressLine1: '2 Pit Lane',
  city: 'Quebec',
  country: 'CA',
  state: 'QC',
  zipcode: 'G1A 0A1',
  instagram: '@changed',
};

beforeAll(async () => {
  await migrateDatabase(env().DATABASE_PATH);
  await account('riderA', 'rider');
  await account('riderB', 'rider');
  await account('admin', 'admin');
  await account('dealer', 'dealer');
  await account('promoter', 'promoter');
  const saved = saveRiderDocument(
    getDb(),
    { id: who.riderB.profileId, userId: who.riderB.userId },
    'driversLicence',
    { name: 'licence.png', size: tinyPng().byteLength, bytes: tinyPng() },
    { userId: who.riderB.userId, proxyHostUserId: null },
  );
  if (!saved.ok) throw new Error('document not saved');
  docOfB = saved.document.id;
});

describe('GET /api/{role}/rider/{riderId}', () => {
  it('a rider reads themself, without PIN hash or password', async () => {
    const r = await getRider('rider', who.riderA.profileId, 'riderA');
    expect(r.status).toBe(200);
    const body = (await r.json()) as {
      rider: Record<string, unknown>;
      creditRedemptions: unknown[];
      payoutClaims: unknown[];
    };
    expect(body.rider.id).toBe(who.riderA.profileId);
    expect(body.rider.email).toBe(who.riderA.email);
    expect(body.rider).not.toHaveProperty('pinHash');
    expect(body.rider).not.toHaveProperty('passwordHash');
    expect(body.rider).not.toHaveProperty('note');
    expect(body.creditRedemptions).toEqual([]);
    expect(body.payoutClaims).toEqual([]);
  });

  it('a rider cannot read another rider', async () => {
    const r = await getRider('rider', who.riderB.profileId, 'riderA');
    expect(r.status).toBe(403);
    expect(JSON.stringify(await r.json())).not.toContain(who.riderB.email);
  });

  it('a rider cannot use another role segment', async () => {
    expect((await getRider('admin', who.riderB.profileId, 'riderA')).status).toBe(403);
    expect((await getRider('dealer', who.riderB.profileId, 'riderA')).status).toBe(403);
  });

  it('an admin reads any rider (with documents and the admin note)', async () => {
    const r = await getRider('admin', who.riderB.profileId, 'admin');
    expect(r.status).toBe(200);
    const body = (await r.json()) as {
      rider: { documents: { id: number; url: string }[]; email: string };
    };
    expect(body.rider.email).toBe(who.riderB.email);
    expect(body.rider).toHaveProperty('note');
    expect(body.rider.documents.map((d) => d.id)).toContain(docOfB);
  });

  it('a dealer reads a rider for the counter, without address, documents or payouts', async () => {
    const r = await getRider('dealer', who.riderB.profileId, 'dealer');
    expect(r.status).toBe(200);
    const body = (await r.json()) as { rider: Record<string, unknown>; payoutClaims: unknown[] };
    expect(body.rider.fullName).toBe('riderB Test');
    expect(body.rider).not.toHaveProperty('addressLine1');
    expect(body.rider).not.toHaveProperty('documents');
    expect(body.rider).not.toHaveProperty('pinHash');
    expect(body.payoutClaims).toEqual([]);
  });

  it('a promoter or nobody gets no rider', async () => {
    expect((await getRider('promoter', who.riderB.profileId, 'promoter')).status).toBe(404);
    expect((await getRider('rider', who.riderB.profileId, null)).status).toBe(401);
  });

  it('an unknown rider is 404 for an admin', async () => {
    expect((await getRider('admin', 999_999, 'admin')).status).toBe(404);
  });
});

describe('PUT /api/{role}/rider/{riderId}', () => {
  it('a rider cannot change another rider', async () => {
    const r = await putRider('rider', who.riderB.profileId, 'riderA', PROFILE);
    expect(r.status).toBe(403);
    expect(
      getDb().select().from(riders).where(eq(riders.id, who.riderB.profileId)).get()?.firstName,
    ).toBe('riderB');
  });

  it('a dealer never changes a rider', async () => {
    expect((await putRider('dealer', who.riderB.profileId, 'dealer', PROFILE)).status).toBe(403);
  });

  it('a rider changes themself, validated by the profile schema', async () => {
    const bad = await putRider('rider', who.riderA.profileId, 'riderA', {
      ...PROFILE,
      state: 'TX',
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { issues: unknown[] }).issues).toEqual([
      { path: 'state', message: 'rider:errors.region' },
    ]);
    const ok = await putRider('rider', who.riderA.profileId, 'riderA', PROFILE);
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as {
      rider: { firstName: string; state: string; socialMedia: Record<string, string> };
    };
    expect(body.rider).toMatchObject({
      firstName: 'Changed',
      state: 'QC',
      socialMedia: { instagram: '@changed' },
    });
  });

  it('an admin changes any rider', async () => {
    const r = await putRider('admin', who.riderB.profileId, 'admin', {
      ...PROFILE,
      firstName: 'ByAdmin',
    });
    expect(r.status).toBe(200);
    expect(
      getDb().select().from(riders).where(eq(riders.id, who.riderB.profileId)).get()?.firstName,
    ).toBe('ByAdmin');
  });
});

describe('documents', () => {
  function getDoc(key: string | null) {
    return run(() =>
      documentLoader({
        request: req(`/files/documents/${docOfB}`, key),
        params: { documentId: String(docOfB) },
        context: {},
      }),
    );
  }

  it('only the owner rider and admins can fetch a document', async () => {
    expect((await getDoc('riderA')).status).toBe(403);
    expect((await getDoc('dealer')).status).toBe(403);
    expect((await getDoc(null)).status).toBe(401);
    const own = await getDoc('riderB');
    expect(own.status).toBe(200);
    expect(own.headers.get('Content-Type')).toBe('image/png');
    expect(new Uint8Array(await own.arrayBuffer())).toEqual(tinyPng());
    expect((await getDoc('admin')).status).toBe(200);
  });

  it('any signed-in user sees a profile image; nobody else', async () => {
    const db = getDb();
    const saved = saveRiderDocument(
      db,
      { id: who.riderB.profileId, userId: who.riderB.userId },
      'profileImage',
      { name: 'me.png', size: tinyPng().byteLength, bytes: tinyPng() },
      { userId: who.riderB.userId, proxyHostUserId: null },
    );
    expect(saved.ok).toBe(true);
    const get = (key: string | null) =>
      run(() =>
        profileImageLoader({
          request: req(`/files/profile/${who.riderB.userId}`, key),
          params: { userId: String(who.riderB.userId) },
          context: {},
        }),
      );
    expect((await get('dealer')).status).toBe(200);
    expect((await get(null)).status).toBe(401);
  });

  it('a rider cannot upload ID files for another rider', async () => {
    const fd = new FormData();
    fd.append('file', new Blob([tinyPng()], { type: 'image/png' }), 'id.png');
    const path = `/api/rider/rider/${who.riderB.profileId}/upload-id-files`;
    const r = await run(() =>
      uploadIdFiles({
        request: req(path, 'riderA', { method: 'POST', body: fd }),
        params: { riderId: String(who.riderB.profileId) },
        context: {},
      }),
    );
    expect(r.status).toBe(403);
  });

  it('the upload-id-files call checks content: a PDF named .png is refused, a png stored', async () => {
    const path = `/api/rider/rider/${who.riderA.profileId}/upload-id-files`;
    const post = (bytes: Uint8Array<ArrayBuffer>, name: string) => {
      const fd = new FormData();
      fd.append('files', new Blob([bytes], { type: 'image/png' }), name);
      return run(() =>
        uploadIdFiles({
          request: req(path, 'riderA', { method: 'POST', body: fd }),
          params: { riderId: String(who.riderA.profileId) },
          context: {},
        }),
      );
    };
    const bad = await post(pdfBytes(), 'id.png');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toBe('rider:documents.errors.notImage');
    const ok = await post(tinyPng(), 'id.png');
    expect(ok.status).toBe(201);
    expect(((await ok.json()) as { documents: { kind: string }[] }).documents[0].kind).toBe(
      'idFile',
    );
  });

  it('the profile page upload refuses a PDF renamed .png next to the field, and stores a png', async () => {
    const post = (bytes: Uint8Array<ArrayBuffer>) => {
      const fd = new FormData();
      fd.append('intent', 'upload');
      fd.append('kind', 'driversLicence');
      fd.append('file', new Blob([bytes], { type: 'image/png' }), 'licence.png');
      return run(() =>
        profileAction({
          request: req('/auth/rider/profile', 'riderA', { method: 'POST', body: fd }),
          params: {},
          context: {},
        }),
      );
    };
    const bad = await post(pdfBytes());
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      intent: 'upload',
      kind: 'driversLicence',
      error: 'rider:documents.errors.notImage',
    });
    const ok = await post(tinyPng());
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({
      intent: 'upload',
      kind: 'driversLicence',
      saved: true,
    });
  });
});

describe('PUT /api/{role}/{role}/change-password', () => {
  function put(fn: typeof riderChangePassword, path: string, key: string, body: unknown) {
    const request = req(path, key, {
      method: 'PUT',
      body: JSON.stringify(body),
      headers: { 'Content-Type': 'application/json' },
    });
    // As the server answers /api calls: error bodies in the caller's words.
    return run(() => fn({ request, params: {}, context: {} })).then((res) =>
      localizeApiResponse(res, request),
    );
  }

  it('needs the current password and the new one twice; keeps only the calling session', async () => {
    const path = '/api/dealer/dealer/change-password';
    const wrong = await put(dealerChangePassword, path, 'dealer', {
      currentPassword: 'nope-nope',
      password: 'New-Sandy-Berm-31',
      confirmPassword: 'New-Sandy-Berm-31',
    });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: string }).error).toBe(
      'Your current password is not correct.',
    );
    const mismatch = await put(dealerChangePassword, path, 'dealer', {
      currentPassword: PASSWORD,
      password: 'New-Sandy-Berm-31',
      confirmPassword: 'New-Sandy-Berm-32',
    });
    expect(mismatch.status).toBe(400);
    expect(((await mismatch.json()) as { error: string }).error).toBe(
      'Both password inputs must be the same',
    );

    const db = getDb();
    const other = await createSession(db, who.dealer.userId);
    const ok = await put(dealerChangePassword, path, 'dealer', {
      currentPassword: PASSWORD,
      password: 'New-Sandy-Berm-31',
      confirmPassword: 'New-Sandy-Berm-31',
    });
    expect(ok.status).toBe(200);
    const left = db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, who.dealer.userId))
      .all()
      .map((s) => s.id);
    expect(left).not.toContain(other.id);
    expect(left).toHaveLength(1);
  });

  it('answers 403 to another role', async () => {
    const r = await put(riderChangePassword, '/api/rider/rider/change-password', 'admin', {
      currentPassword: PASSWORD,
      password: 'New-Sandy-Berm-31',
      confirmPassword: 'New-Sandy-Berm-31',
    });
    expect(r.status).toBe(403);
  });
});

describe('timecards (admin): POST /api/admin/rider/{riderId}/timecard, DELETE …/timecard/{file}', () => {
  const upload = (
    key: string,
    riderId: number,
    bytes: Uint8Array<ArrayBuffer>,
    name = 'timecard.png',
  ) => {
    const fd = new FormData();
    fd.append('file', new Blob([bytes], { type: 'image/png' }), name);
    const path = `/api/admin/rider/${riderId}/timecard`;
    return run(() =>
      uploadTimecardApi({
        request: req(path, key, { method: 'POST', body: fd }),
        params: { riderId: String(riderId) },
        context: {},
      }),
    );
  };
  const remove = (key: string, riderId: number, file: string) => {
    const path = `/api/admin/rider/${riderId}/timecard/${file}`;
    return run(() =>
      deleteTimecardApi({
        request: req(path, key, { method: 'DELETE' }),
        params: { riderId: String(riderId), file },
        context: {},
      }),
    );
  };

  it('only an admin files a timecard; a PDF named .png is refused', async () => {
    for (const key of ['riderA', 'dealer', 'promoter']) {
      expect((await upload(key, who.riderA.profileId, tinyPng())).status, key).toBe(403);
    }
    expect((await upload('admin', 999999, tinyPng())).status).toBe(404);
    const bad = await upload('admin', who.riderA.profileId, pdfBytes());
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toBe('rider:documents.errors.notImage');
  });

  it('an admin files one, the rider cannot delete it, the admin deletes it by file name', async () => {
    const ok = await upload('admin', who.riderA.profileId, tinyPng(), 'round-3.png');
    expect(ok.status).toBe(201);
    const { document } = (await ok.json()) as {
      document: { id: number; kind: string; file: string; originalName: string };
    };
    expect(document).toMatchObject({ kind: 'timecard', originalName: 'round-3.png' });
    // The rider's own profile never lists or removes timecards.
    const riderDelete = new FormData();
    riderDelete.append('intent', 'deleteDocument');
    riderDelete.append('documentId', String(document.id));
    await run(() =>
      profileAction({
        request: req('/auth/rider/profile', 'riderA', { method: 'POST', body: riderDelete }),
        params: {},
        context: {},
      }),
    );
    expect((await remove('riderA', who.riderA.profileId, document.file)).status).toBe(403);
    expect((await remove('admin', who.riderB.profileId, document.file)).status).toBe(404);
    const gone = await remove('admin', who.riderA.profileId, document.file);
    expect(gone.status).toBe(200);
    expect(await gone.json()).toEqual({ deleted: true });
    expect((await remove('admin', who.riderA.profileId, document.file)).status).toBe(404);
  });
});

describe('POST /api/admin/riders-merge', () => {
  const post = (key: string, body: unknown) =>
    run(() =>
      ridersMerge({
        request: req('/api/admin/riders-merge', key, {
          method: 'POST',
          body: JSON.stringify(body),
          headers: { 'Content-Type': 'application/json' },
        }),
        params: {},
        context: {},
      }),
    );

  it('only an admin merges; the confirmation must name the right rider; the deleted rider is gone', async () => {
    await account('mergeKeep', 'rider');
    await account('mergeDrop', 'rider');
    const ids = { keepRiderId: who.mergeKeep.profileId, deleteRiderId: who.mergeDrop.profileId };
    for (const key of ['mergeKeep', 'dealer', 'promoter']) {
      expect(
        (await post(key, { ...ids, confirmation: `DELETE ${who.mergeDrop.email}` })).status,
        key,
      ).toBe(403);
    }
    expect(
      (await post('admin', { ...ids, confirmation: `DELETE ${who.mergeKeep.email}` })).status,
    ).toBe(400);
    expect(
      (
        await post('admin', {
          keepRiderId: 999999,
          deleteRiderId: ids.deleteRiderId,
          confirmation: `DELETE ${who.mergeDrop.email}`,
        })
      ).status,
    ).toBe(400);
    const ok = await post('admin', { ...ids, confirmation: `DELETE ${who.mergeDrop.email}` });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { merged: { keptRiderId: number } }).merged.keptRiderId).toBe(
      ids.keepRiderId,
    );
    expect(
      getDb().select().from(riders).where(eq(riders.id, ids.deleteRiderId)).get(),
    ).toBeUndefined();
    expect(
      getDb().select().from(sessions).where(eq(sessions.userId, who.mergeDrop.userId)).all(),
    ).toEqual([]);
  });
});

describe('POST /api/admin/serie/{seriesId}/upload-events', () => {
  it('only an admin uploads a schedule; problems come back with row, column and message', async () => {
    const s = getDb()
      .insert(series)
      .values({ name: `Upload ${TAG}` })
      .returning()
      .get();
    const post = (key: string, csv: string) => {
      const fd = new FormData();
      fd.append('file', new Blob([csv], { type: 'text/csv' }), 'schedule.csv');
      const path = `/api/admin/serie/${s.id}/upload-events`;
      return run(() =>
        uploadEventsApi({
          request: req(path, key, { method: 'POST', body: fd }),
          params: { seriesId: String(s.id) },
          context: {},
        }),
      );
    };
    for (const key of ['promoter', 'dealer', 'riderA'])
      expect((await post(key, 'Title,Date\nA,2030-01-01\n')).status, key).toBe(403);
    const bad = await post('admin', 'Title,Date\nA,01/01/2030\n');
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as {
      problems: { row: number; column: string; code: string; message: string }[];
    };
    expect(body.problems).toEqual([
      expect.objectContaining({ row: 2, column: 'Date', code: 'badDate' }),
    ]);
    expect(body.problems[0]!.message).toContain('YYYY-MM-DD');
    const ok = await post('admin', 'Title,Date\nA,2030-01-01\nB,2030-02-01\n');
    expect(ok.status).toBe(201);
    expect(await ok.json()).toEqual({ created: 2 });
    expect(getDb().select().from(events).where(eq(events.seriesId, s.id)).all()).toHaveLength(2);
  });
});
