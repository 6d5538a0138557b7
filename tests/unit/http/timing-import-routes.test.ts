/**
 * The mapping step through the event pages: a results file whose needed columns we
 * cannot place is held and the uploader sent to the mapping page instead of being refused; storing
 * applies the chosen columns through the same path as a direct upload (row problems named the
 * same way), remembers them for the promoter, and the next file with those headers loads at once.
 * Another promoter, another user or another event never reach the held file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '#db/migrate';
import { admins, results } from '#db/schema';
import { getDb } from '~/db.server';
import { env } from '~/env.server';
import { action as promoterEventAction } from '~/routes/($lang).auth.promoter.event.($eventId)';
import {
  action as promoterTimingAction,
  loader as promoterTimingLoader,
} from '~/routes/($lang).auth.promoter.event_.$eventId.timing.$token';
import { action as adminEventAction } from '~/routes/($lang).auth.admin.event.($eventId)';
import { createSession } from '~/services/auth/session.server';
import { preselectedColumns } from '~/services/events/results-import/timing-mappings.server';
import { makeClass, makeEvent, makePromoter, makeUser } from '../money/factory';

const cookies: Record<string, string> = {};
let promoterA = 0;
let promoterB = 0;
const ev: Record<string, number> = {};

beforeAll(async () => {
  await migrateDatabase(env().DATABASE_PATH, { backup: false });
  const db = getDb();
  const admin = makeUser(db, 'admin');
  db.insert(admins).values({ userId: admin.id, firstName: 'Ada', lastName: 'Admin' }).run();
  const a = makePromoter(db, 'Timing A');
  const b = makePromoter(db, 'Timing B');
  promoterA = a.promoter.id;
  promoterB = b.promoter.id;
  for (const [key, promoterId] of [
    ['a1', promoterA],
    ['a2', promoterA],
    ['a3', promoterA],
    ['b1', promoterB],
  ] as const) {
    ev[key] = makeEvent(db, { title: key, promoterId }).id;
    makeClass(db, ev[key], { name: '450 A' });
  }
  for (const [who, userId] of [
    ['admin', admin.id],
    ['a', a.user.id],
    ['b', b.user.id],
  ] as const)
    cookies[who] = (await createSession(db, userId)).setCookie.split(';')[0]!;
});

function req(url: string, who: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set('Cookie', cookies[who]!);
  return new Request(`http://localhost${url}`, { ...init, headers });
}

async function run(fn: () => Promise<unknown>) {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof Response) return e;
    throw e;
  }
}

/** Files of one class (no class column) are uploaded to this class of their event. */
const oneClass: Record<string, number> = {};

function uploadForm(file: string, eventKey: string) {
  const f = new FormData();
  f.set('intent', 'uploadResults');
  const classId = oneClass[eventKey];
  f.set('shape', classId ? 'upload-class-result' : 'upload-all-class-result');
  if (classId) f.set('classId', String(classId));
  const text = fs.readFileSync(path.join(process.cwd(), 'tests/fixtures/timing', file));
  f.set('file', new File([text], file, { type: 'text/csv' }));
  return f;
}

async function upload(who: 'a' | 'b' | 'admin', eventKey: string, file: string) {
  const role = who === 'admin' ? 'admin' : 'promoter';
  const action = who === 'admin' ? adminEventAction : promoterEventAction;
  const request = req(`/auth/${role}/event/${ev[eventKey]}?upload=results`, who, {
    method: 'POST',
    body: uploadForm(file, eventKey),
  });
  return (await run(() =>
    action({ request, params: { eventId: String(ev[eventKey]) }, context: {} }),
  )) as Response;
}

function tokenOf(res: Response, eventKey: string) {
  const to = res.headers.get('Location') ?? '';
  const m = new RegExp(
    `^/auth/(?:promoter|admin)/event/${ev[eventKey]}/timing/([A-Za-z0-9_-]{43})$`,
  ).exec(to);
  if (!m) throw new Error(`not sent to the mapping step: ${res.status} ${to}`);
  return m[1]!;
}

function mapping(intent: string, columns: string[]) {
  const f = new URLSearchParams({ intent });
  columns.forEach((c, i) => f.set(`columns[${i}]`, c));
  return f;
}

const LIVE = ['place', 'ignore', 'name', 'class', 'ignore', 'ignore', 'ignore', 'ignore'];

function timing(who: 'a' | 'b', eventKey: string, token: string, body?: URLSearchParams) {
  const request = req(
    `/auth/promoter/event/${ev[eventKey]}/timing/${token}`,
    who,
    body ? { method: 'POST', body } : {},
  );
  const args = { request, params: { eventId: String(ev[eventKey]), token }, context: {} };
  return run(() => (body ? promoterTimingAction(args) : promoterTimingLoader(args)));
}

