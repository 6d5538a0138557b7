import { beforeEach, describe, expect, it } from 'vitest';
import type { DB } from '~/db.server';
import { formatRedemptionCode } from '~/lib/format';
import { redemptionsFilterSchema } from '~/lib/schemas/rider-area';
import {
  listRiderAwards,
  listRiderClaims,
  listRiderRedemptions,
} from '~/services/people/rider-earnings.server';
import { listRiderEvents, listRiderSeries } from '~/services/people/rider-events.server';
import { riderEventDetail, riderSeriesDetail } from '~/services/people/rider-event-detail.server';
import { testDb } from '../helpers/db';
import {
  inDays,
  makeAward,
  makeClaim,
  makeDealer,
  makeEvent,
  makeRedemption,
  makeResult,
  makeRider,
  makeSeries,
  NOW,
  revoke,
} from './rider-area-fixtures';

describe('rider area lists', () => {
  let db: DB;
  beforeEach(() => {
    db = testDb();
  });

  it('earnings: every award of the rider, with effective status, filters, totals and pages', () => {
    const a = makeRider(db);
    const b = makeRider(db);
    const e = makeEvent(db, 'Spring Classic', '2025-04-12');
    const r = makeResult(db, e, a.id, 1, 10000);
    makeAward(db, a.id, {
      status: 'current',
      initialCents: 10000,
      currentCents: 4000,
      spentCents: 6000,
      eventId: e.event.id,
      classId: e.cls.id,
      resultId: r.id,
    });
    makeAward(db, a.id, { status: 'current', initialCents: 2000, expiresAt: inDays(-1) });
    makeAward(db, a.id, { status: 'expired', initialCents: 3000, currentCents: 0 });
    makeAward(db, a.id, { status: 'current', type: 'bonus', initialCents: 500 });
    makeAward(db, b.id, { status: 'current', initialCents: 77700 });

    const all = listRiderAwards(db, a.id, {}, NOW);
    expect(all.total).toBe(4);
    expect(all.totals).toEqual([
      { currency: 'USD', initialCents: 15500, currentCents: 6500, spentCents: 6000 },
    ]);
    const first = all.rows.find((row) => row.eventId === e.event.id);
    expect(first).toMatchObject({
      eventTitle: 'Spring Classic',
      className: '450 Pro',
      place: 1,
      spentCents: 6000,
    });

    const expired = listRiderAwards(db, a.id, { status: 'expired' }, NOW);
    expect(expired.rows.map((row) => row.initialCents).sort()).toEqual([2000, 3000]);
    expect(expired.rows.every((row) => row.status === 'expired')).toBe(true);
    const current = listRiderAwards(db, a.id, { status: 'current' }, NOW);
    expect(current.rows.map((row) => row.initialCents).sort((x, y) => x - y)).toEqual([500, 10000]);
    expect(
      listRiderAwards(db, a.id, { type: 'bonus' }, NOW).rows.map((row) => row.initialCents),
    ).toEqual([500]);
    // Both filters at once: the bonus is current, so it is not among the expired ones.
    expect(
      listRiderAwards(db, a.id, { type: 'bonus', status: 'current' }, NOW).rows.map(
        (row) => row.initialCents,
      ),
    ).toEqual([500]);
    expect(listRiderAwards(db, a.id, { type: 'bonus', status: 'expired' }, NOW).total).toBe(0);

    for (let i = 0; i < 25; i += 1) makeAward(db, b.id, { status: 'current', initialCents: 100 });
    const page2 = listRiderAwards(db, b.id, { page: 2 }, NOW);
    expect(page2).toMatchObject({ page: 2, totalPages: 2, total: 26 });
    expect(page2.rows).toHaveLength(6);
    expect(listRiderAwards(db, b.id, { page: 99 }, NOW).page).toBe(2);
  });

  it("earnings: the Expires column is credit's expiry, or unclaimed cash's payment-information deadline", () => {
    const c = makeRider(db);
    const due = '2025-08-01T06:59:59.999Z';
    const expiry = inDays(100);
    const credit = makeAward(db, c.id, { status: 'current', initialCents: 100, expiresAt: expiry });
    const earned = makeAward(db, c.id, {
      payoutType: 'cash',
      status: 'earned',
      initialCents: 200,
      paymentInfoDueAt: due,
    });
    const sent = makeAward(db, c.id, {
      payoutType: 'cash',
      status: 'sent',
      initialCents: 300,
      paymentInfoDueAt: due,
    });
    const byId = new Map(listRiderAwards(db, c.id, {}, NOW).rows.map((row) => [row.id, row]));
    expect(byId.get(credit.id)?.expiresOn).toBe(expiry);
    expect(byId.get(earned.id)?.expiresOn).toBe(due);
    expect(byId.get(sent.id)?.expiresOn).toBeNull();
  });

  it('earnings pages: newest award first, the later id first on the same date, each award once', () => {
    const c = makeRider(db);
    const ids: { id: number; awardedAt: string }[] = [];
    for (let i = 0; i < 45; i += 1) {
      // Three awards a day: ties on the date are ordered by id.
      const awardedAt = `2025-0${1 + (i % 5)}-1${i % 3}T18:00:00.000Z`;
      const award = makeAward(db, c.id, { status: 'current', initialCents: 100 + i, awardedAt });
      ids.push({ id: award.id, awardedAt });
    }
    const expected = ids
      .sort((x, y) => y.awardedAt.localeCompare(x.awardedAt) || y.id - x.id)
      .map((x) => x.id);
    const pages = [1, 2, 3].map((page) => listRiderAwards(db, c.id, { page }, NOW));
    expect(pages.map((p) => p.rows.length)).toEqual([20, 20, 5]);
    expect(pages.flatMap((p) => p.rows.map((row) => row.id))).toEqual(expected);
    // A filter pages the same way.
    const filtered = [1, 2, 3].map(
      (page) => listRiderAwards(db, c.id, { page, status: 'current' }, NOW).rows,
    );
    expect(filtered.flat().map((row) => row.id)).toEqual(expected);
  });

  it('redemptions: a dealer’s void is told apart from an admin’s refund', () => {
    const rider = makeRider(db);
    const d = makeDealer(db, 'Void Moto');
    const voided = makeRedemption(db, rider.id, d.id, 1200, '2025-07-01T18:00:00.000Z');
    const refunded = makeRedemption(db, rider.id, d.id, 1300, '2025-07-02T18:00:00.000Z');
    revoke(db, voided.id, '2025-07-01T19:00:00.000Z', 'void');
    revoke(db, refunded.id, '2025-07-03T18:00:00.000Z');
    const rows = listRiderRedemptions(db, rider.id, {}).rows;
    expect(rows.find((r) => r.id === voided.id)).toMatchObject({ refunded: true, voided: true });
    expect(rows.find((r) => r.id === refunded.id)).toMatchObject({ refunded: true, voided: false });
  });

  it('redemptions: own only, base-36 code, refund, inclusive Los Angeles date range', () => {
    const a = makeRider(db);
    const b = makeRider(db);
    const d = makeDealer(db, 'Alpha Moto', { city: 'Austin' });
    // 2025-06-01 23:30 in Los Angeles is 06:30 UTC on June 2nd.
    const late = makeRedemption(db, a.id, d.id, 2500, '2025-06-02T06:30:00.000Z');
    const early = makeRedemption(db, a.id, d.id, 1000, '2025-05-20T18:00:00.000Z');
    makeRedemption(db, b.id, d.id, 9900, '2025-06-01T18:00:00.000Z');
    revoke(db, early.id, '2025-05-22T18:00:00.000Z');

    const list = listRiderRedemptions(db, a.id, {});
    expect(list.total).toBe(2);
    expect(list.rows.map((r) => r.code)).toEqual([
      formatRedemptionCode(late.id),
      formatRedemptionCode(early.id),
    ]);
    expect(list.rows[0]).toMatchObject({
      dealerName: 'Alpha Moto',
      dealerCity: 'Austin',
      amountCents: 2500,
      refunded: false,
    });
    expect(list.rows[1]).toMatchObject({
      refunded: true,
      voided: false,
      refundedAt: '2025-05-22T18:00:00.000Z',
    });

    const june1 = listRiderRedemptions(db, a.id, { from: '2025-06-01', to: '2025-06-01' });
    expect(june1.rows.map((r) => r.id)).toEqual([late.id]);
    expect(listRiderRedemptions(db, a.id, { from: '2025-06-02' }).rows).toEqual([]);
    expect(listRiderRedemptions(db, a.id, { to: '2025-05-31' }).rows.map((r) => r.id)).toEqual([
      early.id,
    ]);
    expect(() => listRiderRedemptions(db, 0, {})).toThrow();
  });

  it('the date-range filter refuses an invalid date and a reversed range', () => {
    expect(redemptionsFilterSchema.safeParse({ from: '2025-02-30' }).success).toBe(false);
    expect(
      redemptionsFilterSchema.safeParse({ from: '2025-03-02', to: '2025-03-01' }).success,
    ).toBe(false);
    expect(
      redemptionsFilterSchema.safeParse({ from: '2025-03-01', to: '2025-03-01' }).success,
    ).toBe(true);
  });

  it('payout claims: the rider’s own only', () => {
    const pro = makeRider(db, { level: 'pro' });
    const other = makeRider(db, { level: 'pro' });
    makeClaim(db, pro.id, 12000);
    makeClaim(db, other.id, 50000, 'sent');
    expect(listRiderClaims(db, pro.id).map((c) => c.grossCents)).toEqual([12000]);
    expect(listRiderClaims(db, other.id).map((c) => [c.grossCents, c.status])).toEqual([
      [50000, 'sent'],
    ]);
  });

  it('My events and My series: only events and series the rider has results in, with their own results', () => {
    const a = makeRider(db);
    const b = makeRider(db);
    const s1 = makeSeries(db, 'Desert Series');
    const s2 = makeSeries(db, 'Other Series');
    const e1 = makeEvent(db, 'Desert Round 1', '2025-03-10', s1.id);
    const e2 = makeEvent(db, 'Desert Round 2', '2025-04-10', s1.id);
    const e3 = makeEvent(db, 'Solo Event', '2025-05-10');
    const e4 = makeEvent(db, 'Other Round', '2025-05-11', s2.id);
    const r1 = makeResult(db, e1, a.id, 1, 10000);
    makeResult(db, e1, b.id, 2, 5000);
    makeResult(db, e3, a.id, 7, 0, 'noPlaceAmount');
    makeResult(db, e4, b.id, 1, 10000);
    makeAward(db, a.id, {
      status: 'current',
      initialCents: 10000,
      eventId: e1.event.id,
      classId: e1.cls.id,
      resultId: r1.id,
    });
    makeAward(db, b.id, { status: 'current', initialCents: 5000, eventId: e1.event.id });

    const evs = listRiderEvents(db, a.id, 1);
    expect(evs.rows.map((e) => e.title)).toEqual(['Solo Event', 'Desert Round 1']);
    const round1 = evs.rows.find((e) => e.id === e1.event.id);
    expect(round1?.results.map((r) => [r.place, r.payoutCents])).toEqual([[1, 10000]]);
    expect(round1?.awarded).toEqual([{ currency: 'USD', cents: 10000 }]);
    expect(round1?.seriesName).toBe('Desert Series');
    expect(evs.rows.find((e) => e.id === e3.event.id)?.results[0].noPayoutReason).toBe(
      'noPlaceAmount',
    );

    const ser = listRiderSeries(db, a.id, undefined);
    expect(ser.rows.map((s) => s.name)).toEqual(['Desert Series']);
    expect(ser.rows[0].results.map((r) => r.eventTitle)).toEqual(['Desert Round 1']);
    expect(ser.rows[0].awarded).toEqual([{ currency: 'USD', cents: 10000 }]);
    expect(
      listRiderSeries(db, b.id, undefined)
        .rows.map((s) => s.name)
        .sort(),
    ).toEqual(['Desert Series', 'Other Series']);
    expect(e2.event.id).toBeGreaterThan(0);
  });

  it('event and series details: classes and payouts, the rider’s own results; null for an unknown id', () => {
    const a = makeRider(db);
    const b = makeRider(db);
    const s = makeSeries(db, 'Desert Series');
    const e1 = makeEvent(db, 'Desert Round 1', '2025-03-10', s.id);
    const e2 = makeEvent(db, 'Desert Round 2', '2025-04-10', s.id);
    makeResult(db, e1, a.id, 2, 5000);
    makeResult(db, e1, b.id, 1, 10000);
    makeAward(db, b.id, { status: 'current', initialCents: 10000, eventId: e1.event.id });

    const detail = riderEventDetail(db, a.id, e1.event.id, NOW);
    expect(detail?.event.title).toBe('Desert Round 1');
    expect(detail?.series).toEqual({ id: s.id, name: 'Desert Series' });
    expect(detail?.classes).toEqual([
      {
        id: e1.cls.id,
        name: '450 Pro',
        payoutType: 'dealerCredit',
        currency: 'USD',
        places: [
          { place: 1, amountCents: 10000 },
          { place: 2, amountCents: 5000 },
        ],
      },
    ]);
    expect(detail?.results.map((r) => r.place)).toEqual([2]);
    expect(detail?.awards).toEqual([]);
    expect(detail?.awarded).toEqual([]);
    expect(riderEventDetail(db, a.id, 99999, NOW)).toBeNull();

    const sd = riderSeriesDetail(db, a.id, s.id);
    expect(sd?.events.map((e) => [e.title, e.raced])).toEqual([
      ['Desert Round 1', true],
      ['Desert Round 2', false],
    ]);
    expect(sd?.results.map((r) => r.place)).toEqual([2]);
    expect(riderSeriesDetail(db, a.id, 99999)).toBeNull();
    expect(e2.event.id).toBeGreaterThan(0);
  });
});
