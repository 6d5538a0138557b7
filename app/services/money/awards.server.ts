/**
 * The award engine (rules.md "When a result earns an award"): from an event's results to awards,
 * with a ledger row for every change of a balance (docs/architecture.md "Ledger semantics").
 *
 * `recomputeEventAwards` links results to riders, decides every result by rules 1–7, writes
 * `results.payoutCents` / `results.noPayoutReason`, and brings the event's awards to what the
 * results give: new awards are created (ledger `award`), untouched awards that are no longer due
 * are reduced or withdrawn (ledger `awardReversal`). An award that was spent, claimed or paid is
 * never removed or reduced: the whole recompute is refused with the list of conflicts.
 * Everything runs in ONE write transaction; nothing is written when it is refused.
 */
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { writeTx, type DB, type Tx } from '~/db.server';
import {
  awards,
  bikes,
  categories,
  eventClasses,
  classPlaces,
  events,
  guardianConsents,
  results,
  riders,
  series,
  users,
  vinPatterns,
  type Award,
} from '#db/schema';
import {
  AGE_OF_MAJORITY,
  MIN_BIKE_YEAR,
  MIN_RIDERS_PER_CLASS,
  PAID_CLASSES_PER_EVENT,
  type Currency,
} from '~/lib/constants';
import { ageOn, formatMoney } from '~/lib/format';
import { audit, type Actor } from '~/services/platform/audit.server';
import { recordLedger } from '~/services/money/ledger.server';
import { nameKey, normalizeAma } from '~/services/events/imports.server';

/** The maker whose bikes the program pays for. */
export const MAKER = 'KTM';

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
  'underage',
  'ageUnknown',
  'duplicateRider',
  'twoClassLimit',
] as const;
export type NoPayoutReason = (typeof NO_PAYOUT_REASONS)[number];

/** Why an award cannot be removed or reduced. */
export type ConflictWhy = 'spent' | 'claimed' | 'paid' | 'expired';

/** An award a recompute would have to take back or change, and cannot. */
export type AwardConflict = {
  awardId: number;
  riderId: number;
  riderName: string;
  className: string;
  type: Award['type'];
  amountCents: number; // the award's value as earned
  newAmountCents: number; // what the results would now give (0 = nothing)
  currency: Currency;
  why: ConflictWhy;
};

export class AwardConflictError extends Error {
  constructor(readonly conflicts: AwardConflict[]) {
    super(
      `Recompute refused: ${conflicts
        .map(
          (c) =>
            `${c.riderName}, ${c.className}, ${formatMoney(c.amountCents, c.currency)} (${c.why})`,
        )
        .join('; ')}`,
    );
    this.name = 'AwardConflictError';
  }
}

export class EventNotFoundError extends Error {
  constructor(readonly eventId: number) {
    super(`Event ${eventId} not found`);
    this.name = 'EventNotFoundError';
  }
}

export type RecomputeSummary = {
  paying: number; // results that pay
  created: number;
  increased: number;
  reduced: number;
  reversed: number;
  unchanged: number;
  ledgerRows: number;
};

export type RecomputeOutcome =
  { ok: true; summary: RecomputeSummary } | { ok: false; conflicts: AwardConflict[] };

// ---------------------------------------------------------------- dates

/**
 * When dealer credit awarded at `awardedAt` expires, and when a pro's payment information is due
 * (one copy in ~/lib/dates, shared with expiry, payouts and the seed).
 */
export { creditExpiresAt as creditExpiry, paymentInfoDueAt as paymentInfoDue } from '~/lib/dates';
import { creditExpiresAt as creditExpiry, paymentInfoDueAt as paymentInfoDue } from '~/lib/dates';

/** True when a make names the maker (or says nothing). */
export function isMakerMake(make: string | null | undefined): boolean {
  if (!make || make.trim() === '') return true;
  return make.toUpperCase().includes(MAKER);
}

function tokens(s: string): string[] {
  return s
    .toUpperCase()
    .split(/[\s/,]+/)
    .map((t) => t.trim())
    .filter(Boolean);
}

/** True when a bike model is one of the program's models (every word of it present, any order). */
export function modelMatches(bikeModel: string | null, eligible: string[]): boolean {
  if (!bikeModel) return false;
  const have = new Set(tokens(bikeModel));
  return eligible.some((m) => {
    const want = tokens(m);
    return want.length > 0 && want.every((t) => have.has(t));
  });
}

/** A person's name reduced for matching: case, accents and spacing do not matter. */
export function personKey(name: string): string {
  return nameKey(name);
}

export type Program = { eligibleModels: string[] | null; minYear: number; maxYear: number | null };

