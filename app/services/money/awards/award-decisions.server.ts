/**
 * Which results pay (docs/rules.md "When a result earns an award", rules 1–7): the facts an event's
 * results are judged on, and for every result the amount it pays or why it pays nothing.
 */
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Tx } from '~/db.server';
import {
  bikes,
  classPlaces,
  eventClasses,
  guardianConsents,
  results,
  riders,
  users,
  vinPatterns,
  type Event,
} from '#db/schema';
import { AGE_OF_MAJORITY, MIN_RIDERS_PER_CLASS, PAID_CLASSES_PER_EVENT } from '~/lib/constants';
import { ageOn } from '~/lib/format';
import {
  eligibleBike,
  eventProgram,
  isMakerMake,
  type BikeFacts,
  whyNoEligibleBike,
} from '~/services/money/awards/award-eligibility.server';
import { linkEventResults } from '~/services/money/awards/result-linking.server';
import { columnsOf } from '~/services/platform/columns.server';

/** Why a result pays nothing; the results table shows `events:reasons.<reason>`. */
export const NO_PAYOUT_REASONS = [
  'eventCancelled',
  'classNoPayout',
  'tooFewRiders',
  'notClassified',
  'noPlaceAmount',
  'otherMake',
  'unlinked',
  'riderInactive',
  'noEligibleBike',
  'bikeNotVerified',
  'bikeModelYear',
  'bikeNotProgramModel',
  'underage',
  'ageUnknown',
  'duplicateRider',
  'twoClassLimit',
] as const;
type NoPayoutReason = (typeof NO_PAYOUT_REASONS)[number];

/** What one result pays (0 with a reason when nothing), and the bike that made it eligible. */
export type Decision = {
  resultId: number;
  payoutCents: number;
  reason: NoPayoutReason | null;
  bikeId: number | null;
};

export type EventFacts = ReturnType<typeof loadEventFacts>;

/**
 * Everything the rules need about an event: its program, classes and place amounts, results
 * (linked to riders first, see `linkEventResults`), and the linked riders' accounts, bikes and
 * guardian consents.
 */
export function loadEventFacts(tx: Tx, event: Event) {
  const program = eventProgram(tx, event);

  linkEventResults(tx, event.id);

  const classList = tx.select().from(eventClasses).where(eq(eventClasses.eventId, event.id)).all();
  const classById = new Map(classList.map((c) => [c.id, c]));
  const classIds = classList.map((c) => c.id);
  const placeRows = classIds.length
    ? tx.select().from(classPlaces).where(inArray(classPlaces.classId, classIds)).all()
    : [];
  const amountOf = new Map(placeRows.map((p) => [`${p.classId}:${p.place}`, p.amountCents]));
  const resultList = tx.select().from(results).where(eq(results.eventId, event.id)).all();

  const present = new Map<number, number>();
  for (const r of resultList) {
    if (r.resultType !== 'DNS') present.set(r.classId, (present.get(r.classId) ?? 0) + 1);
  }

  // Facts about the linked riders: selected through the event's results in SQL (an IN list of
  // thousands of bound ids cost more to build than the rows it found).
  const riderIds = [
    ...new Set(resultList.map((r) => r.riderId).filter((id): id is number => id !== null)),
  ];
  const linkedRiders = tx
    .selectDistinct({ id: results.riderId })
    .from(results)
    .where(and(eq(results.eventId, event.id), isNotNull(results.riderId)));
  const riderRows = riderIds.length
    ? tx
        .select({
          id: riders.id,
          firstName: riders.firstName,
          lastName: riders.lastName,
          dateOfBirth: riders.dateOfBirth,
          deactivated: users.deactivated,
        })
        .from(riders)
        .innerJoin(users, eq(users.id, riders.userId))
        .where(inArray(riders.id, linkedRiders))
        .all()
    : [];
  const riderById = new Map(riderRows.map((r) => [r.id, r]));
  const bikeRows = riderIds.length
    ? tx
        .select({
          ...columnsOf(bikes, ['id', 'riderId', 'valid', 'make', 'model', 'year']),
          patternMake: vinPatterns.make,
          patternModel: vinPatterns.model,
          patternYear: vinPatterns.year,
        })
        .from(bikes)
        .leftJoin(vinPatterns, eq(vinPatterns.id, bikes.vinPatternId))
        .where(inArray(bikes.riderId, linkedRiders))
        .orderBy(bikes.id)
        .all()
    : [];
  const bikesOf = new Map<number, BikeFacts[]>();
  for (const b of bikeRows) {
    const list = bikesOf.get(b.riderId) ?? [];
    list.push({
      id: b.id,
      valid: b.valid,
      make: b.make ?? b.patternMake ?? null,
      model: b.model ?? b.patternModel ?? null,
      year: b.year ?? b.patternYear ?? null,
    });
    bikesOf.set(b.riderId, list);
  }
  const consented = new Set(
    riderIds.length
      ? tx
          .select({ riderId: guardianConsents.riderId })
          .from(guardianConsents)
          .where(inArray(guardianConsents.riderId, linkedRiders))
          .all()
          .map((c) => c.riderId)
      : [],
  );

  return {
    event,
    program,
    classById,
    amountOf,
    resultList,
    present,
    riderById,
    bikesOf,
    consented,
  };
}

type Candidate = {
  resultId: number;
  riderId: number;
  classId: number;
  place: number;
  amount: number;
  bonus: number;
  sort: number;
};
type EventResult = EventFacts['resultList'][number];

