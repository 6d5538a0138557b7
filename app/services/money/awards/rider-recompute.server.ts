/**
 * Awards follow a change of a rider's eligibility (docs/rules.md "When a result earns an award"): a
 * deactivation or reactivation, a bike added or removed, a new date of birth. The change and the
 * recompute of every event with a result linked to the rider run in ONE write transaction; when
 * the recompute would take back an award that was spent, claimed or paid, the whole change is
 * refused (nothing written) with the list of conflicts, as for an upload or a rider merge.
 */
import { eq } from 'drizzle-orm';
import { writeTx, type DB, type Tx } from '~/db.server';
import { results } from '#db/schema';
import type { Actor } from '~/services/platform/audit.server';
import {
  AwardConflictError,
  type AwardConflict,
} from '~/services/money/awards/award-conflicts.server';
import { recomputeInTx } from '~/services/money/awards/awards.server';

/** The events with a result linked to the rider, in id order. */
function riderEventIds(tx: Tx, riderId: number): number[] {
  return tx
    .selectDistinct({ eventId: results.eventId })
    .from(results)
    .where(eq(results.riderId, riderId))
    .orderBy(results.eventId)
    .all()
    .map((r) => r.eventId);
}

export type EligibilityOutcome<T> =
  { ok: true; value: T; eventsRecomputed: number } | { ok: false; conflicts: AwardConflict[] };

/**
 * Runs `change` and then recomputes the rider's events, all in one write transaction. `change`
 * returns `{ recompute: false }` to skip the recompute (nothing that decides an award changed),
 * or may throw to roll back. Refused (rolled back) with the conflicts when an award that was
 * spent, claimed or paid would have to be removed or reduced.
 */
export function changeRiderEligibility<T>(
  db: DB,
  riderId: number,
  actor: Actor,
  change: (tx: Tx) => { value: T; recompute: boolean },
  now: Date = new Date(),
): EligibilityOutcome<T> {
  try {
    return writeTx(db, (tx) => {
      const { value, recompute } = change(tx);
      if (!recompute) return { ok: true as const, value, eventsRecomputed: 0 };
      const eventIds = riderEventIds(tx, riderId);
      for (const eventId of eventIds) recomputeInTx(tx, eventId, actor, now);
      return { ok: true as const, value, eventsRecomputed: eventIds.length };
    });
  } catch (error) {
    if (error instanceof AwardConflictError) return { ok: false, conflicts: error.conflicts };
    throw error;
  }
}
