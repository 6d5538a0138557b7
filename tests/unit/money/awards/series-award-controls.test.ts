/**
 * Series-end awards are money an admin types: over the limit for one award (the admin's bonus per
 * result) the award is held for a second admin like a bonus, on no balance until approved; the
 * admin who entered it never approves it, not even through a proxy; the ledger equals the balances
 * throughout.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DB } from '~/db.server';
import { awards, mailOutbox, riders } from '#db/schema';
import { currentMoneyLimits, setMoneyLimits } from '~/services/money/ledger/money-limits.server';
import {
  holdMail,
  listChanges,
  pendingChangeCount,
} from '~/services/money/ledger/pending-changes.server';
import { approveChange, refuseChange } from '~/services/money/ledger/change-decisions.server';
import { addSeriesAward, listSeriesAwards } from '~/services/money/awards/series-awards.server';
import { ledgerProblems } from '~/services/platform/integrity.server';
import { testDb } from '../../helpers/db';
import { addResult, makeAdmin, makeClass, makeEvent, makeSeries } from '../factory';
import { balances, makePayablePro } from '../payouts-fixtures';

let db: DB;
beforeEach(() => {
  db = testDb();
});

const NOW = new Date('2026-10-20T18:00:00Z');
const FIFTY_MILLION = 50_000_000_00;
/** Over the admin's limit for one award, under the configured ceiling on one approved amount. */
const LARGE = 200_000_00;

/** An ended series a pro raced in, and two admins. */
function scene() {
  const a = makeAdmin(db);
  const b = makeAdmin(db);
  const s = makeSeries(db, { name: 'Desert Cup' });
  const ev = makeEvent(db, { seriesId: s.id, date: '2026-09-12' });
  const pro = makePayablePro(db, { level: 'pro' }).rider;
  db.update(riders).set({ level: 'pro' }).where(eq(riders.id, pro.id)).run();
  addResult(db, ev.id, makeClass(db, ev.id, { payoutType: 'cash' }).id, {
    place: 1,
    riderName: 'Pro One',
    riderId: pro.id,
    make: 'KTM',
  });
  return { a, b, s, pro };
}

const seriesAwardsOf = (riderId: number) =>
  db.select().from(awards).where(eq(awards.riderId, riderId)).all();

describe('a series-end award over its limit is held for a second admin', () => {
  it('the rule: an award above the admin’s bonus per result is held; at or under it is made at once', () => {
    const { a, s, pro } = scene();
    const limit = currentMoneyLimits(db).adminBonusPerResultCents;
    const input = (amountCents: number) => ({ riderId: pro.id, amountCents, notes: 'Champion' });
    expect(addSeriesAward(db, s.id, input(limit), a.actor, NOW).ok).toBe(true);
    const over = addSeriesAward(db, s.id, input(limit + 1), a.actor, NOW);
    expect(over).toMatchObject({ ok: false, reason: 'held' });
    expect(listSeriesAwards(db, s.id).map((r) => r.initialCents)).toEqual([limit]);
    // The admin's own limit moves the line.
    setMoneyLimits(db, { ...currentMoneyLimits(db), adminBonusPerResultCents: limit * 2 }, a.actor);
    expect(addSeriesAward(db, s.id, input(limit + 1), a.actor, NOW).ok).toBe(true);
    expect(ledgerProblems(db.$client)).toEqual([]);
  });

  it('$200,000 typed on a series: no award, no balance, the admins are mailed; a second admin approves it', async () => {
    const { a, b, s, pro } = scene();
    const mailsBefore = db.select().from(mailOutbox).all().length;
    const mail = await holdMail();
    const out = addSeriesAward(
      db,
      s.id,
      { riderId: pro.id, amountCents: LARGE, notes: 'Champion' },
      a.actor,
      NOW,
      mail,
    );
    if (out.ok || out.reason !== 'held') throw new Error(`not held: ${JSON.stringify(out)}`);
    expect(seriesAwardsOf(pro.id).filter((x) => x.seriesId === s.id)).toEqual([]);
    expect(balances(db, pro.id, 'cash')).toEqual({ ledger: 0, awards: 0 });
    expect(pendingChangeCount(db)).toBe(1);
    expect(db.select().from(mailOutbox).all().length - mailsBefore).toBe(2); // both admins
    const [held] = listChanges(db, 'pending');
    expect(held).toMatchObject({
      id: out.pendingId,
      kind: 'seriesAward',
      amountCents: LARGE,
      seriesId: s.id,
      seriesName: 'Desert Cup',
      enteredBy: a.user.email,
    });
    expect(ledgerProblems(db.$client)).toEqual([]);

    // The admin who typed it cannot approve it; the other can, and the award follows once.
    expect(approveChange(db, out.pendingId, a.actor, NOW)).toEqual({
      ok: false,
      error: 'ownChange',
    });
    expect(approveChange(db, out.pendingId, b.actor, NOW)).toEqual({ ok: true });
    expect(approveChange(db, out.pendingId, b.actor, NOW)).toEqual({
      ok: false,
      error: 'notPending',
    });
    const [award] = listSeriesAwards(db, s.id);
    expect(award).toMatchObject({ initialCents: LARGE, type: 'cash', notes: 'Champion' });
    expect(balances(db, pro.id, 'cash')).toEqual({ ledger: LARGE, awards: LARGE });
    expect(ledgerProblems(db.$client)).toEqual([]);
  });

  it('entered through a proxy: neither the proxied admin nor the admin behind the proxy approves it', () => {
    const { a, b, s, pro } = scene();
    const c = makeAdmin(db);
    const viaProxy = { userId: c.user.id, proxyHostUserId: b.user.id };
    const out = addSeriesAward(
      db,
      s.id,
      { riderId: pro.id, amountCents: FIFTY_MILLION, notes: 'Via proxy' },
      viaProxy,
      NOW,
    );
    if (out.ok || out.reason !== 'held') throw new Error('not held');
    expect(approveChange(db, out.pendingId, b.actor, NOW)).toMatchObject({ error: 'ownChange' });
    expect(approveChange(db, out.pendingId, c.actor, NOW)).toMatchObject({ error: 'ownChange' });
    expect(refuseChange(db, out.pendingId, a.actor, NOW)).toEqual({ ok: true });
    expect(listSeriesAwards(db, s.id)).toEqual([]);
    expect(balances(db, pro.id, 'cash')).toEqual({ ledger: 0, awards: 0 });
    expect(ledgerProblems(db.$client)).toEqual([]);
  });
});
