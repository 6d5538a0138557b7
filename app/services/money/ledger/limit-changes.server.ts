/**
 * The limits under two people: an admin's proposal lowers at once what it lowers (a tighter rule
 * never needs a second person) and holds what it raises for a second admin, exactly like the
 * amounts the limits govern. Nothing passes the server's ceilings, even with two approvals. With
 * a single active admin nobody could approve a raise, so the page refuses it and the operator
 * raises on the server's command line (scripts/limits-set.ts), with a reason.
 */
import { and, count, eq } from 'drizzle-orm';
import { writeTx, type Conn, type DB, type Tx } from '~/db.server';
import { pendingMoneyChanges, users } from '#db/schema';
import type { Actor } from '~/services/platform/audit.server';
import {
  applyMoneyLimitsInTx,
  currentMoneyLimits,
  limitsAboveCeiling,
  MONEY_LIMIT_KEYS,
  type MoneyLimitKey,
  type MoneyLimits,
} from '~/services/money/ledger/money-limits.server';
import {
  holdChange,
  limitChangesOf,
  limitsPayload,
  Refused,
  type HoldMail,
  type LimitChange,
} from '~/services/money/ledger/pending-changes.server';

/** Why one proposed limit is refused (a message next to its field). */
type LimitFieldError = 'aboveCeiling' | 'singleAdmin';

export type ProposeOutcome =
  | { ok: true; lowered: MoneyLimitKey[]; held: number | null }
  | { ok: false; error: 'notAdmin' }
  | { ok: false; error: 'fields'; fields: Partial<Record<MoneyLimitKey, LimitFieldError>> };

/** Admins who can sign in and decide (not deactivated). */
export function activeAdminCount(conn: Conn): number {
  return (
    conn
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.deactivated, false)))
      .get()?.n ?? 0
  );
}

/** True when `actor` is an admin acting as themself (not through a proxy). */
function actsAsAdmin(conn: Conn, actor: Actor): boolean {
  if (actor.userId === null || actor.proxyHostUserId !== null) return false;
  const row = conn.select({ role: users.role }).from(users).where(eq(users.id, actor.userId)).get();
  return row?.role === 'admin';
}

/**
 * An admin's new limits from the page. Any limit above its ceiling refuses the whole proposal,
 * as does a raise with a single active admin (nothing is applied then: the form says why next to
 * each field). Otherwise the lowered limits apply at once and the raised ones are held as one
 * pending change (superseding an older pending proposal), mailed to the admins.
 */
export function proposeMoneyLimits(
  db: DB,
  proposed: MoneyLimits,
  actor: Actor,
  now = new Date(),
  mail?: HoldMail,
): ProposeOutcome {
  return writeTx(db, (tx): ProposeOutcome => {
    if (!actsAsAdmin(tx, actor)) return { ok: false, error: 'notAdmin' };
    const fields: Partial<Record<MoneyLimitKey, LimitFieldError>> = {};
    for (const k of limitsAboveCeiling(proposed)) fields[k] = 'aboveCeiling';
    const before = currentMoneyLimits(tx);
    const raised: LimitChange[] = MONEY_LIMIT_KEYS.filter((k) => proposed[k] > before[k]).map(
      (key) => ({ key, from: before[key], to: proposed[key] }),
    );
    if (raised.length > 0 && activeAdminCount(tx) < 2)
      for (const r of raised) fields[r.key] ??= 'singleAdmin';
    if (Object.keys(fields).length > 0) return { ok: false, error: 'fields', fields };

    const lowered = MONEY_LIMIT_KEYS.filter((k) => proposed[k] < before[k]);
    if (lowered.length > 0)
      applyMoneyLimitsInTx(
        tx,
        Object.fromEntries(lowered.map((k) => [k, proposed[k]])),
        actor,
        now,
        { lowered },
      );
    const held =
      raised.length === 0
        ? null
        : holdChange(
            tx,
            {
              kind: 'limits',
              // The largest raise stands for the change in the table's amount column.
              amountCents: Math.max(...raised.map((r) => r.to)),
              previousCents: 0,
              currency: 'USD',
              limitName: 'limits',
              payload: limitsPayload(raised),
            },
            actor,
            now,
            mail,
          );
    return { ok: true, lowered, held };
  });
}

/**
 * Applies an approved `limits` change inside the approval's transaction: the held values are
 * written as proposed, audited with the approver as actor and the proposer in the details.
 * Above a ceiling (the configuration may have changed since) it is refused.
 */
export function applyHeldLimitsInTx(
  tx: Tx,
  row: typeof pendingMoneyChanges.$inferSelect,
  actor: Actor,
  now: Date,
): void {
  const changes = limitChangesOf(row.payload);
  if (changes.length === 0) throw new Refused('gone');
  const limits = Object.fromEntries(changes.map((c) => [c.key, c.to])) as Partial<MoneyLimits>;
  if (limitsAboveCeiling(limits).length > 0) throw new Refused('aboveCeiling');
  applyMoneyLimitsInTx(tx, limits, actor, now, {
    pendingMoneyChangeId: row.id,
    proposedByUserId: row.enteredByUserId,
    proposedProxyHostUserId: row.enteredProxyHostUserId,
  });
}
