/**
 * The limits under two people: a raise waits for a second admin exactly like the amounts it
 * governs (the proposer never approves it, not through a proxy either), a lowering applies at
 * once, a newer proposal replaces the pending one, a single admin cannot raise from the page,
 * and nothing passes the configured ceilings, even with two approvals.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DB } from '~/db.server';
import { auditLog, mailOutbox, moneyLimits, pendingMoneyChanges, users } from '#db/schema';
import {
  AboveCeilingError,
  currentMoneyLimits,
  DEFAULT_MONEY_LIMITS,
  MONEY_LIMIT_KEYS,
  moneyCeilings,
  setMoneyLimits,
  type MoneyLimits,
} from '~/services/money/ledger/money-limits.server';
import {
  holdMail,
  listChanges,
  limitsPayload,
} from '~/services/money/ledger/pending-changes.server';
import { approveChange, refuseChange } from '~/services/money/ledger/change-decisions.server';
import { proposeMoneyLimits } from '~/services/money/ledger/limit-changes.server';
import { testDb } from '../../helpers/db';
import { makeAdmin, makePromoter } from '../factory';

let db: DB;
beforeEach(() => {
  db = testDb();
});

const ceilings = () => moneyCeilings();
/** Every limit at the ceiling it may reach. */
const atCeilings = (): MoneyLimits => ({
  promoterBonusPerResultCents: ceilings().singleCents,
  adminBonusPerResultCents: ceilings().singleCents,
  bonusPerEventCents: ceilings().singleCents,
  bonusPerYearCents: ceilings().perYearCents,
  refundAboveCents: ceilings().singleCents,
  promoterPlaceCents: ceilings().singleCents,
});

function twoAdmins() {
  return { a: makeAdmin(db), b: makeAdmin(db) };
}

