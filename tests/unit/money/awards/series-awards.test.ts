/**
 * Series-end (final standings) awards: docs/rules.md "Cash" — series-end payments 60 days after the
 * series' last event; pros cash, amateurs dealer credit; every change a ledger row; nothing spent,
 * claimed or paid is ever withdrawn.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DB } from '~/db.server';
import { laDay } from '~/lib/dates';
import { awards, payoutClaims, riders } from '#db/schema';
import type { Actor } from '~/services/platform/audit.server';
import { deleteSeries } from '~/services/events/catalog/programs.server';
import { createPayoutClaims } from '~/services/money/payouts/payout-claims.server';
import { listRiderAwards } from '~/services/people/rider-earnings.server';
import { riderSeriesDetail } from '~/services/people/rider-event-detail.server';
import {
  addSeriesAward,
  listSeriesAwards,
  removeSeriesAward,
  seriesEnd,
  seriesRiders,
} from '~/services/money/awards/series-awards.server';
import { testDb } from '../../helpers/db';
import { makeRider as makeCounterRider, spendCredit } from '../counter-fixtures';
import { addResult, makeClass, makeEvent, makeSeries } from '../factory';
import { balances, ledgerRows, makeAdminActor, makePayablePro } from '../payouts-fixtures';

let db: DB;
let admin: Actor;
const NOW = new Date('2026-10-20T18:00:00Z');

beforeEach(() => {
  db = testDb();
  admin = makeAdminActor(db);
});

/** A series with two events (the last on `lastDay`), one cancelled later, and riders who raced. */
function seasonWith(lastDay = '2026-09-12') {
  const s = makeSeries(db, { name: 'Desert Cup' });
  const first = makeEvent(db, { seriesId: s.id, date: '2026-05-02' });
  const last = makeEvent(db, { seriesId: s.id, date: lastDay });
  makeEvent(db, { seriesId: s.id, date: '2026-12-05', cancelled: true });
  const cls = makeClass(db, first.id, { payoutType: 'cash' });
  const pro = makePayablePro(db, { level: 'pro' });
  const amateur = makeCounterRider(db, { first: 'Ama', last: 'Teur' });
  db.update(riders).set({ level: 'amateur' }).where(eq(riders.id, amateur.rider.id)).run();
  addResult(db, first.id, cls.id, {
    place: 1,
    riderName: 'Pro One',
    riderId: pro.rider.id,
    make: 'KTM',
  });
  addResult(db, last.id, makeClass(db, last.id).id, {
    place: 2,
    riderName: 'Ama Teur',
    riderId: amateur.rider.id,
    make: 'KTM',
  });
  const outsider = makePayablePro(db, { level: 'pro' });
  return { s, last, pro: pro.rider, amateur: amateur.rider, outsider: outsider.rider };
}

