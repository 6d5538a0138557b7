/**
 * Result claims: a signed-in rider claims a paying result that is not linked to them
 * (unlinked, or linked to someone else), naming the bike they rode. The admin or the event's
 * promoter compares and approves or refuses with a reason. Approval links the result (and the
 * bike), clears that rider's own "not this rider" mark, and recomputes the event through the award
 * engine in the same transaction — refused whole, with the conflicts, when it would take back
 * money already spent, claimed or paid (docs/rules.md "Result claims").
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { writeTx, type Conn, type DB, type Tx, unplannedLimit } from '~/db.server';
import {
  bikes,
  classPlaces,
  eventClasses,
  events,
  resultClaims,
  results,
  riders,
  users,
} from '#db/schema';
import type { Currency } from '~/lib/constants';
import { audit, type Actor } from '~/services/platform/audit.server';
import {
  type AwardConflict,
  AwardConflictError,
} from '~/services/money/awards/award-conflicts.server';
import { recomputeInTx } from '~/services/money/awards/awards.server';
import { clearExclusion } from '~/services/money/awards/remove-races.server';
import { resultLineColumns } from '~/services/money/ledger/select-columns.server';
import { columnsOf } from '~/services/platform/columns.server';
import { isPaying } from '~/services/money/claims/claim-offer.server';

/** Who reviews claims: an admin sees all; a promoter sees the claims on their events. */
export type ClaimScope = { role: 'admin' } | { role: 'promoter'; promoterId: number };

export type ClaimError =
  'notFound' | 'notPaying' | 'alreadyYours' | 'alreadyClaimed' | 'bikeNotYours' | 'decided';

/** A result as the claim form shows it; null when it does not exist. */
export function claimTarget(db: Conn, resultId: number, riderId: number) {
  const row = db
    .select({
      resultId: results.id,
      ...resultLineColumns,
      cancelled: events.cancelled,
      payoutType: eventClasses.payoutType,
      currency: eventClasses.currency,
      riderName: results.riderName,
      riderId: results.riderId,
      amountCents: classPlaces.amountCents,
    })
    .from(results)
    .innerJoin(events, eq(events.id, results.eventId))
    .innerJoin(eventClasses, eq(eventClasses.id, results.classId))
    .leftJoin(
      classPlaces,
      and(eq(classPlaces.classId, results.classId), eq(classPlaces.place, results.place)),
    )
    .where(eq(results.id, resultId))
    .get();
  if (!row) return null;
  const riderBikes = db
    .select(columnsOf(bikes, ['id', 'vin', 'year', 'make', 'model', 'valid']))
    .from(bikes)
    .where(eq(bikes.riderId, riderId))
    .orderBy(asc(bikes.id))
    .all();
  const mine = db
    .select({ id: resultClaims.id, status: resultClaims.status, reason: resultClaims.reason })
    .from(resultClaims)
    .where(and(eq(resultClaims.resultId, resultId), eq(resultClaims.riderId, riderId)))
    .orderBy(desc(resultClaims.id))
    .get();
  return {
    ...row,
    currency: row.currency as Currency,
    pays: isPaying(row),
    yours: row.riderId === riderId,
    bikes: riderBikes,
    claim: mine ?? null,
  };
}

/**
 * Files a claim; refused when the result does not pay, is already the rider's or already claimed
 * by them. `alsoInTx` runs in the same transaction once the claim is stored (its mails).
 */
export function createClaim(
  db: DB,
  input: { resultId: number; riderId: number; bikeId: number; note: string | null },
  actor: Actor,
  alsoInTx?: (tx: Tx, claimId: number) => void,
): { ok: true; claimId: number } | { ok: false; error: ClaimError } {
  return writeTx(db, (tx) => {
    const target = claimTarget(tx, input.resultId, input.riderId);
    if (!target) return { ok: false, error: 'notFound' };
    if (!target.pays) return { ok: false, error: 'notPaying' };
    if (target.yours) return { ok: false, error: 'alreadyYours' };
    if (target.claim?.status === 'pending') return { ok: false, error: 'alreadyClaimed' };
    if (!target.bikes.some((b) => b.id === input.bikeId))
      return { ok: false, error: 'bikeNotYours' };
    const claim = tx
      .insert(resultClaims)
      .values({
        resultId: input.resultId,
        riderId: input.riderId,
        bikeId: input.bikeId,
        note: input.note,
      })
      .returning({ id: resultClaims.id })
      .get();
    audit(
      tx,
      actor,
      'result.claim',
      { type: 'result', id: input.resultId },
      { claimId: claim.id, riderId: input.riderId, bikeId: input.bikeId },
    );
    alsoInTx?.(tx, claim.id);
    return { ok: true, claimId: claim.id };
  });
}

