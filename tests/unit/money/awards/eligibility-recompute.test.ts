/**
 * Awards follow a change of a rider's eligibility: deactivating a rider,
 * removing a bike or changing a date of birth recomputes every event the rider has a result in,
 * in the same transaction as the change. An unspent award that is no longer due is withdrawn with
 * its ledger row; when the recompute would take back money already spent, claimed or paid, the
 * whole change is refused (nothing written) and the conflicts are listed. The ledger invariant
 * (sum of ledger rows == sum of awards' current amounts) holds after every step.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DB } from '~/db.server';
import { awards, bikes, ledgerEntries, results, riders, users } from '#db/schema';
import type { RiderProfileInput } from '~/lib/schemas/rider';
import type { Actor } from '~/services/platform/audit.server';
import { recomputeEventAwards } from '~/services/money/awards/awards.server';
import { updateRiderAsAdmin } from '~/services/people/admin-people.server';
import { updateRiderProfile } from '~/services/people/riders.server';
import { addBike, removeBike } from '~/services/vin/bikes.server';
import { vinCheckDigit } from '~/lib/vin';
import { testDb } from '../../helpers/db';
import { spendCredit } from '../counter-fixtures';
import { fillClass, makeAdmin, makeClass, makeEvent } from '../factory';

let db: DB;
let admin: Actor;
const NOW = new Date('2026-06-10T18:00:00Z');

beforeEach(() => {
  db = testDb();
  admin = makeAdmin(db).actor;
});

/** The whole program's ledger and awards, which must always be equal. */
function invariant() {
  const ledger = db
    .select({ s: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .get()!.s;
  const current = db
    .select({ s: sql<number>`coalesce(sum(${awards.currentCents}), 0)` })
    .from(awards)
    .get()!.s;
  return { ledger: Number(ledger), awards: Number(current) };
}

function riderAwards(riderId: number) {
  return db.select().from(awards).where(eq(awards.riderId, riderId)).all();
}

function reasonOf(riderId: number) {
  return db
    .select({ r: results.noPayoutReason })
    .from(results)
    .where(eq(results.riderId, riderId))
    .get()?.r;
}

/** A paying class of 6 on 2026-05-02, awarded; the winner holds 300.00 of dealer credit. */
function raced() {
  const ev = makeEvent(db, { date: '2026-05-02' });
  const cls = makeClass(db, ev.id, { amounts: [30000, 20000, 10000] });
  const field = fillClass(db, ev.id, cls.id, 6);
  expect(recomputeEventAwards(db, ev.id, admin, NOW).ok).toBe(true);
  const winner = field[0]!;
  expect(riderAwards(winner.rider.id).map((a) => a.currentCents)).toEqual([30000]);
  return { ev, winner };
}

function profileWith(riderId: number, dateOfBirth: string): RiderProfileInput {
  const r = db.select().from(riders).where(eq(riders.id, riderId)).get()!;
  return { ...r, dateOfBirth, socialMedia: {} } as unknown as RiderProfileInput;
}

describe('deactivating a rider recomputes their events', () => {
  it("withdraws a deactivated rider's unspent award with its ledger row, and gives it back on reactivation", () => {
    const { winner } = raced();
    const out = updateRiderAsAdmin(db, winner.rider.id, { intent: 'deactivate' }, admin);
    expect(out).toEqual({ ok: true });
    expect(db.select().from(users).where(eq(users.id, winner.user.id)).get()!.deactivated).toBe(
      true,
    );
    expect(reasonOf(winner.rider.id)).toBe('riderInactive');
    expect(riderAwards(winner.rider.id).map((a) => [a.status, a.currentCents])).toEqual([
      ['reversed', 0],
    ]);
    // The withdrawal is stored as data, not as an English sentence in the award's notes.
    expect(riderAwards(winner.rider.id)[0]).toMatchObject({
      notes: null,
      withdrawnBy: 'recompute',
      withdrawnFromCents: 30000,
      withdrawnFromStatus: 'current',
    });
    expect(riderAwards(winner.rider.id)[0]?.withdrawnAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const rows = db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.riderId, winner.rider.id))
      .all();
    expect(rows.map((r) => [r.kind, r.amountCents])).toEqual([
      ['award', 30000],
      ['awardReversal', -30000],
    ]);
    expect(invariant().ledger).toBe(invariant().awards);

    expect(updateRiderAsAdmin(db, winner.rider.id, { intent: 'activate' }, admin)).toEqual({
      ok: true,
    });
    expect(reasonOf(winner.rider.id)).toBeNull();
    expect(riderAwards(winner.rider.id).reduce((s, a) => s + a.currentCents, 0)).toBe(30000);
    expect(invariant().ledger).toBe(invariant().awards);
  });

  it('refuses the deactivation of a rider whose award was spent, listing the conflict and changing nothing', async () => {
    const { winner } = raced();
    await spendCredit(db, winner.rider.id, 1000, new Date(NOW.getTime() + 60_000));
    const before = invariant();
    const out = updateRiderAsAdmin(db, winner.rider.id, { intent: 'deactivate' }, admin);
    if (out.ok || out.reason !== 'conflicts')
      throw new Error(`expected conflicts, got ${JSON.stringify(out)}`);
    expect(out.conflicts.map((c) => [c.riderName, c.why, c.amountCents])).toEqual([
      [winner.name, 'spent', 30000],
    ]);
    expect(db.select().from(users).where(eq(users.id, winner.user.id)).get()!.deactivated).toBe(
      false,
    );
    expect(reasonOf(winner.rider.id)).toBeNull();
    expect(invariant()).toEqual(before);
    expect(before.ledger).toBe(before.awards);
  });
});

describe('removing a bike recomputes the rider’s events', () => {
  it('withdraws the award of a result the removed bike made eligible', () => {
    const { winner } = raced();
    const bike = db.select().from(bikes).where(eq(bikes.riderId, winner.rider.id)).get()!;
    expect(removeBike(db, winner.rider.id, bike.id, admin)).toEqual({ ok: true });
    expect(reasonOf(winner.rider.id)).toBe('noEligibleBike');
    expect(riderAwards(winner.rider.id).map((a) => a.currentCents)).toEqual([0]);
    expect(invariant().ledger).toBe(invariant().awards);
  });

  it('is refused (the bike stays) when that award was already spent', async () => {
    const { winner } = raced();
    await spendCredit(db, winner.rider.id, 1000, new Date(NOW.getTime() + 60_000));
    const bike = db.select().from(bikes).where(eq(bikes.riderId, winner.rider.id)).get()!;
    const out = removeBike(db, winner.rider.id, bike.id, admin);
    if (out.ok || !('conflicts' in out))
      throw new Error(`expected conflicts, got ${JSON.stringify(out)}`);
    expect(out.conflicts.map((c) => c.why)).toEqual(['spent']);
    expect(db.select().from(bikes).where(eq(bikes.id, bike.id)).get()).toBeDefined();
    expect(invariant().ledger).toBe(invariant().awards);
  });

  it('adding or removing an unverified bike recomputes nothing, so a stale spent award does not block it', async () => {
    const { winner } = raced();
    await spendCredit(db, winner.rider.id, 1000, new Date(NOW.getTime() + 60_000));
    // An admin unverified the winner's bike pattern: a recompute now would take back spent money.
    db.update(bikes).set({ valid: false }).where(eq(bikes.riderId, winner.rider.id)).run();
    const before = invariant();
    const draft = 'ZZZZZZZZ0ZZZZZZZZ';
    const unknownVin = draft.slice(0, 8) + vinCheckDigit(draft) + draft.slice(9); // no pattern matches it
    const added = addBike(db, winner.rider.id, unknownVin, admin);
    if (!added.ok) throw new Error(`expected the bike to be added, got ${JSON.stringify(added)}`);
    expect(added.bike.valid).toBe(false);
    expect(removeBike(db, winner.rider.id, added.bike.id, admin)).toEqual({ ok: true });
    expect(invariant()).toEqual(before);
    expect(riderAwards(winner.rider.id).map((a) => a.status)).not.toContain('reversed');
  });

  it("answers notFound for another rider's bike, recomputing nothing", () => {
    const { winner } = raced();
    const bike = db.select().from(bikes).where(eq(bikes.riderId, winner.rider.id)).get()!;
    expect(removeBike(db, winner.rider.id + 1, bike.id, admin)).toEqual({
      ok: false,
      notFound: true,
    });
    expect(riderAwards(winner.rider.id).map((a) => a.currentCents)).toEqual([30000]);
  });
});

describe('a new date of birth recomputes the rider’s events', () => {
  // 17 on the race day (2026-05-02) but 18 today: the profile accepts it, the race does not pay.
  const MINOR_ON_RACE_DAY = '2008-06-01';

  it('withdraws the award of a result raced as a minor without consent', () => {
    const { winner } = raced();
    const out = updateRiderProfile(
      db,
      winner.rider.id,
      profileWith(winner.rider.id, MINOR_ON_RACE_DAY),
      admin,
    );
    expect(out.ok).toBe(true);
    expect(reasonOf(winner.rider.id)).toBe('underage');
    expect(riderAwards(winner.rider.id).map((a) => a.currentCents)).toEqual([0]);
    expect(invariant().ledger).toBe(invariant().awards);
  });

  it('is refused (the date stays) when that award was already spent', async () => {
    const { winner } = raced();
    await spendCredit(db, winner.rider.id, 1000, new Date(NOW.getTime() + 60_000));
    const out = updateRiderProfile(
      db,
      winner.rider.id,
      profileWith(winner.rider.id, MINOR_ON_RACE_DAY),
      admin,
    );
    if (out.ok || !('conflicts' in out))
      throw new Error(`expected conflicts, got ${JSON.stringify(out)}`);
    expect(out.conflicts.map((c) => c.why)).toEqual(['spent']);
    expect(db.select().from(riders).where(eq(riders.id, winner.rider.id)).get()!.dateOfBirth).toBe(
      '1990-01-01',
    );
    expect(invariant().ledger).toBe(invariant().awards);
  });

  it('leaves the awards alone when the date of birth did not change', () => {
    const { winner } = raced();
    const out = updateRiderProfile(
      db,
      winner.rider.id,
      profileWith(winner.rider.id, '1990-01-01'),
      admin,
    );
    expect(out.ok).toBe(true);
    expect(riderAwards(winner.rider.id).map((a) => a.currentCents)).toEqual([30000]);
  });
});
