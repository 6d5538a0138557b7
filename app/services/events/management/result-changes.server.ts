/**
 * Changing an event's results one by one: editing a result (place, type, rider link, bonus),
 * deleting results, verifying them (admin) and recomputing the awards on demand. Every change is
 * audited and runs in one write transaction with the award recompute.
 */
import { and, eq, ne } from 'drizzle-orm';
import type { DB, Tx } from '~/db.server';
import {
  eventClasses,
  events,
  pendingMoneyChanges,
  results,
  riders,
  type Result,
} from '#db/schema';
import type { Currency, ResultType } from '~/lib/constants';
import { audit, type Actor } from '~/services/platform/audit.server';
import { recomputeInTx, type RecomputeSummary } from '~/services/money/awards/awards.server';
import { bonusOverLimit } from '~/services/money/ledger/money-limits.server';
import {
  deliverHoldMail,
  holdChange,
  holdMail,
  supersede,
  type HoldMail,
} from '~/services/money/ledger/pending-changes.server';
import {
  change,
  classIn,
  eventIn,
  markResultsChanged,
  refuse,
  type ChangeOutcome,
} from '~/services/events/management/event-change.server';
import { unplannedLimit } from '~/db.server';

export type ResultPatch = {
  place?: number | null;
  resultType?: ResultType;
  riderId?: number | null;
  bonusCents?: number;
  bonusNote?: string | null;
};

/** Refuses a patch naming an unknown rider, or a place another result of the class holds. */
function checkPatch(tx: Tx, r: Result, patch: ResultPatch) {
  if (patch.riderId !== undefined && patch.riderId !== null) {
    const rider = tx
      .select({ id: riders.id })
      .from(riders)
      .where(eq(riders.id, patch.riderId))
      .get();
    if (!rider) refuse('riderNotFound');
  }
  if (patch.place !== undefined && patch.place !== null) {
    const clash = tx
      .select({ id: results.id })
      .from(results)
      .where(
        and(eq(results.classId, r.classId), eq(results.place, patch.place), ne(results.id, r.id)),
      )
      .get();
    if (clash) refuse('duplicatePlace');
  }
}

/**
 * Typed money over its limit: kept aside for a second admin, the bonus stays as it was (the
 * patch's bonus taken out of `set`). Returns the held change's id.
 */
function holdBonus(
  tx: Tx,
  held: { r: Result; set: Partial<Result>; patch: ResultPatch & { bonusCents: number } },
  ctx: {
    eventId: number;
    currency: Currency;
    limitName: string;
    actor: Actor;
    now: Date;
    mail?: HoldMail;
  },
): number {
  const { r, set, patch } = held;
  const { eventId, actor, now, mail } = ctx;
  const cls = tx
    .select({ currency: eventClasses.currency })
    .from(eventClasses)
    .where(eq(eventClasses.id, r.classId))
    .get();
  const id = holdChange(
    tx,
    {
      kind: 'bonus',
      amountCents: patch.bonusCents,
      previousCents: r.bonusCents,
      currency: cls?.currency ?? ctx.currency,
      limitName: ctx.limitName,
      eventId,
      resultId: r.id,
      riderId: set.riderId ?? r.riderId,
      note: patch.bonusNote !== undefined ? patch.bonusNote : r.bonusNote,
    },
    actor,
    now,
    mail,
  );
  delete set.bonusCents;
  delete set.bonusNote;
  return id;
}

