/**
 * A second admin decides a held money change: approving applies it (a bonus written on its result
 * and the event's awards recomputed, a refund made, or raised limits written) in one transaction
 * with the approval, or an admin's invitation mailed; refusing applies nothing. Above the server's ceiling nothing is approved,
 * whoever approves.
 */
import { and, eq } from 'drizzle-orm';
import { writeTx, type DB, type Tx } from '~/db.server';
import { creditRedemptions, pendingMoneyChanges, results, users, type Result } from '#db/schema';
import { audit, type Actor } from '~/services/platform/audit.server';
import { recomputeInTx } from '~/services/money/awards/awards.server';
import { AwardConflictError } from '~/services/money/awards/award-conflicts.server';
import { refundInTx } from '~/services/money/counter/redemption-refunds.server';
import {
  Refused,
  type DecideOutcome,
  type HoldMail,
} from '~/services/money/ledger/pending-changes.server';
import {
  approveAdminInviteInTx,
  refuseAdminInviteInTx,
} from '~/services/people/role-invitations.server';
import { awardSeriesInTx, SeriesAwardGone } from '~/services/money/awards/series-awards.server';
import { moneyCeilings } from '~/services/money/ledger/money-limits.server';
import { applyHeldLimitsInTx } from '~/services/money/ledger/limit-changes.server';

/** The identities behind an actor: the account and, under a proxy, the admin behind it. */
const identities = (a: { userId: number | null; proxyHostUserId: number | null }) =>
  [a.userId, a.proxyHostUserId].filter((id): id is number => id !== null);

function decide(
  db: DB,
  id: number,
  actor: Actor,
  now: Date,
  fn: (tx: Tx, row: typeof pendingMoneyChanges.$inferSelect) => void,
  status: 'approved' | 'refused',
): DecideOutcome {
  try {
    writeTx(db, (tx) => {
      const row = tx.select().from(pendingMoneyChanges).where(eq(pendingMoneyChanges.id, id)).get();
      if (!row) throw new Refused('notFound');
      if (row.status !== 'pending') throw new Refused('notPending');
      // Only an admin acting as themself decides (an admin proxying as someone is not one here).
      const decider = actor.userId
        ? tx.select({ role: users.role }).from(users).where(eq(users.id, actor.userId)).get()
        : undefined;
      if (decider?.role !== 'admin' || actor.proxyHostUserId !== null)
        throw new Refused('notAdmin');
      fn(tx, row);
      tx.update(pendingMoneyChanges)
        .set({
          status,
          decidedByUserId: actor.userId,
          decidedProxyHostUserId: actor.proxyHostUserId,
          decidedAt: now.toISOString(),
        })
        .where(eq(pendingMoneyChanges.id, id))
        .run();
      audit(
        tx,
        actor,
        status === 'approved' ? 'money.change.approved' : 'money.change.refused',
        { type: 'pendingMoneyChange', id },
        {
          kind: row.kind,
          amountCents: row.amountCents,
          currency: row.currency,
          enteredByUserId: row.enteredByUserId,
          enteredProxyHostUserId: row.enteredProxyHostUserId,
        },
      );
    });
    return { ok: true };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, error: error.error };
    if (error instanceof AwardConflictError) return { ok: false, error: 'conflicts' };
    throw error;
  }
}

/**
 * Approves a held change (a second admin): a bonus is written on its result and the event's
 * awards recomputed, a refund is made, raised limits are written, all in one transaction with
 * the approval. Whoever entered the change (as themself or as the admin behind a proxy) cannot
 * approve it.
 */
export function approveChange(
  db: DB,
  id: number,
  actor: Actor,
  now = new Date(),
  mail?: HoldMail,
): DecideOutcome {
  return decide(
    db,
    id,
    actor,
    now,
    (tx, row) => {
      const approver = identities(actor);
      if (
        identities({
          userId: row.enteredByUserId,
          proxyHostUserId: row.enteredProxyHostUserId,
        }).some((u) => approver.includes(u))
      )
        throw new Refused('ownChange');
      // Two approvals never pass the configured ceiling on one amount.
      if (row.kind !== 'limits' && row.amountCents > moneyCeilings().singleCents)
        throw new Refused('aboveCeiling');
      if (row.kind === 'limits') {
        applyHeldLimitsInTx(tx, row, actor, now);
      } else if (row.kind === 'adminInvite') {
        // The invitation's mail, in the invited person's language, goes out with the approval.
        if (!mail) throw new Error('approving an admin invitation needs its mail');
        approveAdminInviteInTx(tx, row.id, mail, now);
      } else if (row.kind === 'bonus') {
        if (!row.resultId || !row.eventId) throw new Refused('gone');
        const set: Partial<Result> = { bonusCents: row.amountCents, bonusNote: row.note };
        const done = tx
          .update(results)
          .set(set)
          .where(and(eq(results.id, row.resultId), eq(results.eventId, row.eventId)))
          .run();
        if (done.changes !== 1) throw new Refused('gone');
        recomputeInTx(tx, row.eventId, actor, now);
      } else if (row.kind === 'seriesAward') {
        if (!row.seriesId || !row.riderId) throw new Refused('gone');
        const input = { riderId: row.riderId, amountCents: row.amountCents, notes: row.note ?? '' };
        try {
          awardSeriesInTx(tx, row.seriesId, input, actor, now);
        } catch (error) {
          if (error instanceof SeriesAwardGone) throw new Refused('gone');
          throw error;
        }
      } else {
        if (!row.redemptionId) throw new Refused('gone');
        const redemption = tx
          .select()
          .from(creditRedemptions)
          .where(
            and(eq(creditRedemptions.id, row.redemptionId), eq(creditRedemptions.status, 'active')),
          )
          .get();
        if (!redemption) throw new Refused('gone');
        const out = refundInTx(tx, redemption, actor, row.note, now);
        if (!out.ok) throw new Refused('gone');
      }
    },
    'approved',
  );
}

/** Refuses a held change: nothing of it is applied. Any admin may refuse, its author included. */
export function refuseChange(db: DB, id: number, actor: Actor, now = new Date()): DecideOutcome {
  return decide(
    db,
    id,
    actor,
    now,
    (tx, row) => {
      if (row.kind === 'adminInvite') refuseAdminInviteInTx(tx, row.id);
    },
    'refused',
  );
}
