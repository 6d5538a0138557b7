/**
 * Credit redemptions at the dealer counter, refunds, and their lists (rules.md "Dealer credit",
 * docs/decisions.md "Money: counter").
 *
 * Every money change runs in ONE synchronous IMMEDIATE transaction (`writeTx`): the write lock is
 * taken before the awards are re-read, so two redemptions at once (even from two processes) can
 * never overdraw. The PIN hash is compared BEFORE the transaction (bcrypt is async); the lock-out
 * is checked again inside it, so at most 5 wrong PINs per rider are ever answered per lock window.
 */
import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { alias, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { fromZonedTime } from 'date-fns-tz';
import { writeTx, type Conn, type DB } from '~/db.server';
import {
  admins,
  awards,
  creditRedemptions,
  dealers,
  pinAttempts,
  redemptionAllocations,
  revokedRedemptions,
  riders,
  users,
  type CreditRedemption,
} from '#db/schema';
import {
  PAGE_SIZE,
  PIN_LENGTH,
  PIN_LOCK_MINUTES,
  PIN_MAX_FAILURES,
  PIN_WINDOW_MINUTES,
  TIME_ZONE,
  type Currency,
} from '~/lib/constants';
import { parseDateOnly, todayString, toBase36Code } from '~/lib/format';
import { audit, type Actor } from '~/services/platform/audit.server';
import { availableCredit, currencyForCountry } from '~/services/money/credit.server';
import { recordLedger } from '~/services/money/ledger.server';
import { verifySecret } from '~/services/auth/password.server';
import { pageWindow } from '~/lib/pagination';

const MINUTE = 60 * 1000;

// ---------------------------------------------------------------- error keys

/** Every error a redemption or refund can answer (i18n keys in the `dealer` namespace). */
export const REDEEM_ERRORS = {
  amountPositive: 'dealer:errors.amountPositive',
  amountTooHigh: 'dealer:errors.amountTooHigh',
  noCredit: 'dealer:errors.noCredit',
  employeeRequired: 'dealer:errors.employeeRequired',
  idNotVerified: 'dealer:errors.idNotVerified',
  pinFormat: 'validation:pin',
  wrongPin: 'dealer:errors.wrongPin',
  pinLocked: 'dealer:errors.pinLocked',
  riderNotFound: 'dealer:errors.riderNotFound',
  riderInactive: 'dealer:errors.riderInactive',
  noPin: 'dealer:errors.noPin',
  dealerNotFound: 'dealer:errors.dealerNotFound',
  dealerInactive: 'dealer:errors.dealerInactive',
  redemptionNotFound: 'dealer:errors.redemptionNotFound',
  alreadyRefunded: 'dealer:errors.alreadyRefunded',
} as const;
const E = REDEEM_ERRORS;

export type RedeemField = 'amount' | 'pin' | 'employeeName' | 'idVerified' | 'riderId' | 'dealerId';

export type RedeemInput = {
  riderId: number;
  dealerId: number;
  amountCents: number;
  pin: string;
  employeeName: string;
  idVerified: boolean;
  actor: Actor;
  now?: Date;
};

export type RedeemResult =
  | { ok: true; redemption: CreditRedemption; code: string }
  | {
      ok: false;
      error: string; // i18n key
      field?: RedeemField;
      /** Set when refused by the PIN lock-out: when redemptions for this rider open again. */
      lockedUntil?: string;
    };

// ---------------------------------------------------------------- PIN lock-out

/**
 * When the rider's PIN lock-out ends, or null when not locked: 5 wrong PINs within 15 minutes
 * lock redemptions for that rider for 15 minutes from the 5th wrong PIN. Counted from
 * `pin_attempts` (the database), so it survives restarts and holds across processes. A correct
 * PIN in between does not reset the count (the rule counts wrong PINs in the window).
 */
export function pinLockedUntil(conn: Conn, riderId: number, now: Date = new Date()): Date | null {
  const horizon = new Date(now.getTime() - (PIN_WINDOW_MINUTES + PIN_LOCK_MINUTES) * MINUTE);
  const rows = conn
    .select({ createdAt: pinAttempts.createdAt })
    .from(pinAttempts)
    .where(
      and(
        eq(pinAttempts.riderId, riderId),
        eq(pinAttempts.success, false),
        gte(pinAttempts.createdAt, horizon.toISOString()),
      ),
    )
    .orderBy(asc(pinAttempts.createdAt), asc(pinAttempts.id))
    .all();
  const times = rows.map((r) => Date.parse(r.createdAt)).filter((t) => !Number.isNaN(t) && t <= now.getTime());
  let until = 0;
  for (let i = PIN_MAX_FAILURES - 1; i < times.length; i++) {
    if (times[i] - times[i - (PIN_MAX_FAILURES - 1)] <= PIN_WINDOW_MINUTES * MINUTE) {
      until = Math.max(until, times[i] + PIN_LOCK_MINUTES * MINUTE);
    }
  }
  return until > now.getTime() ? new Date(until) : null;
}

// ---------------------------------------------------------------- redeem

type RiderForCounter = { id: number; pinHash: string | null; deactivated: boolean; country: string };

function loadRider(conn: Conn, riderId: number): RiderForCounter | undefined {
  return conn
    .select({ id: riders.id, pinHash: riders.pinHash, deactivated: users.deactivated, country: riders.country })
    .from(riders)
    .innerJoin(users, eq(users.id, riders.userId))
    .where(eq(riders.id, riderId))
    .get();
}

/**
 * Redeems `amountCents` of a rider's dealer credit at a dealer, in the dealer's currency.
 * Checks (in order): inputs, rider (exists, active, has a PIN), dealer (exists, active), PIN
 * lock-out, amount against what is available now, the PIN (hash compared before the
 * transaction), then inside one IMMEDIATE transaction: lock-out again, the attempt logged,
 * awards re-read and drawn soonest expiry first, redemption + allocations + one ledger row per
 * award drawn + audit.
 */
export async function redeem(db: DB, input: RedeemInput): Promise<RedeemResult> {
  const { riderId, dealerId, amountCents, actor } = input;
  const clock = () => input.now ?? new Date();
  const employeeName = (input.employeeName ?? '').trim();
  const pin = (input.pin ?? '').trim();

  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) {
    return { ok: false, error: E.amountPositive, field: 'amount' };
  }
  if (!new RegExp(`^\\d{${PIN_LENGTH}}$`).test(pin)) return { ok: false, error: E.pinFormat, field: 'pin' };
  if (!employeeName) return { ok: false, error: E.employeeRequired, field: 'employeeName' };
  if (input.idVerified !== true) return { ok: false, error: E.idNotVerified, field: 'idVerified' };

  const rider = loadRider(db, riderId);
  if (!rider) return { ok: false, error: E.riderNotFound, field: 'riderId' };
  if (rider.deactivated) return { ok: false, error: E.riderInactive, field: 'riderId' };
  if (!rider.pinHash) return { ok: false, error: E.noPin, field: 'pin' };
  const dealer = db
    .select({ id: dealers.id, country: dealers.country, active: dealers.active })
    .from(dealers)
    .where(eq(dealers.id, dealerId))
    .get();
  if (!dealer) return { ok: false, error: E.dealerNotFound, field: 'dealerId' };
  if (!dealer.active) return { ok: false, error: E.dealerInactive, field: 'dealerId' };
  const currency = currencyForCountry(dealer.country);

  const lockedBefore = pinLockedUntil(db, riderId, clock());
  if (lockedBefore) {
    audit(db, actor, 'redemption.pinLocked', { type: 'rider', id: riderId }, { dealerId });
    return { ok: false, error: E.pinLocked, field: 'pin', lockedUntil: lockedBefore.toISOString() };
  }
  // Not a promise of funds (re-checked in the transaction); spares a PIN try when it cannot work.
  const before = availableCredit(db, riderId, clock(), currency);
  if (before.totalCents === 0) return { ok: false, error: E.noCredit, field: 'amount' };
  if (amountCents > before.totalCents) return { ok: false, error: E.amountTooHigh, field: 'amount' };

  const pinOk = await verifySecret(pin, rider.pinHash);

  return writeTx(db, (tx): RedeemResult => {
    const now = clock();
    const iso = now.toISOString();
    const locked = pinLockedUntil(tx, riderId, now);
    if (locked) {
      audit(tx, actor, 'redemption.pinLocked', { type: 'rider', id: riderId }, { dealerId });
      return { ok: false, error: E.pinLocked, field: 'pin', lockedUntil: locked.toISOString() };
    }
    tx.insert(pinAttempts)
      .values({ riderId, dealerId, userId: actor.userId, success: pinOk, createdAt: iso })
      .run();
    if (!pinOk) {
      const nowLocked = pinLockedUntil(tx, riderId, now);
      if (nowLocked) {
        audit(tx, actor, 'redemption.pinLockStarted', { type: 'rider', id: riderId }, { dealerId });
        return { ok: false, error: E.pinLocked, field: 'pin', lockedUntil: nowLocked.toISOString() };
      }
      return { ok: false, error: E.wrongPin, field: 'pin' };
    }

    const credit = availableCredit(tx, riderId, now, currency);
    if (credit.totalCents === 0) return { ok: false, error: E.noCredit, field: 'amount' };
    if (amountCents > credit.totalCents) return { ok: false, error: E.amountTooHigh, field: 'amount' };

    const redemption = tx
      .insert(creditRedemptions)
      .values({
        riderId,
        dealerId,
        amountCents,
        currency,
        employeeName,
        idVerified: true,
        status: 'active',
        createdByUserId: actor.userId,
        proxyHostUserId: actor.proxyHostUserId,
        createdAt: iso,
      })
      .returning()
      .get();
    const code = toBase36Code(redemption.id);

    let left = amountCents;
    const drawn: { awardId: number; amountCents: number }[] = [];
    for (const award of credit.awards) {
      if (left === 0) break;
      const take = Math.min(left, award.currentCents);
      const spentOut = award.currentCents - take === 0;
      const res = tx
        .update(awards)
        .set({
          currentCents: sql`${awards.currentCents} - ${take}`,
          spentCents: sql`${awards.spentCents} + ${take}`,
          status: spentOut ? 'spent' : 'current',
          redeemedAt: iso,
        })
        .where(and(eq(awards.id, award.id), eq(awards.status, 'current'), gte(awards.currentCents, take)))
        .run();
      // Cannot happen under the write lock; if it ever does, throwing rolls everything back.
      if (res.changes !== 1) throw new Error(`award ${award.id} changed during redemption`);
      tx.insert(redemptionAllocations).values({ redemptionId: redemption.id, awardId: award.id, amountCents: take }).run();
      recordLedger(tx, {
        riderId,
        balance: 'credit',
        kind: 'redemption',
        amountCents: -take,
        currency,
        awardId: award.id,
        redemptionId: redemption.id,
        actor,
        note: `redemption ${code}`,
      });
      drawn.push({ awardId: award.id, amountCents: take });
      left -= take;
    }
    if (left !== 0) throw new Error('redemption could not be fully allocated');
    audit(tx, actor, 'redemption.created', { type: 'creditRedemption', id: redemption.id }, {
      code,
      riderId,
      dealerId,
      amountCents,
      currency,
      employeeName,
      allocations: drawn,
    });
    return { ok: true, redemption, code };
  });
}

