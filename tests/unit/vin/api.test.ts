/**
 * VIN pattern and report API routes (and the two admin pages' guards), called directly with a
 * Request carrying a real session cookie. getDb() uses DATABASE_PATH (per test process).
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '#db/migrate';
import { bikes, vinPatterns } from '#db/schema';
import { getDb } from '~/db.server';
import { env } from '~/env.server';
import { loader as listLoader } from '~/routes/api.vin-patterns';
import { action as importAction } from '~/routes/api.vin-patterns.import';
import { action as deleteAction } from '~/routes/api.vin-patterns.$patternId';
import { action as verifyAction } from '~/routes/api.vin-patterns.verify';
import { action as unverifyAction } from '~/routes/api.vin-patterns.unverify';
import { action as verifyBikesAction } from '~/routes/api.vin-patterns.verify-bikes';
import { loader as reportLoader } from '~/routes/api.vin-report';
import {
  action as pageAction,
  loader as pageLoader,
} from '~/routes/($lang).auth.admin.vin-patterns';
import { loader as reportPageLoader } from '~/routes/($lang).auth.admin.rider-vin-report';
import { SYSTEM_ACTOR } from '~/services/platform/audit.server';
import { addBike } from '~/services/vin/bikes.server';
import { createSession } from '~/services/auth/session.server';
import { fixture, insertUser } from './helpers';

type Who = 'admin' | 'rider' | 'dealer';
const cookies: Partial<Record<Who, string>> = {};
let riderId = 0;

beforeAll(async () => {
  await migrateDatabase(env().DATABASE_PATH, { backup: false });
  const db = getDb();
  for (const role of ['admin', 'rider', 'dealer'] as const) {
    const u = insertUser(db, role, `Api${role}`);
    if (role === 'rider') riderId = u.profileId;
    cookies[role] = (await createSession(db, u.userId)).setCookie.split(';')[0];
  }
});

function req(path: string, who: Who | null, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  const cookie = who ? cookies[who] : undefined;
  if (cookie) headers.set('Cookie', cookie);
  return new Request(`http://localhost${path}`, { ...init, headers });
}

/** Runs a loader or action; a thrown Response is returned like a returned one. */
async function run(fn: () => Promise<unknown>): Promise<Response> {
  try {
    const r = await fn();
    if (r instanceof Response) return r;
    const d = r as { type?: string; data?: unknown; init?: { status?: number } | null };
    if (d && d.type === 'DataWithResponseInit')
      return Response.json(d.data, { status: d.init?.status ?? 200 });
    return Response.json(r);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const args = (request: Request, params: Record<string, string> = {}) => ({
  request,
  params,
  context: {},
});
const json = (body: unknown) => ({
  method: 'POST',
  body: JSON.stringify(body),
  headers: { 'Content-Type': 'application/json' },
});

function importBody(name = 'vin-patterns.csv', bytes: Uint8Array = fixture('vin-patterns.csv')) {
  const fd = new FormData();
  fd.set('file', new File([Uint8Array.from(bytes)], name, { type: 'text/csv' }));
  return { method: 'POST', body: fd };
}

describe('only admins may call the VIN API', () => {
  const calls: [string, (who: Who | null) => Promise<Response>][] = [
    ['GET /api/vin-patterns', (who) => run(() => listLoader(args(req('/api/vin-patterns', who))))],
    [
      'POST /api/vin-patterns/import',
      (who) => run(() => importAction(args(req('/api/vin-patterns/import', who, importBody())))),
    ],
    [
      'DELETE /api/vin-patterns/1',
      (who) =>
        run(() =>
          deleteAction(
            args(req('/api/vin-patterns/1', who, { method: 'DELETE' }), { patternId: '1' }),
          ),
        ),
    ],
    [
      'POST /api/vin-patterns/verify',
      (who) =>
        run(() => verifyAction(args(req('/api/vin-patterns/verify', who, json({ pattern: 1 }))))),
    ],
    [
      'POST /api/vin-patterns/unverify',
      (who) =>
        run(() =>
          unverifyAction(args(req('/api/vin-patterns/unverify', who, json({ pattern: 1 })))),
        ),
    ],
    [
      'POST /api/vin-patterns/verify-bikes',
      (who) =>
        run(() =>
          verifyBikesAction(
            args(req('/api/vin-patterns/verify-bikes', who, json({ patterns: [] }))),
          ),
        ),
    ],
    ['GET /api/vin-report', (who) => run(() => reportLoader(args(req('/api/vin-report', who))))],
  ];
  for (const [name, call] of calls) {
    it(`${name}: 401 anonymous, 403 rider and dealer`, async () => {
      expect((await call(null)).status).toBe(401);
      expect((await call('rider')).status).toBe(403);
      expect((await call('dealer')).status).toBe(403);
      expect(getDb().select().from(vinPatterns).all()).toHaveLength(0);
    });
  }

  it('the admin pages send others away', async () => {
    const page = await run(() => pageLoader(args(req('/auth/admin/vin-patterns', 'dealer'))));
    expect(page.status).toBe(302);
    expect(page.headers.get('Location')).toBe('/auth/dealer');
    const post = await run(() =>
      pageAction(
        args(
          req('/auth/admin/vin-patterns', null, {
            method: 'POST',
            body: new URLSearchParams({ intent: 'verifyBikes' }),
          }),
        ),
      ),
    );
    expect(post.status).toBe(302);
    expect(post.headers.get('Location')).toMatch(/^\/login/);
    const report = await run(() =>
      reportPageLoader(args(req('/auth/admin/rider-vin-report', 'dealer'))),
    );
    expect(report.status).toBe(302);
  });
});

describe('the admin uses the VIN API', () => {
  it('imports, lists, verifies, unverifies, re-checks bikes, reports and deletes', async () => {
    const db = getDb();
    // Import
    const imported = await run(() =>
      importAction(args(req('/api/vin-patterns/import', 'admin', importBody()))),
    );
    expect(imported.status).toBe(200);
    expect(await imported.json()).toEqual({ created: 40, updated: 0, total: 40 });
    const bad = await run(() =>
      importAction(
        args(
          req(
            '/api/vin-patterns/import',
            'admin',
            importBody('bad.csv', new TextEncoder().encode('Model,Year,Pattern\nX,20x4,VBK\n')),
          ),
        ),
      ),
    );
    expect(bad.status).toBe(400);
    const badBody = (await bad.json()) as {
      errors: { row: number; column: string; message: string }[];
    };
    expect(badBody.errors.map((e) => [e.row, e.column])).toEqual([
      [2, 'Year'],
      [2, 'Pattern'],
    ]);
    expect(badBody.errors[1].message).toContain('17');

    // List with filters and validation
    const list = await run(() =>
      listLoader(args(req('/api/vin-patterns?model=duke&year=2024&page=1', 'admin'))),
    );
    const listBody = (await list.json()) as {
      vinPatterns: { id: number; pattern: string }[];
      pagination: { total: number };
    };
    expect(listBody.pagination.total).toBe(2);
    expect(
      (await run(() => listLoader(args(req('/api/vin-patterns?year=abc', 'admin'))))).status,
    ).toBe(400);

    // A rider's bike under VBKSXF45*RM******
    const added = addBike(db, riderId, 'VBKSXF452RM000101', SYSTEM_ACTOR);
    expect(added.ok && added.bike.valid).toBe(true);

    // Unverify by pattern text, then re-check bikes: the bike becomes invalid
    const un = await run(() =>
      unverifyAction(
        args(req('/api/vin-patterns/unverify', 'admin', json({ pattern: 'vbksxf45*rm******' }))),
      ),
    );
    expect(un.status).toBe(200);
    expect(((await un.json()) as { vinPattern: { verified: boolean } }).vinPattern.verified).toBe(
      false,
    );
    const recheck = await run(() =>
      verifyBikesAction(args(req('/api/vin-patterns/verify-bikes', 'admin', { method: 'POST' }))),
    );
    expect(await recheck.json()).toMatchObject({
      verifiedPatterns: 0,
      becameInvalid: 1,
      becameValid: 0,
    });
    expect(db.select().from(bikes).where(eq(bikes.riderId, riderId)).get()?.valid).toBe(false);

    // Report: the invalid bike shows, and the CSV is formula-safe
    const report = await run(() =>
      reportLoader(args(req('/api/vin-report?valid=invalid', 'admin'))),
    );
    const reportBody = (await report.json()) as { riders: { vin: string; valid: boolean }[] };
    expect(reportBody.riders.map((r) => r.vin)).toEqual(['VBKSXF452RM000101']);
    expect(
      (await run(() => reportLoader(args(req('/api/vin-report?valid=maybe', 'admin'))))).status,
    ).toBe(400);

    // verify-bikes with { patterns }: verifies then re-checks
    const pattern = db
      .select()
      .from(vinPatterns)
      .where(eq(vinPatterns.pattern, 'VBKSXF45*RM******'))
      .get();
    const vb = await run(() =>
      verifyBikesAction(
        args(
          req('/api/vin-patterns/verify-bikes', 'admin', json({ patterns: [{ id: pattern?.id }] })),
        ),
      ),
    );
    expect(await vb.json()).toMatchObject({
      verifiedPatterns: 1,
      becameValid: 1,
      becameInvalid: 0,
    });
    const missing = await run(() =>
      verifyBikesAction(
        args(req('/api/vin-patterns/verify-bikes', 'admin', json({ patterns: [999999] }))),
      ),
    );
    expect(missing.status).toBe(404);

    // Verify by id, bad bodies
    expect(
      (
        await run(() =>
          verifyAction(
            args(req('/api/vin-patterns/verify', 'admin', json({ pattern: pattern?.id }))),
          ),
        )
      ).status,
    ).toBe(200);
    expect(
      (await run(() => verifyAction(args(req('/api/vin-patterns/verify', 'admin', json({}))))))
        .status,
    ).toBe(400);
    expect(
      (
        await run(() =>
          verifyAction(
            args(req('/api/vin-patterns/verify', 'admin', { method: 'POST', body: 'nope' })),
          ),
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await run(() =>
          verifyAction(args(req('/api/vin-patterns/verify', 'admin', json({ pattern: 'VBK' })))),
        )
      ).status,
    ).toBe(404);

    // Delete
    const id = String(listBody.vinPatterns[0].id);
    expect(
      (
        await run(() =>
          deleteAction(
            args(req(`/api/vin-patterns/${id}`, 'admin', { method: 'POST' }), { patternId: id }),
          ),
        )
      ).status,
    ).toBe(405);
    expect(
      (
        await run(() =>
          deleteAction(
            args(req(`/api/vin-patterns/${id}`, 'admin', { method: 'DELETE' }), { patternId: id }),
          ),
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await run(() =>
          deleteAction(
            args(req(`/api/vin-patterns/${id}`, 'admin', { method: 'DELETE' }), { patternId: id }),
          ),
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await run(() =>
          deleteAction(
            args(req('/api/vin-patterns/abc', 'admin', { method: 'DELETE' }), { patternId: 'abc' }),
          ),
        )
      ).status,
    ).toBe(400);
    expect(db.select().from(vinPatterns).all()).toHaveLength(39);
  });

  it('the CSV report prefixes cells a spreadsheet would run', async () => {
    const db = getDb();
    const evil = insertUser(db, 'rider', '=HYPERLINK("http://x")');
    addBike(db, evil.profileId, 'JYARJ1601PA000042', SYSTEM_ACTOR);
    const r = await run(() =>
      reportLoader(args(req('/api/vin-report?format=csv&lang=fr&name=hyperlink', 'admin'))),
    );
    expect(r.status).toBe(200);
    expect(r.headers.get('Content-Type')).toContain('text/csv');
    const text = await r.text();
    const [header, line] = text.replace(/^\uFEFF/, '').split('\r\n');
    // A French export: `;` between fields (what a French spreadsheet opens).
    expect(header).toBe('Nom;Prénom;Courriel;NIV;Année;Marque;Modèle;État;Motif');
    expect(line).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(line).toContain('JYARJ1601PA000042');
    expect(line).toContain('Invalide');
  });

  it('the admin page lists patterns and runs "Verify bikes" with a report', async () => {
    const page = await run(() =>
      pageLoader(args(req('/auth/admin/vin-patterns?pattern=VBKSXF45', 'admin'))),
    );
    const body = (await page.json()) as { vinPatterns: unknown[]; pagination: { total: number } };
    expect(body.pagination.total).toBeGreaterThan(0);
    const post = await run(() =>
      pageAction(
        args(
          req('/auth/admin/vin-patterns?page=2', 'admin', {
            method: 'POST',
            body: new URLSearchParams({ intent: 'verifyBikes' }),
          }),
        ),
      ),
    );
    expect(post.status).toBe(302);
    expect(post.headers.get('Location')).toBe('/auth/admin/vin-patterns?page=2');
    expect(post.headers.get('Set-Cookie')).toContain('cc_flash');
  });
});
