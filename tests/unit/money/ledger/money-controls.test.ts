/**
 * Money under controls: a bonus or refund a person types over the admin's limits is held until a
 * second admin approves it; held money is on no balance (not spendable, not payable); the one who
 * entered it never approves it, not even through a proxy; the ledger equals the balances throughout.
 */
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DB } from '~/db.server';
import { auditLog, awards, mailOutbox, pendingMoneyChanges, results } from '#db/schema';
import { editResult, editResultWithMail } from '~/services/events/management/result-changes.server';
import {
  bonusOverLimit,
  currentMoneyLimits,
  DEFAULT_MONEY_LIMITS,
  setMoneyLimits,
} from '~/services/money/ledger/money-limits.server';
import {
  holdMail,
  listChanges,
  pendingChangeCount,
} from '~/services/money/ledger/pending-changes.server';
import { approveChange, refuseChange } from '~/services/money/ledger/change-decisions.server';
import { refundRedemption } from '~/services/money/counter/redemption-refunds.server';
import { availableCredit } from '~/services/money/ledger/credit.server';
import { unclaimedCashSummary } from '~/services/money/payouts/payout-status.server';
import { recomputeEventAwards } from '~/services/money/awards/awards.server';
import { ledgerProblems } from '~/services/platform/integrity.server';
import { testDb } from '../../helpers/db';
import { fillClass, makeAdmin, makeClass, makeEvent, makePromoter } from '../factory';
import {
  giveCredit,
  makeDealer,
  makeRider as makeCounterRider,
  spendCredit,
} from '../counter-fixtures';

let db: DB;
beforeEach(() => {
  db = testDb();
});

const FIFTY_MILLION = 50_000_000_00;
/** Over every default limit, under the default ceiling on one approved amount. */
const LARGE = 200_000_00;

function expectLedgerHolds() {
  expect(ledgerProblems(db.$client)).toEqual([]);
}

/** An event whose 1st place of a cash class pays, with its promoter and two admins. */
function scene(payoutType: 'cash' | 'dealerCredit' = 'cash') {
  const a = makeAdmin(db);
  const b = makeAdmin(db);
  const { promoter, actor: promoterActor } = makePromoter(db);
  const event = makeEvent(db, {
    promoterId: promoter.id,
    date: new Date().toISOString().slice(0, 10),
  });
  const cls = makeClass(db, event.id, { payoutType, amounts: [50000, 20000] });
  const list = fillClass(db, event.id, cls.id, 6);
  recomputeEventAwards(db, event.id, a.actor);
  return { a, b, promoterActor, event, first: list[0] };
}

const bonusAwards = (resultRiderId: number) =>
  db
    .select()
    .from(awards)
    .where(and(eq(awards.riderId, resultRiderId), eq(awards.type, 'bonus')))
    .all();
const bonusOf = (resultId: number) =>
  db.select().from(results).where(eq(results.id, resultId)).get()!.bonusCents;

