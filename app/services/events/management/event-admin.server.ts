/**
 * Events as the admin manages them: create, edit (a change that affects who is paid — cancelled,
 * date, program — recomputes the awards in the same transaction and is refused whole when it would
 * take back money already spent, claimed or paid), duplicate (classes and payouts, no results),
 * delete (refused while the event has awards).
 */
import { and, asc, eq, ne } from 'drizzle-orm';
import { unplannedLimit, writeTx, type DB, type Tx } from '~/db.server';
import { awards, classPlaces, eventClasses, events, results, series } from '#db/schema';
import type { EventDetailsInput } from '~/lib/schemas/event-admin';
import { audit, type Actor } from '~/services/platform/audit.server';
import {
  type AwardConflict,
  AwardConflictError,
} from '~/services/money/awards/award-conflicts.server';
import { recomputeInTx } from '~/services/money/awards/awards.server';
import { refreshSeriesDates, seriesFormOptions } from '~/services/events/catalog/programs.server';
import { placesOverLimit } from '~/services/money/ledger/money-limits.server';

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

/** Creates an admin's event (approved). */
export function createEvent(db: DB, v: EventDetailsInput, actor: Actor): number {
  return writeTx(db, (tx) => {
    const row = tx.insert(events).values(values(v)).returning({ id: events.id }).get();
    if (v.seriesId) refreshSeriesDates(tx, v.seriesId);
    audit(tx, actor, 'event.create', { type: 'event', id: row.id });
    return row.id;
  });
}

/** The copied places a promoter may not enter, per class (in the copied event's order). */
type PlacesOver = { className: string; places: number[] }[];

export type EventProposal =
  | { ok: true; id: number }
  | { ok: false; error: 'aboveLimit'; limitCents: number; over: PlacesOver };

/**
 * Files a promoter's event as a `proposed` one, with the classes and payouts of `copyClassesFrom`
 * (an earlier event the caller checked the promoter may read). Copied payouts are held to the
 * per-place limit like typed ones: any place above it refuses the whole proposal, naming it.
 */
export function proposeEvent(
  db: DB,
  v: EventDetailsInput,
  actor: Actor,
  proposal: { promoterId: number; copyClassesFrom: number | null },
): EventProposal {
  return writeTx(db, (tx): EventProposal => {
    const copied = proposal.copyClassesFrom ? classesOf(tx, proposal.copyClassesFrom) : [];
    const over: PlacesOver = [];
    let limitCents = 0;
    for (const c of copied) {
      const found = placesOverLimit(tx, actor.userId, c.places);
      if (!found) continue;
      limitCents = found.limitCents;
      over.push({ className: c.cls.name, places: found.places.toSorted((a, b) => a - b) });
    }
    if (over.length) return { ok: false, error: 'aboveLimit', limitCents, over };
    const row = tx
      .insert(events)
      .values({
        ...values(v),
        promoterId: proposal.promoterId,
        categoryId: null,
        cancelled: false,
        approval: 'proposed',
      })
      .returning({ id: events.id })
      .get();
    insertClasses(tx, copied, row.id);
    if (v.seriesId) refreshSeriesDates(tx, v.seriesId);
    audit(tx, actor, 'event.propose', { type: 'event', id: row.id });
    return { ok: true, id: row.id };
  });
}

/** An event's classes with their places (no results), in the event's order. */
function classesOf(tx: Tx, eventId: number) {
  return tx
    .select()
    .from(eventClasses)
    .where(eq(eventClasses.eventId, eventId))
    .orderBy(asc(eventClasses.sortOrder), asc(eventClasses.id))
    .all()
    .map((cls) => ({
      cls,
      places: tx
        .select({ place: classPlaces.place, amountCents: classPlaces.amountCents })
        .from(classPlaces)
        .where(eq(classPlaces.classId, cls.id))
        .all(),
    }));
}

/** Adds copies of `classes` (see classesOf) to an event. */
function insertClasses(tx: Tx, classes: ReturnType<typeof classesOf>, toId: number) {
  for (const { cls, places } of classes) {
    const { id: _id, eventId: _e, ...rest } = cls;
    const newClass = tx
      .insert(eventClasses)
      .values({ ...rest, eventId: toId })
      .returning({ id: eventClasses.id })
      .get();
    if (places.length)
      tx.insert(classPlaces)
        .values(places.map((p) => ({ classId: newClass.id, ...p })))
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

/** The details that decide an event's eligibility (docs/rules.md "Promoters' events"). */
const ELIGIBILITY = ['date', 'seriesId', 'country', 'currency'] as const;

export type PromoterEventSave =
  | { ok: true; reproposed: boolean }
  | { ok: false; reason: 'notFound' }
  | { ok: false; reason: 'resultsIn'; fields: (typeof ELIGIBILITY)[number][] };

/**
 * A promoter saves their event's details (its program and cancellation stay the admin's). A
 * refused event goes back to proposed; an approved one too when a detail that decides eligibility
 * changed, which is refused once results are in (an admin makes it, with the award recompute).
 */
export function savePromoterEvent(
  db: DB,
  id: number,
  v: EventDetailsInput,
  actor: Actor,
): PromoterEventSave {
  return writeTx(db, (tx): PromoterEventSave => {
    const before = tx.select().from(events).where(eq(events.id, id)).get();
    if (!before) return { ok: false, reason: 'notFound' };
    const next = {
      ...values(v),
      promoterId: before.promoterId,
      categoryId: before.categoryId,
      cancelled: before.cancelled,
    };
    const changed = ELIGIBILITY.filter((k) => before[k] !== next[k]);
    let reproposed = before.approval === 'refused';
    if (before.approval === 'approved' && changed.length) {
      const hasResults = tx
        .select({ id: results.id })
        .from(results)
        .where(eq(results.eventId, id))
        .limit(unplannedLimit(1))
        .get();
      if (hasResults) return { ok: false, reason: 'resultsIn', fields: changed };
      reproposed = true;
    }
    const approval = reproposed ? { approval: 'proposed' as const, approvalReason: null } : {};
    tx.update(events)
      .set({ ...next, ...approval })
      .where(eq(events.id, id))
      .run();
    for (const s of new Set([before.seriesId, next.seriesId])) if (s) refreshSeriesDates(tx, s);
    audit(tx, actor, 'event.update', { type: 'event', id }, { reproposed, changed });
    return { ok: true, reproposed };
  });
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
    insertClasses(tx, classesOf(tx, id), copy.id);
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
