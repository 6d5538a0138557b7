/**
 * An event's classes and results (spec §7 Events, rules.md "Classes and payouts"): class upload,
 * results uploads in three shapes, editing and deleting results, removing a class or a place,
 * linking a result to a rider, verifying results. Every change is audited and runs in ONE write
 * transaction together with the award recompute, so a refused recompute leaves nothing changed.
 */
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Conn, DB, Tx } from '~/db.server';
import { writeTx } from '~/db.server';
import {
  awards,
  classPlaces,
  eventClasses,
  events,
  promoters,
  results,
  riders,
  series,
  users,
  type ClassPlace,
  type Event,
  type EventClass,
  type Result,
} from '#db/schema';
import type { ResultType } from '~/lib/constants';
import { audit, type Actor } from '~/services/platform/audit.server';
import {
  AwardConflictError,
  personKey,
  recomputeInTx,
  type AwardConflict,
  type RecomputeSummary,
} from '~/services/money/awards.server';
import type { Profile } from '~/services/auth/guard.server';
import {
  nameKey,
  normalizeAma,
  type ImportProblem,
  type ParsedClass,
  type ParsedResult,
} from '~/services/events/imports.server';

// ---------------------------------------------------------------- outcomes

/** Why a change was refused; the UI shows `events:errors.<error>`. */
export type ChangeError =
  | 'notFound'
  | 'classNotFound'
  | 'resultNotFound'
  | 'placeNotFound'
  | 'riderNotFound'
  | 'duplicatePlace'
  | 'noResults'
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
function change<T>(db: DB, fn: (tx: Tx) => T): ChangeOutcome<T> {
  try {
    return { ok: true, value: writeTx(db, fn) };
  } catch (error) {
    if (error instanceof Refused) return error.outcome;
    if (error instanceof AwardConflictError)
      return { ok: false, error: 'conflicts', conflicts: error.conflicts };
    throw error;
  }
}

function refuse(error: ChangeError, extra: { problems?: ImportProblem[] } = {}): never {
  throw new Refused({ ok: false, error, ...extra });
}

function eventIn(tx: Tx, eventId: number): Event {
  const event = tx.select().from(events).where(eq(events.id, eventId)).get();
  if (!event) refuse('notFound');
  return event;
}

function classIn(tx: Tx, eventId: number, classId: number): EventClass {
  const cls = tx
    .select()
    .from(eventClasses)
    .where(and(eq(eventClasses.id, classId), eq(eventClasses.eventId, eventId)))
    .get();
  if (!cls) refuse('classNotFound');
  return cls;
}

/** Results changed: the upload time moves and an earlier verification no longer holds. */
function markResultsChanged(tx: Tx, eventId: number, now: Date, uploaded: boolean) {
  tx.update(events)
    .set(
      uploaded
        ? { resultsUploadedAt: now.toISOString(), resultsVerifiedAt: null }
        : { resultsVerifiedAt: null },
    )
    .where(eq(events.id, eventId))
    .run();
}

// ---------------------------------------------------------------- access

/** Whether a signed-in profile may see and change an event: an admin, or the event's own promoter. */
export function eventAccess(
  conn: Conn,
  eventId: number,
  profile: Profile,
): 'ok' | 'notFound' | 'forbidden' {
  const row = conn
    .select({ id: events.id, promoterId: events.promoterId, seriesPromoterId: series.promoterId })
    .from(events)
    .leftJoin(series, eq(series.id, events.seriesId))
    .where(eq(events.id, eventId))
    .get();
  if (!row) return 'notFound';
  if (profile.role === 'admin') return 'ok';
  if (
    profile.role === 'promoter' &&
    (row.promoterId === profile.id || row.seriesPromoterId === profile.id)
  )
    return 'ok';
  return 'forbidden';
}

// ---------------------------------------------------------------- reading

export type ClassView = Pick<
  EventClass,
  'id' | 'name' | 'payoutType' | 'currency' | 'sortOrder'
> & {
  places: Pick<ClassPlace, 'id' | 'place' | 'amountCents'>[];
  present: number;
};

export type ResultView = Pick<
  Result,
  | 'id'
  | 'classId'
  | 'place'
  | 'resultType'
  | 'riderName'
  | 'amaNumber'
  | 'email'
  | 'make'
  | 'model'
  | 'hometown'
  | 'riderId'
  | 'bikeId'
  | 'bonusCents'
  | 'bonusNote'
  | 'payoutCents'
  | 'noPayoutReason'
