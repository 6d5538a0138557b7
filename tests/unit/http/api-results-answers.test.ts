/**
 * A results file sent through the API (which has no mapping step) is read with the answers the
 * event's promoter gave once on the mapping page for the same header row: a timing export whose
 * headers we do not know is refused until its columns are mapped, then read the same way by the
 * API, for the promoter and for an admin uploading to that promoter's event; a status word the
 * promoter answered for is read as answered, beside our own words in any case and spacing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '#db/migrate';
import { admins, results } from '#db/schema';
import { getDb } from '~/db.server';
import { env } from '~/env.server';
import { action as uploadClass } from '~/routes/api.event.$eventId.upload-class';
import { action as uploadAll } from '~/routes/api.event.$eventId.upload-all-class-result';
import { createSession } from '~/services/auth/session.server';
import { statusKey } from '~/services/events/results-import/status-words.server';
import { rememberColumns } from '~/services/events/results-import/timing-mappings.server';
import { makeEvent, makePromoter, makeUser } from '../money/factory';

const FIXTURES = path.resolve(process.cwd(), 'tests/fixtures/program');

/** A timing export: a title line, then headers none of which are our words. */
const EXPORT = [
  'Round 3 — unofficial',
  'Grp,Fin,Whom,Cycle',
  '450 Pro,1,Jake Moreau,KTM',
  '450 Pro,2,Sam Okafor,KTM',
  '250 Pro,1,Ana Lindqvist,Honda',
].join('\r\n');
const HEADERS = ['Grp', 'Fin', 'Whom', 'Cycle'];

const cookies: Record<string, string> = {};
let promoterId = 0;
let eventId = 0;

async function sessionCookie(userId: number) {
  const { setCookie } = await createSession(getDb(), userId);
  return setCookie.split(';')[0];
}

function post(action: typeof uploadAll, route: string, who: string, file: File) {
  const body = new FormData();
  body.set('file', file);
  const request = new Request(`http://localhost/api/event/${eventId}/${route}`, {
    method: 'POST',
    headers: { Cookie: cookies[who] },
    body,
  });
  return Promise.resolve(action({ request, params: { eventId: String(eventId) }, context: {} }))
    .catch((e: unknown) => e)
    .then((r) => r as Response);
}

const exportFile = () => new File([EXPORT], 'round3.csv', { type: 'text/csv' });
const storedNames = () =>
  getDb()
    .select({ name: results.riderName })
    .from(results)
    .where(eq(results.eventId, eventId))
    .all()
    .map((r) => r.name)
    .sort();

beforeAll(async () => {
  await migrateDatabase(env().DATABASE_PATH, { backup: false });
  const db = getDb();
  const admin = makeUser(db, 'admin');
  db.insert(admins).values({ userId: admin.id, firstName: 'Ada', lastName: 'Admin' }).run();
  const p = makePromoter(db, 'Timing Racing');
  promoterId = p.promoter.id;
  eventId = makeEvent(db, { title: 'Round 3', promoterId }).id;
  cookies.promoter = await sessionCookie(p.user.id);
  cookies.admin = await sessionCookie(admin.id);
  const classes = fs.readFileSync(path.join(FIXTURES, 'class-payouts.csv'));
  const res = await post(
    uploadClass,
    'upload-class',
    'promoter',
    new File([classes], 'classes.csv', { type: 'text/csv' }),
  );
  expect(res.status).toBe(200);
});

describe('results through the API, read with the promoter’s answers', () => {
  it('unknown headers are refused with what is missing, and nothing is stored', async () => {
    const res = await post(uploadAll, 'upload-all-class-result', 'promoter', exportFile());
    expect(res.status).toBe(400);
    const body = (await res.json()) as { problems?: { code: string; value?: string }[] };
    expect(body.problems?.map((p) => `${p.code}:${p.value}`)).toEqual(
      expect.arrayContaining(['missingHeader:Place', 'missingHeader:Rider', 'missingHeader:Class']),
    );
    expect(storedNames()).toEqual([]);
  });

  it('once the promoter has mapped that header row, the same file is read and stored', async () => {
    rememberColumns(getDb(), promoterId, HEADERS, ['class', 'place', 'name', 'make']);
    const res = await post(uploadAll, 'upload-all-class-result', 'promoter', exportFile());
    expect(res.status).toBe(200);
    expect(storedNames()).toEqual(['Ana Lindqvist', 'Jake Moreau', 'Sam Okafor']);
  });

  it('an admin uploading to the promoter’s event gets the promoter’s answers too', async () => {
    const again = EXPORT.replace('Jake Moreau', 'Jake Moreau Jr');
    const res = await post(
      uploadAll,
      'upload-all-class-result',
      'admin',
      new File([again], 'round3.csv', { type: 'text/csv' }),
    );
    expect(res.status).toBe(200);
    expect(storedNames()).toEqual(['Ana Lindqvist', 'Jake Moreau Jr', 'Sam Okafor']);
  });

  it('status words of the timing system, in any case and spacing, are read as the promoter answered them', async () => {
    // A status column whose words we partly know (' FINISHED ', 'dnf') and partly not ('Crashed').
    const headers = ['Grp', 'Fin', 'Whom', 'Cycle', 'State'];
    const file = () =>
      new File(
        [
          [
            headers.join(','),
            '450 Pro,1,Jake Moreau,KTM, FINISHED ',
            '450 Pro,2,Sam Okafor,KTM,Crashed',
            '250 Pro,1,Ana Lindqvist,Honda,dnf',
          ].join('\r\n'),
        ],
        'round3-status.csv',
        { type: 'text/csv' },
      );
    const columns = ['class', 'place', 'name', 'make', 'resultType'] as const;
    rememberColumns(getDb(), promoterId, headers, [...columns]);
    const refused = await post(uploadAll, 'upload-all-class-result', 'promoter', file());
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as { problems?: { code: string; value?: string }[] };
    expect(body.problems?.map((p) => `${p.code}:${p.value}`)).toEqual(['badResultType:Crashed']);

    rememberColumns(getDb(), promoterId, headers, [...columns], { [statusKey('Crashed')]: 'DNF' });
    const res = await post(uploadAll, 'upload-all-class-result', 'promoter', file());
    expect(res.status).toBe(200);
    const stored = getDb()
      .select({ name: results.riderName, type: results.resultType })
      .from(results)
      .where(eq(results.eventId, eventId))
      .all()
      .sort((a, b) => a.name.localeCompare(b.name));
    expect(stored).toEqual([
      { name: 'Ana Lindqvist', type: 'DNF' },
      { name: 'Jake Moreau', type: 'finish' },
      { name: 'Sam Okafor', type: 'DNF' },
    ]);
  });
});
