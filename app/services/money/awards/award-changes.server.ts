/**
 * Bringing an event's awards to what its results give (docs/rules.md "Money"):
 * the awards the decisions want, the plan against the awards that exist (keep, raise, lower,
 * withdraw, or the conflicts that refuse it all), and the plan's writes, each change of a balance
 * with its ledger row (`award` for a new or raised award, `awardReversal` for a lowered or
 * withdrawn one).
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '~/db.server';
import { awards, type Award } from '#db/schema';
import type { Currency } from '~/lib/constants';
import { creditExpiresAt as creditExpiry, paymentInfoDueAt as paymentInfoDue } from '~/lib/dates';
import type { Actor } from '~/services/platform/audit.server';
import { recordLedger } from '~/services/money/ledger/ledger.server';
import {
  AwardConflictError,
  touchedWhy,
  type AwardConflict,
  type ConflictWhy,
} from '~/services/money/awards/award-conflicts.server';
import type { Decision, EventFacts } from '~/services/money/awards/award-decisions.server';

/** An award the results give: one per rider, class and kind (the class award, its bonus). */
export type DesiredAward = {
  key: string;
  riderId: number;
  classId: number;
  resultId: number;
  type: Award['type'];
  payoutType: Award['payoutType'];
  currency: Currency;
  amountCents: number;
};

function awardKey(riderId: number, classId: number | null, type: Award['type']) {
  return `${riderId}:${classId ?? 'none'}:${type === 'bonus' ? 'bonus' : 'class'}`;
}

/** The awards the decisions give, by key: the class award (cash or credit) and any bonus. */
export function desiredAwards(
  facts: EventFacts,
  decisions: Map<number, Decision>,
): Map<string, DesiredAward> {
  const desired = new Map<string, DesiredAward>();
  for (const r of facts.resultList) {
    const d = decisions.get(r.id);
    const cls = facts.classById.get(r.classId);
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
  return desired;
}

type AwardChange =
  | { op: 'keep'; award: Award; want: DesiredAward }
  | { op: 'increase'; award: Award; want: DesiredAward }
  | { op: 'reduce'; award: Award; want: DesiredAward }
  | { op: 'reverse'; award: Award };

/** The changes to the existing awards, and the keys of the desired awards they already hold. */
export type AwardPlan = { ops: AwardChange[]; matched: Set<string> };

/** How a conflict names its award's class and rider. */
export type ConflictNames = {
  className: (a: Award) => string;
  riderName: (riderId: number) => string;
};

/**
 * Matches the event's awards (not reversed, oldest first) to the desired ones. Throws
 * AwardConflictError when an award that was spent, claimed, paid or has expired would have to
 * change; nothing is written here.
 */
export function planAwardChanges(
  existing: Award[],
  desired: Map<string, DesiredAward>,
  names: ConflictNames,
): AwardPlan {
  const ops: AwardChange[] = [];
  const conflicts: AwardConflict[] = [];
  const matched = new Set<string>();
  const conflict = (a: Award, newAmount: number, why: ConflictWhy) =>
    conflicts.push({
      awardId: a.id,
      riderId: a.riderId,
      riderName: names.riderName(a.riderId),
      className: names.className(a) || (a.classId === null ? '' : `#${a.classId}`),
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
  return { ops, matched };
}

/** What applying a plan did (the recompute summary, less the count of paying results). */
export type ChangeCounts = {
  created: number;
  increased: number;
  reduced: number;
  reversed: number;
  unchanged: number;
  ledgerRows: number;
};

const balanceOf = (payoutType: Award['payoutType']) =>
  (payoutType === 'cash' ? 'cash' : 'credit') as 'cash' | 'credit';

type Op<K extends AwardPlan['ops'][number]['op']> = Extract<AwardPlan['ops'][number], { op: K }>;

/** An award raised by a recompute (a spent one is current again); its ledger row. */
function raise(tx: Tx, o: Op<'increase'>, actor: Actor): number {
  const a = o.award;
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
  return 1;
}

/** An award lowered: only what is still unspent (and not expired) is taken back. Ledger rows. */
function lower(tx: Tx, o: Op<'reduce'>, actor: Actor): number {
  const a = o.award;
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
  return takeBack(
    tx,
    a,
    actor,
    taken,
    `recompute: award lowered from ${a.initialCents} to ${o.want.amountCents}`,
  );
}

/** An award no longer earned: withdrawn, what it held taken back. Ledger rows. */
function withdraw(tx: Tx, a: Award, actor: Actor, nowIso: string): number {
  const taken = a.currentCents;
  tx.update(awards)
    .set({
      status: 'reversed',
      currentCents: 0,
      initialCents: 0,
      withdrawnBy: 'recompute',
      withdrawnAt: nowIso,
      withdrawnFromCents: a.initialCents,
      withdrawnFromStatus: a.status,
    })
    .where(eq(awards.id, a.id))
    .run();
  return takeBack(tx, a, actor, taken, 'recompute: award withdrawn');
}

/** The ledger row of what a recompute took back from an award (none for 0); 1 when written. */
function takeBack(tx: Tx, a: Award, actor: Actor, taken: number, note: string): number {
  if (taken === 0) return 0;
  recordLedger(tx, {
    riderId: a.riderId,
    balance: balanceOf(a.payoutType),
    kind: 'awardReversal',
    amountCents: -taken,
    currency: a.currency,
    awardId: a.id,
    actor,
    note,
  });
  return 1;
}

/** A desired award not held yet: credit expires, cash waits for payment information. */
function create(
  tx: Tx,
  want: DesiredAward,
  ctx: { eventId: number; eventDate: string; actor: Actor; now: Date },
) {
  const nowIso = ctx.now.toISOString();
  const credit = want.payoutType === 'dealerCredit';
  const inserted = tx
    .insert(awards)
    .values({
      riderId: want.riderId,
      eventId: ctx.eventId,
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
      expiresAt: credit ? creditExpiry(ctx.now) : null,
      paymentInfoDueAt: credit ? null : paymentInfoDue(ctx.eventDate),
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
    actor: ctx.actor,
    at: nowIso,
  });
}

/**
 * Writes a plan: the existing awards changed as planned, then the desired awards not yet held
 * created (credit expires, cash waits for payment information), each with its ledger row.
 */
export function applyAwardChanges(
  tx: Tx,
  plan: AwardPlan,
  desired: Map<string, DesiredAward>,
  ctx: { eventId: number; eventDate: string; actor: Actor; now: Date },
): ChangeCounts {
  const { actor } = ctx;
  const counts: ChangeCounts = {
    created: 0,
    increased: 0,
    reduced: 0,
    reversed: 0,
    unchanged: 0,
    ledgerRows: 0,
  };
  const nowIso = ctx.now.toISOString();

  for (const o of plan.ops) {
    const a = o.award;
    if (o.op === 'keep') {
      if (a.resultId !== o.want.resultId) {
        tx.update(awards).set({ resultId: o.want.resultId }).where(eq(awards.id, a.id)).run();
      }
      counts.unchanged += 1;
    } else if (o.op === 'increase') {
      counts.ledgerRows += raise(tx, o, actor);
      counts.increased += 1;
    } else if (o.op === 'reduce') {
      counts.ledgerRows += lower(tx, o, actor);
      counts.reduced += 1;
    } else {
      counts.ledgerRows += withdraw(tx, a, actor, nowIso);
      counts.reversed += 1;
    }
  }

  for (const want of desired.values()) {
    if (plan.matched.has(want.key)) continue;
    create(tx, want, ctx);
    counts.created += 1;
    counts.ledgerRows += 1;
  }
  return counts;
}
