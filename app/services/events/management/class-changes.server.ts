/**
 * Changing an event's classes (docs/rules.md "Classes and payouts"): replacing them with a class
 * upload, removing a class, removing a place. Every change is audited and runs in one write
 * transaction with the award recompute (~/services/events/management/event-change.server).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { DB } from '~/db.server';
import { classPlaces, eventClasses, results } from '#db/schema';
import { audit, type Actor } from '~/services/platform/audit.server';
import { recomputeInTx } from '~/services/money/awards/awards.server';
import type { ParsedClass } from '~/services/events/management/class-upload-parser.server';
import {
  change,
  classIn,
  eventIn,
  markResultsChanged,
  refuse,
  type ChangeOutcome,
} from '~/services/events/management/event-change.server';
import { nameKey } from '~/services/events/files/match-keys.server';
import { unplannedLimit } from '~/db.server';
import type { Currency, PayoutType } from '~/lib/constants';
import { placesOverLimit } from '~/services/money/ledger/money-limits.server';

/**
 * Replaces the event's classes and places with an upload. A class of the same name keeps its
 * results (its payout type, currency and places are replaced); a class not in the upload is
 * removed with its results. Awards are recomputed; refused whole on a conflict.
 */
export function applyClassUpload(
  db: DB,
  eventId: number,
  classes: ParsedClass[],
  actor: Actor,
  now: Date = new Date(),
): ChangeOutcome {
  return change(db, (tx) => {
    const event = eventIn(tx, eventId);
    // A promoter's file is held to the same per-place limit as the class form.
    const problems = classes.flatMap((c) => {
      const over = new Set(placesOverLimit(tx, actor.userId, c.places)?.places ?? []);
      return c.places
        .filter((p) => over.has(p.place))
        .map((p) => ({
          row: c.row,
          column: String(p.place),
          code: 'aboveLimit' as const,
          value: (p.amountCents / 100).toFixed(2),
        }));
    });
    if (problems.length) refuse('problems', { problems });
    const existing = tx.select().from(eventClasses).where(eq(eventClasses.eventId, eventId)).all();
    const byName = new Map(existing.map((c) => [nameKey(c.name), c]));
    const kept = new Set<number>();
    classes.forEach((c, i) => {
      const currency = c.currency ?? event.currency;
      const old = byName.get(nameKey(c.name));
      let classId: number;
      if (old) {
        kept.add(old.id);
        classId = old.id;
        tx.update(eventClasses)
          .set({ name: c.name, payoutType: c.payoutType, currency, sortOrder: i })
          .where(eq(eventClasses.id, old.id))
          .run();
        tx.delete(classPlaces).where(eq(classPlaces.classId, old.id)).run();
      } else {
        classId = tx
          .insert(eventClasses)
          .values({ eventId, name: c.name, payoutType: c.payoutType, currency, sortOrder: i })
          .returning({ id: eventClasses.id })
          .get().id;
      }
      if (c.places.length) {
        tx.insert(classPlaces)
          .values(c.places.map((p) => ({ classId, place: p.place, amountCents: p.amountCents })))
          .run();
      }
    });
    const removed = existing.filter((c) => !kept.has(c.id)).map((c) => c.id);
    if (removed.length) tx.delete(results).where(inArray(results.classId, removed)).run();
    const summary = recomputeInTx(tx, eventId, actor, now);
    if (removed.length) tx.delete(eventClasses).where(inArray(eventClasses.id, removed)).run();
    const hasResults = tx
      .select({ id: results.id })
      .from(results)
      .where(eq(results.eventId, eventId))
      .limit(unplannedLimit(1))
      .get();
    if (hasResults || removed.length) markResultsChanged(tx, eventId, now, false);
    audit(
      tx,
      actor,
      'event.classes.upload',
      { type: 'event', id: eventId },
      {
        classes: classes.map((c) => ({
          name: c.name,
          payoutType: c.payoutType,
          places: c.places.length,
        })),
        removedClassIds: removed,
      },
    );
    return summary;
  });
}