describe('raising a limit waits for a second admin', () => {
  it('one admin raises every limit: nothing is in force, one pending change, the admins are mailed', async () => {
    const { a } = twoAdmins();
    const mail = await holdMail();
    const out = proposeMoneyLimits(db, atCeilings(), a.actor, new Date(), mail);
    expect(out).toMatchObject({ ok: true, lowered: [], held: expect.any(Number) });
    expect(currentMoneyLimits(db)).toEqual(DEFAULT_MONEY_LIMITS);
    const [row] = listChanges(db, 'pending');
    expect(row).toMatchObject({ kind: 'limits', enteredBy: a.user.email });
    expect(row.limitChanges).toContainEqual({
      key: 'promoterBonusPerResultCents',
      from: DEFAULT_MONEY_LIMITS.promoterBonusPerResultCents,
      to: ceilings().singleCents,
    });
    expect(row.limitChanges).toHaveLength(MONEY_LIMIT_KEYS.length);
    const mails = db.select().from(mailOutbox).all();
    expect(mails).toHaveLength(2);
    expect(mails[0].subject).toMatch(/limits/i);
    expect(mails[0].text).toContain('$1,000.00 → $250,000.00');
  });

  it('the proposer cannot approve it, as themself or as the admin behind a proxy; a second admin can', () => {
    const { a, b } = twoAdmins();
    const out = proposeMoneyLimits(db, atCeilings(), a.actor);
    const id = out.ok ? out.held! : 0;
    expect(approveChange(db, id, a.actor)).toEqual({ ok: false, error: 'ownChange' });
    // An admin under a proxy decides nothing (the page is the admin's own).
    const promoter = makePromoter(db);
    expect(approveChange(db, id, { userId: promoter.user.id, proxyHostUserId: a.user.id })).toEqual(
      { ok: false, error: 'notAdmin' },
    );
    expect(currentMoneyLimits(db)).toEqual(DEFAULT_MONEY_LIMITS);
    expect(approveChange(db, id, b.actor)).toEqual({ ok: true });
    expect(currentMoneyLimits(db)).toEqual(atCeilings());
    // Audited with both identities: the approver as actor, the proposer in the details.
    const set = db.select().from(auditLog).where(eq(auditLog.action, 'money.limits.set')).all();
    expect(set).toHaveLength(1);
    expect(set[0].actorUserId).toBe(b.user.id);
    expect(set[0].details).toMatchObject({ proposedByUserId: a.user.id });
  });

  it('a proposal entered under a proxy cannot be approved by the admin behind it', () => {
    const { a, b } = twoAdmins();
    // Written as a proxied entry would be: the service refuses proposals under a proxy.
    const viaProxy = { userId: a.user.id, proxyHostUserId: b.user.id };
    expect(proposeMoneyLimits(db, atCeilings(), viaProxy)).toEqual({
      ok: false,
      error: 'notAdmin',
    });
    const id = db
      .insert(pendingMoneyChanges)
      .values({
        kind: 'limits',
        amountCents: 1,
        limitName: 'limits',
        payload: limitsPayload([{ key: 'refundAboveCents', from: 1_000_00, to: 2_000_00 }]),
        enteredByUserId: a.user.id,
        enteredProxyHostUserId: b.user.id,
      })
      .returning()
      .get().id;
    expect(approveChange(db, id, b.actor)).toEqual({ ok: false, error: 'ownChange' });
    expect(approveChange(db, id, a.actor)).toEqual({ ok: false, error: 'ownChange' });
    const c = makeAdmin(db);
    expect(approveChange(db, id, c.actor)).toEqual({ ok: true });
    expect(currentMoneyLimits(db).refundAboveCents).toBe(2_000_00);
  });

  it('refused: nothing changes', () => {
    const { a, b } = twoAdmins();
    const out = proposeMoneyLimits(db, atCeilings(), a.actor);
    expect(refuseChange(db, out.ok ? out.held! : 0, b.actor)).toEqual({ ok: true });
    expect(currentMoneyLimits(db)).toEqual(DEFAULT_MONEY_LIMITS);
  });

  it('a newer proposal supersedes the pending one', () => {
    const { a, b } = twoAdmins();
    const first = proposeMoneyLimits(
      db,
      { ...DEFAULT_MONEY_LIMITS, refundAboveCents: 5_000_00 },
      a.actor,
    );
    const second = proposeMoneyLimits(
      db,
      { ...DEFAULT_MONEY_LIMITS, refundAboveCents: 3_000_00 },
      b.actor,
    );
    const firstId = first.ok ? first.held! : 0;
    const secondId = second.ok ? second.held! : 0;
    expect(listChanges(db, 'pending').map((r) => r.id)).toEqual([secondId]);
    expect(approveChange(db, firstId, b.actor)).toEqual({ ok: false, error: 'notPending' });
    expect(approveChange(db, secondId, a.actor)).toEqual({ ok: true });
    expect(currentMoneyLimits(db).refundAboveCents).toBe(3_000_00);
  });
});

describe('lowering a limit takes effect at once', () => {
  it('a lowering alone applies now, audited, with nothing held', () => {
    const { a } = twoAdmins();
    const lower = { ...DEFAULT_MONEY_LIMITS, adminBonusPerResultCents: 10_00 };
    expect(proposeMoneyLimits(db, lower, a.actor)).toEqual({
      ok: true,
      lowered: ['adminBonusPerResultCents'],
      held: null,
    });
    expect(currentMoneyLimits(db)).toEqual(lower);
    expect(listChanges(db, 'pending')).toEqual([]);
  });

  it('lowering some and raising others: the lowered apply now, the raised are held', () => {
    const { a, b } = twoAdmins();
    const mixed = {
      ...DEFAULT_MONEY_LIMITS,
      promoterBonusPerResultCents: 500_00,
      bonusPerYearCents: 200_000_00,
    };
    const out = proposeMoneyLimits(db, mixed, a.actor);
    expect(out).toMatchObject({ ok: true, lowered: ['promoterBonusPerResultCents'] });
    expect(currentMoneyLimits(db)).toEqual({
      ...DEFAULT_MONEY_LIMITS,
      promoterBonusPerResultCents: 500_00,
    });
    expect(listChanges(db, 'pending')[0].limitChanges).toEqual([
      { key: 'bonusPerYearCents', from: 100_000_00, to: 200_000_00 },
    ]);
    expect(approveChange(db, out.ok ? out.held! : 0, b.actor)).toEqual({ ok: true });
    expect(currentMoneyLimits(db)).toEqual(mixed);
  });
});

