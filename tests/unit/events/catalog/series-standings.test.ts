import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { awards, events, results } from '#db/schema';
import type { DB } from '~/db.server';
import { recomputeEventAwards } from '~/services/money/awards/awards.server';
import {
  seriesStandings,
  type ClassStandings,
} from '~/services/events/catalog/series-standings.server';
import { getPublicSeries } from '~/services/events/catalog/public-series.server';
import {
  addResult,
  fillClass,
  makeAdmin,
  makeClass,
  makeEvent,
  makeRider,
  makeSeries,
} from '../../money/factory';
import { testDb } from '../../helpers/db';

let db: DB;
beforeEach(() => {
  db = testDb();
});

/** A result of a linked rider that the engine would have paid `payoutCents` (written directly). */
function paid(
  eventId: number,
  classId: number,
  rider: { id: number },
  riderName: string,
  place: number,
  payoutCents: number,
  bonusCents = 0,
) {
  const r = addResult(db, eventId, classId, { place, riderName, riderId: rider.id, bonusCents });
  db.update(results).set({ payoutCents }).where(eq(results.id, r.id)).run();
  return r;
}

const names = (c: ClassStandings | undefined) => c?.riders.map((r) => r.riderName);

describe('series standings: contingency earned per class (docs/rules.md "Public site")', () => {
  it('ranks the riders the engine paid by their total over the series, with events, wins and best finish', () => {
    const { actor } = makeAdmin(db);
    const s = makeSeries(db, { name: 'Desert Cup' });
    const e1 = makeEvent(db, { seriesId: s.id, date: '2025-05-01' });
    const e2 = makeEvent(db, { seriesId: s.id, date: '2025-06-01' });
    const c1 = makeClass(db, e1.id, {
      name: '250 Pro',
      payoutType: 'cash',
      amounts: [50000, 30000, 10000],
    });
    const c2 = makeClass(db, e2.id, {
      name: '250 Pro',
      payoutType: 'cash',
      amounts: [50000, 30000, 10000],
    });
    const field = fillClass(db, e1.id, c1.id, 6, { level: 'pro' });
    // The second round: the first round's 3rd wins, its winner is 2nd, its 2nd is 4th (unpaid).
    const order = [field[2]!, field[0]!, field[5]!, field[1]!, field[3]!, field[4]!];
    order.forEach((r, i) =>
      addResult(db, e2.id, c2.id, {
        place: i + 1,
        riderName: r.name,
        ama: r.rider.amaNumber,
        make: 'KTM',
      }),
    );
    expect(recomputeEventAwards(db, e1.id, actor).ok).toBe(true);
    expect(recomputeEventAwards(db, e2.id, actor).ok).toBe(true);

    const table = seriesStandings(db, s.id);
    expect(table).toHaveLength(1);
    expect(table[0]).toMatchObject({ className: '250 Pro', currency: 'USD' });
    expect(table[0]!.riders).toEqual([
      // 500 + 300 = 800 beats 100 + 500 = 600.
      {
        rank: 1,
        riderName: field[0]!.name,
        eventsCounted: 2,
        wins: 1,
        podiums: 2,
        bestFinish: 1,
        totalCents: 80000,
      },
      {
        rank: 2,
        riderName: field[2]!.name,
        eventsCounted: 2,
        wins: 1,
        podiums: 2,
        bestFinish: 1,
        totalCents: 60000,
      },
      {
        rank: 3,
        riderName: field[1]!.name,
        eventsCounted: 1,
        wins: 0,
        podiums: 1,
        bestFinish: 2,
        totalCents: 30000,
      },
      {
        rank: 4,
        riderName: field[5]!.name,
        eventsCounted: 1,
        wins: 0,
        podiums: 1,
        bestFinish: 3,
        totalCents: 10000,
      },
    ]);
  });

  it('counts earnings at face: spending, refunding or voiding the credit changes nothing', () => {
    const { actor } = makeAdmin(db);
    const s = makeSeries(db);
    const e = makeEvent(db, { seriesId: s.id });
    const c = makeClass(db, e.id, { name: '85cc', amounts: [20000, 10000] });
    fillClass(db, e.id, c.id, 6);
    expect(recomputeEventAwards(db, e.id, actor).ok).toBe(true);
    const before = seriesStandings(db, s.id);
    expect(before[0]!.riders.map((r) => r.totalCents)).toEqual([20000, 10000]);
    db.update(awards).set({ currentCents: 0, spentCents: 20000, status: 'spent' }).run();
    expect(seriesStandings(db, s.id)).toEqual(before);
  });

  it('breaks equal totals by more wins, then more podiums, then the best finish, then the name', () => {
    const s = makeSeries(db);
    const e1 = makeEvent(db, { seriesId: s.id, date: '2025-05-01' });
    const e2 = makeEvent(db, { seriesId: s.id, date: '2025-06-01' });
    const e3 = makeEvent(db, { seriesId: s.id, date: '2025-07-01' });
    const [a1, a2, a3] = [e1, e2, e3].map((e) => makeClass(db, e.id, { name: 'Open' }).id) as [
      number,
      number,
      number,
    ];
    const [w, p, b, zoe, emile, eve] = Array.from({ length: 6 }, () => makeRider(db).rider);
    // Each earns 300.00 in total.
    paid(e1.id, a1, w!, 'Winner Two', 1, 20000);
    paid(e2.id, a2, w!, 'Winner Two', 9, 10000);
    paid(e1.id, a1, p!, 'Podium Two', 2, 15000);
    paid(e2.id, a2, p!, 'Podium Two', 3, 15000);
    paid(e1.id, a1, b!, 'Best Fourth', 4, 15000);
    paid(e3.id, a3, b!, 'Best Fourth', 5, 15000);
    paid(e2.id, a2, zoe!, 'Zoe Last', 5, 30000);
    paid(e3.id, a3, emile!, 'Émile Accent', 5, 30000);
    paid(e1.id, a1, eve!, 'eve lower', 5, 30000);
    expect(names(seriesStandings(db, s.id)[0])).toEqual([
      'Winner Two',
      'Podium Two',
      'Best Fourth',
      // Same total, no win or podium, 5th each: by name as people sort them (accents, case).
      'Émile Accent',
      'eve lower',
      'Zoe Last',
    ]);
    expect(seriesStandings(db, s.id)[0]!.riders.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('leaves out events not approved, cancelled or of another series, and results that paid nothing', () => {
    const s = makeSeries(db);
    const other = makeSeries(db);
    const ok = makeEvent(db, { seriesId: s.id });
    const proposed = makeEvent(db, { seriesId: s.id });
    db.update(events).set({ approval: 'proposed' }).where(eq(events.id, proposed.id)).run();
    const refused = makeEvent(db, { seriesId: s.id });
    db.update(events).set({ approval: 'refused' }).where(eq(events.id, refused.id)).run();
    const cancelled = makeEvent(db, { seriesId: s.id, cancelled: true });
    const elsewhere = makeEvent(db, { seriesId: other.id });
    const rider = makeRider(db).rider;
    const unpaid = makeRider(db).rider;
    for (const e of [ok, proposed, refused, cancelled, elsewhere]) {
      const c = makeClass(db, e.id, { name: 'Vet' });
      paid(e.id, c.id, rider, 'Only Once', 1, 10000);
      // A bonus on a result that pays nothing is not paid.
      paid(e.id, c.id, unpaid, 'Paid Nothing', 2, 0, 5000);
    }
    const table = seriesStandings(db, s.id);
    expect(table).toHaveLength(1);
    expect(table[0]!.riders).toEqual([
      expect.objectContaining({ riderName: 'Only Once', eventsCounted: 1, totalCents: 10000 }),
    ]);
  });

  it('has a table per class (names matched as uploads match them) and per currency, bonuses counted', () => {
    const s = makeSeries(db);
    const e1 = makeEvent(db, { seriesId: s.id, date: '2025-05-01' });
    const e2 = makeEvent(db, { seriesId: s.id, date: '2025-06-01', currency: 'CAD' });
    const pro1 = makeClass(db, e1.id, { name: '450 Pro', payoutType: 'cash', sortOrder: 0 });
    const am1 = makeClass(db, e1.id, { name: 'Amateur Open', sortOrder: 1 });
    const pro2 = makeClass(db, e2.id, { name: '450 pro ', payoutType: 'cash', sortOrder: 0 });
    const proCad = makeClass(db, e2.id, {
      name: 'Amateur  Open',
      currency: 'CAD',
      sortOrder: 1,
    });
    const [x, y] = [makeRider(db).rider, makeRider(db).rider];
    paid(e1.id, pro1.id, x, 'Xavier Pro', 1, 50000, 2500);
    paid(e2.id, pro2.id, x, 'Xavier Pro', 2, 30000);
    paid(e1.id, am1.id, y, 'Yann Am', 1, 20000);
    paid(e2.id, proCad.id, y, 'Yann Am', 1, 25000);
    const table = seriesStandings(db, s.id);
    expect(table.map((c) => [c.className, c.currency])).toEqual([
      ['450 Pro', 'USD'],
      ['Amateur Open', 'USD'],
      ['Amateur Open', 'CAD'],
    ]);
    expect(table[0]!.riders[0]).toMatchObject({ eventsCounted: 2, totalCents: 82500 });
    expect(table[2]!.riders[0]).toMatchObject({ riderName: 'Yann Am', totalCents: 25000 });
  });

  it('is empty when nothing was earned yet, and the public series carries it', () => {
    const s = makeSeries(db);
    const e = makeEvent(db, { seriesId: s.id });
    makeClass(db, e.id, { name: 'Open' });
    expect(seriesStandings(db, s.id)).toEqual([]);
    expect(getPublicSeries(db, s.id)?.standings).toEqual([]);
  });
});
