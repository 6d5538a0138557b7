/**
 * Applying a parsed results upload: the results of one class or of every class are
 * replaced; a rider's hand-made link and bonus carry over to the new row for the same rider in the
 * same class. Audited, in one write transaction with the award recompute.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DB, Tx } from '~/db.server';
import { eventClasses, results } from '#db/schema';
import { audit, type Actor } from '~/services/platform/audit.server';
import { resultIdentity } from '~/services/money/awards/result-linking.server';
import { recomputeInTx } from '~/services/money/awards/awards.server';
import type { ImportProblem } from '~/services/events/files/import-problems.server';
import {
  change,
  classIn,
  eventIn,
  markResultsChanged,
  refuse,
  type ChangeOutcome,
} from '~/services/events/management/event-change.server';
import { nameKey } from '~/services/events/files/match-keys.server';
import type { ParsedResult } from '~/services/events/results-import/results-parser.server';

type Carry = { riderId: number | null; bonusCents: number; bonusNote: string | null };

function identityKey(classId: number, ama: string | null, riderName: string) {
  return `${classId}|${resultIdentity(ama, riderName)}`;
}

/**
 * Replaces results with an upload: those of one class (`scope.classId`) or of every class of the
 * event (`'all'`: each row names its class, which must be one of the event's classes). A rider's
 * hand-made link and bonus carry over to the new row for the same rider in the same class.
 * Awards are recomputed in the same transaction.
 */
export function applyResultsUpload(
  db: DB,
  eventId: number,
  parsed: ParsedResult[],
  scope: { classId: number } | 'all',
  actor: Actor,
  now: Date = new Date(),
): ChangeOutcome {
  return change(db, (tx) => applyResultsInTx(tx, eventId, parsed, scope, actor, now));
}

/** The rows of the file, each with its class: by name for a whole event, else the one class. */
function rowsByClass(
  tx: Tx,
  eventId: number,
  parsed: ParsedResult[],
  scope: { classId: number } | 'all',
) {
  const classList = tx.select().from(eventClasses).where(eq(eventClasses.eventId, eventId)).all();
  const byName = new Map(classList.map((c) => [nameKey(c.name), c]));
  let scopeClassIds: number[];
  const rows: { r: ParsedResult; classId: number }[] = [];
  if (scope === 'all') {
    const problems: ImportProblem[] = [];
    for (const r of parsed) {
      const cls = byName.get(nameKey(r.className ?? ''));
      if (!cls)
        problems.push({
          row: r.row,
          column: 'Class',
          code: 'unknownClass',
          value: r.className ?? '',
        });
      else rows.push({ r, classId: cls.id });
    }
    if (problems.length) refuse('problems', { problems });
    scopeClassIds = classList.map((c) => c.id);
  } else {
    const cls = classIn(tx, eventId, scope.classId);
    for (const r of parsed) rows.push({ r, classId: cls.id });
    scopeClassIds = [cls.id];
  }
  return { rows, scopeClassIds };
}

/**
 * The upload inside the caller's write transaction (also run, then rolled back, for the mapping
 * step's preview). Refuses with `refuse` and throws AwardConflictError like `change` expects.
 */
export function applyResultsInTx(
  tx: Tx,
  eventId: number,
  parsed: ParsedResult[],
  scope: { classId: number } | 'all',
  actor: Actor,
  now: Date = new Date(),
) {
  // Results of a promoter's proposal wait for an admin's approval of the event.
  if (eventIn(tx, eventId).approval !== 'approved') refuse('notApproved');
  const { rows, scopeClassIds } = rowsByClass(tx, eventId, parsed, scope);
  if (rows.length === 0) refuse('noResults');

  const old = scopeClassIds.length
    ? tx
        .select()
        .from(results)
        .where(and(eq(results.eventId, eventId), inArray(results.classId, scopeClassIds)))
        .all()
    : [];
  const carry = new Map<string, Carry>();
  for (const o of old) {
    if (o.riderId === null && o.bonusCents === 0) continue;
    carry.set(identityKey(o.classId, o.amaNumber, o.riderName), {
      riderId: o.riderId,
      bonusCents: o.bonusCents,
      bonusNote: o.bonusNote,
    });
  }
  if (scopeClassIds.length) {
    tx.delete(results)
      .where(and(eq(results.eventId, eventId), inArray(results.classId, scopeClassIds)))
      .run();
  }
  // One statement prepared once, run per row (a query built per row cost ~0.1 ms each).
  const insert = tx
    .insert(results)
    .values({
      eventId,
      classId: sql.placeholder('classId'),
      place: sql.placeholder('place'),
      resultType: sql.placeholder('resultType'),
      riderName: sql.placeholder('riderName'),
      amaNumber: sql.placeholder('amaNumber'),
      email: sql.placeholder('email'),
      make: sql.placeholder('make'),
      model: sql.placeholder('model'),
      hometown: sql.placeholder('hometown'),
      riderId: sql.placeholder('riderId'),
      bonusCents: sql.placeholder('bonusCents'),
      bonusNote: sql.placeholder('bonusNote'),
    })
    .prepare();
  for (const { r, classId } of rows) {
    const c = carry.get(identityKey(classId, r.amaNumber, r.riderName));
    // The parsed row's fields are named like the placeholders (its row and className unused).
    insert.run({
      ...r,
      classId,
      riderId: c?.riderId ?? null,
      bonusCents: c?.bonusCents ?? 0,
      bonusNote: c?.bonusNote ?? null,
    });
  }
  markResultsChanged(tx, eventId, now, true);
  const summary = recomputeInTx(tx, eventId, actor, now);
  audit(
    tx,
    actor,
    'event.results.upload',
    { type: 'event', id: eventId },
    {
      scope: scope === 'all' ? 'all' : { classId: scope.classId },
      replaced: old.length,
      rows: rows.length,
    },
  );
  return summary;
}