/** Removes a class with its places and results, then recomputes (refused if its awards were spent). */
export function removeClass(
  db: DB,
  eventId: number,
  classId: number,
  actor: Actor,
  now: Date = new Date(),
): ChangeOutcome {
  return change(db, (tx) => {
    eventIn(tx, eventId);
    const cls = classIn(tx, eventId, classId);
    const deleted = tx.delete(results).where(eq(results.classId, classId)).run().changes;
    const summary = recomputeInTx(tx, eventId, actor, now);
    tx.delete(eventClasses).where(eq(eventClasses.id, classId)).run();
    if (deleted) markResultsChanged(tx, eventId, now, false);
    audit(
      tx,
      actor,
      'event.class.remove',
      { type: 'eventClass', id: classId },
      { eventId, name: cls.name, results: deleted },
    );
    return summary;
  });
}

/** Removes one place of a class (it then pays nothing), then recomputes. */
export function removePlace(
  db: DB,
  eventId: number,
  placeId: number,
  actor: Actor,
  now: Date = new Date(),
): ChangeOutcome {
  return change(db, (tx) => {
    eventIn(tx, eventId);
    const row = tx
      .select({
        id: classPlaces.id,
        place: classPlaces.place,
        amountCents: classPlaces.amountCents,
        classId: classPlaces.classId,
      })
      .from(classPlaces)
      .innerJoin(eventClasses, eq(eventClasses.id, classPlaces.classId))
      .where(and(eq(classPlaces.id, placeId), eq(eventClasses.eventId, eventId)))
      .get();
    if (!row) refuse('placeNotFound');
    tx.delete(classPlaces).where(eq(classPlaces.id, placeId)).run();
    const summary = recomputeInTx(tx, eventId, actor, now);
    markResultsChanged(tx, eventId, now, false);
    audit(
      tx,
      actor,
      'event.place.remove',
      { type: 'classPlace', id: placeId },
      { eventId, ...row },
    );
    return summary;
  });
}

export type ClassInput = {
  /** The class to change; a new class when absent. */
  classId?: number;
  name: string;
  payoutType: PayoutType;
  currency: Currency;
  places: { place: number; amountCents: number }[];
};

/** Why a class form was refused: a place over the promoter's limit, or a refused change. */
export type ClassSave =
  ChangeOutcome | { ok: false; error: 'aboveLimit'; limitCents: number; places: number[] };

/**
 * Adds a class or changes one (its name, payout type, currency and places) without a file, then
 * recomputes. A promoter's place over the per-place limit is refused; so is a second class of
 * the same name.
 */
export function saveClass(
  db: DB,
  eventId: number,
  input: ClassInput,
  actor: Actor,
  now: Date = new Date(),
): ClassSave {
  const over = placesOverLimit(db, actor.userId, input.places);
  if (over) return { ok: false, error: 'aboveLimit', ...over };
  return change(db, (tx) => {
    eventIn(tx, eventId);
    const same = tx
      .select({ id: eventClasses.id, name: eventClasses.name })
      .from(eventClasses)
      .where(eq(eventClasses.eventId, eventId))
      .all()
      .find((c) => nameKey(c.name) === nameKey(input.name) && c.id !== input.classId);
    if (same) refuse('duplicateClass');
    const set = { name: input.name, payoutType: input.payoutType, currency: input.currency };
    let classId: number;
    if (input.classId !== undefined) {
      classId = classIn(tx, eventId, input.classId).id;
      tx.update(eventClasses).set(set).where(eq(eventClasses.id, classId)).run();
      tx.delete(classPlaces).where(eq(classPlaces.classId, classId)).run();
    } else {
      const count = tx
        .select({ id: eventClasses.id })
        .from(eventClasses)
        .where(eq(eventClasses.eventId, eventId))
        .all().length;
      classId = tx
        .insert(eventClasses)
        .values({ eventId, ...set, sortOrder: count })
        .returning({ id: eventClasses.id })
        .get().id;
    }
    if (input.places.length)
      tx.insert(classPlaces)
        .values(input.places.map((p) => ({ classId, ...p })))
        .run();
    const summary = recomputeInTx(tx, eventId, actor, now);
    const hasResults = tx
      .select({ id: results.id })
      .from(results)
      .where(eq(results.classId, classId))
      .limit(unplannedLimit(1))
      .get();
    if (hasResults) markResultsChanged(tx, eventId, now, false);
    audit(
      tx,
      actor,
      input.classId === undefined ? 'event.class.add' : 'event.class.edit',
      {
        type: 'eventClass',
        id: classId,
      },
      { eventId, ...set, places: input.places },
    );
    return summary;
  });
}
