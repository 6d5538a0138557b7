/**
 * Remove races: a removed race
 * stays in the event's results, unlinked and marked "not this rider"; the automatic linking (AMA
 * number, e-mail, name) never re-attaches it to that rider, even after a re-upload; awards are
 * recomputed; a removal that would take back spent money is refused whole.
 */
import { and, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DB } from '~/db.server';
import { auditLog, awards, ledgerEntries, resultExclusions, results } from '#db/schema';
import type { Actor } from '~/services/platform/audit.server';
import { recomputeEventAwards } from '~/services/money/awards/awards.server';
import { listRiderRaces, removeRiderRaces } from '~/services/money/awards/remove-races.server';
import { applyResultsUpload } from '~/services/events/results-import/results-upload.server';
import { testDb } from '../../helpers/db';
import { spendCredit } from '../counter-fixtures';
import { fillClass, makeAdmin, makeClass, makeEvent, resultRow } from '../factory';

let db: DB;
let admin: Actor;
const NOW = new Date('2026-06-10T18:00:00Z');

beforeEach(() => {
  db = testDb();
  admin = makeAdmin(db).actor;
});

function raced() {
  const ev = makeEvent(db, { date: '2026-05-02' });
  const cls = makeClass(db, ev.id, { amounts: [30000, 20000, 10000] });
  const field = fillClass(db, ev.id, cls.id, 6);
  expect(recomputeEventAwards(db, ev.id, admin, NOW).ok).toBe(true);
  return { ev, cls, field };
}

function liveAwards(riderId: number) {
  return db
    .select()
    .from(awards)
    .where(and(eq(awards.riderId, riderId), sql`${awards.status} <> 'reversed'`))
    .all();
}

function balance(riderId: number) {
  return Number(
    db
      .select({ s: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.riderId, riderId))
      .get()!.s,
  );
}

describe('remove races', () => {
  it('lists the rider’s races with class, place, bike and award', () => {
    const { field } = raced();
    const races = listRiderRaces(db, field[0]!.rider.id)!;
    expect(races).toHaveLength(1);
    expect(races[0]).toMatchObject({ place: 1, payoutCents: 30000, awardStatus: 'current' });
    expect(listRiderRaces(db, 99999)).toBeNull();
  });

  it('unlinks the race, marks it "not this rider", withdraws the untouched award and never re-links it', () => {
    const { ev, cls, field } = raced();
    const winner = field[0]!;
    const out = removeRiderRaces(db, winner.rider.id, [winner.result.id], admin, NOW);
    expect(out).toMatchObject({
      ok: true,
      summary: { removed: [winner.result.id], eventsRecomputed: 1 },
    });
    const row = resultRow(db, winner.result.id);
    expect(row.riderId).toBeNull();
    expect(row.noPayoutReason).toBe('unlinked');
    expect(liveAwards(winner.rider.id)).toHaveLength(0);
    expect(balance(winner.rider.id)).toBe(0);
    expect(db.select().from(resultExclusions).all()).toHaveLength(1);
    expect(
      db.select().from(auditLog).where(eq(auditLog.action, 'rider.races.remove')).all(),
    ).toHaveLength(1);

    // A recompute links by AMA number again — but never to this rider.
    expect(recomputeEventAwards(db, ev.id, admin, NOW).ok).toBe(true);
    expect(resultRow(db, winner.result.id).riderId).toBeNull();

    // Nor after the promoter uploads the same results again.
    const parsed = field.map((f, i) => ({
      row: i + 2,
      place: i + 1,
      resultType: 'finish' as const,
      riderName: f.name,
      amaNumber: f.rider.amaNumber,
      email: null,
      make: 'KTM',
      model: null,
      hometown: null,
      className: null,
    }));
    expect(applyResultsUpload(db, ev.id, parsed, { classId: cls.id }, admin, NOW).ok).toBe(true);
    const again = db.select().from(results).where(eq(results.eventId, ev.id)).all();
    expect(again.find((r) => r.place === 1)!.riderId).toBeNull();
    expect(again.find((r) => r.place === 2)!.riderId).toBe(field[1]!.rider.id);
    expect(liveAwards(winner.rider.id)).toHaveLength(0);
  });

  it('removes all races at once', () => {
    const { field } = raced();
    const ev2 = makeEvent(db, { date: '2026-05-09' });
    const cls2 = makeClass(db, ev2.id, { amounts: [5000] });
    const field2 = fillClass(db, ev2.id, cls2.id, 5);
    // the same rider in a second event
    db.update(results)
      .set({ riderId: field[2]!.rider.id })
      .where(eq(results.id, field2[0]!.result.id))
      .run();
    const out = removeRiderRaces(db, field[2]!.rider.id, 'all', admin, NOW);
    expect(out).toMatchObject({ ok: true, summary: { eventsRecomputed: 2 } });
    expect(listRiderRaces(db, field[2]!.rider.id)).toEqual([]);
  });

  it('refuses races that are not the rider’s, an unknown rider and nothing chosen', () => {
    const { field } = raced();
    expect(removeRiderRaces(db, field[0]!.rider.id, [field[1]!.result.id], admin, NOW)).toEqual({
      ok: false,
      reason: 'notRidersRaces',
      resultIds: [field[1]!.result.id],
    });
    expect(removeRiderRaces(db, 99999, 'all', admin, NOW)).toEqual({
      ok: false,
      reason: 'notFound',
    });
    expect(removeRiderRaces(db, field[0]!.rider.id, [], admin, NOW)).toEqual({
      ok: false,
      reason: 'noRaces',
    });
    expect(resultRow(db, field[1]!.result.id).riderId).toBe(field[1]!.rider.id);
  });

  it('is refused whole, listing the conflict, when the award was partly spent', async () => {
    const { field } = raced();
    const winner = field[0]!;
    await spendCredit(db, winner.rider.id, 1000, NOW);
    const out = removeRiderRaces(db, winner.rider.id, 'all', admin, NOW);
    expect(out.ok).toBe(false);
    if (out.ok || out.reason !== 'conflicts') throw new Error('expected conflicts');
    expect(out.conflicts).toHaveLength(1);
    expect(out.conflicts[0]).toMatchObject({ riderId: winner.rider.id, why: 'spent' });
    expect(resultRow(db, winner.result.id).riderId).toBe(winner.rider.id);
    expect(db.select().from(resultExclusions).all()).toHaveLength(0);
  });
});
