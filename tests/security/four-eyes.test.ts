/**
 * Two people for every money control, played over HTTP: one admin cannot lift the limits alone
 * and then mint money; the admin who proposed a raise cannot approve it (page, proxy session);
 * a second admin can; the configured ceiling holds even with two admins; lowering is immediate.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enMc from '#locales/en/moneyControls.json';
import { hashPassword } from '~/services/auth/password.server';
import { writeDb } from '../e2e/db-write';
import { query } from './db';
import { DEMO, DEMO_PASSWORD, req, signIn, type Jar } from './http';

const PAGE = '/auth/admin/approvals';
const FIFTY_MILLION = 50_000_000_00;
/** The default ceilings (.env.example): the test server sets none. */
const CEILING = 250_000_00;
const YEAR_CEILING = 5_000_000_00;

type Limits = {
  promoterBonusPerResultCents: number;
  adminBonusPerResultCents: number;
  bonusPerEventCents: number;
  bonusPerYearCents: number;
  refundAboveCents: number;
  promoterPlaceCents: number;
};
const KEYS = [
  'promoterBonusPerResultCents',
  'adminBonusPerResultCents',
  'bonusPerEventCents',
  'bonusPerYearCents',
  'refundAboveCents',
  'promoterPlaceCents',
] as const;
const DEFAULTS: Limits = {
  promoterBonusPerResultCents: 1_000_00,
  adminBonusPerResultCents: 5_000_00,
  bonusPerEventCents: 10_000_00,
  bonusPerYearCents: 100_000_00,
  refundAboveCents: 1_000_00,
  promoterPlaceCents: 2_500_00,
};

/** The limits stored (the defaults when no row), as the page would apply them. */
function storedLimits(): Limits {
  const [row] = query<Record<string, number>>(
    `SELECT promoter_bonus_per_result_cents AS promoterBonusPerResultCents,
            admin_bonus_per_result_cents AS adminBonusPerResultCents,
            bonus_per_event_cents AS bonusPerEventCents,
            bonus_per_year_cents AS bonusPerYearCents,
            refund_above_cents AS refundAboveCents,
            promoter_place_cents AS promoterPlaceCents
       FROM money_limits WHERE id = 1`,
  );
  return row ? (row as Limits) : { ...DEFAULTS };
}

/** The limits form as the page posts it (amounts, not cents). */
function limitsForm(l: Limits): Record<string, string> {
  const form: Record<string, string> = { intent: 'limits' };
  for (const k of KEYS) form[k] = (l[k] / 100).toFixed(2);
  return form;
}

const pendingLimits = () =>
  query<{ id: number; entered: number }>(
    "SELECT id, entered_by_user_id AS entered FROM pending_money_changes WHERE kind = 'limits' AND status = 'pending'",
  );

let a: Jar;
let b: Jar;
let bEmail: string;
let adminId: number;
let stored: { row: Record<string, unknown> | undefined };
let otherAdmins: number[] = [];

beforeAll(async () => {
  a = await signIn(DEMO.admin);
  adminId = query<{ id: number }>('SELECT id FROM users WHERE email = ?', DEMO.admin)[0].id;
  stored = { row: query<Record<string, unknown>>('SELECT * FROM money_limits WHERE id = 1')[0] };
  // The demo's admin alone first: any admin another test made is set aside meanwhile.
  otherAdmins = query<{ id: number }>(
    "SELECT id FROM users WHERE role = 'admin' AND deactivated = 0 AND id <> ?",
    adminId,
  ).map((r) => r.id);
  writeDb((db) => {
    for (const id of otherAdmins)
      db.prepare('UPDATE users SET deactivated = 1 WHERE id = ?').run(id);
  });
});

afterAll(() => {
  // Leave the install as found: the limits, no pending change of ours, the admins.
  writeDb((db) => {
    db.prepare('DELETE FROM money_limits WHERE id = 1').run();
    if (stored.row) {
      const cols = Object.keys(stored.row);
      db.prepare(
        `INSERT INTO money_limits (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`,
      ).run(...Object.values(stored.row));
    }
    db.prepare(
      "UPDATE pending_money_changes SET status = 'refused' WHERE status = 'pending' AND (kind = 'limits' OR amount_cents = ?)",
    ).run(FIFTY_MILLION);
    for (const id of otherAdmins)
      db.prepare('UPDATE users SET deactivated = 0 WHERE id = ?').run(id);
    if (bEmail) db.prepare('UPDATE users SET deactivated = 1 WHERE email = ?').run(bEmail);
  });
});

