/**
 * The admin's limits on money a person types outside the payout tables (a result's bonus, a
 * large refund). A change over its limit is not refused: it is held until a second admin approves
 * it (pending-changes.server). The limits live in one row; without it the defaults hold.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { writeTx, type Conn, type DB } from '~/db.server';
import { events, moneyLimits, results, users } from '#db/schema';
import { audit, type Actor } from '~/services/platform/audit.server';
import { MONEY_LIMIT_KEYS } from '~/lib/schemas/money-controls';

export type MoneyLimits = {
  /** A bonus on one result entered by a promoter (or an admin proxying as one). */
  promoterBonusPerResultCents: number;
  /** A bonus on one result entered by an admin. */
  adminBonusPerResultCents: number;
  /** All bonuses of one event together. */
  bonusPerEventCents: number;
  /** All bonuses of one program year (the events' calendar year) together. */
  bonusPerYearCents: number;
  /** A refund of a redemption above this amount waits for a second admin. */
  refundAboveCents: number;
};

export { MONEY_LIMIT_KEYS };

export const DEFAULT_MONEY_LIMITS: MoneyLimits = {
  promoterBonusPerResultCents: 1_000_00,
  adminBonusPerResultCents: 5_000_00,
  bonusPerEventCents: 10_000_00,
  bonusPerYearCents: 100_000_00,
  refundAboveCents: 1_000_00,
};

/** The limits in force (the admin's, else the defaults). */
export function currentMoneyLimits(conn: Conn): MoneyLimits {
  const row = conn.select().from(moneyLimits).where(eq(moneyLimits.id, 1)).get();
  if (!row) return { ...DEFAULT_MONEY_LIMITS };
  const out = { ...DEFAULT_MONEY_LIMITS };
  for (const k of MONEY_LIMIT_KEYS) out[k] = row[k];
  return out;
}

/** Stores new limits (admin), audited with the old and new values. */
export function setMoneyLimits(db: DB, limits: MoneyLimits, actor: Actor, now = new Date()) {
  writeTx(db, (tx) => {
    const before = currentMoneyLimits(tx);
    const values = { ...limits, updatedByUserId: actor.userId, updatedAt: now.toISOString() };
    tx.insert(moneyLimits)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: moneyLimits.id, set: values })
      .run();
    audit(tx, actor, 'money.limits.set', { type: 'moneyLimits', id: 1 }, { before, after: limits });
  });
}

export type BonusLimitName = 'perResult' | 'perEvent' | 'perYear';

/**
 * Which limit a new bonus on a result passes, or null when it stays within all of them. Lowering
 * a bonus never needs approval. The entering role is the account's own role: an admin proxying
 * as a promoter is held to the promoter's limit.
 */
export function bonusOverLimit(
  conn: Conn,
  input: { userId: number | null; eventId: number; resultId: number; newCents: number },
): BonusLimitName | null {
  const current = conn
    .select({ bonusCents: results.bonusCents })
    .from(results)
    .where(eq(results.id, input.resultId))
    .get();
  const previous = current?.bonusCents ?? 0;
  if (input.newCents <= previous) return null;
  const limits = currentMoneyLimits(conn);
  const role = input.userId
    ? conn.select({ role: users.role }).from(users).where(eq(users.id, input.userId)).get()?.role
    : undefined;
  const perResult =
    role === 'admin' ? limits.adminBonusPerResultCents : limits.promoterBonusPerResultCents;
  if (input.newCents > perResult) return 'perResult';
  const others = (where: ReturnType<typeof and>) =>
    Number(
      conn
        .select({ s: sql<number>`coalesce(sum(${results.bonusCents}), 0)` })
        .from(results)
        .innerJoin(events, eq(events.id, results.eventId))
        .where(where)
        .get()?.s ?? 0,
    );
  const eventOthers = others(
    and(eq(results.eventId, input.eventId), ne(results.id, input.resultId)),
  );
  if (eventOthers + input.newCents > limits.bonusPerEventCents) return 'perEvent';
  const event = conn
    .select({ date: events.date })
    .from(events)
    .where(eq(events.id, input.eventId))
    .get();
  const year = (event?.date ?? '').slice(0, 4);
  const yearOthers = others(
    and(sql`substr(${events.date}, 1, 4) = ${year}`, ne(results.id, input.resultId)),
  );
  if (yearOthers + input.newCents > limits.bonusPerYearCents) return 'perYear';
  return null;
}
