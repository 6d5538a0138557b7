/**
 * The admin's people: riders, dealers and promoters — details, edits, logins, (de)activation,
 * factory flag. Every change is audited. Their lists: people-lists.server.
 */
import { desc, eq } from 'drizzle-orm';
import { writeTx, type DB, unplannedLimit } from '~/db.server';
import {
  awards,
  bikes,
  creditRedemptions,
  dealers,
  eventClasses,
  events,
  payoutClaims,
  promoters,
  results,
  revokedRedemptions,
  riderDocuments,
  riders,
  users,
} from '#db/schema';
import type { DealerInput, PromoterInput } from '~/lib/schemas/admin';
import { audit, type Actor } from '~/services/platform/audit.server';
import { setDeactivated } from '~/services/people/users.server';
import { awardSourceTitle } from '~/services/money/awards/award-title.server';
import {
  awardAmountColumns,
  resultLineColumns,
} from '~/services/money/ledger/select-columns.server';
import type { AwardConflict } from '~/services/money/awards/award-conflicts.server';
import { changeRiderEligibility } from '~/services/money/awards/rider-recompute.server';

/** Everything an admin sees about one rider, or null. */
export function riderDetail(db: DB, riderId: number) {
  const rider = db.select().from(riders).where(eq(riders.id, riderId)).get();
  if (!rider) return null;
  const user = db
    .select({
      id: users.id,
      email: users.email,
      emailVerified: users.emailVerified,
      deactivated: users.deactivated,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, rider.userId))
    .get();
  return {
    rider: { ...rider, pinHash: undefined, pinSet: !!rider.pinHash },
    user,
    bikes: db
      .select()
      .from(bikes)
      .where(eq(bikes.riderId, riderId))
      .orderBy(desc(bikes.createdAt))
      .all(),
    documents: db
      .select({
        id: riderDocuments.id,
        kind: riderDocuments.kind,
        originalName: riderDocuments.originalName,
        createdAt: riderDocuments.createdAt,
      })
      .from(riderDocuments)
      .where(eq(riderDocuments.riderId, riderId))
      .orderBy(desc(riderDocuments.createdAt))
      .all(),
    recentResults: db
      .select({
        id: results.id,
        ...resultLineColumns,
        payoutCents: results.payoutCents,
        currency: eventClasses.currency,
        noPayoutReason: results.noPayoutReason,
      })
      .from(results)
      .innerJoin(events, eq(events.id, results.eventId))
      .innerJoin(eventClasses, eq(eventClasses.id, results.classId))
      .where(eq(results.riderId, riderId))
      .orderBy(desc(events.date))
      .limit(unplannedLimit(10))
      .all(),
    awards: db
      .select({
        id: awards.id,
        eventTitle: awardSourceTitle,
        ...awardAmountColumns,
        spentCents: awards.spentCents,
        expiresAt: awards.expiresAt,
      })
      .from(awards)
      .leftJoin(events, eq(events.id, awards.eventId))
      .where(eq(awards.riderId, riderId))
      .orderBy(desc(awards.awardedAt))
      .limit(unplannedLimit(50))
      .all(),
    redemptions: db
      .select({
        id: creditRedemptions.id,
        dealerName: dealers.name,
        amountCents: creditRedemptions.amountCents,
        currency: creditRedemptions.currency,
        status: creditRedemptions.status,
        createdAt: creditRedemptions.createdAt,
        // How it was taken back: the dealer's own void or an admin's refund (null: it stands).
        takenBack: revokedRedemptions.kind,
      })
      .from(creditRedemptions)
      .innerJoin(dealers, eq(dealers.id, creditRedemptions.dealerId))
      .leftJoin(revokedRedemptions, eq(revokedRedemptions.redemptionId, creditRedemptions.id))
      .where(eq(creditRedemptions.riderId, riderId))
      .orderBy(desc(creditRedemptions.createdAt))
      .limit(unplannedLimit(50))
      .all(),
    payoutClaims: db
      .select()
      .from(payoutClaims)
      .where(eq(payoutClaims.riderId, riderId))
      .orderBy(desc(payoutClaims.createdAt))
      .all(),
  };
}

export type AdminRiderOutcome =
  | { ok: true }
  | { ok: false; reason: 'notFound' }
  | { ok: false; reason: 'conflicts'; conflicts: AwardConflict[] };

/**
 * Admin actions on a rider: note, level, (de)activation, factory flag. A (de)activation changes
 * which results pay, so it recomputes every event the rider has a result in, in the same
 * transaction; it is refused whole when that would take back an award spent, claimed or paid.
 */
