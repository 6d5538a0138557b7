/**
 * The ledger property test (docs/rules.md "Money": a rider's balance can always be recomputed from the
 * ledger; a test proves the two agree). A long seeded random sequence of real operations —
 * awards from results (`recomputeEventAwards`, also recomputes that raise, lower or withdraw),
 * redemptions (`redeem`), refunds (`refundRedemption`), a fake clock moving forward with the
 * expiry job (`expireCredits`), payout claims (`createPayoutClaims`), SENT and undo
 * (`setClaimSent`), riders supplying missing documents — and after EACH step, for every rider,
 * balance and currency: sum(ledger) == sum(awards.currentCents), per award too, and nothing is
 * ever negative.
 */
import bcrypt from 'bcryptjs';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DB } from '~/db.server';
import {
  awards,
  bikes,
  classPlaces,
  creditRedemptions,
  eventClasses,
  events,
  ledgerEntries,
  payoutClaims,
  redemptionAllocations,
  results,
  riders,
} from '#db/schema';
import { todayString } from '~/lib/format';
import type { Actor } from '~/services/platform/audit.server';
import { recomputeEventAwards } from '~/services/money/awards/awards.server';
import { availableCredit } from '~/services/money/ledger/credit.server';
import { expireCredits } from '~/services/money/ledger/expiry.server';
import { createPayoutClaims, setClaimSent } from '~/services/money/payouts/payout-claims.server';
import { redeem } from '~/services/money/counter/redemptions.server';
import { refundRedemption } from '~/services/money/counter/redemption-refunds.server';
import { ledgerProblems } from '~/services/platform/integrity.server';
import { testDb } from '../../helpers/db';
import { addDocument, makeDealer, makeRider, makeUser } from '../payouts-fixtures';

/** mulberry32: a small seeded PRNG, so a failure can be replayed exactly. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
  const shuffle = <T>(list: readonly T[]): T[] => {
    const out = [...list];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  };
  return { next, int, pick, shuffle };
}

const DAY = 24 * 60 * 60 * 1000;
const PIN_HASH = bcrypt.hashSync('1234', 4);

type World = {
  db: DB;
  admin: Actor;
  dealerActors: { dealerId: number; actor: Actor }[];
  riderIds: number[];
  /** Pros who still lack a document, and which one. */
  missing: { riderId: number; kind: 'w9' | 'driversLicence' }[];
  eventIds: number[];
};

function buildWorld(): World {
  const db = testDb();
  const admin: Actor = { userId: makeUser(db, { role: 'admin' }).id, proxyHostUserId: null };
  const riderIds: number[] = [];
  const missing: World['missing'] = [];
  const specs: {
    usPerson: boolean;
    country: string;
    state: string;
    zipcode: string;
    docs: ('w9' | 'driversLicence')[];
  }[] = [
    {
      usPerson: true,
      country: 'US',
      state: 'TX',
      zipcode: '78701',
      docs: ['w9', 'driversLicence'],
    },
    {
      usPerson: true,
      country: 'US',
      state: 'CA',
      zipcode: '90001',
      docs: ['w9', 'driversLicence'],
    },
    { usPerson: false, country: 'CA', state: 'QC', zipcode: 'H2X 1Y4', docs: ['driversLicence'] },
    { usPerson: false, country: 'FR', state: '', zipcode: '75001', docs: ['driversLicence'] },
    { usPerson: true, country: 'US', state: 'OR', zipcode: '97201', docs: ['driversLicence'] }, // no W-9 yet
    { usPerson: true, country: 'US', state: 'WA', zipcode: '98101', docs: ['w9'] }, // no licence yet
    { usPerson: true, country: 'US', state: 'TX', zipcode: '78702', docs: [] }, // nothing
    {
      usPerson: true,
      country: 'US',
      state: 'NV',
      zipcode: '89101',
      docs: ['w9', 'driversLicence'],
    },
    { usPerson: false, country: 'CA', state: 'ON', zipcode: 'K1A 0B1', docs: ['driversLicence'] },
    {
      usPerson: true,
      country: 'US',
      state: 'AZ',
      zipcode: '85001',
      docs: ['w9', 'driversLicence'],
    },
  ];
  specs.forEach((s, i) => {
    const { rider } = makeRider(db, {
      firstName: 'Prop',
      lastName: `Rider${i}`,
      usPerson: s.usPerson,
      country: s.country,
      state: s.state || null,
      zipcode: s.zipcode,
      pinHash: PIN_HASH,
      dateOfBirth: '1990-01-01',
      level: i % 2 ? 'pro' : 'amateur',
    });
    db.insert(bikes)
      .values({
        riderId: rider.id,
        vin: `PROPVIN${String(i).padStart(10, '0')}`,
        year: 2024,
        make: 'KTM',
        model: '450 SX-F',
        valid: true,
      })
      .run();
    for (const d of s.docs) addDocument(db, rider.id, d);
    if (!s.docs.includes('driversLicence'))
      missing.push({ riderId: rider.id, kind: 'driversLicence' });
    if (s.usPerson && !s.docs.includes('w9')) missing.push({ riderId: rider.id, kind: 'w9' });
    riderIds.push(rider.id);
  });
  const dealerActors = (['US', 'CA'] as const).map((country) => {
    const dealer = makeDealer(db, { name: `Dealer ${country}`, country });
    const user = makeUser(db, { role: 'dealer' });
    return { dealerId: dealer.id, actor: { userId: user.id, proxyHostUserId: null } };
  });
  return { db, admin, dealerActors, riderIds, missing, eventIds: [] };
}

