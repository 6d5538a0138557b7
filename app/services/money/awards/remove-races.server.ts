/**
 * Remove races: an admin
 * takes results away from a rider who did not ride them. Each removed result stays in its event's
 * results, unlinked, with a "not this rider" mark (class + identity, so it survives a re-upload)
 * that keeps the automatic linking from ever attaching it to that rider again. Every event touched
 * is recomputed through the award engine in the same transaction; when that would take back money
 * already spent, claimed or paid, the whole removal is refused with the conflicts (docs/rules.md "Remove races").
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import { writeTx, type DB, type Tx } from '~/db.server';
import { awards, bikes, eventClasses, events, resultExclusions, results, riders } from '#db/schema';
import type { Currency } from '~/lib/constants';
import { audit, type Actor } from '~/services/platform/audit.server';
import {
  type AwardConflict,
  AwardConflictError,
} from '~/services/money/awards/award-conflicts.server';
import { recomputeInTx } from '~/services/money/awards/awards.server';
import { resultIdentity } from '~/services/money/awards/result-linking.server';
import { resultLineColumns } from '~/services/money/ledger/select-columns.server';

/** One race of a rider, as the admin's remove-races list shows it. */
export type RiderRace = {
  resultId: number;
  eventId: number;
  eventTitle: string;
  date: string | null;
  className: string;
  place: number | null;
  resultType: string;
  bike: string | null;
  payoutCents: number;
  currency: Currency;
  noPayoutReason: string | null;
  awardStatus: string | null;
};

/** Every result linked to the rider, newest event first; null when the rider does not exist. */
export function listRiderRaces(db: DB, riderId: number): RiderRace[] | null {
  const rider = db.select({ id: riders.id }).from(riders).where(eq(riders.id, riderId)).get();
  if (!rider) return null;
  const rows = db
    .select({
      resultId: results.id,
      ...resultLineColumns,
      make: results.make,
      model: results.model,
      bikeYear: bikes.year,
      bikeMake: bikes.make,
      bikeModel: bikes.model,
      payoutCents: results.payoutCents,
      currency: eventClasses.currency,
      noPayoutReason: results.noPayoutReason,
    })
    .from(results)
    .innerJoin(events, eq(events.id, results.eventId))
    .innerJoin(eventClasses, eq(eventClasses.id, results.classId))
    .leftJoin(bikes, eq(bikes.id, results.bikeId))
    .where(eq(results.riderId, riderId))
    .orderBy(desc(events.date), eventClasses.name, results.id)
    .all();
  const ids = rows.map((r) => r.resultId);
  const status = new Map<number, string>();
  if (ids.length) {
    for (const a of db
      .select({ resultId: awards.resultId, status: awards.status })
      .from(awards)
      .where(and(inArray(awards.resultId, ids), eq(awards.riderId, riderId)))
      .all()) {
      if (a.resultId !== null && a.status !== 'reversed') status.set(a.resultId, a.status);
    }
  }
  return rows.map((r) => ({
    resultId: r.resultId,
    eventId: r.eventId,
    eventTitle: r.eventTitle,
    date: r.date,
    className: r.className,
    place: r.place,
    resultType: r.resultType,
    bike:
      [r.bikeYear, r.bikeMake, r.bikeModel].filter(Boolean).join(' ') ||
      [r.make, r.model].filter(Boolean).join(' ') ||
      null,
    payoutCents: r.payoutCents,
    currency: r.currency,
    noPayoutReason: r.noPayoutReason,
    awardStatus: status.get(r.resultId) ?? null,
  }));
}

type RemoveRacesSummary = { riderId: number; removed: number[]; eventsRecomputed: number };

export type RemoveRacesOutcome =
  | { ok: true; summary: RemoveRacesSummary }
  | { ok: false; reason: 'notFound' | 'noRaces' }
  | { ok: false; reason: 'notRidersRaces'; resultIds: number[] }
  | { ok: false; reason: 'conflicts'; conflicts: AwardConflict[] };

/**
 * Removes the chosen results (`'all'`: every result) from the rider: unlinked, marked "not this
 * rider", awards recomputed. Refused whole when a chosen result is not the rider's or when the
 * recompute would take back money already spent, claimed or paid.
 */
export function removeRiderRaces(
  db: DB,
  riderId: number,
  chosen: number[] | 'all',
  actor: Actor,
  now: Date = new Date(),
): RemoveRacesOutcome {
  try {
    return writeTx(db, (tx): RemoveRacesOutcome => {
      const rider = tx.select({ id: riders.id }).from(riders).where(eq(riders.id, riderId)).get();
      if (!rider) return { ok: false, reason: 'notFound' };
      const own = tx.select().from(results).where(eq(results.riderId, riderId)).all();
      const wanted = chosen === 'all' ? own : own.filter((r) => chosen.includes(r.id));
      if (chosen !== 'all') {
        const ownIds = new Set(own.map((r) => r.id));
        const foreign = [...new Set(chosen)].filter((id) => !ownIds.has(id));
        if (foreign.length) return { ok: false, reason: 'notRidersRaces', resultIds: foreign };
      }
      if (wanted.length === 0) return { ok: false, reason: 'noRaces' };

      for (const r of wanted) {
        tx.update(results).set({ riderId: null, bikeId: null }).where(eq(results.id, r.id)).run();
        tx.insert(resultExclusions)
          .values({
            classId: r.classId,
            identity: resultIdentity(r.amaNumber, r.riderName),
            riderId,
            createdByUserId: actor.proxyHostUserId ?? actor.userId,
          })
          .onConflictDoNothing()
          .run();
      }
      const eventIds = [...new Set(wanted.map((r) => r.eventId))];
      for (const eventId of eventIds) recomputeInTx(tx, eventId, actor, now);

      const summary: RemoveRacesSummary = {
        riderId,
        removed: wanted.map((r) => r.id),
        eventsRecomputed: eventIds.length,
      };
      audit(
        tx,
        actor,
        'rider.races.remove',
        { type: 'rider', id: riderId },
        {
          ...summary,
          races: wanted.map((r) => ({
            resultId: r.id,
            eventId: r.eventId,
            classId: r.classId,
            place: r.place,
            riderName: r.riderName,
            amaNumber: r.amaNumber,
          })),
        },
      );
      return { ok: true, summary };
    });
  } catch (error) {
    if (error instanceof AwardConflictError)
      return { ok: false, reason: 'conflicts', conflicts: error.conflicts };
    throw error;
  }
}

/**
 * Clears the "not this rider" mark of one result for one rider (a claim the admin or promoter
 * approved: the rider proved it was theirs). Other riders' marks stay.
 */
export function clearExclusion(
  tx: Tx,
  result: { classId: number; amaNumber: string | null; riderName: string },
  riderId: number,
) {
  tx.delete(resultExclusions)
    .where(
      and(
        eq(resultExclusions.classId, result.classId),
        eq(resultExclusions.identity, resultIdentity(result.amaNumber, result.riderName)),
        eq(resultExclusions.riderId, riderId),
      ),
    )
    .run();
}