export function updateRiderAsAdmin(
  db: DB,
  riderId: number,
  change:
    | { intent: 'note'; note?: string }
    | { intent: 'level'; level: 'amateur' | 'pro' }
    | { intent: 'deactivate' | 'activate' | 'markFactory' | 'unmarkFactory' },
  actor: Actor,
): AdminRiderOutcome {
  const rider = db.select().from(riders).where(eq(riders.id, riderId)).get();
  if (!rider) return { ok: false, reason: 'notFound' };
  switch (change.intent) {
    case 'note':
      db.update(riders)
        .set({ note: change.note || null })
        .where(eq(riders.id, riderId))
        .run();
      audit(db, actor, 'rider.note', { type: 'rider', id: riderId });
      break;
    case 'level':
      db.update(riders).set({ level: change.level }).where(eq(riders.id, riderId)).run();
      audit(db, actor, 'rider.level', { type: 'rider', id: riderId }, { level: change.level });
      break;
    case 'deactivate':
    case 'activate': {
      const deactivated = change.intent === 'deactivate';
      const out = changeRiderEligibility(db, riderId, actor, (tx) => {
        const user = tx
          .select({ deactivated: users.deactivated })
          .from(users)
          .where(eq(users.id, rider.userId))
          .get();
        setDeactivated(tx, rider.userId, deactivated, actor);
        return { value: null, recompute: user?.deactivated !== deactivated };
      });
      if (!out.ok) return { ok: false, reason: 'conflicts', conflicts: out.conflicts };
      break;
    }
    case 'markFactory':
    case 'unmarkFactory':
      db.update(riders)
        .set({ factory: change.intent === 'markFactory' })
        .where(eq(riders.id, riderId))
        .run();
      audit(db, actor, `rider.${change.intent}`, { type: 'rider', id: riderId });
      break;
  }
  return { ok: true };
}

// ---------------------------------------------------------------- dealers

export function getDealer(db: DB, id: number) {
  const dealer = db.select().from(dealers).where(eq(dealers.id, id)).get();
  if (!dealer) return null;
  const login = dealer.userId
    ? db
        .select({ id: users.id, email: users.email, deactivated: users.deactivated })
        .from(users)
        .where(eq(users.id, dealer.userId))
        .get()
    : null;
  return { dealer, login: login ?? null };
}

function dealerValues(input: DealerInput) {
  const { intent: _intent, ...rest } = input;
  return {
    ...rest,
    country: rest.country.toUpperCase(),
    state: rest.state ? rest.state.toUpperCase() : null,
    phone: rest.phone ?? null,
    email: rest.email ?? null,
    lat: rest.lat ?? null,
    lon: rest.lon ?? null,
  };
}

/** Creates (id null) or updates a dealer; returns its id. */
export function saveDealer(db: DB, id: number | null, input: DealerInput, actor: Actor): number {
  return writeTx(db, (tx) => {
    if (id === null) {
      const row = tx
        .insert(dealers)
        .values(dealerValues(input))
        .returning({ id: dealers.id })
        .get();
      audit(tx, actor, 'dealer.create', { type: 'dealer', id: row.id });
      return row.id;
    }
    tx.update(dealers).set(dealerValues(input)).where(eq(dealers.id, id)).run();
    audit(tx, actor, 'dealer.update', { type: 'dealer', id });
    return id;
  });
}

// ---------------------------------------------------------------- promoters

export function getPromoter(db: DB, id: number) {
  const promoter = db.select().from(promoters).where(eq(promoters.id, id)).get();
  if (!promoter) return null;
  const login = promoter.userId
    ? db
        .select({ id: users.id, email: users.email, deactivated: users.deactivated })
        .from(users)
        .where(eq(users.id, promoter.userId))
        .get()
    : null;
  const ownEvents = db
    .select({ id: events.id, title: events.title, date: events.date, cancelled: events.cancelled })
    .from(events)
    .where(eq(events.promoterId, id))
    .orderBy(desc(events.date))
    .limit(unplannedLimit(50))
    .all();
  return { promoter, login: login ?? null, events: ownEvents };
}

export function savePromoter(
  db: DB,
  id: number | null,
  input: PromoterInput,
  actor: Actor,
): number {
  const values = { name: input.name, phone: input.phone ?? null, email: input.email ?? null };
  return writeTx(db, (tx) => {
    if (id === null) {
      const row = tx.insert(promoters).values(values).returning({ id: promoters.id }).get();
      audit(tx, actor, 'promoter.create', { type: 'promoter', id: row.id });
      return row.id;
    }
    tx.update(promoters).set(values).where(eq(promoters.id, id)).run();
    audit(tx, actor, 'promoter.update', { type: 'promoter', id });
    return id;
  });
}

/** (De)activates a login by user id, for dealer and promoter accounts only. */
export function setLoginActive(db: DB, userId: number, active: boolean, actor: Actor): boolean {
  const user = db.select({ role: users.role }).from(users).where(eq(users.id, userId)).get();
  if (!user || (user.role !== 'dealer' && user.role !== 'promoter')) return false;
  setDeactivated(db, userId, !active, actor);
  return true;
}
