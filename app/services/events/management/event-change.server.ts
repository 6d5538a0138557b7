/**
 * How every change to an event's classes and results runs: in ONE write
 * transaction together with the award recompute, so a refusal — a missing event, class or result,
 * upload problems, or awards that would take back money already spent — leaves nothing changed.
 */
import { and, eq } from 'drizzle-orm';
import { writeTx, type DB, type Tx } from '~/db.server';
import { eventClasses, events, type Event, type EventClass } from '#db/schema';
import {
  type AwardConflict,
  AwardConflictError,
} from '~/services/money/awards/award-conflicts.server';
import type { RecomputeSummary } from '~/services/money/awards/awards.server';
import type { ImportProblem } from '~/services/events/files/import-problems.server';

/** Why a change was refused; the UI shows `events:errors.<error>`. */
export type ChangeError =
  | 'notFound'
  | 'classNotFound'
  | 'resultNotFound'
  | 'placeNotFound'
  | 'riderNotFound'
  | 'duplicatePlace'
  | 'noResults'
  | 'notApproved'
  | 'duplicateClass'
  | 'problems'
  | 'conflicts';

export type ChangeOutcome<T = RecomputeSummary | null> =
  | { ok: true; value: T }
  | { ok: false; error: ChangeError; problems?: ImportProblem[]; conflicts?: AwardConflict[] };

class Refused extends Error {
  constructor(readonly outcome: Extract<ChangeOutcome, { ok: false }>) {
    super(outcome.error);
  }
}

/** Runs a change in one write transaction; refusals and award conflicts roll everything back. */
export function change<T>(db: DB, fn: (tx: Tx) => T): ChangeOutcome<T> {
  try {
    return { ok: true, value: writeTx(db, fn) };
  } catch (error) {
    if (error instanceof Refused) return error.outcome;
    if (error instanceof AwardConflictError)
      return { ok: false, error: 'conflicts', conflicts: error.conflicts };
    throw error;
  }
}

/** Refuses the change: the transaction rolls back and `change` returns the outcome. */
export function refuse(error: ChangeError, extra: { problems?: ImportProblem[] } = {}): never {
  throw new Refused({ ok: false, error, ...extra });
}

/** The event, or the change is refused as `notFound`. */
export function eventIn(tx: Tx, eventId: number): Event {
  const event = tx.select().from(events).where(eq(events.id, eventId)).get();
  if (!event) refuse('notFound');
  return event;
}

/** A class of this event, or the change is refused as `classNotFound`. */
export function classIn(tx: Tx, eventId: number, classId: number): EventClass {
  const cls = tx
    .select()
    .from(eventClasses)
    .where(and(eq(eventClasses.id, classId), eq(eventClasses.eventId, eventId)))
    .get();
  if (!cls) refuse('classNotFound');
  return cls;
}

/** Results changed: the upload time moves and an earlier verification no longer holds. */
export function markResultsChanged(tx: Tx, eventId: number, now: Date, uploaded: boolean) {
  tx.update(events)
    .set(
      uploaded
        ? { resultsUploadedAt: now.toISOString(), resultsVerifiedAt: null }
        : { resultsVerifiedAt: null },
    )
    .where(eq(events.id, eventId))
    .run();
}