/** The claims a reviewer sees, pending first, with what they need to compare. */
export function listClaims(db: Conn, scope: ClaimScope, claimId?: number) {
  const where = and(
    scope.role === 'promoter' ? eq(events.promoterId, scope.promoterId) : undefined,
    claimId !== undefined ? eq(resultClaims.id, claimId) : undefined,
  );
  return db
    .select({
      id: resultClaims.id,
      status: resultClaims.status,
      reason: resultClaims.reason,
      note: resultClaims.note,
      createdAt: resultClaims.createdAt,
      decidedAt: resultClaims.decidedAt,
      resultId: results.id,
      eventId: events.id,
      eventTitle: events.title,
      date: events.date,
      promoterId: events.promoterId,
      className: eventClasses.name,
      place: results.place,
      resultName: results.riderName,
      resultAma: results.amaNumber,
      resultBike: sql<string>`trim(coalesce(${results.make}, '') || ' ' || coalesce(${results.model}, ''))`,
      resultHometown: results.hometown,
      linkedRiderId: results.riderId,
      linkedRiderName: sql<
        string | null
      >`(select l.first_name || ' ' || l.last_name from riders l where l.id = ${results.riderId})`,
      riderId: riders.id,
      riderName: sql<string>`${riders.firstName} || ' ' || ${riders.lastName}`,
      riderAma: riders.amaNumber,
      riderEmail: users.email,
      riderHometown: riders.hometown,
      bikeVin: bikes.vin,
      bike: sql<
        string | null
      >`trim(coalesce(${bikes.year}, '') || ' ' || coalesce(${bikes.make}, '') || ' ' || coalesce(${bikes.model}, ''))`,
      bikeValid: bikes.valid,
    })
    .from(resultClaims)
    .innerJoin(results, eq(results.id, resultClaims.resultId))
    .innerJoin(events, eq(events.id, results.eventId))
    .innerJoin(eventClasses, eq(eventClasses.id, results.classId))
    .innerJoin(riders, eq(riders.id, resultClaims.riderId))
    .innerJoin(users, eq(users.id, riders.userId))
    .leftJoin(bikes, eq(bikes.id, resultClaims.bikeId))
    .where(where)
    .orderBy(sql`${resultClaims.status} <> 'pending'`, desc(resultClaims.id))
    .limit(unplannedLimit(200))
    .all();
}

export type ClaimRow = ReturnType<typeof listClaims>[number];

export type Decision = { decision: 'approve' } | { decision: 'refuse'; reason: string };

export type DecideOutcome =
  | { ok: true; claim: ClaimRow; previousRiderId: number | null }
  | { ok: false; error: ClaimError }
  | { ok: false; error: 'conflicts'; conflicts: AwardConflict[] };

/**
 * Approves or refuses a pending claim the reviewer may see. Approval links the result to the
 * claiming rider with the named bike, clears that rider's "not this rider" mark, refuses the
 * other pending claims on the result, and recomputes the event (refused whole on conflicts).
 * `alsoInTx` runs last in the same transaction (the decision's mails).
 */
export function decideClaim(
  db: DB,
  claimId: number,
  scope: ClaimScope,
  decision: Decision,
  actor: Actor,
  now = new Date(),
  alsoInTx?: (tx: Tx, claim: ClaimRow, previousRiderId: number | null) => void,
): DecideOutcome {
  try {
    return writeTx(db, (tx): DecideOutcome => {
      const claim = listClaims(tx, scope, claimId)[0];
      if (!claim) return { ok: false, error: 'notFound' };
      if (claim.status !== 'pending') return { ok: false, error: 'decided' };
      const decidedBy = actor.proxyHostUserId ?? actor.userId;
      const stamp = now.toISOString();
      let previousRiderId: number | null = null;
      if (decision.decision === 'approve') {
        const result = tx.select().from(results).where(eq(results.id, claim.resultId)).get()!;
        previousRiderId = result.riderId;
        const bike = tx
          .select({ riderId: bikes.riderId, id: bikes.id })
          .from(resultClaims)
          .innerJoin(bikes, eq(bikes.id, resultClaims.bikeId))
          .where(eq(resultClaims.id, claimId))
          .get();
        tx.update(results)
          .set({
            riderId: claim.riderId,
            bikeId: bike && bike.riderId === claim.riderId ? bike.id : null,
          })
          .where(eq(results.id, claim.resultId))
          .run();
        clearExclusion(tx, result, claim.riderId);
        tx.update(resultClaims)
          .set({ status: 'approved', decidedByUserId: decidedBy, decidedAt: stamp })
          .where(eq(resultClaims.id, claimId))
          .run();
        const others = tx
          .select({ id: resultClaims.id })
          .from(resultClaims)
          .where(and(eq(resultClaims.resultId, claim.resultId), eq(resultClaims.status, 'pending')))
          .all()
          .map((c) => c.id);
        if (others.length) {
          tx.update(resultClaims)
            .set({
              status: 'refused',
              reason: 'Another rider’s claim on this result was approved.',
              decidedByUserId: decidedBy,
              decidedAt: stamp,
            })
            .where(inArray(resultClaims.id, others))
            .run();
        }
        recomputeInTx(tx, claim.eventId, actor, now);
      } else {
        tx.update(resultClaims)
          .set({
            status: 'refused',
            reason: decision.reason,
            decidedByUserId: decidedBy,
            decidedAt: stamp,
          })
          .where(eq(resultClaims.id, claimId))
          .run();
      }
      audit(
        tx,
        actor,
        `result.claim.${decision.decision === 'approve' ? 'approve' : 'refuse'}`,
        { type: 'result', id: claim.resultId },
        {
          claimId,
          riderId: claim.riderId,
          previousRiderId,
          reason: decision.decision === 'refuse' ? decision.reason : null,
        },
      );
      const decided = listClaims(tx, scope, claimId)[0]!;
      alsoInTx?.(tx, decided, previousRiderId); // the decision's mails, committed with it
      return { ok: true, claim: decided, previousRiderId };
    });
  } catch (error) {
    if (error instanceof AwardConflictError)
      return { ok: false, error: 'conflicts', conflicts: error.conflicts };
    throw error;
  }
}
