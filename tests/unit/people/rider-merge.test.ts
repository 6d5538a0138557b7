/**
 * Rider merge (confirmed by typing DELETE and the e-mail of the rider to delete, or KEEP and the
 * e-mail of the rider to keep): everything moves to the kept rider, balances still
 * equal the ledger, the awards are recomputed, and a merge that would take back spent money is
 * refused whole.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DB } from '~/db.server';
import { awards, bikes, ledgerEntries, results, riders, users } from '#db/schema';
import type { Actor } from '~/services/platform/audit.server';
import { recomputeEventAwards } from '~/services/money/awards/awards.server';
import { mergeRiders, parseMergeConfirmation } from '~/services/people/rider-merge.server';
import { testDb } from '../helpers/db';
import { spendCredit } from '../money/counter-fixtures';
import { addResult, fillClass, makeAdmin, makeClass, makeEvent, makeRider } from '../money/factory';

let db: DB;
let admin: Actor;
const NOW = new Date('2026-06-10T18:00:00Z');

beforeEach(() => {
  db = testDb();
  admin = makeAdmin(db).actor;
});

function sums(riderId: number) {
  const ledger = db
    .select({ s: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.riderId, riderId))
    .get()!.s;
  const current = db
    .select({ s: sql<number>`coalesce(sum(${awards.currentCents}), 0)` })
    .from(awards)
    .where(eq(awards.riderId, riderId))
    .get()!.s;
  return { ledger: Number(ledger), awards: Number(current) };
}

function emailOf(userId: number) {
  return db.select({ email: users.email }).from(users).where(eq(users.id, userId)).get()!.email;
}

/** A paying class of 6 at an event on 2026-05-02; returns the event and its riders (1st..6th). */
function raced() {
  const ev = makeEvent(db, { date: '2026-05-02' });
  const cls = makeClass(db, ev.id, { amounts: [30000, 20000, 10000] });
  const field = fillClass(db, ev.id, cls.id, 6);
  expect(recomputeEventAwards(db, ev.id, admin, NOW).ok).toBe(true);
  return { ev, cls, field };
}

describe('merge confirmation', () => {
  it('reads DELETE or KEEP followed by an e-mail, nothing else', () => {
    expect(parseMergeConfirmation('DELETE Old@Example.test')).toEqual({
      word: 'DELETE',
      email: 'old@example.test',
    });
    expect(parseMergeConfirmation('  KEEP  new@example.test ')).toEqual({
      word: 'KEEP',
      email: 'new@example.test',
    });
    for (const bad of [
      'delete old@example.test',
      'DELETE',
      'REMOVE a@b.c',
      'DELETE a@b.c extra',
      '',
    ]) {
      expect(parseMergeConfirmation(bad), bad).toBeNull();
    }
  });

  it('refuses the wrong word or e-mail, the same rider twice and an unknown rider, changing nothing', () => {
    const { field } = raced();
    const [keep, drop] = [field[0]!, field[1]!];
    const dropEmail = emailOf(drop.user.id);
    const keepEmail = emailOf(keep.user.id);
    const ids = { keepRiderId: keep.rider.id, deleteRiderId: drop.rider.id };
    expect(mergeRiders(db, { ...ids, confirmation: `DELETE ${keepEmail}` }, admin, NOW)).toEqual({
      ok: false,
      reason: 'confirmation',
    });
    expect(mergeRiders(db, { ...ids, confirmation: `KEEP ${dropEmail}` }, admin, NOW)).toEqual({
      ok: false,
      reason: 'confirmation',
    });
    expect(
      mergeRiders(
        db,
        {
          keepRiderId: keep.rider.id,
          deleteRiderId: keep.rider.id,
          confirmation: `KEEP ${keepEmail}`,
        },
        admin,
        NOW,
      ),
    ).toEqual({
      ok: false,
      reason: 'sameRider',
    });
    expect(
      mergeRiders(
        db,
        { keepRiderId: keep.rider.id, deleteRiderId: 99999, confirmation: `KEEP ${keepEmail}` },
        admin,
        NOW,
      ),
    ).toEqual({
      ok: false,
      reason: 'notFound',
    });
    expect(db.select().from(riders).where(eq(riders.id, drop.rider.id)).get()).toBeDefined();
  });
});

