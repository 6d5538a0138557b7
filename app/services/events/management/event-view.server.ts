/**
 * An event as its managers see it (admin and promoter event pages, the event JSON API): its
 * classes with their places, its results with the rider each is linked to, the riders a result can
 * be linked to, and the awards it has made. Read-only.
 */
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Conn } from '~/db.server';
import {
  awards,
  classPlaces,
  eventClasses,
  events,
  promoters,
  resultExclusions,
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
import { personKey, resultIdentity } from '~/services/money/awards/result-linking.server';
import { normalizeAma } from '~/services/events/files/match-keys.server';
import { columnsOf } from '~/services/platform/columns.server';

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
> & { linkedRiderName: string | null; linkedRiderAma: string | null; notThisRider: string[] };

/** The event's own columns the view shows. */
const EVENT_FIELDS = [
  'id',
  'title',
  'date',
  'venue',
  'city',
  'state',
  'country',
  'currency',
  'cancelled',
  'seriesId',
  'promoterId',
  'categoryId',
  'resultsUploadedAt',
  'resultsVerifiedAt',
  'approval',
  'approvalReason',
] as const;

export type EventView = {
  event: Pick<Event, (typeof EVENT_FIELDS)[number]> & {
    seriesName: string | null;
    promoterName: string | null;
  };
  classes: ClassView[];
  results: ResultView[];
};

/** The "not this rider" marks on the event's classes, with the name of the rider each spares. */
function exclusionMarks(conn: Conn, classIds: number[]) {
  return classIds.length
    ? conn
        .select({
          classId: resultExclusions.classId,
          identity: resultExclusions.identity,
          firstName: riders.firstName,
          lastName: riders.lastName,
        })
        .from(resultExclusions)
        .innerJoin(riders, eq(riders.id, resultExclusions.riderId))
        .where(inArray(resultExclusions.classId, classIds))
        .all()
    : [];
}

/** Results in class order, then by place, finishers before DNF, DQ and DNS. */
function sortResults<R extends { r: Result }>(resultRows: R[], classRows: { id: number }[]) {
  const order = new Map(classRows.map((c, i) => [c.id, i]));
  const typeOrder: Record<ResultType, number> = { finish: 0, DNF: 1, DQ: 2, DNS: 3 };
  resultRows.sort(
    (a, b) =>
      (order.get(a.r.classId) ?? 0) - (order.get(b.r.classId) ?? 0) ||
      (a.r.place ?? Number.MAX_SAFE_INTEGER) - (b.r.place ?? Number.MAX_SAFE_INTEGER) ||
      typeOrder[a.r.resultType] - typeOrder[b.r.resultType] ||
      a.r.id - b.r.id,
  );
}

/** An event with its classes (and places) and results, as the event page and the API show it. */
export function loadEventView(conn: Conn, eventId: number): EventView | null {
  const row = conn
    .select({
      ...columnsOf(events, EVENT_FIELDS),
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
  const marks = exclusionMarks(conn, ids);
  const notThisRider = (r: Result) =>
    marks
      .filter(
        (m) => m.classId === r.classId && m.identity === resultIdentity(r.amaNumber, r.riderName),
      )
      .map((m) => `${m.firstName} ${m.lastName}`);
  sortResults(resultRows, classRows);
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
      notThisRider: notThisRider(r),
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