> & { linkedRiderName: string | null; linkedRiderAma: string | null };

export type EventView = {
  event: Pick<
    Event,
    | 'id'
    | 'title'
    | 'date'
    | 'venue'
    | 'city'
    | 'state'
    | 'country'
    | 'currency'
    | 'cancelled'
    | 'seriesId'
    | 'promoterId'
    | 'categoryId'
    | 'resultsUploadedAt'
    | 'resultsVerifiedAt'
  > & { seriesName: string | null; promoterName: string | null };
  classes: ClassView[];
  results: ResultView[];
};

/** An event with its classes (and places) and results, as the event page and the API show it. */
export function loadEventView(conn: Conn, eventId: number): EventView | null {
  const row = conn
    .select({
      id: events.id,
      title: events.title,
      date: events.date,
      venue: events.venue,
      city: events.city,
      state: events.state,
      country: events.country,
      currency: events.currency,
      cancelled: events.cancelled,
      seriesId: events.seriesId,
      promoterId: events.promoterId,
      categoryId: events.categoryId,
      resultsUploadedAt: events.resultsUploadedAt,
      resultsVerifiedAt: events.resultsVerifiedAt,
      seriesName: series.name,
      promoterName: promoters.name,
    })
    .from(events)
    .leftJoin(series, eq(series.id, events.seriesId))
    .leftJoin(promoters, eq(promoters.id, events.promoterId))
    .where(eq(events.id, eventId))
    .get();
  if (!row) return null;
  const classRows = conn
    .select()
    .from(eventClasses)
    .where(eq(eventClasses.eventId, eventId))
    .orderBy(asc(eventClasses.sortOrder), asc(eventClasses.id))
    .all();
  const ids = classRows.map((c) => c.id);
  const placeRows = ids.length
    ? conn
        .select()
        .from(classPlaces)
        .where(inArray(classPlaces.classId, ids))
        .orderBy(asc(classPlaces.place))
        .all()
    : [];
  const resultRows = conn
    .select({
      r: results,
      firstName: riders.firstName,
      lastName: riders.lastName,
      riderAma: riders.amaNumber,
    })
    .from(results)
    .leftJoin(riders, eq(riders.id, results.riderId))
    .where(eq(results.eventId, eventId))
    .all();
  const order = new Map(classRows.map((c, i) => [c.id, i]));
  const typeOrder: Record<ResultType, number> = { finish: 0, DNF: 1, DQ: 2, DNS: 3 };
  resultRows.sort(
    (a, b) =>
      (order.get(a.r.classId) ?? 0) - (order.get(b.r.classId) ?? 0) ||
      (a.r.place ?? Number.MAX_SAFE_INTEGER) - (b.r.place ?? Number.MAX_SAFE_INTEGER) ||
      typeOrder[a.r.resultType] - typeOrder[b.r.resultType] ||
      a.r.id - b.r.id,
  );
  const present = new Map<number, number>();
  for (const { r } of resultRows)
    if (r.resultType !== 'DNS') present.set(r.classId, (present.get(r.classId) ?? 0) + 1);
  return {
    event: row,
    classes: classRows.map((c) => ({
      id: c.id,
      name: c.name,
      payoutType: c.payoutType,
      currency: c.currency,
      sortOrder: c.sortOrder,
      present: present.get(c.id) ?? 0,
      places: placeRows
        .filter((p) => p.classId === c.id)
        .map((p) => ({ id: p.id, place: p.place, amountCents: p.amountCents })),
    })),
    results: resultRows.map(({ r, firstName, lastName, riderAma }) => ({
      id: r.id,
      classId: r.classId,
      place: r.place,
      resultType: r.resultType,
      riderName: r.riderName,
      amaNumber: r.amaNumber,
      email: r.email,
      make: r.make,
      model: r.model,
      hometown: r.hometown,
      riderId: r.riderId,
      bikeId: r.bikeId,
      bonusCents: r.bonusCents,
      bonusNote: r.bonusNote,
      payoutCents: r.payoutCents,
      noPayoutReason: r.noPayoutReason,
      linkedRiderName:
        r.riderId !== null && firstName !== null ? `${firstName} ${lastName ?? ''}`.trim() : null,
      linkedRiderAma: r.riderId !== null ? riderAma : null,
    })),
  };
}