describe('a bonus over its limit is held for a second admin', () => {
  it('the promoter’s $50,000,000 bonus is held: no award, not payable, the admins are mailed', async () => {
    const { promoterActor, event, first } = scene();
    const payableBefore = unclaimedCashSummary(db);
    const outcome = await editResultWithMail(
      db,
      event.id,
      first.result.id,
      { resultType: 'finish', place: 1, bonusCents: FIFTY_MILLION, bonusNote: 'Holeshot' },
      promoterActor,
    );
    expect(outcome.ok && outcome.value.held).toBeGreaterThan(0);
    expect(bonusOf(first.result.id)).toBe(0);
    expect(bonusAwards(first.rider.id)).toEqual([]);
    expect(unclaimedCashSummary(db)).toEqual(payableBefore);
    expect(pendingChangeCount(db)).toBe(1);
    const [row] = listChanges(db, 'pending');
    expect(row).toMatchObject({
      kind: 'bonus',
      amountCents: FIFTY_MILLION,
      limitName: 'perResult',
    });
    const mails = db.select().from(mailOutbox).all();
    expect(mails).toHaveLength(2); // both admins
    expect(mails[0].text).toContain('$50,000,000.00');
    expectLedgerHolds();
  });

  it('a second admin approves it: the bonus is applied, the award and ledger follow', async () => {
    const { b, promoterActor, event, first } = scene();
    const out = editResult(
      db,
      event.id,
      first.result.id,
      { bonusCents: LARGE },
      promoterActor,
      new Date(),
      await holdMail(),
    );
    const held = out.ok ? out.value.held! : 0;
    expect(approveChange(db, held, b.actor)).toEqual({ ok: true });
    expect(bonusOf(first.result.id)).toBe(LARGE);
    expect(bonusAwards(first.rider.id).map((x) => x.initialCents)).toEqual([LARGE]);
    expect(pendingChangeCount(db)).toBe(0);
    const approved = db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'money.change.approved'))
      .all();
    expect(approved).toHaveLength(1);
    expect(approved[0].actorUserId).toBe(b.user.id);
    expectLedgerHolds();
  });

  it('above the configured ceiling it is never approved, not even by a second admin', () => {
    const { b, promoterActor, event, first } = scene();
    const out = editResult(
      db,
      event.id,
      first.result.id,
      { bonusCents: FIFTY_MILLION },
      promoterActor,
    );
    const held = out.ok ? out.value.held! : 0;
    expect(held).toBeGreaterThan(0);
    expect(approveChange(db, held, b.actor)).toEqual({ ok: false, error: 'aboveCeiling' });
    expect(bonusOf(first.result.id)).toBe(0);
    expect(bonusAwards(first.rider.id)).toEqual([]);
    expect(listChanges(db, 'pending').map((r) => r.id)).toEqual([held]);
    expectLedgerHolds();
  });

  it('the admin who entered it cannot approve it, as themself or through a proxy', () => {
    const { a, b, event, first } = scene();
    // Admin A over the admin's own per-result limit.
    const own = editResult(db, event.id, first.result.id, { bonusCents: 6_000_00 }, a.actor);
    const ownId = own.ok ? own.value.held! : 0;
    expect(ownId).toBeGreaterThan(0);
    expect(approveChange(db, ownId, a.actor)).toEqual({ ok: false, error: 'ownChange' });
    // Admin B, proxying as the promoter, enters another: B cannot approve it, A can.
    const other = makePromoter(db, 'Other');
    const viaProxy = { userId: other.actor.userId, proxyHostUserId: b.user.id };
    const proxied = editResult(db, event.id, first.result.id, { bonusCents: 2_000_00 }, viaProxy);
    const proxiedId = proxied.ok ? proxied.value.held! : 0;
    expect(listChanges(db, 'pending').map((r) => r.id)).toEqual([proxiedId]); // A's was superseded
    expect(approveChange(db, proxiedId, b.actor)).toEqual({ ok: false, error: 'ownChange' });
    // An admin proxying as someone is not deciding as an admin.
    expect(approveChange(db, proxiedId, { userId: b.user.id, proxyHostUserId: a.user.id })).toEqual(
      { ok: false, error: 'notAdmin' },
    );
    expect(bonusOf(first.result.id)).toBe(0);
    expect(approveChange(db, proxiedId, a.actor)).toEqual({ ok: true });
    expect(bonusOf(first.result.id)).toBe(2_000_00);
    expectLedgerHolds();
  });

  it('refused: nothing is applied and the decision is recorded with who made it', () => {
    const { b, promoterActor, event, first } = scene();
    const out = editResult(
      db,
      event.id,
      first.result.id,
      { bonusCents: FIFTY_MILLION },
      promoterActor,
    );
    const id = out.ok ? out.value.held! : 0;
    expect(refuseChange(db, id, b.actor)).toEqual({ ok: true });
    expect(approveChange(db, id, b.actor)).toEqual({ ok: false, error: 'notPending' });
    expect(bonusOf(first.result.id)).toBe(0);
    expect(bonusAwards(first.rider.id)).toEqual([]);
    const [decided] = listChanges(db, 'decided');
    expect(decided).toMatchObject({ id, status: 'refused', decidedBy: b.user.email });
    expectLedgerHolds();
  });

  it('within its limits a bonus applies at once; the limits are per result, event and year', () => {
    const { promoterActor, event, first } = scene();
    const ok = editResult(db, event.id, first.result.id, { bonusCents: 1_000_00 }, promoterActor);
    expect(ok.ok && ok.value.held).toBeFalsy();
    expect(bonusOf(first.result.id)).toBe(1_000_00);
    expect(
      bonusOverLimit(db, {
        userId: promoterActor.userId,
        eventId: event.id,
        resultId: first.result.id,
        newCents: 1_000_01,
      }),
    ).toBe('perResult');
    setMoneyLimits(db, { ...DEFAULT_MONEY_LIMITS, bonusPerEventCents: 1_500_00 }, promoterActor);
    const second = db.select().from(results).where(eq(results.eventId, event.id)).all()[1];
    expect(
      bonusOverLimit(db, {
        userId: promoterActor.userId,
        eventId: event.id,
        resultId: second.id,
        newCents: 600_00,
      }),
    ).toBe('perEvent');
    setMoneyLimits(
      db,
      { ...DEFAULT_MONEY_LIMITS, bonusPerEventCents: 10_000_00, bonusPerYearCents: 1_200_00 },
      promoterActor,
    );
    expect(currentMoneyLimits(db).bonusPerYearCents).toBe(1_200_00);
    expect(
      bonusOverLimit(db, {
        userId: promoterActor.userId,
        eventId: event.id,
        resultId: second.id,
        newCents: 300_00,
      }),
    ).toBe('perYear');
    // Lowering a bonus never waits.
    expect(
      bonusOverLimit(db, {
        userId: promoterActor.userId,
        eventId: event.id,
        resultId: first.result.id,
        newCents: 10_00,
      }),
    ).toBeNull();
    expectLedgerHolds();
  });

  it('a held dealer-credit bonus is not spendable until approved', () => {
    const { b, promoterActor, event, first } = scene('dealerCredit');
    const now = new Date();
    const before = availableCredit(db, first.rider.id, now, 'USD').totalCents;
    const out = editResult(db, event.id, first.result.id, { bonusCents: LARGE }, promoterActor);
    const id = out.ok ? out.value.held! : 0;
    expect(availableCredit(db, first.rider.id, now, 'USD').totalCents).toBe(before);
    expect(approveChange(db, id, b.actor)).toEqual({ ok: true });
    expect(availableCredit(db, first.rider.id, now, 'USD').totalCents).toBe(before + LARGE);
    expectLedgerHolds();
  });
});

