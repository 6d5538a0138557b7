/**
 * Events as the admin manages them: create, edit (a change that affects who is paid — cancelled,
 * date, program — recomputes the awards in the same transaction and is refused whole when it would
 * take back money already spent, claimed or paid), duplicate (classes and payouts, no results),
 * delete (refused while the event has awards).
 */
import { and, asc, eq, ne } from 'drizzle-orm';
import { writeTx, type DB, type Tx } from '~/db.server';
import { awards, classPlaces, eventClasses, events, series } from '#db/schema';
import type { EventDetailsInput } from '~/lib/schemas/event-admin';
import { audit, type Actor } from '~/services/platform/audit.server';
import {
  type AwardConflict,
  AwardConflictError,
} from '~/services/money/awards/award-conflicts.server';
import { recomputeInTx } from '~/services/money/awards/awards.server';
import { refreshSeriesDates, seriesFormOptions } from '~/services/events/catalog/programs.server';

function values(v: EventDetailsInput) {
  return {
    title: v.title,
    date: v.date,
    startTime: v.startTime ?? null,
    venue: v.venue,
    venueWebsite: v.venueWebsite ?? null,
    city: v.city,
    state: v.state ? v.state.toUpperCase() : null,
    zipcode: v.zipcode,
    country: v.country.toUpperCase(),
    eventType: v.eventType ?? null,
    currency: v.currency,
    seriesId: v.seriesId ?? null,
    promoterId: v.promoterId ?? null,
    categoryId: v.categoryId ?? null,
    cancelled: v.cancelled,
    notes: v.notes,
    bonuses: v.bonuses,
  };
}

/** Choices for the event form. */
export function eventFormOptions(db: DB) {
  return {
    series: db
      .select({ id: series.id, name: series.name })
      .from(series)
      .orderBy(asc(series.name))
      .all(),
    // The same promoter and category choices as the series form.
    ...seriesFormOptions(db),
  };
}

export function getEventDetails(db: DB, id: number) {
  return db.select().from(events).where(eq(events.id, id)).get() ?? null;
}

/**
 * Creates an event; a promoter's is a `proposed` one, for its promoter, with the classes and
 * payouts of `copyClassesFrom` (an earlier event the caller checked the promoter may read).
 */
export function createEvent(
  db: DB,
  v: EventDetailsInput,
  actor: Actor,
  proposal?: { promoterId: number; copyClassesFrom: number | null },
): number {
  return writeTx(db, (tx) => {
    const row = tx
      .insert(events)
      .values(
        proposal
          ? {
              ...values(v),
              promoterId: proposal.promoterId,
              categoryId: null,
              approval: 'proposed',
            }
          : values(v),
      )
      .returning({ id: events.id })
      .get();
    if (proposal?.copyClassesFrom) copyClassesInTx(tx, proposal.copyClassesFrom, row.id);
    if (v.seriesId) refreshSeriesDates(tx, v.seriesId);
    audit(tx, actor, proposal ? 'event.propose' : 'event.create', { type: 'event', id: row.id });
    return row.id;
  });
}

/** Copies an event's classes and place amounts (no results) to another event. */
function copyClassesInTx(tx: Tx, fromId: number, toId: number) {
  for (const c of tx
    .select()
    .from(eventClasses)
    .where(eq(eventClasses.eventId, fromId))
    .orderBy(asc(eventClasses.sortOrder))
    .all()) {
    const { id: classId, eventId: _e, ...cls } = c;
    const newClass = tx
      .insert(eventClasses)
      .values({ ...cls, eventId: toId })
      .returning({ id: eventClasses.id })
      .get();
    const places = tx.select().from(classPlaces).where(eq(classPlaces.classId, classId)).all();
    if (places.length)
      tx.insert(classPlaces)
        .values(
          places.map((p) => ({ classId: newClass.id, place: p.place, amountCents: p.amountCents })),
        )
        .run();
  }
}

export type EventSave =
  | { ok: true }
  | { ok: false; reason: 'notFound' }
  | { ok: false; reason: 'conflicts'; conflicts: AwardConflict[] };

/** Saves the details; recomputes awards when cancellation, date or program changed. */
export function updateEvent(db: DB, id: number, v: EventDetailsInput, actor: Actor): EventSave {
  try {
    return writeTx(db, (tx) => {
      const before = tx.select().from(events).where(eq(events.id, id)).get();
      if (!before) return { ok: false, reason: 'notFound' } as const;
      const next = values(v);
      tx.update(events).set(next).where(eq(events.id, id)).run();
      for (const s of new Set([before.seriesId, next.seriesId])) if (s) refreshSeriesDates(tx, s);
      const affectsPay =
        before.cancelled !== next.cancelled ||
        before.date !== next.date ||
        before.categoryId !== next.categoryId ||
        before.seriesId !== next.seriesId;
      if (affectsPay) recomputeInTx(tx, id, actor);
      audit(tx, actor, 'event.update', { type: 'event', id }, { recomputed: affectsPay });
      return { ok: true } as const;
    });
  } catch (error) {
    if (error instanceof AwardConflictError)
      return { ok: false, reason: 'conflicts', conflicts: error.conflicts };
    throw error;
  }
}

/**
 * A copy of the event with its classes and place amounts (no results), titled by `copyTitle`
 * (the caller's "Copy of {{title}}"); returns the new id.
 */
export function duplicateEvent(
  db: DB,
  id: number,
  actor: Actor,
  copyTitle: (title: string) => string,
): number | null {
  return writeTx(db, (tx) => {
    const e = tx.select().from(events).where(eq(events.id, id)).get();
    if (!e) return null;
    const { id: _id, createdAt: _c, resultsUploadedAt: _u, resultsVerifiedAt: _v, ...rest } = e;
    const copy = tx
      .insert(events)
      .values({
        ...rest,
        title: copyTitle(e.title),
        cancelled: false,
        // The admin's own copy needs no approval.
        approval: 'approved',
        approvalReason: null,
        approvalDecidedAt: null,
      })
      .returning({ id: events.id })
      .get();
    copyClassesInTx(tx, id, copy.id);
    if (e.seriesId) refreshSeriesDates(tx, e.seriesId);
    audit(tx, actor, 'event.duplicate', { type: 'event', id: copy.id }, { from: id });
    return copy.id;
  });
}

/** Deletes an event with its classes and results; refused while it has awards. */
export function deleteEvent(db: DB, id: number, actor: Actor): 'ok' | 'notFound' | 'hasAwards' {
  return writeTx(db, (tx) => {
    const e = tx.select().from(events).where(eq(events.id, id)).get();
    if (!e) return 'notFound';
    const paid = tx
      .select({ id: awards.id })
      .from(awards)
      .where(and(eq(awards.eventId, id), ne(awards.status, 'reversed')))
      .get();
    if (paid) return 'hasAwards';
    tx.update(awards)
      .set({ eventId: null, classId: null, resultId: null })
      .where(eq(awards.eventId, id))
      .run();
    tx.delete(events).where(eq(events.id, id)).run();
    if (e.seriesId) refreshSeriesDates(tx, e.seriesId);
    audit(tx, actor, 'event.delete', { type: 'event', id }, { title: e.title });
    return 'ok';
  });
}