const stored = (eventKey: string) =>
  getDb()
    .select()
    .from(results)
    .where(eq(results.eventId, ev[eventKey]!))
    .orderBy(results.place)
    .all()
    .map((r) => [r.place, r.riderName]);

describe('the mapping step through the event page', () => {
  it('a Speedhive-shaped file loads at once, as before', async () => {
    const db = getDb();
    makeClass(db, ev.a3!, { name: '250 B' });
    const res = await upload('a', 'a3', 'speedhive.csv');
    expect(res.headers.get('Location')).toBe(`/auth/promoter/event/${ev.a3}`);
    expect(stored('a3')).toEqual([
      [1, 'Jake Turner'],
      [2, 'Ryan Ortiz'],
      [3, 'Sam Lee'],
    ]);
  });

  it('a file with columns we cannot place is held, previewed, stored with the mapping and remembered', async () => {
    const token = tokenOf(await upload('a', 'a1', 'live-timing-page.csv'), 'a1');
    expect(stored('a1')).toEqual([]);
    const page = (await timing('a', 'a1', token)) as {
      view: { missing: string[]; headers: string[] };
    };
    expect(page.view.headers).toEqual([
      'P',
      'Nr',
      'Pilot',
      'Cat',
      'Laps',
      'Last Lap',
      'Best Lap',
      'Gap',
    ]);
    expect(page.view.missing).toEqual(['Place', 'Rider', 'Class']);

    const preview = (await timing('a', 'a1', token, mapping('preview', LIVE))) as {
      data: { view: { preview: { result: { riderName: string } }[] } };
    };
    expect(preview.data.view.preview.map((p) => p.result.riderName)).toEqual([
      'Tom Baker',
      'Nico Blanc',
      'Zoe Park',
    ]);
    expect(stored('a1')).toEqual([]);

    const done = (await timing('a', 'a1', token, mapping('apply', LIVE))) as Response;
    expect(done.headers.get('Location')).toBe(`/auth/promoter/event/${ev.a1}`);
    expect(stored('a1')).toEqual([
      [1, 'Tom Baker'],
      [2, 'Nico Blanc'],
      [3, 'Zoe Park'],
    ]);
    expect(preselectedColumns(getDb(), promoterA, ['P', 'Nr', 'Pilot', 'Cat', 'Laps'])).toEqual([
      'place',
      null,
      'name',
      'class',
      null,
    ]);
    // Stored: the token is spent.
    expect(((await timing('a', 'a1', token)) as Response).headers.get('Location')).toBe(
      `/auth/promoter/event/${ev.a1}`,
    );

    // The same promoter's next file with those headers loads at once; another promoter's does not.
    const again = await upload('a', 'a2', 'live-timing-page.csv');
    expect(again.headers.get('Location')).toBe(`/auth/promoter/event/${ev.a2}`);
    expect(stored('a2')).toEqual([
      [1, 'Tom Baker'],
      [2, 'Nico Blanc'],
      [3, 'Zoe Park'],
    ]);
    tokenOf(await upload('b', 'b1', 'live-timing-page.csv'), 'b1');
  });

  it('an admin upload uses and remembers the event’s promoter’s choices', async () => {
    const res = await upload('admin', 'b1', 'live-timing-page.csv');
    tokenOf(res, 'b1');
    const promoterAEvent = await upload('admin', 'a1', 'live-timing-page.csv');
    expect(promoterAEvent.headers.get('Location')).toBe(`/auth/admin/event/${ev.a1}`);
    expect(preselectedColumns(getDb(), promoterB, ['Pilot'])).toEqual([null]);
  });

  it('row problems are named by row as for a direct upload; nothing is stored or remembered', async () => {
    const token = tokenOf(await upload('b', 'b1', 'live-timing-page.csv'), 'b1');
    const wrong = ['place', 'ignore', 'name', 'class', 'ignore', 'ignore', 'ignore', 'resultType'];
    const out = (await timing('b', 'b1', token, mapping('apply', wrong))) as {
      data: {
        error: string;
        view: { problems: unknown[]; statuses: { text: string; outcome: string | null }[] };
      };
      init: { status: number };
    };
    expect(out.init.status).toBe(400);
    expect(out.data.error).toBe('timing:review.unsettled');
    // The Gap column taken as the status: its values are listed to be given a meaning.
    expect(out.data.view.statuses.map((s) => [s.text, s.outcome])).toEqual([
      ['2.114', null],
      ['1 Lap', null],
      ['', 'finish'],
    ]);
    expect(out.data.view.problems).toEqual([
      { row: 3, column: 'Gap', code: 'badResultType', value: '2.114' },
      { row: 4, column: 'Gap', code: 'badResultType', value: '1 Lap' },
    ]);
    const unknownClass = [
      'place',
      'ignore',
      'name',
      'ignore',
      'class',
      'ignore',
      'ignore',
      'ignore',
    ];
    // Class values naming none of the event's classes wait in the step for a class each.
    const out2 = (await timing('b', 'b1', token, mapping('apply', unknownClass))) as {
      data: { error: string; view: { problems: { code: string; row: number }[] } };
    };
    expect(out2.data.error).toBe('timing:review.unsettled');
    expect(out2.data.view.problems.map((p) => [p.row, p.code])).toEqual([
      [2, 'unknownClass'],
      [3, 'unknownClass'],
      [4, 'unknownClass'],
    ]);
    const incomplete = (await timing('b', 'b1', token, mapping('apply', ['place']))) as {
      data: { error: string };
    };
    expect(incomplete.data.error).toBe('timing:errors.missing');
    const tampered = (await timing('b', 'b1', token, mapping('apply', ['place', 'riderId']))) as {
      data: { fieldErrors: Record<string, string[]> };
    };
    expect(tampered.data.fieldErrors['columns[1]']).toEqual(['timing:errors.badChoice']);
    expect(stored('b1')).toEqual([]);
    expect(preselectedColumns(getDb(), promoterB, ['Pilot'])).toEqual([null]);
  });

  it('the held file is reached only by its uploader, on its event; dropping it forgets it', async () => {
    const token = tokenOf(await upload('b', 'b1', 'live-timing-page.csv'), 'b1');
    // Promoter A cannot reach B's event at all; B's token on another event is not found.
    expect(((await timing('a', 'b1', token)) as Response).status).toBe(404);
    const elsewhere = (await timing('b', 'a1', token)) as Response;
    expect(elsewhere.status).toBe(404);
    const dropped = (await timing('b', 'b1', token, mapping('discard', []))) as Response;
    expect(dropped.headers.get('Location')).toBe(`/auth/promoter/event/${ev.b1}`);
    expect(((await timing('b', 'b1', token)) as Response).headers.get('Location')).toBe(
      `/auth/promoter/event/${ev.b1}`,
    );
    expect(stored('b1')).toEqual([]);
  });
});

