/**
 * Refunding (revoking) a credit redemption (admin; docs/rules.md "Dealer credit"): the money returns
 * to the awards it was drawn from, in one IMMEDIATE transaction with its ledger rows. Not to be
 * confused with dealer refunds (dealer-refunds), which reimburse dealers for credit they took.
 */
import { and, asc, desc, eq } from 'drizzle-orm';
import { writeTx, type DB, type Tx } from '~/db.server';
import {
  awards,
  creditRedemptions,
  redemptionAllocations,
  revokedRedemptions,
  type CreditRedemption,
} from '#db/schema';
import { formatRedemptionCode } from '~/lib/format';
import { audit, type Actor } from '~/services/platform/audit.server';
import { recordLedger } from '~/services/money/ledger/ledger.server';
import { REDEEM_ERRORS as E } from '~/services/money/counter/redemptions.server';
import { currentMoneyLimits } from '~/services/money/ledger/money-limits.server';
import { holdChange, type HoldMail } from '~/services/money/ledger/pending-changes.server';
import {
  fingerprintOf,
  lookupIdempotent,
  recordIdempotent,
  type IdempotencyRef,
} from '~/services/money/ledger/idempotency.server';
import { mailRiderAboutRedemption } from '~/services/money/counter/redemption-mail.server';

/** The answer when a refund waits for a second admin (not an error of the request). */
const HELD = 'moneyControls:heldForApproval';

export type RefundResult =
  | { ok: true; redemption: CreditRedemption; code: string; refundedAt: string; replayed?: boolean }
  | { ok: false; error: string; conflict?: boolean; held?: number };

/**
 * Refunds (revokes) a redemption (admin): its status becomes 'revoked', a revoked_redemptions
 * row records who and when, and each allocation's amount returns to the award it was drawn from
 * (ledger 'refund'). An award whose expiry has passed gets its money back and is expired at once
 * in the same transaction (ledger 'expiry', status 'expired', value 0): a refund never revives
 * expired credit. A second refund of the same redemption is refused.
 */
export function refundRedemption(
  db: DB,
  redemptionId: number,
  actor: Actor,
  reason?: string | null,
  now: Date = new Date(),
  /** The form's one-time token or the API's Idempotency-Key: a repeat answers the first refund. */
  idempotencyKey?: string,
  /** Mails the admins when the refund is held for approval (see pending-changes). */
  mail?: HoldMail,
): RefundResult {
  const key: IdempotencyRef | undefined = idempotencyKey
    ? {
        scope: 'refund',
        userId: actor.userId,
        key: idempotencyKey,
        fingerprint: fingerprintOf({ redemptionId, reason: reason?.trim() || null }),
      }
    : undefined;
  return writeTx(db, (tx): RefundResult => {
    const seen = lookupIdempotent<{ redemptionId: number; refundedAt?: string; held?: number }>(
      tx,
      key,
    );
    if (seen.kind === 'conflict') return { ok: false, error: E.keyReused, conflict: true };
    if (seen.kind === 'replay' && seen.result.held)
      return { ok: false, error: HELD, held: seen.result.held };
    if (seen.kind === 'replay') {
      const first = tx
        .select()
        .from(creditRedemptions)
        .where(eq(creditRedemptions.id, seen.result.redemptionId))
        .get();
      if (!first) return { ok: false, error: E.redemptionNotFound };
      return {
        ok: true,
        redemption: first,
        code: formatRedemptionCode(first.id),
        refundedAt: seen.result.refundedAt ?? '',
        replayed: true,
      };
    }
    const redemption = tx
      .select()
      .from(creditRedemptions)
      .where(eq(creditRedemptions.id, redemptionId))
      .get();
    if (!redemption) return { ok: false, error: E.redemptionNotFound };
    const already = tx
      .select({ id: revokedRedemptions.id })
      .from(revokedRedemptions)
      .where(eq(revokedRedemptions.redemptionId, redemptionId))
      .get();
    if (redemption.status === 'revoked' || already) return { ok: false, error: E.alreadyRefunded };
    const limit = currentMoneyLimits(tx).refundAboveCents;
    if (redemption.amountCents > limit) {
      // Over the admin's threshold: held for a second admin, nothing is restored yet.
      const held = holdChange(
        tx,
        {
          kind: 'refund',
          amountCents: redemption.amountCents,
          currency: redemption.currency,
          limitName: 'refundAbove',
          redemptionId,
          riderId: redemption.riderId,
          note: reason?.trim() || null,
        },
        actor,
        now,
        mail,
      );
      recordIdempotent(tx, key, { redemptionId, held });
      return { ok: false, error: HELD, held };
    }
    return refundInTx(tx, redemption, actor, reason, now, key);
  });
}

type Allocation = typeof redemptionAllocations.$inferSelect;

