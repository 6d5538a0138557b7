/**
 * The admin's limits on money a person types outside the payout tables (a result's bonus, a
 * large refund). A change over its limit is not refused: it is held until a second admin approves
 * it (pending-changes.server). The limits live in one row; without it the defaults hold. Raising
 * a limit is itself held for a second admin (limit-changes.server), and no limit ever passes the
 * server's ceilings (MONEY_LIMIT_CEILING_CENTS, MONEY_YEAR_LIMIT_CEILING_CENTS).
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { writeTx, type Conn, type DB, type Tx } from '~/db.server';
import { events, moneyLimits, results, users } from '#db/schema';
import { env } from '~/env.server';
import { audit, type Actor } from '~/services/platform/audit.server';
import { MONEY_LIMIT_KEYS, type MoneyLimitKey } from '~/lib/schemas/money-controls';

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
  /** One place's payout in a class a promoter enters (an admin's own entries are the program's). */
  promoterPlaceCents: number;
};

export { MONEY_LIMIT_KEYS, type MoneyLimitKey };

export const DEFAULT_MONEY_LIMITS: MoneyLimits = {
  promoterBonusPerResultCents: 1_000_00,
  adminBonusPerResultCents: 5_000_00,
  bonusPerEventCents: 10_000_00,
  bonusPerYearCents: 100_000_00,
  refundAboveCents: 1_000_00,
  promoterPlaceCents: 2_500_00,
};

/**
 * The server's hard ceilings (configuration, not the page): `singleCents` bounds every limit but
 * the yearly one and any single held amount an approval would apply; `perYearCents` bounds the
 * per-year bonus limit.
 */
export type MoneyCeilings = { singleCents: number; perYearCents: number };

export function moneyCeilings(): MoneyCeilings {
  const e = env();
  return {
    singleCents: e.MONEY_LIMIT_CEILING_CENTS,
    perYearCents: e.MONEY_YEAR_LIMIT_CEILING_CENTS,
  };
}

/** The ceiling one limit can never pass. */
export function ceilingOf(key: MoneyLimitKey, ceilings = moneyCeilings()): number {
  return key === 'bonusPerYearCents' ? ceilings.perYearCents : ceilings.singleCents;
}

/** The limits of `limits` above their ceiling. */
export function limitsAboveCeiling(
  limits: Partial<MoneyLimits>,
  ceilings = moneyCeilings(),
): MoneyLimitKey[] {
  return MONEY_LIMIT_KEYS.filter((k) => (limits[k] ?? 0) > ceilingOf(k, ceilings));
}

/** A limit above the server's ceiling was asked for (the command line says which). */
export class AboveCeilingError extends Error {
  constructor(readonly keys: MoneyLimitKey[]) {
    super(`above the ceiling: ${keys.join(', ')}`);
  }
}

/**
 * The limits in force (the admin's, else the defaults), never above the ceilings: a row stored
 * before the ceilings existed, or under a higher configured ceiling, cannot lift them.
 */
export function currentMoneyLimits(conn: Conn): MoneyLimits {
  const row = conn.select().from(moneyLimits).where(eq(moneyLimits.id, 1)).get();
  const out = { ...DEFAULT_MONEY_LIMITS };
  const ceilings = moneyCeilings();
  for (const k of MONEY_LIMIT_KEYS)
    out[k] = Math.min(row ? row[k] : out[k], ceilingOf(k, ceilings));
  return out;
}

/**
 * Writes limits inside the caller's transaction, audited with the old and new values and
 * `details` (who proposed a change a second admin approved, or the command line's reason).
 * Callers decide who may: lowering, an approval, or the server's command line.
 */
export function applyMoneyLimitsInTx(
  tx: Tx,
  limits: Partial<MoneyLimits>,
  actor: Actor,
  now: Date,
  details: Record<string, unknown> = {},
): MoneyLimits {
  const above = limitsAboveCeiling(limits);
  if (above.length > 0) throw new AboveCeilingError(above);
  const before = currentMoneyLimits(tx);
  const after = { ...before, ...limits };
  const values = { ...after, updatedByUserId: actor.userId, updatedAt: now.toISOString() };
  tx.insert(moneyLimits)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: moneyLimits.id, set: values })
    .run();
  audit(
    tx,
    actor,
    'money.limits.set',
    { type: 'moneyLimits', id: 1 },
    { before, after, ...details },
  );
  return after;
}

/**
 * Stores new limits at once, with no second admin: for the server's command line (limits-set)
 * and tests only; the page proposes (limit-changes.server). Above a ceiling it throws.
 */
export function setMoneyLimits(
  db: DB,
  limits: Partial<MoneyLimits>,
  actor: Actor,
  now = new Date(),
  details: Record<string, unknown> = {},
): MoneyLimits {
  return writeTx(db, (tx) => applyMoneyLimitsInTx(tx, limits, actor, now, details));
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

/**
 * The places whose payout passes the per-place limit when a promoter enters them (an admin
 * proxying as one included), with the limit; null when all are within it or an admin enters them.
 */
export function placesOverLimit(
  conn: Conn,
  userId: number | null,
  places: readonly { place: number; amountCents: number }[],
): { limitCents: number; places: number[] } | null {
  const role = userId
    ? conn.select({ role: users.role }).from(users).where(eq(users.id, userId)).get()?.role
    : undefined;
  if (role !== 'promoter') return null;
  const limitCents = currentMoneyLimits(conn).promoterPlaceCents;
  const over = places.filter((p) => p.amountCents > limitCents).map((p) => p.place);
  return over.length ? { limitCents, places: over } : null;
}