/** A live-timing export of one class: Active / OUT statuses, place 4 written twice. */
const LIVE_OUT = 'live-timing-active-out.csv';

function answers(intent: string, extra: Record<string, string>) {
  const f = new URLSearchParams({ intent });
  for (const [k, v] of Object.entries(extra)) f.set(k, v);
  return f;
}

type View = {
  statuses: { key: string; text: string; outcome: string | null }[];
  places: { row: number; issue: string | null; sharedWith: number[]; place: string }[];
  problems: { row: number; code: string }[];
  preview: { row: number; result: { place: number; resultType: string } | null }[];
  columns: string[];
  choices: string[];
};

describe('statuses and places settled in the step', () => {
  it('a live-timing export (Active/OUT, a place written twice) is held with the rows concerned; fixed in the page it is stored, and its answers are remembered', async () => {
    const db = getDb();
    const e1 = makeEvent(db, { title: 'live 1', promoterId: promoterA }).id;
    const e2 = makeEvent(db, { title: 'live 2', promoterId: promoterA }).id;
    ev.l1 = e1;
    ev.l2 = e2;
    oneClass.l1 = makeClass(db, e1, { name: '450 A' }).id;
    oneClass.l2 = makeClass(db, e2, { name: '450 A' }).id;
    const token = tokenOf(await upload('a', 'l1', LIVE_OUT), 'l1');
    const page = (await timing('a', 'l1', token)) as { view: View };
    // Active and OUT are read without asking; the duplicated place is shown with both rows.
    expect(page.view.statuses.map((s) => [s.text, s.outcome])).toEqual([
      ['Active', 'finish'],
      ['OUT', 'DNF'],
      ['DNS', 'DNS'],
    ]);
    expect(page.view.places.map((p) => [p.row, p.issue, p.sharedWith])).toEqual([
      [5, 'duplicate', [6]],
      [6, 'duplicate', [5]],
    ]);
    const choices = page.view.choices;
    const form: Record<string, string> = {};
    choices.forEach((c, i) => (form[`columns[${i}]`] = c));
    page.view.statuses.forEach((s, i) => {
      form[`statuses[${i}].key`] = s.key;
      form[`statuses[${i}].outcome`] = s.outcome ?? '';
    });
    // A typo is refused next to its row, with the rest kept.
    const typo = (await timing(
      'a',
      'l1',
      token,
      answers('apply', {
        ...form,
        'fixes[0].row': '5',
        'fixes[0].place': '4',
        'fixes[1].row': '6',
        'fixes[1].place': 'five',
      }),
    )) as { data: { error: string; typedPlaces: Record<number, string> } };
    expect(typo.data.error).toBe('timing:review.badPlaces');
    expect(typo.data.typedPlaces).toEqual({ 6: 'five' });
    expect(stored('l1')).toEqual([]);

    const done = (await timing(
      'a',
      'l1',
      token,
      answers('apply', {
        ...form,
        'fixes[0].row': '5',
        'fixes[0].place': '4',
        'fixes[1].row': '6',
        'fixes[1].place': '5',
      }),
    )) as Response;
    expect(done.headers.get('Location')).toBe(`/auth/promoter/event/${e1}`);
    expect(
      getDb()
        .select()
        .from(results)
        .where(eq(results.eventId, e1))
        .orderBy(results.id)
        .all()
        .map((r) => [r.place, r.resultType, r.riderName]),
    ).toEqual([
      [1, 'finish', 'Tom Baker'],
      [2, 'finish', 'Nico Blanc'],
      [3, 'finish', 'Zoe Park'],
      [4, 'finish', 'Luc Roy'],
      [5, 'DNF', 'Ana Lima'],
      [6, 'DNF', 'Ben Moss'],
      [null, 'DNS', 'Cy Dorn'],
    ]);
    // Next time: the same headers are known; the repeated place still stops at the step.
    tokenOf(await upload('a', 'l2', LIVE_OUT), 'l2');
  });

  it('places from the file’s order settle a repeated place without typing', async () => {
    const token = tokenOf(await upload('a', 'l2', LIVE_OUT), 'l2');
    const page = (await timing('a', 'l2', token)) as { view: View };
    const form: Record<string, string> = { fromOrder: 'on' };
    page.view.choices.forEach((c, i) => (form[`columns[${i}]`] = c));
    const preview = (await timing('a', 'l2', token, answers('preview', form))) as {
      data: { view: View };
    };
    expect(preview.data.view.problems).toEqual([]);
    expect(preview.data.view.preview.map((p) => p.result?.place)).toEqual([1, 2, 3, 4, 5, 6, null]);
    const done = (await timing('a', 'l2', token, answers('apply', form))) as Response;
    expect(done.headers.get('Location')).toBe(`/auth/promoter/event/${ev.l2}`);
    expect(stored('l2').map((r) => r[0])).toEqual([null, 1, 2, 3, 4, 5, 6]);
  });

  it('an unknown status stops at the step until it is given a meaning, which is remembered for that header set', async () => {
    const db = getDb();
    const e3 = makeEvent(db, { title: 'dnq 1', promoterId: promoterA }).id;
    const e4 = makeEvent(db, { title: 'dnq 2', promoterId: promoterA }).id;
    ev.d1 = e3;
    ev.d2 = e4;
    for (const id of [e3, e4]) makeClass(db, id, { name: '450 A' });
    const token = tokenOf(await upload('a', 'd1', 'speedhive-classified.csv'), 'd1');
    const page = (await timing('a', 'd1', token)) as { view: View };
    expect(page.view.statuses.map((s) => [s.text, s.outcome])).toEqual([
      ['Yes', null],
      ['No', null],
      ['DNS', 'DNS'],
    ]);
    const form: Record<string, string> = {};
    page.view.choices.forEach((c, i) => (form[`columns[${i}]`] = c));
    const unanswered = (await timing('a', 'd1', token, answers('apply', form))) as {
      data: { error: string; view: View };
    };
    expect(unanswered.data.error).toBe('timing:review.unsettled');
    expect(new Set(unanswered.data.view.problems.map((p) => p.code))).toEqual(
      new Set(['badResultType']),
    );
    const meaning = { Yes: 'finish', No: 'DNF', DNS: 'DNS' } as Record<string, string>;
    page.view.statuses.forEach((s, i) => {
      form[`statuses[${i}].key`] = s.key;
      form[`statuses[${i}].outcome`] = meaning[s.text]!;
    });
    const done = (await timing('a', 'd1', token, answers('apply', form))) as Response;
    expect(done.headers.get('Location')).toBe(`/auth/promoter/event/${e3}`);
    // The same export on the next event loads at once with those meanings.
    const again = await upload('a', 'd2', 'speedhive-classified.csv');
    expect(again.headers.get('Location')).toBe(`/auth/promoter/event/${e4}`);
    expect(
      getDb()
        .select()
        .from(results)
        .where(eq(results.eventId, e4))
        .orderBy(results.id)
        .all()
        .map((r) => r.resultType),
    ).toEqual(['finish', 'finish', 'finish', 'DNF', 'DNS']);
  });
});
