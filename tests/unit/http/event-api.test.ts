/**
 * Who may change an event's classes and results through the JSON API and the event pages: only
 * an admin or the event's own promoter (directly or through the event's series). Route actions
 * and loaders are called with a Request carrying a real session cookie.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '#db/migrate';
import { eventClasses, events, results } from '#db/schema';
import { getDb } from '~/db.server';
import { env } from '~/env.server';
import { action as uploadClass } from '~/routes/api.event.$eventId.upload-class';
import { action as uploadAll } from '~/routes/api.event.$eventId.upload-all-class-result';
import { action as uploadOne } from '~/routes/api.event.$eventId.upload-class-result';
import { action as resultAction } from '~/routes/api.event.$eventId.result';
import { action as resultsAction } from '~/routes/api.event.$eventId.results';
import { action as deleteAll } from '~/routes/api.event.$eventId.delete-all-class-result';
import {
  action as promoterEventAction,
  loader as promoterEventLoader,
} from '~/routes/($lang).auth.promoter.event.($eventId)';
import {
  action as adminEventAction,
  loader as adminEventLoader,
} from '~/routes/($lang).auth.admin.event.($eventId)';
import { createSession } from '~/services/auth/session.server';
import { localizeApiResponse } from '~/http/json-api.server';
import type { EventView } from '~/services/events/management/event-view.server';
import { makeEvent, makePromoter, makeRider, makeSeries, makeUser } from '../money/factory';
import { admins } from '#db/schema';

const FIXTURES = path.resolve(process.cwd(), 'tests/fixtures/program');
const cookies: Record<string, string> = {};
let ownEvent = 0;
let seriesEvent = 0;
let ownerPromoterId = 0;

async function sessionCookie(userId: number) {
  const { setCookie } = await createSession(getDb(), userId);
  return setCookie.split(';')[0];
}

beforeAll(async () => {
  await migrateDatabase(env().DATABASE_PATH, { backup: false });
  const db = getDb();
  const admin = makeUser(db, 'admin');
  db.insert(admins).values({ userId: admin.id, firstName: 'Ada', lastName: 'Admin' }).run();
  const a = makePromoter(db, 'Owner Racing');
  const b = makePromoter(db, 'Other Racing');
  ownerPromoterId = a.promoter.id;
  const s = makeSeries(db, { promoterId: a.promoter.id });
  const riderUser = makeRider(db).user;
  ownEvent = makeEvent(db, { title: 'Own event', promoterId: a.promoter.id }).id;
  seriesEvent = makeEvent(db, { title: 'Series event', seriesId: s.id }).id;
  cookies.admin = await sessionCookie(admin.id);
  cookies.owner = await sessionCookie(a.user.id);
  cookies.other = await sessionCookie(b.user.id);
  cookies.rider = await sessionCookie(riderUser.id);
});

function req(url: string, who: string | null, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (who) headers.set('Cookie', cookies[who]);
  return new Request(`http://localhost${url}`, { ...init, headers });
}

function fileForm(name: string, extra: Record<string, string> = {}) {
  const form = new FormData();
  form.set(
    'file',
    new File([fs.readFileSync(path.join(FIXTURES, name))], name, { type: 'text/csv' }),
  );
  for (const [k, v] of Object.entries(extra)) form.set(k, v);
  return form;
}

async function run(fn: () => Promise<unknown>): Promise<Response> {
  try {
    const r = await fn();
    if (r instanceof Response) return r;
    throw new Error('expected a Response');
  } catch (e) {
    if (e instanceof Response) return e;
    throw e;
  }
}

const params = (eventId: number) => ({ eventId: String(eventId) });

function postFile(
  action: typeof uploadClass,
  route: string,
  eventId: number,
  who: string | null,
  file: string,
  extra: Record<string, string> = {},
) {
  const request = req(`/api/event/${eventId}/${route}`, who, {
    method: 'POST',
    body: fileForm(file, extra),
  });
  return run(() => action({ request, params: params(eventId), context: {} }));
}

describe('event API authorization', () => {
  it('another promoter gets 403 and changes nothing; a rider 403; no session 401', async () => {
    const db = getDb();
    expect(
      (await postFile(uploadClass, 'upload-class', ownEvent, 'other', 'class-payouts.csv')).status,
    ).toBe(403);
    expect(
      (await postFile(uploadAll, 'upload-all-class-result', ownEvent, 'other', 'results-all.csv'))
        .status,
    ).toBe(403);
    expect(
      (await postFile(uploadClass, 'upload-class', ownEvent, 'rider', 'class-payouts.csv')).status,
    ).toBe(403);
    expect(
      (await postFile(uploadClass, 'upload-class', ownEvent, null, 'class-payouts.csv')).status,
    ).toBe(401);
    const put = req(`/api/event/${ownEvent}/results`, 'other', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ results: [{ className: 'X', place: 1, riderName: 'A' }] }),
    });
    expect(
      (await run(() => resultsAction({ request: put, params: params(ownEvent), context: {} })))
        .status,
    ).toBe(403);
    const del = req(`/api/event/${ownEvent}/result?resultId=1`, 'other', { method: 'DELETE' });
    expect(
      (await run(() => resultAction({ request: del, params: params(ownEvent), context: {} })))
        .status,
    ).toBe(403);
    const all = req(`/api/event/${ownEvent}/delete-all-class-result`, 'other', { method: 'POST' });
    expect(
      (await run(() => deleteAll({ request: all, params: params(ownEvent), context: {} }))).status,
    ).toBe(403);
    expect(
      db.select().from(eventClasses).where(eq(eventClasses.eventId, ownEvent)).all(),
    ).toHaveLength(0);
    // The event page: someone else's event is a 404.
    const page = req(`/auth/promoter/event/${ownEvent}`, 'other');
    const res = await run(() =>
      promoterEventLoader({ request: page, params: params(ownEvent), context: {} }),
    );
    expect(res.status).toBe(404);
  });

  it('a proposed event takes its classes but refuses results until an admin approves it', async () => {
    const db = getDb();
    const proposed = makeEvent(db, { title: 'Proposed event', promoterId: ownerPromoterId });
    db.update(events).set({ approval: 'proposed' }).where(eq(events.id, proposed.id)).run();
    const upload = (who: string) =>
      postFile(uploadAll, 'upload-all-class-result', proposed.id, who, 'results-all.csv');
    expect(
      (await postFile(uploadClass, 'upload-class', proposed.id, 'owner', 'class-payouts.csv'))
        .status,
    ).toBe(200);
    const refused = await upload('owner');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 'notApproved' });
    expect(db.select().from(results).where(eq(results.eventId, proposed.id)).all()).toEqual([]);
    // The event page refuses it the same way, before reading the file.
    const page = req(`/auth/promoter/event/${proposed.id}?upload=results`, 'owner', {
      method: 'POST',
      body: fileForm('results-all.csv', {
        intent: 'uploadResults',
        shape: 'upload-all-class-result',
      }),
    });
    const answer = (await promoterEventAction({
      request: page,
      params: params(proposed.id),
      context: {},
    })) as unknown as { init: { status: number }; data: { error: string } };
    expect(answer.init.status).toBe(400);
    expect(answer.data.error).toBe('events:errors.notApproved');
    db.update(events).set({ approval: 'approved' }).where(eq(events.id, proposed.id)).run();
    expect((await upload('owner')).status).toBe(200);
  });

  it('the event’s own promoter uploads classes and results and gets the event reloaded', async () => {
    const classes = await postFile(
      uploadClass,
      'upload-class',
      ownEvent,
      'owner',
      'class-payouts.csv',
    );
    expect(classes.status).toBe(200);
    const body = (await classes.json()) as EventView;
    expect(body.event.id).toBe(ownEvent);
    expect(body.classes.map((c) => c.name)).toEqual([
      '450 Pro',
      '250 Pro',
      '450 B',
      'Vet 30+',
      'Pee Wee',
    ]);
    expect(body.classes[0].places.map((p) => p.amountCents)).toEqual([
      100000, 50000, 25000, 10000, 5000,
    ]);
    const res = await postFile(
      uploadAll,
      'upload-all-class-result',
      ownEvent,
      'owner',
      'results-all.csv',
    );
    expect(res.status).toBe(200);
    const after = (await res.json()) as EventView;
    expect(after.results).toHaveLength(25);
    expect(after.event.resultsUploadedAt).not.toBeNull();
  });

  it('a promoter reaches an event through its series; an admin reaches any event', async () => {
    expect(
      (await postFile(uploadClass, 'upload-class', seriesEvent, 'owner', 'class-payouts.csv'))
        .status,
    ).toBe(200);
    const one = getDb()
      .select()
      .from(eventClasses)
      .where(eq(eventClasses.eventId, seriesEvent))
      .all()[0];
    const res = await postFile(
      uploadOne,
      'upload-class-result',
      seriesEvent,
      'admin',
      'results-class.csv',
      {
        classId: String(one.id),
      },
    );
    expect(res.status).toBe(200);
    expect(getDb().select().from(results).where(eq(results.classId, one.id)).all()).toHaveLength(7);
  });

  it('a bad class file is refused with 400 naming both cells, and nothing changes', async () => {
    const db = getDb();
    const before = db.select().from(eventClasses).where(eq(eventClasses.eventId, ownEvent)).all();
    const res = await postFile(
      uploadClass,
      'upload-class',
      ownEvent,
      'admin',
      'class-payouts-bad.csv',
    );
    expect(res.status).toBe(400);
    const body = (await res.json()) as {
      error: string;
      problems: { row: number; column: string; value: string; message: string }[];
    };
    expect(body.problems.map((p) => [p.row, p.column, p.value])).toEqual([
      [2, '1st', '$1000'],
      [3, '2nd', 'three hundred'],
    ]);
    expect(body.problems[0].message).toContain('Row 2, column “1st”');
    expect(db.select().from(eventClasses).where(eq(eventClasses.eventId, ownEvent)).all()).toEqual(
      before,
    );
  });

  it('PUT result edits one result; DELETE result removes it; unknown events are 404', async () => {
    const db = getDb();
    const r = db.select().from(results).where(eq(results.eventId, ownEvent)).all()[0];
    const put = req(`/api/event/${ownEvent}/result`, 'owner', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ resultId: r.id, bonus: '12.50', bonusNote: 'Holeshot' }),
    });
    const res = await run(() =>
      resultAction({ request: put, params: params(ownEvent), context: {} }),
    );
    expect(res.status).toBe(200);
    expect(db.select().from(results).where(eq(results.id, r.id)).get()).toMatchObject({
      bonusCents: 1250,
      bonusNote: 'Holeshot',
    });
    const del = req(`/api/event/${ownEvent}/result?resultId=${r.id}`, 'owner', {
      method: 'DELETE',
    });
    expect(
      (await run(() => resultAction({ request: del, params: params(ownEvent), context: {} })))
        .status,
    ).toBe(200);
    expect(db.select().from(results).where(eq(results.id, r.id)).get()).toBeUndefined();
    const missing = req('/api/event/999999/result?resultId=1', 'admin', { method: 'DELETE' });
    expect(
      (await run(() => resultAction({ request: missing, params: params(999999), context: {} })))
        .status,
    ).toBe(404);
  });

  it("without an id: each role's event page is the new-event form", async () => {
    const promoter = await promoterEventLoader({
      request: req('/auth/promoter/event', 'other'),
      params: {},
      context: {},
    });
    expect(promoter.mode).toBe('new');
    const admin = await adminEventLoader({
      request: req('/auth/admin/event', 'admin'),
      params: {},
      context: {},
    });
    expect(admin.mode).toBe('new');
  });

  it('a file over 10MB is refused with a clear message, by the API and by the page', async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 10);
    const form = () => {
      const f = new FormData();
      f.set('intent', 'uploadClasses');
      f.set('file', new File([big], 'big.csv', { type: 'text/csv' }));
      return f;
    };
    const api = req(`/api/event/${ownEvent}/upload-class`, 'admin', {
      method: 'POST',
      body: form(),
    });
    // As the server answers /api calls: the error body in the caller's words.
    const res = await localizeApiResponse(
      await run(() => uploadClass({ request: api, params: params(ownEvent), context: {} })),
      api,
    );
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: string }).error).toBe(
      'The file is larger than 10MB: nothing was uploaded.',
    );
    const page = req(`/auth/admin/event/${ownEvent}`, 'admin', { method: 'POST', body: form() });
    const out = (await adminEventAction({
      request: page,
      params: params(ownEvent),
      context: {},
    })) as unknown as {
      data: { error: string };
      init: { status: number };
    };
    expect(out.init.status).toBe(413);
    expect(out.data.error).toBe('events:upload.tooLarge');
  });
});
