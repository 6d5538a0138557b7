/**
 * The award engine, one test per rule of docs/rules.md "When a result earns an award", plus the
 * recompute's money guarantees (refusal, idempotence, ledger = award values).
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DB } from '~/db.server';
import { awards, ledgerEntries, results, users } from '#db/schema';
import { creditExpiresAt as creditExpiry, paymentInfoDueAt as paymentInfoDue } from '~/lib/dates';
import { recomputeEventAwards } from '~/services/money/awards/awards.server';
import { testDb } from '../../helpers/db';
import {
  addResult,
  fillClass,
  makeAdmin,
  makeCategory,
  makeClass,
  makeEvent,
  makeRider,
  makeSeries,
  resultRow,
} from '../factory';

function setup() {
  const db = testDb();
  const { actor } = makeAdmin(db);
  return { db, actor };
}

function eventAwards(db: DB, eventId: number) {
  return db
    .select()
    .from(awards)
    .where(and(eq(awards.eventId, eventId), ne(awards.status, 'reversed')))
    .orderBy(awards.id)
    .all();
}

function ledgerSum(db: DB, riderId?: number) {
  const where = riderId === undefined ? undefined : eq(ledgerEntries.riderId, riderId);
  return Number(
    db
      .select({ s: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
      .from(ledgerEntries)
      .where(where)
      .get()?.s ?? 0,
  );
}

function awardSum(db: DB, riderId?: number) {
  const where = riderId === undefined ? undefined : eq(awards.riderId, riderId);
  return Number(
    db
      .select({ s: sql<number>`coalesce(sum(${awards.currentCents}), 0)` })
      .from(awards)
      .where(where)
      .get()?.s ?? 0,
  );
}

/** Per rider and balance: ledger sum == sum(currentCents) of the matching awards. */
function expectLedgerMatchesAwards(db: DB) {
  const ledger = db
    .select({
      riderId: ledgerEntries.riderId,
      balance: ledgerEntries.balance,
      s: sql<number>`sum(${ledgerEntries.amountCents})`,
    })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.riderId, ledgerEntries.balance)
    .all();
  const byAward = db
    .select({
      riderId: awards.riderId,
      payoutType: awards.payoutType,
      s: sql<number>`sum(${awards.currentCents})`,
    })
    .from(awards)
    .groupBy(awards.riderId, awards.payoutType)
    .all();
  const a = new Map(
    byAward.map((r) => [
      `${r.riderId}:${r.payoutType === 'cash' ? 'cash' : 'credit'}`,
      Number(r.s),
    ]),
  );
  const l = new Map(ledger.map((r) => [`${r.riderId}:${r.balance}`, Number(r.s)]));
  for (const k of new Set([...a.keys(), ...l.keys()])) {
    expect({ k, ledger: l.get(k) ?? 0 }).toEqual({ k, ledger: a.get(k) ?? 0 });
  }
}