describe('a refund above the threshold is held for a second admin', () => {
  it('held: nothing restored; another admin approves and the credit returns once', async () => {
    const a = makeAdmin(db);
    const b = makeAdmin(db);
    const { rider } = makeCounterRider(db);
    const soon = new Date(Date.now() + 30 * 86_400_000);
    giveCredit(db, rider.id, 5_000_00, soon);
    const { redemption } = await spendCredit(db, rider.id, 2_000_00, new Date());
    const now = new Date();
    const left = availableCredit(db, rider.id, now, 'USD').totalCents;
    const out = refundRedemption(db, redemption.id, a.actor, 'typo', now, 'key-12345678');
    expect(out).toMatchObject({ ok: false, held: expect.any(Number) });
    // The same request again answers the same hold.
    expect(refundRedemption(db, redemption.id, a.actor, 'typo', now, 'key-12345678')).toEqual(out);
    expect(availableCredit(db, rider.id, now, 'USD').totalCents).toBe(left);
    const id = !out.ok ? out.held! : 0;
    expect(approveChange(db, id, a.actor)).toEqual({ ok: false, error: 'ownChange' });
    expect(approveChange(db, id, b.actor)).toEqual({ ok: true });
    expect(availableCredit(db, rider.id, now, 'USD').totalCents).toBe(left + 2_000_00);
    expect(db.select().from(pendingMoneyChanges).get()?.status).toBe('approved');
    expectLedgerHolds();
  });

  it('a refund at or under the threshold is made at once', async () => {
    const a = makeAdmin(db);
    makeDealer(db);
    const { rider } = makeCounterRider(db);
    giveCredit(db, rider.id, 5_000_00, new Date(Date.now() + 30 * 86_400_000));
    const { redemption } = await spendCredit(db, rider.id, 1_000_00, new Date());
    expect(refundRedemption(db, redemption.id, a.actor)).toMatchObject({ ok: true });
    expect(pendingChangeCount(db)).toBe(0);
    expectLedgerHolds();
  });
});