describe('merging two riders', () => {
  it('moves results, awards, ledger rows, redemptions and bikes to the kept rider and deletes the other account', async () => {
    const { field } = raced();
    const drop = field[0]!; // 1st: 300.00 credit
    const keep = makeRider(db, { ama: null, bikes: [] }); // a second account with nothing yet
    db.update(riders).set({ phone1: '555 010 0000' }).where(eq(riders.id, drop.rider.id)).run();
    await spendCredit(db, drop.rider.id, 5000, new Date(NOW.getTime() + 60_000));
    const totalLedger = sums(drop.rider.id).ledger + sums(keep.rider.id).ledger;

    const out = mergeRiders(
      db,
      {
        keepRiderId: keep.rider.id,
        deleteRiderId: drop.rider.id,
        confirmation: `DELETE ${emailOf(drop.user.id)}`,
      },
      admin,
      NOW,
    );
    if (!out.ok) throw new Error(JSON.stringify(out));
    expect(out.summary.moved).toMatchObject({ results: 1, awards: 1, redemptions: 1, bikes: 1 });
    expect(out.summary.moved.ledgerRows).toBe(2);
    expect(sums(keep.rider.id)).toEqual({ ledger: 25000, awards: 25000 });
    expect(sums(keep.rider.id).ledger).toBe(totalLedger);
    expect(db.select().from(riders).where(eq(riders.id, drop.rider.id)).get()).toBeUndefined();
    expect(db.select().from(users).where(eq(users.id, drop.user.id)).get()).toBeUndefined();
    const kept = db.select().from(riders).where(eq(riders.id, keep.rider.id)).get()!;
    // Blanks of the kept profile come from the deleted one: AMA number (future results link), PIN, phone.
    expect(kept).toMatchObject({ amaNumber: drop.rider.amaNumber, phone1: '555 010 0000' });
    expect(kept.pinHash).not.toBeNull();
    expect(db.select().from(bikes).where(eq(bikes.riderId, keep.rider.id)).all()).toHaveLength(1);
  });

  it('a KEEP confirmation names the kept rider', () => {
    const { field } = raced();
    const [keep, drop] = [field[2]!, field[4]!];
    const out = mergeRiders(
      db,
      {
        keepRiderId: keep.rider.id,
        deleteRiderId: drop.rider.id,
        confirmation: `KEEP ${emailOf(keep.user.id)}`,
      },
      admin,
      NOW,
    );
    expect(out.ok).toBe(true);
  });

  it('recomputes: a result that paid nothing for want of a bike pays once the bike comes with the merge', () => {
    const ev = makeEvent(db, { date: '2026-05-02' });
    const cls = makeClass(db, ev.id, { amounts: [30000, 20000, 10000] });
    const keep = makeRider(db, { bikes: [] });
    addResult(db, ev.id, cls.id, {
      place: 1,
      riderName: keep.name,
      ama: keep.rider.amaNumber,
      make: 'KTM',
    });
    const others = fillClass(db, ev.id, cls.id, 5);
    others.forEach((o, i) =>
      db
        .update(results)
        .set({ place: i + 2 })
        .where(eq(results.id, o.result.id))
        .run(),
    );
    expect(recomputeEventAwards(db, ev.id, admin, NOW).ok).toBe(true);
    expect(
      db.select().from(results).where(eq(results.riderId, keep.rider.id)).get()!.noPayoutReason,
    ).toBe('noEligibleBike');

    const drop = makeRider(db); // the same person's other account, with the registered bike
    const out = mergeRiders(
      db,
      {
        keepRiderId: keep.rider.id,
        deleteRiderId: drop.rider.id,
        confirmation: `DELETE ${emailOf(drop.user.id)}`,
      },
      admin,
      NOW,
    );
    if (!out.ok) throw new Error(JSON.stringify(out));
    expect(out.summary.eventsRecomputed).toBe(1);
    const after = db.select().from(results).where(eq(results.riderId, keep.rider.id)).get()!;
    expect(after).toMatchObject({ payoutCents: 30000, noPayoutReason: null });
    expect(sums(keep.rider.id)).toEqual({ ledger: 30000, awards: 30000 });
  });

  it('one person entered twice in a class keeps the better place: the other award is withdrawn', () => {
    const { field } = raced();
    const [keep, drop] = [field[0]!, field[1]!]; // 300.00 and 200.00, nothing spent
    const out = mergeRiders(
      db,
      {
        keepRiderId: keep.rider.id,
        deleteRiderId: drop.rider.id,
        confirmation: `DELETE ${emailOf(drop.user.id)}`,
      },
      admin,
      NOW,
    );
    if (!out.ok) throw new Error(JSON.stringify(out));
    const reasons = db
      .select()
      .from(results)
      .where(eq(results.riderId, keep.rider.id))
      .all()
      .map((r) => [r.place, r.noPayoutReason]);
    expect(reasons.sort()).toEqual([
      [1, null],
      [2, 'duplicateRider'],
    ]);
    expect(sums(keep.rider.id)).toEqual({ ledger: 30000, awards: 30000 });
  });

  it('is refused whole when the recompute would take back money already spent', async () => {
    const { field } = raced();
    const [keep, drop] = [field[0]!, field[1]!];
    await spendCredit(db, drop.rider.id, 1000, new Date(NOW.getTime() + 60_000));
    const before = { keep: sums(keep.rider.id), drop: sums(drop.rider.id) };
    const out = mergeRiders(
      db,
      {
        keepRiderId: keep.rider.id,
        deleteRiderId: drop.rider.id,
        confirmation: `DELETE ${emailOf(drop.user.id)}`,
      },
      admin,
      NOW,
    );
    expect(out.ok).toBe(false);
    if (out.ok || out.reason !== 'conflicts') throw new Error('expected conflicts');
    expect(out.conflicts.map((c) => c.why)).toEqual(['spent']);
    // Nothing moved.
    expect({ keep: sums(keep.rider.id), drop: sums(drop.rider.id) }).toEqual(before);
    expect(db.select().from(users).where(eq(users.id, drop.user.id)).get()).toBeDefined();
  });
});