describe('award rules (docs/rules.md "When a result earns an award")', () => {
  it('a class with 6 eligible riders present pays each place its amount, as dealer credit', () => {
    const { db, actor } = setup();
    const event = makeEvent(db);
    const cls = makeClass(db, event.id, { amounts: [30000, 20000, 10000] });
    const list = fillClass(db, event.id, cls.id, 6);
    const now = new Date('2025-06-02T18:00:00Z');
    const out = recomputeEventAwards(db, event.id, actor, now);
    expect(out.ok).toBe(true);
    expect(resultRow(db, list[0].result.id)).toMatchObject({
      payoutCents: 30000,
      noPayoutReason: null,
      riderId: list[0].rider.id,
    });
    expect(resultRow(db, list[2].result.id)).toMatchObject({
      payoutCents: 10000,
      noPayoutReason: null,
    });
    expect(resultRow(db, list[3].result.id)).toMatchObject({
      payoutCents: 0,
      noPayoutReason: 'noPlaceAmount',
    });
    const list2 = eventAwards(db, event.id);
    expect(list2.map((a) => a.initialCents)).toEqual([30000, 20000, 10000]);
    expect(list2[0]).toMatchObject({
      type: 'credit',
      payoutType: 'dealerCredit',
      status: 'current',
      currency: 'USD',
      currentCents: 30000,
      spentCents: 0,
      expiresAt: creditExpiry(now),
      paymentInfoDueAt: null,
    });
    // end of the day, 12 months later, Los Angeles (PDT: UTC-7)
    expect(creditExpiry(now)).toBe('2026-06-03T06:59:59.999Z');
  });

  it('rule 1: a cancelled event pays nothing', () => {
    const { db, actor } = setup();
    const event = makeEvent(db, { cancelled: true });
    const cls = makeClass(db, event.id);
    const list = fillClass(db, event.id, cls.id, 6);
    expect(recomputeEventAwards(db, event.id, actor).ok).toBe(true);
    expect(resultRow(db, list[0].result.id)).toMatchObject({
      payoutCents: 0,
      noPayoutReason: 'eventCancelled',
    });
    expect(eventAwards(db, event.id)).toHaveLength(0);
    expect(ledgerSum(db)).toBe(0);
  });

  it('rule 1: a noPayout class pays nothing', () => {
    const { db, actor } = setup();
    const event = makeEvent(db);
    const cls = makeClass(db, event.id, { payoutType: 'noPayout', amounts: [30000, 20000] });
    const list = fillClass(db, event.id, cls.id, 6);
    recomputeEventAwards(db, event.id, actor);
    expect(resultRow(db, list[0].result.id)).toMatchObject({
      payoutCents: 0,
      noPayoutReason: 'classNoPayout',
    });
    expect(eventAwards(db, event.id)).toHaveLength(0);
  });

  it('rule 2: a class with 5 riders present pays nobody', () => {
    const { db, actor } = setup();
    const event = makeEvent(db);
    const cls = makeClass(db, event.id);
    const list = fillClass(db, event.id, cls.id, 5);
    const dns = makeRider(db);
    addResult(db, event.id, cls.id, {
      riderName: dns.name,
      ama: dns.rider.amaNumber,
      resultType: 'DNS',
      place: 6,
    });
    recomputeEventAwards(db, event.id, actor);
    for (const r of list)
      expect(resultRow(db, r.result.id)).toMatchObject({
        payoutCents: 0,
        noPayoutReason: 'tooFewRiders',
      });
    expect(eventAwards(db, event.id)).toHaveLength(0);
  });

  it('rule 2: DNF and DQ riders count as present (6 present pays)', () => {
    const { db, actor } = setup();
    const event = makeEvent(db);
    const cls = makeClass(db, event.id);
    const list = fillClass(db, event.id, cls.id, 4);
    const dnf = makeRider(db);
    const dq = makeRider(db);
    addResult(db, event.id, cls.id, {
      riderName: dnf.name,
      ama: dnf.rider.amaNumber,
      resultType: 'DNF',
      place: 5,
    });
    const dqRow = addResult(db, event.id, cls.id, {
      riderName: dq.name,
      ama: dq.rider.amaNumber,
      resultType: 'DQ',
    });
    recomputeEventAwards(db, event.id, actor);
    expect(resultRow(db, list[0].result.id).payoutCents).toBe(30000);
    expect(resultRow(db, dqRow.id)).toMatchObject({
      payoutCents: 0,
      noPayoutReason: 'notClassified',
    });
  });

  it('rule 3: a place without an amount (or an amount of 0) pays nothing', () => {
    const { db, actor } = setup();
    const event = makeEvent(db);
    const cls = makeClass(db, event.id, { amounts: [30000, 0] });
    const list = fillClass(db, event.id, cls.id, 6);
    recomputeEventAwards(db, event.id, actor);
    expect(resultRow(db, list[0].result.id).payoutCents).toBe(30000);
    expect(resultRow(db, list[1].result.id)).toMatchObject({
      payoutCents: 0,
      noPayoutReason: 'noPlaceAmount',
    });
    expect(resultRow(db, list[2].result.id)).toMatchObject({
      payoutCents: 0,
      noPayoutReason: 'noPlaceAmount',
    });
    expect(eventAwards(db, event.id)).toHaveLength(1);
  });

  it('rule 4: an unlinked result pays nothing and stays visible; linking it later pays', () => {
    const { db, actor } = setup();
    const event = makeEvent(db);
    const cls = makeClass(db, event.id);
    fillClass(db, event.id, cls.id, 5);
    // place 6 pays nothing anyway: put the stranger first
    db.update(results).set({ place: 7 }).where(eq(results.place, 1)).run();
    const stranger = addResult(db, event.id, cls.id, {
      place: 1,
      riderName: 'Nobody Known',
      ama: '000001',
      make: 'KTM',
    });
    recomputeEventAwards(db, event.id, actor);
    expect(resultRow(db, stranger.id)).toMatchObject({
      riderId: null,
      payoutCents: 0,
      noPayoutReason: 'unlinked',
    });
    const later = makeRider(db, { first: 'Nobody', last: 'Known', ama: null });
    db.update(results).set({ riderId: later.rider.id }).where(eq(results.id, stranger.id)).run();
    recomputeEventAwards(db, event.id, actor);
    expect(resultRow(db, stranger.id)).toMatchObject({ payoutCents: 30000, noPayoutReason: null });
    expect(eventAwards(db, event.id).find((a) => a.riderId === later.rider.id)?.initialCents).toBe(
      30000,
    );
  });

  it('rule 4: a deactivated rider is not paid', () => {
    const { db, actor } = setup();
    const event = makeEvent(db);
    const cls = makeClass(db, event.id);
    const list = fillClass(db, event.id, cls.id, 6);
    db.update(users).set({ deactivated: true }).where(eq(users.id, list[0].user.id)).run();
    recomputeEventAwards(db, event.id, actor);
    expect(resultRow(db, list[0].result.id)).toMatchObject({
      payoutCents: 0,
      noPayoutReason: 'riderInactive',
    });
    expect(resultRow(db, list[1].result.id).payoutCents).toBe(20000);
  });

  it('rule 4: results link by AMA number, else e-mail, else a full name exactly one rider has', () => {
    const { db, actor } = setup();
    const event = makeEvent(db);
    const cls = makeClass(db, event.id);
    const byAma = makeRider(db, { first: 'Ama', last: 'Match', ama: '55 123' });
    const byMail = makeRider(db, {
      first: 'Mail',
      last: 'Match',
      ama: null,
      email: 'mail.match@example.test',
    });
    const byName = makeRider(db, { first: 'Émile', last: 'Côté', ama: null });
    makeRider(db, { first: 'Twin', last: 'Name', ama: null });
    makeRider(db, { first: 'Twin', last: 'Name', ama: null });
    const r1 = addResult(db, event.id, cls.id, {
      place: 1,
      riderName: 'Someone Else',
      ama: '55123',
    });
    const r2 = addResult(db, event.id, cls.id, {
      place: 2,
      riderName: 'M. Match',
      email: 'mail.match@example.test',
    });
    const r3 = addResult(db, event.id, cls.id, { place: 3, riderName: 'emile cote' });
    const r4 = addResult(db, event.id, cls.id, { place: 4, riderName: 'Twin Name' });
    recomputeEventAwards(db, event.id, actor);
    expect(resultRow(db, r1.id).riderId).toBe(byAma.rider.id);
    expect(resultRow(db, r2.id).riderId).toBe(byMail.rider.id);
    expect(resultRow(db, r3.id).riderId).toBe(byName.rider.id);
    expect(resultRow(db, r4.id).riderId).toBeNull();
  });

  it('rule 5: a rider without a valid bike of the maker is not paid', () => {
    const { db, actor } = setup();
    const event = makeEvent(db);
    const cls = makeClass(db, event.id);
    const list = fillClass(db, event.id, cls.id, 6);
    const invalid = makeRider(db, { bikes: [{ valid: false }] });
    const honda = makeRider(db, { bikes: [{ make: 'Honda', model: 'CRF450R' }] });
    const none = makeRider(db, { bikes: [] });
    db.delete(results).where(eq(results.id, list[0].result.id)).run();
    db.delete(results).where(eq(results.id, list[1].result.id)).run();
    db.delete(results).where(eq(results.id, list[2].result.id)).run();
    const a = addResult(db, event.id, cls.id, {
      place: 1,
      riderName: invalid.name,
      ama: invalid.rider.amaNumber,
    });
    const b = addResult(db, event.id, cls.id, {
      place: 2,
      riderName: honda.name,
      ama: honda.rider.amaNumber,
    });
    const c = addResult(db, event.id, cls.id, {
      place: 3,
      riderName: none.name,
      ama: none.rider.amaNumber,
    });
    recomputeEventAwards(db, event.id, actor);
    // Each says which part of the bike rule failed.
    expect(resultRow(db, a.id)).toMatchObject({
      payoutCents: 0,
      noPayoutReason: 'bikeNotVerified',
    });
    for (const r of [b, c])
      expect(resultRow(db, r.id)).toMatchObject({
        payoutCents: 0,
        noPayoutReason: 'noEligibleBike',
      });
  });

  it('rule 5: by default only model year 2023 or newer', () => {
    const { db, actor } = setup();
    const event = makeEvent(db);
    const cls = makeClass(db, event.id);
    const list = fillClass(db, event.id, cls.id, 5);
    void list;
    db.update(results)
      .set({ place: sql`${results.place} + 1` })
      .where(eq(results.classId, cls.id))
      .run();
    const old = makeRider(db, { bikes: [{ year: 2022 }] });
    const r = addResult(db, event.id, cls.id, {
      place: 1,
      riderName: old.name,
      ama: old.rider.amaNumber,
    });
    recomputeEventAwards(db, event.id, actor);
    expect(resultRow(db, r.id)).toMatchObject({ payoutCents: 0, noPayoutReason: 'bikeModelYear' });
    // the same rider with a 2023 bike as well is paid
    makeRider(db); // unrelated
    const fresh = makeRider(db, { bikes: [{ year: 2022 }, { year: 2023 }] });
    db.update(results)
      .set({ riderId: fresh.rider.id, amaNumber: fresh.rider.amaNumber })
      .where(eq(results.id, r.id))
      .run();
    recomputeEventAwards(db, event.id, actor);
    expect(resultRow(db, r.id)).toMatchObject({ payoutCents: 30000, noPayoutReason: null });
  });

  it('rule 5: a result whose make names another maker pays nothing', () => {
    const { db, actor } = setup();
    const event = makeEvent(db);
    const cls = makeClass(db, event.id);
    const list = fillClass(db, event.id, cls.id, 6);
    db.update(results).set({ make: 'Yamaha' }).where(eq(results.id, list[0].result.id)).run();
    db.update(results).set({ make: 'ktm' }).where(eq(results.id, list[1].result.id)).run();
    recomputeEventAwards(db, event.id, actor);
    expect(resultRow(db, list[0].result.id)).toMatchObject({
      payoutCents: 0,
      noPayoutReason: 'otherMake',
    });
    expect(resultRow(db, list[1].result.id)).toMatchObject({
      payoutCents: 20000,
      noPayoutReason: null,
    });
  });

  it("rule 5: the event's category narrows models and years (Singles: 450 SX-F etc., 2021 to 2023)", () => {
    const { db, actor } = setup();
    const singles = makeCategory(db, {
      name: 'Singles',
      eligibleModels: ['450 SX-F', '450 XC-F', '450 XC-F W', '450 SMR'],
      minYear: 2021,
      maxYear: 2023,
    });
    const event = makeEvent(db, { categoryId: singles.id });
    const cls = makeClass(db, event.id, { amounts: [30000, 20000, 10000, 5000] });
    const ok2022 = makeRider(db, { bikes: [{ year: 2022, model: '450 SX-F' }] });
    const tooNew = makeRider(db, { bikes: [{ year: 2024, model: '450 SX-F' }] });
    const wrongModel = makeRider(db, { bikes: [{ year: 2022, model: '250 SX-F' }] });
    const smr = makeRider(db, { bikes: [{ year: 2021, model: '450 SMR' }] });
    const riders4 = [ok2022, tooNew, wrongModel, smr];
    const rows = riders4.map((r, i) =>
      addResult(db, event.id, cls.id, { place: i + 1, riderName: r.name, ama: r.rider.amaNumber }),
    );
    for (let i = 5; i <= 6; i += 1) {
      const extra = makeRider(db);
      addResult(db, event.id, cls.id, {
        place: i,
        riderName: extra.name,
        ama: extra.rider.amaNumber,
      });
    }
    recomputeEventAwards(db, event.id, actor);
    expect(resultRow(db, rows[0].id)).toMatchObject({ payoutCents: 30000, noPayoutReason: null });
    expect(resultRow(db, rows[1].id)).toMatchObject({
      payoutCents: 0,
      noPayoutReason: 'bikeModelYear',
    });
    expect(resultRow(db, rows[2].id)).toMatchObject({
      payoutCents: 0,
      noPayoutReason: 'bikeNotProgramModel',
    });
    expect(resultRow(db, rows[3].id)).toMatchObject({ payoutCents: 5000, noPayoutReason: null });
  });

  it("rule 5: an event without a category follows its series' category (SuperTwin: Duke 790 and 890)", () => {
    const { db, actor } = setup();
    const twins = makeCategory(db, { name: 'SuperTwin', eligibleModels: ['790 Duke', '890 Duke'] });
    const s = makeSeries(db, { categoryId: twins.id });
    const event = makeEvent(db, { seriesId: s.id });
    const cls = makeClass(db, event.id, { amounts: [30000, 20000] });
    const duke = makeRider(db, { bikes: [{ year: 2024, model: 'Duke 890' }] });
    const sx = makeRider(db, { bikes: [{ year: 2024, model: '450 SX-F' }] });
    const a = addResult(db, event.id, cls.id, {
      place: 1,
      riderName: duke.name,
      ama: duke.rider.amaNumber,
    });
    const b = addResult(db, event.id, cls.id, {
      place: 2,
      riderName: sx.name,
      ama: sx.rider.amaNumber,
    });
    for (let i = 3; i <= 6; i += 1) {
      const extra = makeRider(db, { bikes: [{ model: '790 Duke' }] });
      addResult(db, event.id, cls.id, {
        place: i,
        riderName: extra.name,
        ama: extra.rider.amaNumber,
      });
    }
    recomputeEventAwards(db, event.id, actor);
    expect(resultRow(db, a.id)).toMatchObject({ payoutCents: 30000, noPayoutReason: null });
    expect(resultRow(db, b.id)).toMatchObject({
      payoutCents: 0,
      noPayoutReason: 'bikeNotProgramModel',
    });
  });

  it('rule 6: a rider under 18 on the event date is paid only with a guardian consent', () => {
    const { db, actor } = setup();
    const event = makeEvent(db, { date: '2025-06-01' });
    const cls = makeClass(db, event.id);
    const list = fillClass(db, event.id, cls.id, 3);
    const minor = makeRider(db, { dateOfBirth: '2007-06-02' }); // 17 on 2025-06-01
    const turns18 = makeRider(db, { dateOfBirth: '2007-06-01' }); // 18 that very day
    const consented = makeRider(db, { dateOfBirth: '2010-01-01', consent: true });
    db.delete(results).where(eq(results.id, list[0].result.id)).run();
    db.delete(results).where(eq(results.id, list[1].result.id)).run();
    db.delete(results).where(eq(results.id, list[2].result.id)).run();
    const a = addResult(db, event.id, cls.id, {
      place: 1,
      riderName: minor.name,
      ama: minor.rider.amaNumber,
    });
    const b = addResult(db, event.id, cls.id, {
      place: 2,
      riderName: turns18.name,
      ama: turns18.rider.amaNumber,
    });
    const c = addResult(db, event.id, cls.id, {
      place: 3,
      riderName: consented.name,
      ama: consented.rider.amaNumber,
    });
    for (let i = 4; i <= 6; i += 1) {
      const extra = makeRider(db);
      addResult(db, event.id, cls.id, {
        place: i,
        riderName: extra.name,
        ama: extra.rider.amaNumber,
      });
    }
    recomputeEventAwards(db, event.id, actor);
    expect(resultRow(db, a.id)).toMatchObject({ payoutCents: 0, noPayoutReason: 'underage' });
    expect(resultRow(db, b.id)).toMatchObject({ payoutCents: 20000, noPayoutReason: null });
    expect(resultRow(db, c.id)).toMatchObject({ payoutCents: 10000, noPayoutReason: null });
  });

  it('rule 7: two-class limit', () => {
    const { db, actor } = setup();
    const event = makeEvent(db);
    const pro = makeClass(db, event.id, {
      name: '450 Pro',
      payoutType: 'cash',
      amounts: [100000],
      sortOrder: 0,
    });
    const vet = makeClass(db, event.id, { name: 'Vet', amounts: [15000], sortOrder: 1 });
    const b = makeClass(db, event.id, { name: '450 B', amounts: [30000], sortOrder: 2 });
    const star = makeRider(db);
    const rows = [pro, vet, b].map((c) => {
      const row = addResult(db, event.id, c.id, {
        place: 1,
        riderName: star.name,
        ama: star.rider.amaNumber,
      });
      for (let i = 2; i <= 6; i += 1) {
        const extra = makeRider(db);
        addResult(db, event.id, c.id, {
          place: i,
          riderName: extra.name,
          ama: extra.rider.amaNumber,
        });
      }
      return row;
    });
    recomputeEventAwards(db, event.id, actor);
    expect(resultRow(db, rows[0].id)).toMatchObject({ payoutCents: 100000, noPayoutReason: null });
    expect(resultRow(db, rows[1].id)).toMatchObject({
      payoutCents: 0,
      noPayoutReason: 'twoClassLimit',
    });
    expect(resultRow(db, rows[2].id)).toMatchObject({ payoutCents: 30000, noPayoutReason: null });
    const mine = eventAwards(db, event.id).filter((a) => a.riderId === star.rider.id);
    expect(mine.map((a) => [a.type, a.initialCents])).toEqual([
      ['cash', 100000],
      ['credit', 30000],
    ]);
    // A cash award: earned, payment information due 60 days after the race (end of day, LA).
    expect(mine[0]).toMatchObject({
      status: 'earned',
      payoutType: 'cash',
      expiresAt: null,
      paymentInfoDueAt: paymentInfoDue(event.date),
    });
    expect(paymentInfoDue('2025-06-01')).toBe('2025-08-01T06:59:59.999Z');
  });

  it('bonuses are extra awards of type bonus following the class payout type, only when the result pays', () => {
    const { db, actor } = setup();
    const event = makeEvent(db);
    const cls = makeClass(db, event.id, { payoutType: 'cash', amounts: [50000, 20000] });
    const list = fillClass(db, event.id, cls.id, 6);
    db.update(results).set({ bonusCents: 2500 }).where(eq(results.id, list[0].result.id)).run();
    db.update(results).set({ bonusCents: 9900 }).where(eq(results.id, list[5].result.id)).run(); // 6th: no payout
    recomputeEventAwards(db, event.id, actor);
    const bonus = eventAwards(db, event.id).filter((a) => a.type === 'bonus');
    expect(bonus).toHaveLength(1);
    expect(bonus[0]).toMatchObject({
      riderId: list[0].rider.id,
      payoutType: 'cash',
      status: 'earned',
      initialCents: 2500,
    });
    expectLedgerMatchesAwards(db);
  });

  it('recompute refuses to take back spent money', () => {
    const { db, actor } = setup();
    const event = makeEvent(db);
    const cls = makeClass(db, event.id, { name: '450 B' });
    const list = fillClass(db, event.id, cls.id, 6);
    recomputeEventAwards(db, event.id, actor);
    const first = eventAwards(db, event.id)[0];
    // The rider spends part of it at a dealer (what the redemption service does).
    db.update(awards)
      .set({ currentCents: 10000, spentCents: 20000 })
      .where(eq(awards.id, first.id))
      .run();
    db.insert(ledgerEntries)
      .values({
        riderId: first.riderId,
        balance: 'credit',
        kind: 'redemption',
        amountCents: -20000,
        awardId: first.id,
      })
      .run();
    const ledgerBefore = db.select().from(ledgerEntries).all().length;
    // The results change: the winner is now disqualified.
    db.update(results).set({ resultType: 'DQ' }).where(eq(results.id, list[0].result.id)).run();
    const out = recomputeEventAwards(db, event.id, actor);
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.conflicts).toEqual([
      expect.objectContaining({
        awardId: first.id,
        riderName: list[0].name,
        className: '450 B',
        amountCents: 30000,
        newAmountCents: 0,
        why: 'spent',
      }),
    ]);
    // Nothing changed: the award, the ledger and the results table are as they were.
    expect(db.select().from(awards).where(eq(awards.id, first.id)).get()).toMatchObject({
      status: 'current',
      currentCents: 10000,
      initialCents: 30000,
    });
    expect(db.select().from(ledgerEntries).all()).toHaveLength(ledgerBefore);
    expect(resultRow(db, list[0].result.id)).toMatchObject({
      payoutCents: 30000,
      noPayoutReason: null,
    });
    // Lowering a spent award is refused too; raising it is not.
    db.update(results)
      .set({ resultType: 'finish', place: 2 })
      .where(eq(results.id, list[0].result.id))
      .run();
    db.update(results).set({ place: 1 }).where(eq(results.id, list[1].result.id)).run();
    expect(recomputeEventAwards(db, event.id, actor).ok).toBe(false);
  });

  it('recompute refuses to take back claimed or paid cash', () => {
    const { db, actor } = setup();
    const event = makeEvent(db);
    const cls = makeClass(db, event.id, { payoutType: 'cash' });
    const list = fillClass(db, event.id, cls.id, 6);
    recomputeEventAwards(db, event.id, actor);
    const [first, second] = eventAwards(db, event.id);
    db.update(awards).set({ status: 'sent', currentCents: 0 }).where(eq(awards.id, first.id)).run();
    db.insert(ledgerEntries)
      .values({
        riderId: first.riderId,
        balance: 'cash',
        kind: 'payoutSent',
        amountCents: -first.initialCents,
        awardId: first.id,
      })
      .run();
    db.delete(results).where(eq(results.eventId, event.id)).run();
    const out = recomputeEventAwards(db, event.id, actor);
    expect(out.ok).toBe(false);
    if (!out.ok) {
      expect(out.conflicts.map((c) => [c.awardId, c.why])).toEqual([[first.id, 'paid']]);
    }
    expect(eventAwards(db, event.id).map((a) => a.id)).toContain(second.id);
    void list;
  });

  it('recompute is idempotent', () => {
    const { db, actor } = setup();
    const event = makeEvent(db);
    const cash = makeClass(db, event.id, { payoutType: 'cash', amounts: [100000, 50000] });
    const credit = makeClass(db, event.id, { amounts: [30000, 20000] });
    fillClass(db, event.id, cash.id, 6);
    fillClass(db, event.id, credit.id, 6);
    const first = recomputeEventAwards(db, event.id, actor);
    expect(first.ok && first.summary.created).toBe(4);
    const awardsBefore = db.select().from(awards).all();
    const ledgerBefore = db.select().from(ledgerEntries).all();
    const second = recomputeEventAwards(db, event.id, actor);
    expect(second.ok && second.summary).toMatchObject({
      created: 0,
      increased: 0,
      reduced: 0,
      reversed: 0,
      unchanged: 4,
      ledgerRows: 0,
    });
    expect(db.select().from(awards).all()).toEqual(awardsBefore);
    expect(db.select().from(ledgerEntries).all()).toEqual(ledgerBefore);
  });

  it('ledger equals award values after recompute', () => {
    const { db, actor } = setup();
    const event = makeEvent(db);
    const cash = makeClass(db, event.id, { payoutType: 'cash', amounts: [100000, 50000, 25000] });
    const credit = makeClass(db, event.id, { amounts: [30000, 20000, 10000] });
    const a = fillClass(db, event.id, cash.id, 6);
    fillClass(db, event.id, credit.id, 6);
    recomputeEventAwards(db, event.id, actor);
    expectLedgerMatchesAwards(db);
    expect(ledgerSum(db)).toBe(100000 + 50000 + 25000 + 30000 + 20000 + 10000);
    // Results change: 1st and 3rd swap, the 2nd is now DNF without a place, a bonus is added.
    db.update(results).set({ place: 99 }).where(eq(results.id, a[0].result.id)).run();
    db.update(results).set({ place: 1 }).where(eq(results.id, a[2].result.id)).run();
    db.update(results).set({ place: 3 }).where(eq(results.id, a[0].result.id)).run();
    db.update(results)
      .set({ place: null, resultType: 'DNF' })
      .where(eq(results.id, a[1].result.id))
      .run();
    db.update(results).set({ bonusCents: 1234 }).where(eq(results.id, a[2].result.id)).run();
    const out = recomputeEventAwards(db, event.id, actor);
    expect(out.ok && out.summary).toMatchObject({
      reduced: 1,
      increased: 1,
      reversed: 1,
      created: 1,
    });
    expectLedgerMatchesAwards(db);
    expect(ledgerSum(db)).toBe(awardSum(db));
    expect(ledgerSum(db, a[0].rider.id)).toBe(25000);
    expect(ledgerSum(db, a[1].rider.id)).toBe(0);
    expect(ledgerSum(db, a[2].rider.id)).toBe(100000 + 1234);
    const kinds = db
      .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amountCents })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.riderId, a[1].rider.id))
      .all();
    expect(kinds).toEqual([
      { kind: 'award', amount: 50000 },
      { kind: 'awardReversal', amount: -50000 },
    ]);
    const reversed = db
      .select()
      .from(awards)
      .where(and(eq(awards.riderId, a[1].rider.id)))
      .get();
    expect(reversed).toMatchObject({ status: 'reversed', currentCents: 0, initialCents: 0 });
  });
});