type BikeFacts = {
  id: number;
  valid: boolean;
  make: string | null;
  model: string | null;
  year: number | null;
};

/** The first of a rider's bikes the program allows (rule 5), or null. */
export function eligibleBike(
  list: BikeFacts[],
  program: Program,
  racedModel: string | null,
): BikeFacts | null {
  const ok = list.filter((b) => {
    if (!b.valid) return false;
    if (b.make && !isMakerMake(b.make)) return false;
    if (b.year === null || b.year < program.minYear) return false;
    if (program.maxYear !== null && b.year > program.maxYear) return false;
    if (program.eligibleModels && program.eligibleModels.length > 0) {
      if (!modelMatches(b.model, program.eligibleModels)) return false;
    }
    return true;
  });
  if (ok.length === 0) return null;
  if (racedModel) {
    const raced = ok.find((b) => b.model && modelMatches(racedModel, [b.model]));
    if (raced) return raced;
  }
  return ok[0];
}

// ---------------------------------------------------------------- linking

/**
 * Links the event's unlinked results to rider accounts: by AMA number, else by e-mail, else by
 * full name when exactly one rider has it. A link already made (by hand or earlier) is kept.
 */
export function linkEventResults(tx: Tx, eventId: number): number {
  const unlinked = tx
    .select({
      id: results.id,
      riderName: results.riderName,
      amaNumber: results.amaNumber,
      email: results.email,
    })
    .from(results)
    .where(and(eq(results.eventId, eventId), isNull(results.riderId)))
    .all();
  if (unlinked.length === 0) return 0;
  const all = tx
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
  const byAma = new Map<string, number[]>();
  const byEmail = new Map<string, number[]>();
  const byName = new Map<string, number[]>();
  const push = (m: Map<string, number[]>, k: string | null, id: number) => {
    if (!k) return;
    const list = m.get(k);
    if (list) list.push(id);
    else m.set(k, [id]);
  };
  for (const r of all) {
    push(byAma, normalizeAma(r.amaNumber), r.id);
    push(byEmail, r.email.trim().toLowerCase(), r.id);
    push(byName, personKey(`${r.firstName} ${r.lastName}`), r.id);
  }
  const one = (list: number[] | undefined) => (list && list.length === 1 ? list[0] : null);
  let linked = 0;
  for (const r of unlinked) {
    const ama = normalizeAma(r.amaNumber);
    const riderId =
      (ama ? one(byAma.get(ama)) : null) ??
      (r.email ? one(byEmail.get(r.email.trim().toLowerCase())) : null) ??
      one(byName.get(personKey(r.riderName)));
    if (riderId !== null) {
      tx.update(results).set({ riderId }).where(eq(results.id, r.id)).run();
      linked += 1;
    }
  }
  return linked;
}

// ---------------------------------------------------------------- deciding

type Decision = {
  resultId: number;
  payoutCents: number;
  reason: NoPayoutReason | null;
  bikeId: number | null;
};

type DesiredAward = {
  key: string;
  riderId: number;
  classId: number;
  resultId: number;
  type: Award['type'];
  payoutType: Award['payoutType'];
  currency: Currency;
  amountCents: number;
};

/** The program of an event: its category (else its series' category) may narrow models and years. */
function programOf(tx: Tx, categoryId: number | null): Program {
  if (categoryId === null) return { eligibleModels: null, minYear: MIN_BIKE_YEAR, maxYear: null };
  const c = tx.select().from(categories).where(eq(categories.id, categoryId)).get();
  if (!c) return { eligibleModels: null, minYear: MIN_BIKE_YEAR, maxYear: null };
  return {
    eligibleModels: c.eligibleModels && c.eligibleModels.length > 0 ? c.eligibleModels : null,
    minYear: c.minYear ?? MIN_BIKE_YEAR,
    maxYear: c.maxYear ?? null,
  };
}

function awardKey(riderId: number, classId: number | null, type: Award['type']) {
  return `${riderId}:${classId ?? 'none'}:${type === 'bonus' ? 'bonus' : 'class'}`;
}

/** Why an award may not be taken back or lowered, or null when it is untouched. */
function touchedWhy(a: Award): ConflictWhy | null {
  if (a.status === 'sent' || a.status === 'paid' || a.status === 'funded') return 'paid';
  if (a.payoutClaimId !== null) return 'claimed';
  if (a.spentCents > 0 || a.status === 'spent' || a.status === 'redeemed') return 'spent';
  return null;
}

/**
 * Recomputes an event's awards inside the caller's write transaction. Throws AwardConflictError
 * (the caller's transaction then rolls back) or EventNotFoundError.
 */