describe('with a single active admin the page cannot raise a limit', () => {
  it('a raise is refused next to its field, nothing applied; a lowering still works', () => {
    const a = makeAdmin(db);
    const gone = makeAdmin(db); // deactivated: cannot approve, does not count
    db.update(users).set({ deactivated: true }).where(eq(users.id, gone.user.id)).run();
    const mixed = {
      ...DEFAULT_MONEY_LIMITS,
      refundAboveCents: 10_00,
      bonusPerEventCents: 20_000_00,
    };
    expect(proposeMoneyLimits(db, mixed, a.actor)).toEqual({
      ok: false,
      error: 'fields',
      fields: { bonusPerEventCents: 'singleAdmin' },
    });
    expect(currentMoneyLimits(db)).toEqual(DEFAULT_MONEY_LIMITS);
    expect(db.select().from(pendingMoneyChanges).all()).toEqual([]);
    const lower = { ...DEFAULT_MONEY_LIMITS, refundAboveCents: 10_00 };
    expect(proposeMoneyLimits(db, lower, a.actor)).toMatchObject({ ok: true, held: null });
    expect(currentMoneyLimits(db).refundAboveCents).toBe(10_00);
  });

  it('only an admin proposes (not a promoter, not an admin through a proxy)', () => {
    const { a } = twoAdmins();
    const promoter = makePromoter(db);
    expect(proposeMoneyLimits(db, atCeilings(), promoter.actor)).toEqual({
      ok: false,
      error: 'notAdmin',
    });
    expect(
      proposeMoneyLimits(db, atCeilings(), {
        userId: promoter.user.id,
        proxyHostUserId: a.user.id,
      }),
    ).toEqual({ ok: false, error: 'notAdmin' });
  });
});

describe('the configured ceilings hold even with two admins', () => {
  it('a proposal above a ceiling is refused whole, naming the field', () => {
    const { a } = twoAdmins();
    const over = {
      ...DEFAULT_MONEY_LIMITS,
      refundAboveCents: 1_00,
      adminBonusPerResultCents: ceilings().singleCents + 1,
      bonusPerYearCents: ceilings().perYearCents + 1,
    };
    expect(proposeMoneyLimits(db, over, a.actor)).toEqual({
      ok: false,
      error: 'fields',
      fields: { adminBonusPerResultCents: 'aboveCeiling', bonusPerYearCents: 'aboveCeiling' },
    });
    expect(currentMoneyLimits(db)).toEqual(DEFAULT_MONEY_LIMITS);
  });

  it('a held raise above the ceiling (configuration lowered since) is not approved', () => {
    const { a, b } = twoAdmins();
    const id = db
      .insert(pendingMoneyChanges)
      .values({
        kind: 'limits',
        amountCents: 1,
        limitName: 'limits',
        payload: limitsPayload([
          { key: 'adminBonusPerResultCents', from: 5_000_00, to: ceilings().singleCents + 1 },
        ]),
        enteredByUserId: a.user.id,
      })
      .returning()
      .get().id;
    expect(approveChange(db, id, b.actor)).toEqual({ ok: false, error: 'aboveCeiling' });
    expect(currentMoneyLimits(db)).toEqual(DEFAULT_MONEY_LIMITS);
  });

  it('a row stored above the ceiling is read at the ceiling; the command line refuses above it', () => {
    const { a } = twoAdmins();
    db.insert(moneyLimits)
      .values({ id: 1, ...DEFAULT_MONEY_LIMITS, adminBonusPerResultCents: 99_999_999_00 })
      .run();
    expect(currentMoneyLimits(db).adminBonusPerResultCents).toBe(ceilings().singleCents);
    expect(() =>
      setMoneyLimits(db, { refundAboveCents: ceilings().singleCents + 1 }, a.actor),
    ).toThrow(AboveCeilingError);
  });
});