/**
 * One award a refunded redemption drew on, given back with its ledger row; an award past its
 * expiry is returned then expired, like the expiry job would. Whether it had expired.
 */
function restoreAward(
  tx: Tx,
  alloc: Allocation,
  refund: { redemptionId: number; code: string; actor: Actor; now: Date; kind: RevokeKind },
): boolean {
  const { redemptionId, code, actor, now, kind } = refund;
  const award = tx.select().from(awards).where(eq(awards.id, alloc.awardId)).get();
  if (!award) throw new Error(`award ${alloc.awardId} missing`);
  const base = {
    riderId: award.riderId,
    balance: 'credit' as const,
    currency: award.currency,
    awardId: award.id,
    redemptionId,
    actor,
  };
  recordLedger(tx, {
    ...base,
    kind,
    amountCents: alloc.amountCents,
    note: `${kind} ${code}`,
  });
  const expiresMs = award.expiresAt ? Date.parse(award.expiresAt) : NaN;
  const expired = !(expiresMs > now.getTime());
  const valueAfterRefund = award.currentCents + alloc.amountCents;
  if (expired) {
    // Returned, then expired like the expiry job would: the whole value left goes.
    recordLedger(tx, {
      ...base,
      kind: 'expiry',
      amountCents: -valueAfterRefund,
      note: `expired on ${kind} ${code}`,
    });
  }
  const lastActive = tx
    .select({ createdAt: creditRedemptions.createdAt })
    .from(redemptionAllocations)
    .innerJoin(creditRedemptions, eq(creditRedemptions.id, redemptionAllocations.redemptionId))
    .where(and(eq(redemptionAllocations.awardId, award.id), eq(creditRedemptions.status, 'active')))
    .orderBy(desc(creditRedemptions.createdAt))
    .get();
  tx.update(awards)
    .set({
      currentCents: expired ? 0 : valueAfterRefund,
      spentCents: award.spentCents - alloc.amountCents,
      status: expired ? 'expired' : 'current',
      redeemedAt: lastActive?.createdAt ?? null,
    })
    .where(eq(awards.id, award.id))
    .run();
  return expired;
}

/** An admin's refund, or a dealer's void of its own redemption within the void window. */
export type RevokeKind = 'refund' | 'void';

/**
 * The refund itself, inside the caller's transaction: used directly by `refundRedemption` within
 * the limit, by the second admin's approval of a held refund, and by a dealer's void (`kind`).
 */
export function refundInTx(
  tx: Tx,
  redemption: CreditRedemption,
  actor: Actor,
  reason: string | null | undefined,
  now: Date,
  key?: IdempotencyRef,
  kind: RevokeKind = 'refund',
): RefundResult {
  {
    const redemptionId = redemption.id;
    const iso = now.toISOString();

    const updated = tx
      .update(creditRedemptions)
      .set({ status: 'revoked' })
      .where(and(eq(creditRedemptions.id, redemptionId), eq(creditRedemptions.status, 'active')))
      .returning()
      .get();
    if (!updated) return { ok: false, error: E.alreadyRefunded };
    tx.insert(revokedRedemptions)
      .values({
        redemptionId,
        refundedByUserId: actor.userId,
        refundedAt: iso,
        reason: reason?.trim() ? reason.trim() : null,
        kind,
      })
      .run();

    const code = formatRedemptionCode(redemptionId);
    const allocations = tx
      .select()
      .from(redemptionAllocations)
      .where(eq(redemptionAllocations.redemptionId, redemptionId))
      .orderBy(asc(redemptionAllocations.id))
      .all();
    const restored: { awardId: number; amountCents: number; expired: boolean }[] = [];
    for (const alloc of allocations) {
      const expired = restoreAward(tx, alloc, { redemptionId, code, actor, now, kind });
      restored.push({ awardId: alloc.awardId, amountCents: alloc.amountCents, expired });
    }
    audit(
      tx,
      actor,
      kind === 'void' ? 'redemption.voided' : 'redemption.refunded',
      { type: 'creditRedemption', id: redemptionId },
      {
        code,
        amountCents: redemption.amountCents,
        currency: redemption.currency,
        reason: reason ?? null,
        restored,
      },
    );
    recordIdempotent(tx, key, { redemptionId, refundedAt: iso });
    return { ok: true, redemption: updated, code, refundedAt: iso };
  }
}

/** Refunds (refundRedemption), then mails the rider once the refund has committed. */
export async function refundRedemptionAndMail(
  ...args: Parameters<typeof refundRedemption>
): Promise<RefundResult> {
  const out = refundRedemption(...args);
  if (out.ok && !out.replayed)
    await mailRiderAboutRedemption(args[0], out.redemption.id, 'refund', args[4]);
  return out;
}