export type RiderOption = { id: number; name: string; amaNumber: string | null; email: string };

/** Riders whose name, AMA number or e-mail matches a search (to link a result by hand). */
export function searchRiders(conn: Conn, query: string, limit = 20): RiderOption[] {
  const q = query.trim();
  if (q.length < 2) return [];
  const ama = normalizeAma(q);
  const rows = conn
    .select({
      id: riders.id,
      firstName: riders.firstName,
      lastName: riders.lastName,
      amaNumber: riders.amaNumber,
      email: users.email,
    })
    .from(riders)
    .innerJoin(users, eq(users.id, riders.userId))
    .all();
  const key = personKey(q);
  const hits = rows.filter((r) => {
    const name = personKey(`${r.firstName} ${r.lastName}`);
    return (
      name.includes(key) ||
      (ama !== null && normalizeAma(r.amaNumber) === ama) ||
      r.email.toLowerCase().includes(q.toLowerCase())
    );
  });
  return hits
    .sort((a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName))
    .slice(0, limit)
    .map((r) => ({
      id: r.id,
      name: `${r.firstName} ${r.lastName}`,
      amaNumber: r.amaNumber,
      email: r.email,
    }));
}

// ---------------------------------------------------------------- class upload

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
      .limit(1)
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

// ---------------------------------------------------------------- results

type Carry = { riderId: number | null; bonusCents: number; bonusNote: string | null };

function identityKey(classId: number, ama: string | null, riderName: string) {
  const a = normalizeAma(ama);
  return a ? `${classId}|ama|${a}` : `${classId}|name|${personKey(riderName)}`;
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
  return change(db, (tx) => {
    eventIn(tx, eventId);
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
    for (const { r, classId } of rows) {
      const c = carry.get(identityKey(classId, r.amaNumber, r.riderName));
      tx.insert(results)
        .values({
          eventId,
          classId,
          place: r.place,
          resultType: r.resultType,
          riderName: r.riderName,
          amaNumber: r.amaNumber,
          email: r.email,
          make: r.make,
          model: r.model,
          hometown: r.hometown,
          riderId: c?.riderId ?? null,
          bonusCents: c?.bonusCents ?? 0,
          bonusNote: c?.bonusNote ?? null,
        })
        .run();
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
  });
}

export type ResultPatch = {
  place?: number | null;
  resultType?: ResultType;
  riderId?: number | null;
  bonusCents?: number;
  bonusNote?: string | null;
};

/** Edits one result (place, type, rider link, bonus) and recomputes the event's awards. */
export function editResult(
  db: DB,
  eventId: number,
  resultId: number,
  patch: ResultPatch,
  actor: Actor,
  now: Date = new Date(),
): ChangeOutcome {
  return change(db, (tx) => {
    eventIn(tx, eventId);
    const r = tx
      .select()
      .from(results)
      .where(and(eq(results.id, resultId), eq(results.eventId, eventId)))
      .get();
    if (!r) refuse('resultNotFound');
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
    const set: Partial<Result> = {};
    if (patch.place !== undefined) set.place = patch.place;
    if (patch.resultType !== undefined) set.resultType = patch.resultType;
    if (patch.riderId !== undefined) set.riderId = patch.riderId;
    if (patch.bonusCents !== undefined) set.bonusCents = patch.bonusCents;
    if (patch.bonusNote !== undefined) set.bonusNote = patch.bonusNote;
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
      },
    );
    return summary;
  });
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
      .limit(1)
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

/** The event's awards that still hold value or history (for the page's totals). */
export function eventAwardTotals(conn: Conn, eventId: number) {
  const rows = conn
    .select({
      payoutType: awards.payoutType,
      currency: awards.currency,
      initialCents: awards.initialCents,
    })
    .from(awards)
    .where(and(eq(awards.eventId, eventId), ne(awards.status, 'reversed')))
    .all();
  const totals = new Map<
    string,
    { payoutType: 'cash' | 'dealerCredit'; currency: string; cents: number }
  >();
  for (const r of rows) {
    const k = `${r.payoutType}:${r.currency}`;
    const t = totals.get(k) ?? { payoutType: r.payoutType, currency: r.currency, cents: 0 };
    t.cents += r.initialCents;
    totals.set(k, t);
  }
  return [...totals.values()];
}