describe('two people for every money control', () => {
  it('the only admin cannot raise a limit from the page (nobody could approve it); lowering works', async () => {
    const before = storedLimits();
    const page = await (await req(PAGE, { jar: a })).text();
    expect(page).toContain(enMc.limits.singleAdmin.slice(0, 40));
    const raise = await req(PAGE, {
      jar: a,
      form: limitsForm({ ...before, bonusPerEventCents: before.bonusPerEventCents + 1_00 }),
    });
    expect(raise.status).toBe(400);
    expect(await raise.text()).toContain('npm run limits:set');
    expect(storedLimits()).toEqual(before);
    expect(pendingLimits()).toEqual([]);
    // The same form, lowering: applied at once (the post's shape is good).
    const lower = await req(PAGE, {
      jar: a,
      form: limitsForm({ ...before, refundAboveCents: before.refundAboveCents - 1 }),
    });
    expect(lower.status).toBe(302);
    expect(storedLimits()).toEqual({ ...before, refundAboveCents: before.refundAboveCents - 1 });
  });

  it('with a second admin: every limit at 99,999,999 is refused (above the ceiling), nothing changes', async () => {
    bEmail = `four-eyes-${Date.now()}@example.test`;
    const hash = await hashPassword(DEMO_PASSWORD);
    writeDb((db) => {
      const u = db
        .prepare(
          "INSERT INTO users (email, password_hash, role, email_verified) VALUES (?, ?, 'admin', 1) RETURNING id",
        )
        .get(bEmail, hash) as { id: number };
      db.prepare(
        "INSERT INTO admins (user_id, first_name, last_name) VALUES (?, 'Second', 'Admin')",
      ).run(u.id);
    });
    b = await signIn(bEmail);
    const before = storedLimits();
    const all = Object.fromEntries(KEYS.map((k) => [k, 99_999_999_00])) as Limits;
    const res = await req(PAGE, { jar: a, form: limitsForm(all) });
    expect(res.status).toBe(400);
    expect(storedLimits()).toEqual(before);
    expect(pendingLimits()).toEqual([]);
  });

  let heldLimits = 0;
  it('one admin raises every limit to the ceiling: held for a second admin, nothing in force', async () => {
    const before = storedLimits();
    const atCeiling = { ...before };
    for (const k of KEYS) atCeiling[k] = k === 'bonusPerYearCents' ? YEAR_CEILING : CEILING;
    const res = await req(PAGE, { jar: a, form: limitsForm(atCeiling) });
    expect(res.status).toBe(302);
    const page = await (await req(PAGE, { jar: a })).text();
    expect(page).toContain(enMc.limits.held);
    expect(page).not.toContain(enMc.limits.saved);
    expect(storedLimits()).toEqual(before);
    const [held] = pendingLimits();
    expect(held.entered).toBe(adminId);
    heldLimits = held.id;
  });

  let bonusHeld = 0;
  it('the same admin’s $50,000,000 bonus is held, not applied', async () => {
    const [target] = query<{ resultId: number; eventId: number; bonus: number }>(
      `SELECT r.id AS resultId, r.event_id AS eventId, r.bonus_cents AS bonus FROM results r
        WHERE r.payout_cents > 0 ORDER BY r.id LIMIT 1`,
    );
    const awardsBefore = query<{ n: number }>(
      "SELECT count(*) AS n FROM awards WHERE type = 'bonus'",
    )[0].n;
    const res = await req(`/api/event/${target.eventId}/result`, {
      method: 'PUT',
      jar: a,
      json: { resultId: target.resultId, bonusCents: FIFTY_MILLION },
    });
    expect(res.status).toBeLessThan(300);
    const [row] = query<{ bonus: number }>(
      'SELECT bonus_cents AS bonus FROM results WHERE id = ?',
      target.resultId,
    );
    expect(row.bonus).toBe(target.bonus);
    expect(query<{ n: number }>("SELECT count(*) AS n FROM awards WHERE type = 'bonus'")[0].n).toBe(
      awardsBefore,
    );
    const [held] = query<{ id: number }>(
      "SELECT id FROM pending_money_changes WHERE result_id = ? AND status = 'pending' AND amount_cents = ?",
      target.resultId,
      FIFTY_MILLION,
    );
    bonusHeld = held.id;
  });

  it('the admin who proposed the raise cannot approve it, from the page or a proxy session', async () => {
    const before = storedLimits();
    const own = await req(PAGE, {
      jar: a,
      form: { intent: 'approve', changeId: String(heldLimits) },
    });
    expect(own.status).toBe(400);
    expect(await own.text()).toContain(enMc.errors.ownChange);
    // Another session of the same admin, proxying as the demo promoter.
    const proxy = await signIn(DEMO.admin);
    const [promoter] = query<{ id: number }>(
      'SELECT p.id FROM promoters p JOIN users u ON u.id = p.user_id WHERE u.email = ?',
      DEMO.promoter,
    );
    const started = await req(`/proxy-promoter/${promoter.id}`, { jar: proxy, form: {} });
    expect(started.status).toBe(302);
    const viaProxy = await req(PAGE, {
      jar: proxy,
      form: { intent: 'approve', changeId: String(heldLimits) },
    });
    expect(viaProxy.status).not.toBe(200);
    expect(viaProxy.headers.get('Location') ?? '').not.toContain(PAGE);
    await req('/proxy-remove', { jar: proxy, form: {} });
    expect(storedLimits()).toEqual(before);
    expect(pendingLimits().map((r) => r.id)).toEqual([heldLimits]);
  });

  it('a second admin approves: the raise is in force, audited with both identities', async () => {
    const res = await req(PAGE, {
      jar: b,
      form: { intent: 'approve', changeId: String(heldLimits) },
    });
    expect(res.status).toBe(302);
    const now = storedLimits();
    expect(now.promoterBonusPerResultCents).toBe(CEILING);
    expect(now.bonusPerYearCents).toBe(YEAR_CEILING);
    expect(pendingLimits()).toEqual([]);
    const [audit] = query<{ actor: number; details: string }>(
      "SELECT actor_user_id AS actor, details FROM audit_log WHERE action = 'money.limits.set' ORDER BY id DESC LIMIT 1",
    );
    const [bId] = query<{ id: number }>('SELECT id FROM users WHERE email = ?', bEmail);
    expect(audit.actor).toBe(bId.id);
    expect(JSON.parse(audit.details)).toMatchObject({ proposedByUserId: adminId });
  });

  it('above the ceiling is refused even with two admins: the $50,000,000 bonus is never applied', async () => {
    const res = await req(PAGE, {
      jar: b,
      form: { intent: 'approve', changeId: String(bonusHeld) },
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('ceiling');
    const [row] = query<{ status: string }>(
      'SELECT status FROM pending_money_changes WHERE id = ?',
      bonusHeld,
    );
    expect(row.status).toBe('pending');
    expect(
      query<{ n: number }>(
        'SELECT count(*) AS n FROM results WHERE bonus_cents = ?',
        FIFTY_MILLION,
      )[0].n,
    ).toBe(0);
  });

  it('lowering is immediate, with nothing held', async () => {
    const before = storedLimits();
    const lowered = { ...before, promoterBonusPerResultCents: 500_00, refundAboveCents: 700_00 };
    const res = await req(PAGE, { jar: a, form: limitsForm(lowered) });
    expect(res.status).toBe(302);
    expect(storedLimits()).toEqual(lowered);
    expect(pendingLimits()).toEqual([]);
  });
});

describe('no page or API grants the admin role alone', () => {
  for (const role of ['dealer', 'promoter'] as const) {
    it(`inviting to a ${role}'s login with role=admin smuggled in invites a ${role}`, async () => {
      const stamp = `${role}-${Date.now()}`;
      const { id } = writeDb(
        (db) =>
          db
            .prepare(`INSERT INTO ${role}s (name, email) VALUES (?, ?) RETURNING id`)
            .get(`Four Eyes ${stamp}`, `${stamp}-shop@example.test`) as { id: number },
      );
      const email = `${stamp}@example.test`;
      const res = await req(`/auth/admin/${role}/${id}`, {
        jar: a,
        form: { intent: 'invite', email, lang: 'en', role: 'admin', isAdmin: 'true' },
      });
      expect(res.status).toBe(302);
      const [made] = query<{ role: string; status: string }>(
        'SELECT role, status FROM invitations WHERE email = ?',
        email,
      );
      expect(made).toEqual({ role, status: 'sent' });
    });
  }
});