/**
 * Rules 1–6 for one result: why it pays nothing (and the bike it was judged on, once one is),
 * or what it pays and on which bike.
 */
function ruleOnResult(
  facts: EventFacts,
  r: EventResult,
): { reason: NoPayoutReason; bikeId: number | null } | { amount: number; bikeId: number } {
  const { event, program, classById, amountOf, present, riderById, bikesOf } = facts;
  const no = (reason: NoPayoutReason, bikeId: number | null = null) => ({ reason, bikeId });
  const cls = classById.get(r.classId);
  if (!cls) return no('classNoPayout');
  if (event.cancelled) return no('eventCancelled');
  if (cls.payoutType === 'noPayout') return no('classNoPayout');
  if ((present.get(cls.id) ?? 0) < MIN_RIDERS_PER_CLASS) return no('tooFewRiders');
  if (r.resultType === 'DNS' || r.resultType === 'DQ') return no('notClassified');
  const amount = r.place === null ? 0 : (amountOf.get(`${cls.id}:${r.place}`) ?? 0);
  if (amount <= 0) return no('noPlaceAmount');
  if (!isMakerMake(r.make)) return no('otherMake');
  if (r.riderId === null) return no('unlinked');
  const rider = riderById.get(r.riderId);
  if (!rider || rider.deactivated) return no('riderInactive');
  const riderBikes = bikesOf.get(r.riderId) ?? [];
  const bike = eligibleBike(riderBikes, program, r.model);
  if (!bike) return no(whyNoEligibleBike(riderBikes, program));
  if (!facts.consented.has(r.riderId)) {
    const age = ageOn(rider.dateOfBirth, event.date);
    if (age === null) return no('ageUnknown', bike.id);
    if (age < AGE_OF_MAJORITY) return no('underage', bike.id);
  }
  return { amount, bikeId: bike.id };
}

/**
 * One paid result per rider and class (the best placed), then rule 7: the two highest-paying
 * classes. The results that lose out keep their decision with nothing paid and the reason.
 */
function limitPerRider(candidates: Candidate[], decisions: Map<number, Decision>) {
  const bestInClass = new Map<string, Candidate>();
  for (const c of candidates) {
    const k = `${c.riderId}:${c.classId}`;
    const best = bestInClass.get(k);
    if (!best || c.place < best.place || (c.place === best.place && c.resultId < best.resultId))
      bestInClass.set(k, c);
  }
  const byRider = new Map<number, Candidate[]>();
  for (const c of candidates) {
    const d = decisions.get(c.resultId);
    if (!d) continue;
    if (bestInClass.get(`${c.riderId}:${c.classId}`) !== c) {
      d.payoutCents = 0;
      d.reason = 'duplicateRider';
      continue;
    }
    const list = byRider.get(c.riderId) ?? [];
    list.push(c);
    byRider.set(c.riderId, list);
  }
  for (const list of byRider.values()) {
    list.sort(
      (a, b) =>
        b.amount - a.amount || b.bonus - a.bonus || a.sort - b.sort || a.classId - b.classId,
    );
    for (const c of list.slice(PAID_CLASSES_PER_EVENT)) {
      const d = decisions.get(c.resultId);
      if (d) {
        d.payoutCents = 0;
        d.reason = 'twoClassLimit';
      }
    }
  }
}

/** Decides every result of the event: rules 1–6 result by result, then one per class and rule 7. */
export function decideResults(facts: EventFacts): Map<number, Decision> {
  const decisions = new Map<number, Decision>();
  const candidates: Candidate[] = [];
  for (const r of facts.resultList) {
    const ruled = ruleOnResult(facts, r);
    if ('reason' in ruled) {
      decisions.set(r.id, { resultId: r.id, payoutCents: 0, ...ruled });
      continue;
    }
    const cls = facts.classById.get(r.classId)!;
    decisions.set(r.id, {
      resultId: r.id,
      payoutCents: ruled.amount,
      reason: null,
      bikeId: ruled.bikeId,
    });
    candidates.push({
      resultId: r.id,
      riderId: r.riderId!,
      classId: cls.id,
      place: r.place ?? Number.MAX_SAFE_INTEGER,
      amount: ruled.amount,
      bonus: r.bonusCents > 0 ? r.bonusCents : 0,
      sort: cls.sortOrder,
    });
  }
  limitPerRider(candidates, decisions);
  return decisions;
}

/** Writes what the results table shows (amount, reason, bike) where a decision changed it. */
export function recordDecisions(tx: Tx, facts: EventFacts, decisions: Map<number, Decision>) {
  // Prepared once: a replaced event's every result is written here.
  const update = tx
    .update(results)
    .set({
      payoutCents: sql`${sql.placeholder('payoutCents')}`,
      noPayoutReason: sql`${sql.placeholder('reason')}`,
      bikeId: sql`${sql.placeholder('bikeId')}`,
    })
    .where(eq(results.id, sql.placeholder('id')))
    .prepare();
  for (const r of facts.resultList) {
    const d = decisions.get(r.id);
    if (!d) continue;
    if (r.payoutCents !== d.payoutCents || r.noPayoutReason !== d.reason || r.bikeId !== d.bikeId) {
      update.run({ payoutCents: d.payoutCents, reason: d.reason, bikeId: d.bikeId, id: r.id });
    }
  }
}