/** Edits one result (place, type, rider link, bonus) and recomputes the event's awards. */
export function editResult(
  db: DB,
  eventId: number,
  resultId: number,
  patch: ResultPatch,
  actor: Actor,
  now: Date = new Date(),
  /** Mails the admins when a bonus over its limit is held (see pending-changes). */
  mail?: HoldMail,
): ChangeOutcome<RecomputeSummary & { held?: number }> {
  return change(db, (tx) => {
    const event = eventIn(tx, eventId);
    const r = tx
      .select()
      .from(results)
      .where(and(eq(results.id, resultId), eq(results.eventId, eventId)))
      .get();
    if (!r) refuse('resultNotFound');
    checkPatch(tx, r, patch);
    const set: Partial<Result> = {};
    if (patch.place !== undefined) set.place = patch.place;
    if (patch.resultType !== undefined) set.resultType = patch.resultType;
    if (patch.riderId !== undefined) set.riderId = patch.riderId;
    if (patch.bonusCents !== undefined) set.bonusCents = patch.bonusCents;
    if (patch.bonusNote !== undefined) set.bonusNote = patch.bonusNote;
    let held: number | undefined;
    if (patch.bonusCents !== undefined && patch.bonusCents !== r.bonusCents) {
      const over = bonusOverLimit(tx, {
        userId: actor.userId,
        eventId,
        resultId: r.id,
        newCents: patch.bonusCents,
      });
      if (over) {
        const bonus = { ...patch, bonusCents: patch.bonusCents };
        const at = { eventId, currency: event.currency, limitName: over, actor, now, mail };
        held = holdBonus(tx, { r, set, patch: bonus }, at);
      } else {
        // A direct edit within the limit replaces whatever was waiting for this result.
        supersede(tx, eq(pendingMoneyChanges.resultId, r.id), actor, now);
      }
    }
    if (Object.keys(set).length) tx.update(results).set(set).where(eq(results.id, r.id)).run();
    const changedOutcome =
      patch.place !== undefined || patch.resultType !== undefined || patch.riderId !== undefined;
    if (changedOutcome) markResultsChanged(tx, eventId, now, false);
    const summary = recomputeInTx(tx, eventId, actor, now);
    audit(
      tx,
      actor,
      'event.result.edit',
      { type: 'result', id: r.id },
      {
        eventId,
        before: {
          place: r.place,
          resultType: r.resultType,
          riderId: r.riderId,
          bonusCents: r.bonusCents,
          bonusNote: r.bonusNote,
        },
        after: set,
        ...(held ? { heldForApproval: held } : {}),
      },
    );
    return held ? { ...summary, held } : summary;
  });
}

/** `editResult` with the admins' mail of a held bonus queued in its transaction, then sent. */
export async function editResultWithMail(
  db: DB,
  eventId: number,
  resultId: number,
  patch: ResultPatch,
  actor: Actor,
) {
  const mail = await holdMail();
  const outcome = editResult(db, eventId, resultId, patch, actor, new Date(), mail);
  if (outcome.ok) await deliverHoldMail(db, mail);
  return outcome;
}

/** Links one result to a rider account by hand (awards follow the link). */
export function linkResult(
  db: DB,
  eventId: number,
  resultId: number,
  riderId: number,
  actor: Actor,
  now: Date = new Date(),
) {
  return editResult(db, eventId, resultId, { riderId }, actor, now);
}

export type DeleteTarget = { resultId: number } | { classId: number } | 'all';

/** Deletes one result, a class's results or all the event's results, then recomputes. */
export function deleteResults(
  db: DB,
  eventId: number,
  target: DeleteTarget,
  actor: Actor,
  now: Date = new Date(),
): ChangeOutcome {
  return change(db, (tx) => {
    eventIn(tx, eventId);
    let deleted = 0;
    if (target === 'all') {
      deleted = tx.delete(results).where(eq(results.eventId, eventId)).run().changes;
    } else if ('classId' in target) {
      classIn(tx, eventId, target.classId);
      deleted = tx
        .delete(results)
        .where(and(eq(results.eventId, eventId), eq(results.classId, target.classId)))
        .run().changes;
    } else {
      deleted = tx
        .delete(results)
        .where(and(eq(results.eventId, eventId), eq(results.id, target.resultId)))
        .run().changes;
      if (deleted === 0) refuse('resultNotFound');
    }
    markResultsChanged(tx, eventId, now, false);
    const summary = recomputeInTx(tx, eventId, actor, now);
    audit(tx, actor, 'event.results.delete', { type: 'event', id: eventId }, { target, deleted });
    return summary;
  });
}

/** Marks the event's results verified (admin): cash due dates count from this moment. */
export function verifyResults(
  db: DB,
  eventId: number,
  actor: Actor,
  now: Date = new Date(),
): ChangeOutcome<null> {
  return change(db, (tx) => {
    eventIn(tx, eventId);
    const any = tx
      .select({ id: results.id })
      .from(results)
      .where(eq(results.eventId, eventId))
      .limit(unplannedLimit(1))
      .get();
    if (!any) refuse('noResults');
    tx.update(events)
      .set({ resultsVerifiedAt: now.toISOString() })
      .where(eq(events.id, eventId))
      .run();
    audit(
      tx,
      actor,
      'event.results.verify',
      { type: 'event', id: eventId },
      { at: now.toISOString() },
    );
    return null;
  });
}

/** Recomputes an event's awards on demand (admin button); same refusal rules. */
export function recomputeNow(
  db: DB,
  eventId: number,
  actor: Actor,
  now: Date = new Date(),
): ChangeOutcome {
  return change(db, (tx) => {
    eventIn(tx, eventId);
    return recomputeInTx(tx, eventId, actor, now);
  });
}