// ---------------------------------------------------------------- the invariants

/** Every invariant of the money model, checked on the whole database. */
function checkInvariants(db: DB, step: number, op: string) {
  const where = `step ${step} (${op})`;
  // Plain checks collected, then one expect (thousands of expect() calls per step are slow).
  const problems: string[] = [];
  const same = (actual: unknown, expected: unknown, what: string) => {
    if (actual !== expected) problems.push(`${what}: ${String(actual)} !== ${String(expected)}`);
  };
  const holds = (ok: boolean, what: string) => {
    if (!ok) problems.push(what);
  };
  // Per rider, balance and currency: the ledger equals the awards' current values (the same
  // check the backups run: app/services/platform/integrity.server.ts).
  problems.push(...ledgerProblems(db.$client));

  // Per award: its ledger rows add up to its current value; never negative, never above initial.
  const perAward = new Map(
    db
      .select({
        awardId: ledgerEntries.awardId,
        total: sql<number>`sum(${ledgerEntries.amountCents})`,
      })
      .from(ledgerEntries)
      .groupBy(ledgerEntries.awardId)
      .all()
      .map((r) => [r.awardId, Number(r.total)]),
  );
  holds(!perAward.has(null), 'ledger row without an award');
  const all = db
    .select({
      id: awards.id,
      payoutType: awards.payoutType,
      status: awards.status,
      currentCents: awards.currentCents,
      initialCents: awards.initialCents,
      payoutClaimId: awards.payoutClaimId,
    })
    .from(awards)
    .all();
  const byClaim = new Map<number, typeof all>();
  for (const a of all) {
    const w = `award ${a.id} (${a.payoutType}, ${a.status}, ${a.currentCents}/${a.initialCents})`;
    same(perAward.get(a.id) ?? 0, a.currentCents, `${w} ledger`);
    holds(Number.isInteger(a.currentCents), `${w} not integer`);
    holds(a.currentCents >= 0, `${w} negative`);
    holds(a.currentCents <= a.initialCents, `${w} above its initial value`);
    if (['expired', 'sent', 'spent', 'reversed'].includes(a.status))
      same(a.currentCents, 0, `${w} value left`);
    const allowed =
      a.payoutType === 'dealerCredit'
        ? ['current', 'spent', 'expired', 'reversed']
        : ['earned', 'sent', 'expired', 'reversed'];
    holds(allowed.includes(a.status), `${w} status`);
    if (a.status === 'current') holds(a.currentCents > 0, `${w} current with nothing left`);
    if (a.payoutClaimId !== null)
      byClaim.set(a.payoutClaimId, [...(byClaim.get(a.payoutClaimId) ?? []), a]);
  }

  // Claims: a pending claim still holds exactly its gross; a SENT claim's awards are all paid.
  for (const c of db.select().from(payoutClaims).all()) {
    const list = byClaim.get(c.id) ?? [];
    const w = `claim ${c.id} (${c.status})`;
    same(c.withheldCents + c.netCents, c.grossCents, `${w} withheld + net`);
    holds(c.withheldCents >= 0 && list.length > 0, `${w} withheld or awards`);
    if (c.status === 'pending') {
      holds(
        list.every((a) => a.status === 'earned'),
        `${w} awards not all earned`,
      );
      same(
        list.reduce((n, a) => n + a.currentCents, 0),
        c.grossCents,
        `${w} gross`,
      );
    } else {
      holds(
        list.every((a) => a.status === 'sent' && a.currentCents === 0),
        `${w} awards not all sent`,
      );
    }
  }

  // Redemptions: what the ledger took for each equals its amount (and came back when refunded).
  const redemptionLedger = new Map(
    db
      .select({
        id: ledgerEntries.redemptionId,
        drawn: sql<number>`sum(case when ${ledgerEntries.kind} = 'redemption' then ${ledgerEntries.amountCents} else 0 end)`,
        refunded: sql<number>`sum(case when ${ledgerEntries.kind} = 'refund' then ${ledgerEntries.amountCents} else 0 end)`,
      })
      .from(ledgerEntries)
      .groupBy(ledgerEntries.redemptionId)
      .all()
      .map((r) => [r.id, { drawn: Number(r.drawn), refunded: Number(r.refunded) }]),
  );
  const allocated = new Map(
    db
      .select({
        id: redemptionAllocations.redemptionId,
        total: sql<number>`sum(${redemptionAllocations.amountCents})`,
      })
      .from(redemptionAllocations)
      .groupBy(redemptionAllocations.redemptionId)
      .all()
      .map((r) => [r.id, Number(r.total)]),
  );
  for (const r of db.select().from(creditRedemptions).all()) {
    const w = `redemption ${r.id} (${r.status})`;
    const l = redemptionLedger.get(r.id) ?? { drawn: 0, refunded: 0 };
    same(-l.drawn, r.amountCents, `${w} drawn`);
    same(allocated.get(r.id), r.amountCents, `${w} allocated`);
    same(l.refunded, r.status === 'revoked' ? r.amountCents : 0, `${w} refunded`);
  }
  if (problems.length) expect(problems, where).toEqual([]);
}