// ---------------------------------------------------------------- refund

export type RefundResult =
  | { ok: true; redemption: CreditRedemption; code: string; refundedAt: string }
  | { ok: false; error: string };

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
): RefundResult {
  return writeTx(db, (tx): RefundResult => {
    const iso = now.toISOString();
    const redemption = tx.select().from(creditRedemptions).where(eq(creditRedemptions.id, redemptionId)).get();
    if (!redemption) return { ok: false, error: E.redemptionNotFound };
    const already = tx
      .select({ id: revokedRedemptions.id })
      .from(revokedRedemptions)
      .where(eq(revokedRedemptions.redemptionId, redemptionId))
      .get();
    if (redemption.status === 'revoked' || already) return { ok: false, error: E.alreadyRefunded };

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
      })
      .run();

    const code = toBase36Code(redemptionId);
    const allocations = tx
      .select()
      .from(redemptionAllocations)
      .where(eq(redemptionAllocations.redemptionId, redemptionId))
      .orderBy(asc(redemptionAllocations.id))
      .all();
    const restored: { awardId: number; amountCents: number; expired: boolean }[] = [];
    for (const alloc of allocations) {
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
      recordLedger(tx, { ...base, kind: 'refund', amountCents: alloc.amountCents, note: `refund ${code}` });
      const expiresMs = award.expiresAt ? Date.parse(award.expiresAt) : NaN;
      const expired = !(expiresMs > now.getTime());
      const valueAfterRefund = award.currentCents + alloc.amountCents;
      if (expired) {
        // Returned, then expired like the expiry job would: the whole value left goes.
        recordLedger(tx, {
          ...base,
          kind: 'expiry',
          amountCents: -valueAfterRefund,
          note: `expired on refund ${code}`,
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
      restored.push({ awardId: award.id, amountCents: alloc.amountCents, expired });
    }
    audit(tx, actor, 'redemption.refunded', { type: 'creditRedemption', id: redemptionId }, {
      code,
      amountCents: redemption.amountCents,
      currency: redemption.currency,
      reason: reason ?? null,
      restored,
    });
    return { ok: true, redemption: updated, code, refundedAt: iso };
  });
}

// ---------------------------------------------------------------- lists

export type RedemptionFilters = {
  afterDate?: string | null; // 'YYYY-MM-DD', inclusive, Los Angeles day
  beforeDate?: string | null; // 'YYYY-MM-DD', inclusive, Los Angeles day
  country?: string | null; // the dealer's country (where the credit was spent)
  riderName?: string | null;
  dealerId?: number | null;
  riderId?: number | null;
  page?: number | null;
};

export type Pagination = { page: number; totalPages: number; total: number; pageSize: number };

export type CreditRedemptionRow = {
  id: number;
  code: string;
  riderId: number;
  riderName: string;
  dealerId: number;
  dealerName: string;
  dealerCountry: string;
  amountCents: number;
  currency: Currency;
  employeeName: string;
  idVerified: boolean;
  createdAt: string;
  status: 'active' | 'revoked';
  refundedAt: string | null;
  refundedBy: string | null;
  reason: string | null;
};

export type RevokedRedemptionRow = CreditRedemptionRow & { revokedId: number; refundedAt: string };

/** Start of a Los Angeles calendar day as an ISO instant (null for an invalid day). */
function dayStartIso(day: string | null | undefined, plusDays = 0): string | null {
  const d = day ? parseDateOnly(day) : null;
  if (!d) return null;
  const probe = new Date(Date.UTC(d.year, d.month - 1, d.day + plusDays));
  const ymd = probe.toISOString().slice(0, 10);
  return fromZonedTime(`${ymd}T00:00:00`, TIME_ZONE).toISOString();
}

/** A LIKE pattern matching `text` anywhere, with LIKE's wildcards escaped. */
function likeAnywhere(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const refunder = alias(users, 'refunder');
const refunderAdmin = alias(admins, 'refunder_admin');

function rowSelection() {
  return {
    id: creditRedemptions.id,
    riderId: creditRedemptions.riderId,
    firstName: riders.firstName,
    lastName: riders.lastName,
    dealerId: creditRedemptions.dealerId,
    dealerName: dealers.name,
    dealerCountry: dealers.country,
    amountCents: creditRedemptions.amountCents,
    currency: creditRedemptions.currency,
    employeeName: creditRedemptions.employeeName,
    idVerified: creditRedemptions.idVerified,
    createdAt: creditRedemptions.createdAt,
    status: creditRedemptions.status,
    revokedId: revokedRedemptions.id,
    refundedAt: revokedRedemptions.refundedAt,
    reason: revokedRedemptions.reason,
    refunderEmail: refunder.email,
    refunderFirst: refunderAdmin.firstName,
    refunderLast: refunderAdmin.lastName,
  };
}

type RawRow = {
  id: number;
  riderId: number;
  firstName: string;
  lastName: string;
  dealerId: number;
  dealerName: string;
  dealerCountry: string;
  amountCents: number;
  currency: Currency;
  employeeName: string;
  idVerified: boolean;
  createdAt: string;
  status: 'active' | 'revoked';
  revokedId: number | null;
  refundedAt: string | null;
  reason: string | null;
  refunderEmail: string | null;
  refunderFirst: string | null;
  refunderLast: string | null;
};

function toRow(r: RawRow): CreditRedemptionRow {
  const adminName = [r.refunderFirst, r.refunderLast].filter(Boolean).join(' ').trim();
  return {
    id: r.id,
    code: toBase36Code(r.id),
    riderId: r.riderId,
    riderName: `${r.firstName} ${r.lastName}`.trim(),
    dealerId: r.dealerId,
    dealerName: r.dealerName,
    dealerCountry: r.dealerCountry,
    amountCents: r.amountCents,
    currency: r.currency,
    employeeName: r.employeeName,
    idVerified: r.idVerified,
    createdAt: r.createdAt,
    status: r.status,
    refundedAt: r.refundedAt,
    refundedBy: r.revokedId === null ? null : adminName || r.refunderEmail || null,
    reason: r.reason,
  };
}

/** WHERE conditions shared by both lists; `dateColumn` is what the date filters apply to. */
function conditions(f: RedemptionFilters, dateColumn: AnySQLiteColumn): SQL[] {
  const where: SQL[] = [];
  const after = dayStartIso(f.afterDate);
  const before = dayStartIso(f.beforeDate, 1);
  if (after) where.push(gte(dateColumn, after));
  if (before) where.push(lt(dateColumn, before));
  if (f.country?.trim()) where.push(eq(dealers.country, f.country.trim().toUpperCase()));
  if (f.dealerId) where.push(eq(creditRedemptions.dealerId, f.dealerId));
  if (f.riderId) where.push(eq(creditRedemptions.riderId, f.riderId));
  const name = f.riderName?.trim().replace(/\s+/g, ' ');
  if (name) {
    where.push(
      sql`(${riders.firstName} || ' ' || ${riders.lastName}) LIKE ${likeAnywhere(name)} ESCAPE '\\'`,
    );
  }
  return where;
}

function pageOf(total: number, requested: number | null | undefined, pageSize: number): Pagination {
  return { ...pageWindow(total, requested ?? undefined, pageSize).pagination, pageSize };
}

function baseQuery(conn: Conn) {
  return conn
    .select(rowSelection())
    .from(creditRedemptions)
    .innerJoin(riders, eq(riders.id, creditRedemptions.riderId))
    .innerJoin(dealers, eq(dealers.id, creditRedemptions.dealerId))
    .leftJoin(revokedRedemptions, eq(revokedRedemptions.redemptionId, creditRedemptions.id))
    .leftJoin(refunder, eq(refunder.id, revokedRedemptions.refundedByUserId))
    .leftJoin(refunderAdmin, eq(refunderAdmin.userId, refunder.id));
}

function countQuery(conn: Conn, where: SQL[]): number {
  const row = conn
    .select({ n: sql<number>`count(*)` })
    .from(creditRedemptions)
    .innerJoin(riders, eq(riders.id, creditRedemptions.riderId))
    .innerJoin(dealers, eq(dealers.id, creditRedemptions.dealerId))
    .leftJoin(revokedRedemptions, eq(revokedRedemptions.redemptionId, creditRedemptions.id))
    .where(where.length ? and(...where) : undefined)
    .get();
  return Number(row?.n ?? 0);
}

/**
 * Credit redemptions, newest first, with filters and pagination (PAGE_SIZE rows a page).
 * Date filters are inclusive Los Angeles days on the redemption date; `country` is the dealer's.
 * Refunded redemptions are included with status 'revoked' and their refund date.
 */
export function listCreditRedemptions(
  conn: Conn,
  filters: RedemptionFilters = {},
  pageSize: number = PAGE_SIZE,
): { creditRedemptions: CreditRedemptionRow[]; pagination: Pagination } {
  const where = conditions(filters, creditRedemptions.createdAt);
  const pagination = pageOf(countQuery(conn, where), filters.page, pageSize);
  const rows = baseQuery(conn)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(creditRedemptions.createdAt), desc(creditRedemptions.id))
    .limit(pageSize)
    .offset((pagination.page - 1) * pageSize)
    .all();
  return { creditRedemptions: rows.map(toRow), pagination };
}

/**
 * Revoked (refunded) redemptions, newest refund first, with the same filters; here the date
 * filters apply to the refund date. Each row holds who refunded it and when.
 */
export function listRevokedRedemptions(
  conn: Conn,
  filters: RedemptionFilters = {},
  pageSize: number = PAGE_SIZE,
): { revokedRedemptions: RevokedRedemptionRow[]; pagination: Pagination } {
  const where = [sql`${revokedRedemptions.id} IS NOT NULL`, ...conditions(filters, revokedRedemptions.refundedAt)];
  const pagination = pageOf(countQuery(conn, where), filters.page, pageSize);
  const rows = baseQuery(conn)
    .where(and(...where))
    .orderBy(desc(revokedRedemptions.refundedAt), desc(revokedRedemptions.id))
    .limit(pageSize)
    .offset((pagination.page - 1) * pageSize)
    .all();
  return {
    revokedRedemptions: rows.map((r) => ({
      ...toRow(r),
      revokedId: r.revokedId ?? 0,
      refundedAt: r.refundedAt ?? '',
    })),
    pagination,
  };
}

/** One redemption (for the receipt), or undefined. */
export function getCreditRedemption(conn: Conn, redemptionId: number): CreditRedemptionRow | undefined {
  const r = baseQuery(conn).where(eq(creditRedemptions.id, redemptionId)).get();
  return r ? toRow(r) : undefined;
}

/** Redemptions made at a dealer today (Los Angeles day), newest first, refunded ones included. */
export function todaysRedemptions(conn: Conn, dealerId: number, now: Date = new Date()): CreditRedemptionRow[] {
  const today = todayString(now);
  const where = conditions({ afterDate: today, beforeDate: today, dealerId }, creditRedemptions.createdAt);
  return baseQuery(conn)
    .where(and(...where))
    .orderBy(desc(creditRedemptions.createdAt), desc(creditRedemptions.id))
    .all()
    .map(toRow);
}

/** The awards a redemption drew from (for receipts and audits). */
export function redemptionAllocationsOf(conn: Conn, redemptionIds: number[]) {
  if (redemptionIds.length === 0) return [];
  return conn
    .select()
    .from(redemptionAllocations)
    .where(inArray(redemptionAllocations.redemptionId, redemptionIds))
    .all();
}