export function recomputeInTx(
  tx: Tx,
  eventId: number,
  actor: Actor,
  now: Date = new Date(),
): RecomputeSummary {
  const event = tx.select().from(events).where(eq(events.id, eventId)).get();
  if (!event) throw new EventNotFoundError(eventId);
  let categoryId = event.categoryId;
  if (categoryId === null && event.seriesId !== null) {
    categoryId =
      tx.select({ c: series.categoryId }).from(series).where(eq(series.id, event.seriesId)).get()
        ?.c ?? null;
  }
  const program = programOf(tx, categoryId);

  linkEventResults(tx, eventId);

  const classList = tx.select().from(eventClasses).where(eq(eventClasses.eventId, eventId)).all();
  const classById = new Map(classList.map((c) => [c.id, c]));
  const classIds = classList.map((c) => c.id);
  const placeRows = classIds.length
    ? tx.select().from(classPlaces).where(inArray(classPlaces.classId, classIds)).all()
    : [];
  const amountOf = new Map(placeRows.map((p) => [`${p.classId}:${p.place}`, p.amountCents]));
  const resultList = tx.select().from(results).where(eq(results.eventId, eventId)).all();

  const present = new Map<number, number>();
  for (const r of resultList) {
    if (r.resultType !== 'DNS') present.set(r.classId, (present.get(r.classId) ?? 0) + 1);
  }

  // Facts about the linked riders.
  const riderIds = [
    ...new Set(resultList.map((r) => r.riderId).filter((id): id is number => id !== null)),
  ];
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
        .where(inArray(riders.id, riderIds))
        .all()
    : [];
  const riderById = new Map(riderRows.map((r) => [r.id, r]));
  const bikeRows = riderIds.length
    ? tx
        .select({
          id: bikes.id,
          riderId: bikes.riderId,
          valid: bikes.valid,
          make: bikes.make,
          model: bikes.model,
          year: bikes.year,
          patternMake: vinPatterns.make,
          patternModel: vinPatterns.model,
          patternYear: vinPatterns.year,
        })
        .from(bikes)
        .leftJoin(vinPatterns, eq(vinPatterns.id, bikes.vinPatternId))
        .where(inArray(bikes.riderId, riderIds))
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
          .where(inArray(guardianConsents.riderId, riderIds))
          .all()
          .map((c) => c.riderId)
      : [],
  );

  // Rules 1–6, result by result.
  const decisions = new Map<number, Decision>();
  type Candidate = {
    resultId: number;
    riderId: number;
    classId: number;
    place: number;
    amount: number;
    bonus: number;
    sort: number;
  };
  const candidates: Candidate[] = [];
  for (const r of resultList) {
    const cls = classById.get(r.classId);
    const decide = (reason: NoPayoutReason | null, bikeId: number | null = null) =>
      decisions.set(r.id, { resultId: r.id, payoutCents: 0, reason, bikeId });
    if (!cls) {
      decide('classNoPayout');
      continue;
    }
    if (event.cancelled) {
      decide('eventCancelled');
      continue;
    }
    if (cls.payoutType === 'noPayout') {
      decide('classNoPayout');
      continue;
    }
    if ((present.get(cls.id) ?? 0) < MIN_RIDERS_PER_CLASS) {
      decide('tooFewRiders');
      continue;
    }
    if (r.resultType === 'DNS' || r.resultType === 'DQ') {
      decide('notClassified');
      continue;
    }
    const amount = r.place === null ? 0 : (amountOf.get(`${cls.id}:${r.place}`) ?? 0);
    if (amount <= 0) {
      decide('noPlaceAmount');
      continue;
    }
    if (!isMakerMake(r.make)) {
      decide('otherMake');
      continue;
    }
    if (r.riderId === null) {
      decide('unlinked');
      continue;
    }
    const rider = riderById.get(r.riderId);
    if (!rider || rider.deactivated) {
      decide('riderInactive');
      continue;
    }
    const bike = eligibleBike(bikesOf.get(r.riderId) ?? [], program, r.model);
    if (!bike) {
      decide('noEligibleBike');
      continue;
    }
    if (!consented.has(r.riderId)) {
      const age = ageOn(rider.dateOfBirth, event.date);
      if (age === null) {
        decide('ageUnknown', bike.id);
        continue;
      }
      if (age < AGE_OF_MAJORITY) {
        decide('underage', bike.id);
        continue;
      }
    }
    decisions.set(r.id, { resultId: r.id, payoutCents: amount, reason: null, bikeId: bike.id });
    candidates.push({
      resultId: r.id,
      riderId: r.riderId,
      classId: cls.id,
      place: r.place ?? Number.MAX_SAFE_INTEGER,
      amount,
      bonus: r.bonusCents > 0 ? r.bonusCents : 0,
      sort: cls.sortOrder,
    });
  }

  // One paid result per rider and class (the best placed), then rule 7: the two highest-paying classes.
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

  // What the results table shows.
  for (const r of resultList) {
    const d = decisions.get(r.id);
    if (!d) continue;
    if (r.payoutCents !== d.payoutCents || r.noPayoutReason !== d.reason || r.bikeId !== d.bikeId) {
      tx.update(results)
        .set({ payoutCents: d.payoutCents, noPayoutReason: d.reason, bikeId: d.bikeId })
        .where(eq(results.id, r.id))
        .run();
    }
  }

  // The awards the results give.
  const desired = new Map<string, DesiredAward>();
  for (const r of resultList) {
    const d = decisions.get(r.id);
    const cls = classById.get(r.classId);
    if (!d || !cls || d.payoutCents <= 0 || r.riderId === null || cls.payoutType === 'noPayout')
      continue;
    const payoutType = cls.payoutType;
    const base = {
      riderId: r.riderId,
      classId: cls.id,
      resultId: r.id,
      payoutType,
      currency: cls.currency,
    };
    const mainType: Award['type'] = payoutType === 'cash' ? 'cash' : 'credit';
    desired.set(awardKey(r.riderId, cls.id, mainType), {
      ...base,
      key: awardKey(r.riderId, cls.id, mainType),
      type: mainType,
      amountCents: d.payoutCents,
    });
    if (r.bonusCents > 0) {
      desired.set(awardKey(r.riderId, cls.id, 'bonus'), {
        ...base,
        key: awardKey(r.riderId, cls.id, 'bonus'),
        type: 'bonus',
        amountCents: r.bonusCents,
      });
    }
  }

  const existing = tx
    .select()
    .from(awards)
    .where(and(eq(awards.eventId, eventId), ne(awards.status, 'reversed')))
    .orderBy(awards.id)
    .all();

  type Op =
    | { op: 'keep'; award: Award; want: DesiredAward }
    | { op: 'increase'; award: Award; want: DesiredAward }
    | { op: 'reduce'; award: Award; want: DesiredAward }
    | { op: 'reverse'; award: Award };
  const ops: Op[] = [];
  const conflicts: AwardConflict[] = [];
  const matched = new Set<string>();
  const classNameOf = (a: Award) =>
    a.classId !== null ? (classById.get(a.classId)?.name ?? '') : '';
  const riderNameOf = (riderId: number) => {
    const r =
      riderById.get(riderId) ?? tx.select().from(riders).where(eq(riders.id, riderId)).get();
    return r ? `${r.firstName} ${r.lastName}` : `#${riderId}`;
  };
  const conflict = (a: Award, newAmount: number, why: ConflictWhy) =>
    conflicts.push({
      awardId: a.id,
      riderId: a.riderId,
      riderName: riderNameOf(a.riderId),
      className: classNameOf(a) || (a.classId === null ? '' : `#${a.classId}`),
      type: a.type,
      amountCents: a.initialCents,
      newAmountCents: newAmount,
      currency: a.currency,
      why,
    });

  for (const a of existing) {
    const key = awardKey(a.riderId, a.classId, a.type);
    const want = desired.get(key);
    const same =
      want &&
      !matched.has(key) &&
      want.type === a.type &&
      want.currency === a.currency &&
      want.payoutType === a.payoutType;
    if (same && want) {
      matched.add(key);
      if (want.amountCents === a.initialCents) {
        ops.push({ op: 'keep', award: a, want });
      } else if (want.amountCents > a.initialCents) {
        const why = touchedWhy(a);
        if (why === 'paid' || why === 'claimed') conflict(a, want.amountCents, why);
        else if (a.status === 'expired') conflict(a, want.amountCents, 'expired');
        else ops.push({ op: 'increase', award: a, want });
      } else {
        const why = touchedWhy(a);
        if (why) conflict(a, want.amountCents, why);
        else ops.push({ op: 'reduce', award: a, want });
      }
      continue;
    }
    const why = touchedWhy(a);
    if (why) conflict(a, 0, why);
    else ops.push({ op: 'reverse', award: a });
  }
  if (conflicts.length) throw new AwardConflictError(conflicts);

  const summary: RecomputeSummary = {
    paying: [...decisions.values()].filter((d) => d.payoutCents > 0).length,
    created: 0,
    increased: 0,
    reduced: 0,
    reversed: 0,
    unchanged: 0,
    ledgerRows: 0,
  };
  const nowIso = now.toISOString();
  const balanceOf = (payoutType: Award['payoutType']) =>
    (payoutType === 'cash' ? 'cash' : 'credit') as 'cash' | 'credit';

  for (const o of ops) {
    const a = o.award;
    if (o.op === 'keep') {
      if (a.resultId !== o.want.resultId) {
        tx.update(awards).set({ resultId: o.want.resultId }).where(eq(awards.id, a.id)).run();
      }
      summary.unchanged += 1;
    } else if (o.op === 'increase') {
      const diff = o.want.amountCents - a.initialCents;
      tx.update(awards)
        .set({
          initialCents: o.want.amountCents,
          currentCents: a.currentCents + diff,
          status: a.status === 'spent' ? 'current' : a.status,
          resultId: o.want.resultId,
        })
        .where(eq(awards.id, a.id))
        .run();
      recordLedger(tx, {
        riderId: a.riderId,
        balance: balanceOf(a.payoutType),
        kind: 'award',
        amountCents: diff,
        currency: a.currency,
        awardId: a.id,
        actor,
        note: `recompute: award raised from ${a.initialCents} to ${o.want.amountCents}`,
      });
      summary.increased += 1;
      summary.ledgerRows += 1;
    } else if (o.op === 'reduce') {
      const diff = a.initialCents - o.want.amountCents;
      const taken = a.status === 'expired' ? 0 : Math.min(diff, a.currentCents);
      tx.update(awards)
        .set({
          initialCents: o.want.amountCents,
          currentCents: a.currentCents - taken,
          resultId: o.want.resultId,
        })
        .where(eq(awards.id, a.id))
        .run();
      if (taken > 0) {
        recordLedger(tx, {
          riderId: a.riderId,
          balance: balanceOf(a.payoutType),
          kind: 'awardReversal',
          amountCents: -taken,
          currency: a.currency,
          awardId: a.id,
          actor,
          note: `recompute: award lowered from ${a.initialCents} to ${o.want.amountCents}`,
        });
        summary.ledgerRows += 1;
      }
      summary.reduced += 1;
    } else {
      const taken = a.currentCents;
      tx.update(awards)
        .set({
          status: 'reversed',
          currentCents: 0,
          initialCents: 0,
          notes: `${a.notes ? `${a.notes}\n` : ''}Withdrawn by a results recompute on ${nowIso} (was ${a.initialCents} ${a.currency}, ${a.status})`,
        })
        .where(eq(awards.id, a.id))
        .run();
      if (taken !== 0) {
        recordLedger(tx, {
          riderId: a.riderId,
          balance: balanceOf(a.payoutType),
          kind: 'awardReversal',
          amountCents: -taken,
          currency: a.currency,
          awardId: a.id,
          actor,
          note: 'recompute: award withdrawn',
        });
        summary.ledgerRows += 1;
      }
      summary.reversed += 1;
    }
  }

  for (const want of desired.values()) {
    if (matched.has(want.key)) continue;
    const credit = want.payoutType === 'dealerCredit';
    const inserted = tx
      .insert(awards)
      .values({
        riderId: want.riderId,
        eventId,
        classId: want.classId,
        resultId: want.resultId,
        type: want.type,
        payoutType: want.payoutType,
        currency: want.currency,
        initialCents: want.amountCents,
        currentCents: want.amountCents,
        spentCents: 0,
        status: credit ? 'current' : 'earned',
        awardedAt: nowIso,
        expiresAt: credit ? creditExpiry(now) : null,
        paymentInfoDueAt: credit ? null : paymentInfoDue(event.date),
      })
      .returning({ id: awards.id })
      .get();
    recordLedger(tx, {
      riderId: want.riderId,
      balance: balanceOf(want.payoutType),
      kind: 'award',
      amountCents: want.amountCents,
      currency: want.currency,
      awardId: inserted.id,
      actor,
    });
    summary.created += 1;
    summary.ledgerRows += 1;
  }

  audit(tx, actor, 'awards.recompute', { type: 'event', id: eventId }, { ...summary });
  return summary;
}

/**
 * Recomputes an event's awards in its own write transaction. Refused whole (nothing written) when
 * an award that was spent, claimed or paid would have to be removed or reduced.
 */
export function recomputeEventAwards(
  db: DB,
  eventId: number,
  actor: Actor,
  now: Date = new Date(),
): RecomputeOutcome {
  try {
    const summary = writeTx(db, (tx) => recomputeInTx(tx, eventId, actor, now));
    return { ok: true, summary };
  } catch (error) {
    if (error instanceof AwardConflictError) return { ok: false, conflicts: error.conflicts };
    throw error;
  }
}