describe('series-end awards', () => {
  it('the series ends with its last event that was not cancelled; payment is due 60 days later', () => {
    const { s } = seasonWith('2026-09-12');
    expect(seriesEnd(db, s.id, NOW)).toEqual({
      lastEventDay: '2026-09-12',
      ended: true,
      currency: 'USD',
      paymentDay: '2026-11-11',
    });
    expect(seriesEnd(db, s.id, new Date('2026-09-11T12:00:00Z'))?.ended).toBe(false);
    expect(seriesEnd(db, 99999, NOW)).toBeNull();
  });

  it('is refused before the series has ended', () => {
    const { s, pro } = seasonWith('2026-11-28');
    const out = addSeriesAward(
      db,
      s.id,
      { riderId: pro.id, amountCents: 50000, notes: 'Champion' },
      admin,
      NOW,
    );
    expect(out).toEqual({ ok: false, reason: 'notEnded' });
    expect(listSeriesAwards(db, s.id)).toHaveLength(0);
  });

  it('only goes to a rider with a result in the series', () => {
    const { s, pro, amateur, outsider } = seasonWith();
    expect(
      seriesRiders(db, s.id)
        .map((r) => r.id)
        .sort(),
    ).toEqual([pro.id, amateur.id].sort());
    const out = addSeriesAward(
      db,
      s.id,
      { riderId: outsider.id, amountCents: 100, notes: 'x' },
      admin,
      NOW,
    );
    expect(out).toEqual({ ok: false, reason: 'notInSeries' });
  });

  it('pays a pro cash (earned, one ledger row) and a claim made for it is due 60 days after the last event', () => {
    const { s, pro } = seasonWith('2026-09-12');
    const out = addSeriesAward(
      db,
      s.id,
      { riderId: pro.id, amountCents: 150000, notes: 'Series champion, Pro' },
      admin,
      NOW,
    );
    if (!out.ok) throw new Error(out.reason);
    const a = db.select().from(awards).where(eq(awards.id, out.awardId)).get()!;
    expect(a).toMatchObject({
      type: 'cash',
      payoutType: 'cash',
      status: 'earned',
      seriesId: s.id,
      eventId: null,
      currency: 'USD',
    });
    // Payment information is due 60 days after the later of the series' end and the award day.
    expect(laDay(a.paymentInfoDueAt!)).toBe('2026-12-19');
    expect(ledgerRows(db, a.id).map((l) => [l.kind, l.amountCents])).toEqual([['award', 150000]]);
    expect(balances(db, pro.id, 'cash')).toEqual({ ledger: 150000, awards: 150000 });

    const batch = createPayoutClaims(db, admin, { riderIds: [pro.id], now: NOW });
    expect(batch.created).toHaveLength(1);
    const claim = db
      .select()
      .from(payoutClaims)
      .where(eq(payoutClaims.id, batch.created[0]!.id))
      .get()!;
    expect(claim.dueDate).toBe('2026-11-11');
    expect(claim.grossCents).toBe(150000);
  });

  it('gives an amateur dealer credit for 12 months, shown in the rider’s earnings under the series', () => {
    const { s, amateur } = seasonWith();
    const out = addSeriesAward(
      db,
      s.id,
      { riderId: amateur.id, amountCents: 25000, notes: '2nd overall, Amateur' },
      admin,
      NOW,
    );
    if (!out.ok) throw new Error(out.reason);
    const a = db.select().from(awards).where(eq(awards.id, out.awardId)).get()!;
    expect(a).toMatchObject({
      type: 'credit',
      payoutType: 'dealerCredit',
      status: 'current',
      paymentInfoDueAt: null,
    });
    expect(laDay(a.expiresAt!)).toBe('2027-10-20');
    const earnings = listRiderAwards(db, amateur.id, {}, NOW);
    expect(earnings.rows[0]).toMatchObject({
      eventId: null,
      seriesId: s.id,
      eventTitle: 'Desert Cup',
      notes: '2nd overall, Amateur',
    });
    // The rider's series page lists it and counts it in what the series paid them (no event
    // award here: the season's results were never computed).
    const detail = riderSeriesDetail(db, amateur.id, s.id)!;
    expect(detail.finalAwards).toEqual([
      {
        id: out.awardId,
        payoutType: 'dealerCredit',
        currency: 'USD',
        cents: 25000,
        notes: '2nd overall, Amateur',
      },
    ]);
    expect(detail.awarded).toEqual([{ currency: 'USD', cents: 25000 }]);
    expect(removeSeriesAward(db, s.id, out.awardId, admin)).toBe('ok');
    expect(riderSeriesDetail(db, amateur.id, s.id)).toMatchObject({ finalAwards: [], awarded: [] });
  });

  it('withdraws an untouched award with a reversing ledger row', () => {
    const { s, pro } = seasonWith();
    const out = addSeriesAward(
      db,
      s.id,
      { riderId: pro.id, amountCents: 40000, notes: '3rd' },
      admin,
      NOW,
    );
    if (!out.ok) throw new Error(out.reason);
    expect(listSeriesAwards(db, s.id)[0]?.removable).toBe(true);
    expect(removeSeriesAward(db, s.id, out.awardId, admin)).toBe('ok');
    expect(ledgerRows(db, out.awardId).map((l) => [l.kind, l.amountCents])).toEqual([
      ['award', 40000],
      ['awardReversal', -40000],
    ]);
    expect(balances(db, pro.id, 'cash')).toEqual({ ledger: 0, awards: 0 });
    // How it was withdrawn is kept as data (told to the rider in their language); the admin's
    // note stays the admin's words.
    expect(listSeriesAwards(db, s.id)[0]).toMatchObject({
      status: 'reversed',
      removable: false,
      notes: '3rd',
      withdrawnBy: 'admin',
      withdrawnFromCents: 40000,
    });
    expect(listSeriesAwards(db, s.id)[0]?.withdrawnAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(removeSeriesAward(db, s.id, out.awardId, admin)).toBe('reversed');
    expect(removeSeriesAward(db, s.id + 1, out.awardId, admin)).toBe('notFound');
  });

  it('never withdraws credit that was spent or cash that was claimed', async () => {
    const { s, pro, amateur } = seasonWith();
    const credit = addSeriesAward(
      db,
      s.id,
      { riderId: amateur.id, amountCents: 25000, notes: '2nd' },
      admin,
      NOW,
    );
    const cash = addSeriesAward(
      db,
      s.id,
      { riderId: pro.id, amountCents: 90000, notes: '1st' },
      admin,
      NOW,
    );
    if (!credit.ok || !cash.ok) throw new Error('not awarded');
    await spendCredit(db, amateur.id, 1000, new Date(NOW.getTime() + 60_000));
    expect(removeSeriesAward(db, s.id, credit.awardId, admin)).toBe('spent');
    createPayoutClaims(db, admin, { riderIds: [pro.id], now: NOW });
    expect(removeSeriesAward(db, s.id, cash.awardId, admin)).toBe('claimed');
    expect(balances(db, amateur.id, 'credit')).toEqual({ ledger: 24000, awards: 24000 });
  });

  it('keeps a series with final standings awards from being deleted', () => {
    const { s, pro } = seasonWith();
    addSeriesAward(db, s.id, { riderId: pro.id, amountCents: 100, notes: 'x' }, admin, NOW);
    expect(deleteSeries(db, s.id, admin)).toBe(false);
    expect(listSeriesAwards(db, s.id)).toHaveLength(1);
  });
});
