/**
 * The award engine (docs/rules.md "When a result earns an award"): from an event's results to awards,
 * with a ledger row for every change of a balance (docs/rules.md "Money").
 *
 * `recomputeEventAwards` links results to riders, decides every result by rules 1–7, writes
 * `results.payoutCents` / `results.noPayoutReason`, and brings the event's awards to what the
 * results give: new awards are created (ledger `award`), untouched awards that are no longer due
 * are reduced or withdrawn (ledger `awardReversal`). An award that was spent, claimed or paid is
 * never removed or reduced: the whole recompute is refused with the list of conflicts.
 * Everything runs in ONE write transaction; nothing is written when it is refused.
 *
 * The steps live beside this file: which bikes the program pays for (award-eligibility), linking
 * results to riders (result-linking), deciding each result (award-decisions), planning and
 * writing the awards' changes (award-changes) and what refuses them (award-conflicts).
 */
import { and, eq, ne } from 'drizzle-orm';
import { writeTx, type DB, type Tx } from '~/db.server';
import { awards, events, riders, type Award } from '#db/schema';
import { audit, type Actor } from '~/services/platform/audit.server';
import {
  AwardConflictError,
  type AwardConflict,
} from '~/services/money/awards/award-conflicts.server';
import {
  decideResults,
  loadEventFacts,
  recordDecisions,
} from '~/services/money/awards/award-decisions.server';
import {
  applyAwardChanges,
  desiredAwards,
  planAwardChanges,
  type ChangeCounts,
} from '~/services/money/awards/award-changes.server';

class EventNotFoundError extends Error {
  constructor(readonly eventId: number) {
    super(`Event ${eventId} not found`);
    this.name = 'EventNotFoundError';
  }
}

/** What a recompute did: the results that pay, and the awards created, changed or kept. */
export type RecomputeSummary = { paying: number } & ChangeCounts;

export type RecomputeOutcome =
  { ok: true; summary: RecomputeSummary } | { ok: false; conflicts: AwardConflict[] };

/**
 * Recomputes an event's awards inside the caller's write transaction. Throws AwardConflictError
 * (the caller's transaction then rolls back) or EventNotFoundError.
 */
export function recomputeInTx(
  tx: Tx,
  eventId: number,
  actor: Actor,
  now: Date = new Date(),
): RecomputeSummary {
  const event = tx.select().from(events).where(eq(events.id, eventId)).get();
  if (!event) throw new EventNotFoundError(eventId);

  const facts = loadEventFacts(tx, event);
  const decisions = decideResults(facts);
  recordDecisions(tx, facts, decisions);

  const desired = desiredAwards(facts, decisions);
  const existing = tx
    .select()
    .from(awards)
    .where(and(eq(awards.eventId, eventId), ne(awards.status, 'reversed')))
    .orderBy(awards.id)
    .all();
  const plan = planAwardChanges(existing, desired, {
    className: (a: Award) =>
      a.classId !== null ? (facts.classById.get(a.classId)?.name ?? '') : '',
    riderName: (riderId: number) => {
      const r =
        facts.riderById.get(riderId) ??
        tx.select().from(riders).where(eq(riders.id, riderId)).get();
      return r ? `${r.firstName} ${r.lastName}` : `#${riderId}`;
    },
  });

  const summary: RecomputeSummary = {
    paying: [...decisions.values()].filter((d) => d.payoutCents > 0).length,
    ...applyAwardChanges(tx, plan, desired, { eventId, eventDate: event.date, actor, now }),
  };
  audit(tx, actor, 'awards.recompute', { type: 'event', id: eventId }, { ...summary });
  return summary;
}

/**
 * Recomputes an event's awards in its own write transaction. Refused whole (nothing written) when
 * an award that was spent, claimed or paid would have to be removed or reduced.
 */
export function recomputeEventAwards(
  db: DB,
  eventId: number,
  actor: Actor,
  now: Date = new Date(),
): RecomputeOutcome {
  try {
    const summary = writeTx(db, (tx) => recomputeInTx(tx, eventId, actor, now));
    return { ok: true, summary };
  } catch (error) {
    if (error instanceof AwardConflictError) return { ok: false, conflicts: error.conflicts };
    throw error;
  }
}
