/**
 * The mapping step's preview of what an upload would do: the upload is applied for real inside a
 * write transaction (results replaced, riders linked, awards decided by the award engine) and
 * rolled back once read, so the preview says exactly which rider each row matched and which rows
 * would pay, by the same rules as the upload itself. Nothing is kept, audited or logged.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { DB } from '~/db.server';
import { eventClasses, results, riders } from '#db/schema';
import { change, type ChangeOutcome } from '~/services/events/management/event-change.server';
import type { ParsedResult } from '~/services/events/results-import/results-parser.server';
import { applyResultsInTx } from '~/services/events/results-import/results-upload.server';
import type { Actor } from '~/services/platform/audit.server';

/** What one row of the file would become: the rider it matched and what it would pay. */
export type RowOutcome = {
  riderName: string | null;
  payoutCents: number;
  currency: string;
  reason: string | null;
};

export type DryRun =
  | { ok: true; rows: Map<number, RowOutcome> }
  | { ok: false; refusal: Extract<ChangeOutcome, { ok: false }> };

/** Thrown with what was read: rolls the transaction back. */
class Rollback extends Error {
  constructor(readonly rows: Map<number, RowOutcome>) {
    super('dry run');
  }
}

/** What an upload would do, by file row, or why it would be refused; the database is left as is. */
export function dryRunUpload(
  db: DB,
  eventId: number,
  parsed: ParsedResult[],
  scope: { classId: number } | 'all',
  actor: Actor,
  now: Date = new Date(),
): DryRun {
  try {
    const out = change(db, (tx) => {
      applyResultsInTx(tx, eventId, parsed, scope, actor, now);
      const classIds =
        scope === 'all'
          ? tx
              .select({ id: eventClasses.id })
              .from(eventClasses)
              .where(eq(eventClasses.eventId, eventId))
              .all()
              .map((c) => c.id)
          : [scope.classId];
      // The upload's rows are the only results of these classes now, inserted in the file's order.
      const stored = tx
        .select({
          payoutCents: results.payoutCents,
          reason: results.noPayoutReason,
          currency: eventClasses.currency,
          first: riders.firstName,
          last: riders.lastName,
        })
        .from(results)
        .innerJoin(eventClasses, eq(eventClasses.id, results.classId))
        .leftJoin(riders, eq(riders.id, results.riderId))
        .where(inArray(results.classId, classIds))
        .orderBy(asc(results.id))
        .all();
      const rows = new Map<number, RowOutcome>();
      stored.forEach((s, i) => {
        const r = parsed[i];
        if (!r) return;
        rows.set(r.row, {
          riderName: s.first === null ? null : `${s.first} ${s.last ?? ''}`.trim(),
          payoutCents: s.payoutCents,
          currency: s.currency,
          reason: s.reason,
        });
      });
      throw new Rollback(rows);
    });
    if (!out.ok) return { ok: false, refusal: out };
    return { ok: true, rows: new Map() };
  } catch (error) {
    if (error instanceof Rollback) return { ok: true, rows: error.rows };
    throw error;
  }
}
