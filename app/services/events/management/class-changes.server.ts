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