// ---------------------------------------------------------------- the operations

type Stats = Record<string, { tried: number; changed: number }>;

async function run(seed: number, steps: number) {
  const rnd = prng(seed);
  const w = buildWorld();
  const { db, admin } = w;
  let clock = new Date('2025-01-15T18:00:00.000Z');
  const stats: Stats = {};
  const count = (op: string, changed: boolean) => {
    stats[op] ??= { tried: 0, changed: 0 };
    stats[op].tried += 1;
    if (changed) stats[op].changed += 1;
  };

  const ops: [number, string, () => Promise<boolean> | boolean][] = [
    [
      14,
      'results',
      () => {
        // A new event with one paying class of 6–9 riders from the pool.
        const currency = rnd.next() < 0.7 ? 'USD' : 'CAD';
        const ev = db
          .insert(events)
          .values({
            title: `Race ${w.eventIds.length + 1}`,
            date: todayString(clock),
            currency,
            country: currency === 'CAD' ? 'CA' : 'US',
          })
          .returning()
          .get();
        const cls = db
          .insert(eventClasses)
          .values({
            eventId: ev.id,
            name: 'Open',
            payoutType: rnd.next() < 0.55 ? 'dealerCredit' : 'cash',
            currency,
          })
          .returning()
          .get();
        const places = rnd.int(3, 6);
        db.insert(classPlaces)
          .values(
            Array.from({ length: places }, (_, i) => ({
              classId: cls.id,
              place: i + 1,
              amountCents: rnd.next() < 0.1 ? 0 : rnd.int(1, 60000),
            })),
          )
          .run();
        const field = rnd.shuffle(w.riderIds).slice(0, rnd.int(6, 9));
        field.forEach((riderId, i) =>
          db
            .insert(results)
            .values({
              eventId: ev.id,
              classId: cls.id,
              place: i + 1,
              riderName: `R${riderId}`,
              make: 'KTM',
              model: '450 SX-F',
              riderId,
              bonusCents: rnd.next() < 0.1 ? rnd.int(1, 5000) : 0,
            })
            .run(),
        );
        w.eventIds.push(ev.id);
        const out = recomputeEventAwards(db, ev.id, admin, clock);
        expect(out.ok).toBe(true);
        return out.ok && out.summary.created > 0;
      },
    ],
    [
      7,
      'recompute',
      () => {
        // Results change: places reshuffled and an amount changed, then recomputed (refused whole
        // when a spent, claimed or paid award would have to change).
        if (w.eventIds.length === 0) return false;
        const eventId = rnd.pick(w.eventIds);
        const list = db.select().from(results).where(eq(results.eventId, eventId)).all();
        const order = rnd.shuffle(list.map((r) => r.place));
        list.forEach((r, i) =>
          db.update(results).set({ place: order[i] }).where(eq(results.id, r.id)).run(),
        );
        const place = db
          .select()
          .from(classPlaces)
          .innerJoin(eventClasses, eq(eventClasses.id, classPlaces.classId))
          .where(eq(eventClasses.eventId, eventId))
          .all();
        if (place.length && rnd.next() < 0.5) {
          const p = rnd.pick(place).class_places;
          db.update(classPlaces)
            .set({ amountCents: rnd.int(0, 60000) })
            .where(eq(classPlaces.id, p.id))
            .run();
        }
        const before = db
          .select({ n: sql<number>`count(*)` })
          .from(ledgerEntries)
          .get()?.n;
        const out = recomputeEventAwards(db, eventId, admin, clock);
        const after = db
          .select({ n: sql<number>`count(*)` })
          .from(ledgerEntries)
          .get()?.n;
        if (!out.ok) expect(after, 'a refused recompute writes nothing').toBe(before);
        return out.ok;
      },
    ],
    [
      24,
      'redeem',
      async () => {
        const riderId = rnd.pick(w.riderIds);
        const d = rnd.pick(w.dealerActors);
        const currency = d === w.dealerActors[0] ? 'USD' : 'CAD';
        const available = availableCredit(db, riderId, clock, currency).totalCents;
        // Mostly affordable amounts, sometimes too much (must be refused).
        const amountCents =
          available > 0 && rnd.next() < 0.85 ? rnd.int(1, available) : rnd.int(1, 20000);
        const res = await redeem(db, {
          riderId,
          dealerId: d.dealerId,
          amountCents,
          pin: '1234',
          employeeName: 'Sam',
          idVerified: true,
          actor: d.actor,
          now: clock,
        });
        if (amountCents > available) expect(res.ok).toBe(false);
        return res.ok;
      },
    ],
    [
      8,
      'refund',
      () => {
        const active = db
          .select()
          .from(creditRedemptions)
          .where(eq(creditRedemptions.status, 'active'))
          .all();
        if (active.length === 0) return false;
        const res = refundRedemption(db, rnd.pick(active).id, admin, null, clock);
        expect(res.ok).toBe(true);
        return res.ok;
      },
    ],
    [
      12,
      'clock+expiry',
      () => {
        clock = new Date(clock.getTime() + rnd.int(1, 75) * DAY + rnd.int(-3600, 3600) * 1000);
        const first = expireCredits(db, clock);
        expect(expireCredits(db, clock).expired, 'expiry is idempotent').toBe(0);
        return first.expired > 0;
      },
    ],
    [
      9,
      'claims',
      () => {
        const riderIds = rnd.next() < 0.3 ? rnd.shuffle(w.riderIds).slice(0, 3) : undefined;
        return createPayoutClaims(db, admin, { riderIds, now: clock }).created.length > 0;
      },
    ],
    [
      12,
      'sent/undo',
      () => {
        const claims = db.select().from(payoutClaims).all();
        if (claims.length === 0) return false;
        const c = rnd.pick(claims);
        const sent = c.status === 'pending' ? rnd.next() < 0.85 : rnd.next() < 0.3;
        const after = setClaimSent(db, c.id, sent, admin, clock);
        expect(after.status).toBe(sent ? 'sent' : 'pending');
        return after.status !== c.status;
      },
    ],
    [
      3,
      'documents',
      () => {
        if (w.missing.length === 0) return false;
        const i = rnd.int(0, w.missing.length - 1);
        const [m] = w.missing.splice(i, 1);
        addDocument(db, m.riderId, m.kind);
        return true;
      },
    ],
    [
      2,
      'address',
      () => {
        // A rider's address goes missing or comes back.
        const riderId = rnd.pick(w.riderIds);
        const r = db.select().from(riders).where(eq(riders.id, riderId)).get();
        db.update(riders)
          .set({ addressLine1: r?.addressLine1 ? null : '1 Main St' })
          .where(eq(riders.id, riderId))
          .run();
        return true;
      },
    ],
  ];
  const totalWeight = ops.reduce((n, [weight]) => n + weight, 0);

  for (let step = 1; step <= steps; step++) {
    let roll = rnd.next() * totalWeight;
    const [, name, fn] = ops.find(([weight]) => (roll -= weight) < 0) ?? ops[ops.length - 1];
    const changed = await fn();
    count(name, changed);
    checkInvariants(db, step, name);
  }
  return { stats, db };
}

describe('the ledger always equals the awards (seeded random operations)', () => {
  it.each([20250101, 7])(
    '500 steps, seed %i: sum(ledger) == sum(awards.currentCents) after every step',
    async (seed) => {
      const { stats, db } = await run(seed, 500);
      // The walk really exercised every kind of money movement.
      for (const op of ['results', 'redeem', 'refund', 'clock+expiry', 'claims', 'sent/undo']) {
        expect(
          stats[op]?.changed ?? 0,
          `${op} never changed anything: ${JSON.stringify(stats)}`,
        ).toBeGreaterThan(0);
      }
      const kinds = new Set(
        db
          .select({ k: ledgerEntries.kind })
          .from(ledgerEntries)
          .all()
          .map((r) => r.k),
      );
      for (const k of [
        'award',
        'redemption',
        'refund',
        'expiry',
        'payoutSent',
        'payoutUnsent',
        'awardReversal',
      ]) {
        expect(kinds, `no '${k}' ledger row in the walk`).toContain(k);
      }
    },
    240_000,
  );
});
