/**
 * The admin's people: riders, dealers and promoters — lists with filters, details, edits,
 * logins, (de)activation, factory flag. Every change is audited.
 */
import { and, asc, count, desc, eq, like, or, sql, type SQL } from 'drizzle-orm';
import { writeTx, type DB } from '~/db.server';
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
  riderDocuments,
  riders,
  users,
} from '#db/schema';
import { pageWindow } from '~/lib/pagination';
import type { DealerInput, PromoterInput } from '~/lib/schemas/admin';
import { audit, type Actor } from '~/services/platform/audit.server';
import { createAccount, setDeactivated } from '~/services/people/users.server';
import { awardSourceTitle } from '~/services/money/award-title.server';

const likeAny = (q: string) => `%${q.replace(/[%_]/g, (c) => `\\${c}`)}%`;

export type RiderFilters = { q?: string; country?: string; level?: 'amateur' | 'pro'; status?: 'active' | 'deactivated'; page?: number };

/** Riders with their account state and whether every bike is valid. */
export function listRiders(db: DB, f: RiderFilters) {
  const where: SQL[] = [];
  if (f.q) {
    const q = likeAny(f.q);
    const digits = f.q.replace(/\D/g, '');
    where.push(
      or(
        sql`(${riders.firstName} || ' ' || ${riders.lastName}) LIKE ${q} ESCAPE '\\'`,
        like(users.email, q),
        eq(riders.amaNumber, f.q),
        digits.length >= 4 ? like(riders.phone1, `%${digits}%`) : undefined,
      ) as SQL,
    );
  }
  if (f.country) where.push(eq(riders.country, f.country.toUpperCase()));
  if (f.level) where.push(eq(riders.level, f.level));
  if (f.status) where.push(eq(users.deactivated, f.status === 'deactivated'));
  const cond = where.length ? and(...where) : undefined;
  const total = db.select({ n: count() }).from(riders).innerJoin(users, eq(users.id, riders.userId)).where(cond).get()?.n ?? 0;
  const { offset, limit, pagination } = pageWindow(total, f.page ?? 1);
  const rows = db
    .select({
      id: riders.id,
      firstName: riders.firstName,
      lastName: riders.lastName,
      email: users.email,
      amaNumber: riders.amaNumber,
      level: riders.level,
      city: riders.city,
      state: riders.state,
      country: riders.country,
      deactivated: users.deactivated,
      emailVerified: users.emailVerified,
      factory: riders.factory,
      bikeCount: sql<number>`(SELECT count(*) FROM bikes b WHERE b.rider_id = ${riders.id})`,
      invalidBikes: sql<number>`(SELECT count(*) FROM bikes b WHERE b.rider_id = ${riders.id} AND b.valid = 0)`,
    })
    .from(riders)
    .innerJoin(users, eq(users.id, riders.userId))
    .where(cond)
    .orderBy(asc(riders.lastName), asc(riders.firstName))
    .limit(limit)
    .offset(offset)
    .all();
  return { riders: rows, pagination };
}

/** Everything an admin sees about one rider, or null. */
export function riderDetail(db: DB, riderId: number) {
  const rider = db.select().from(riders).where(eq(riders.id, riderId)).get();
  if (!rider) return null;
  const user = db
    .select({ id: users.id, email: users.email, emailVerified: users.emailVerified, deactivated: users.deactivated, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, rider.userId))
    .get();
  return {
    rider: { ...rider, pinHash: undefined, pinSet: !!rider.pinHash },
    user,
    bikes: db.select().from(bikes).where(eq(bikes.riderId, riderId)).orderBy(desc(bikes.createdAt)).all(),
    documents: db
      .select({ id: riderDocuments.id, kind: riderDocuments.kind, originalName: riderDocuments.originalName, createdAt: riderDocuments.createdAt })
      .from(riderDocuments)
      .where(eq(riderDocuments.riderId, riderId))
      .orderBy(desc(riderDocuments.createdAt))
      .all(),
    recentResults: db
      .select({
        id: results.id,
        eventId: events.id,
        eventTitle: events.title,
        date: events.date,
        className: eventClasses.name,
        place: results.place,
        resultType: results.resultType,
        payoutCents: results.payoutCents,
        currency: eventClasses.currency,
        noPayoutReason: results.noPayoutReason,
      })
      .from(results)
      .innerJoin(events, eq(events.id, results.eventId))
      .innerJoin(eventClasses, eq(eventClasses.id, results.classId))
      .where(eq(results.riderId, riderId))
      .orderBy(desc(events.date))
      .limit(10)
      .all(),
    awards: db
      .select({
        id: awards.id,
        eventTitle: awardSourceTitle,
        type: awards.type,
        payoutType: awards.payoutType,
        currency: awards.currency,
        initialCents: awards.initialCents,
        currentCents: awards.currentCents,
        spentCents: awards.spentCents,
        status: awards.status,
        awardedAt: awards.awardedAt,
        expiresAt: awards.expiresAt,
      })
      .from(awards)
      .leftJoin(events, eq(events.id, awards.eventId))
      .where(eq(awards.riderId, riderId))
      .orderBy(desc(awards.awardedAt))
      .limit(50)
      .all(),
    redemptions: db
      .select({
        id: creditRedemptions.id,
        dealerName: dealers.name,
        amountCents: creditRedemptions.amountCents,
        currency: creditRedemptions.currency,
        status: creditRedemptions.status,
        createdAt: creditRedemptions.createdAt,
      })
      .from(creditRedemptions)
      .innerJoin(dealers, eq(dealers.id, creditRedemptions.dealerId))
      .where(eq(creditRedemptions.riderId, riderId))
      .orderBy(desc(creditRedemptions.createdAt))
      .limit(50)
      .all(),
    payoutClaims: db.select().from(payoutClaims).where(eq(payoutClaims.riderId, riderId)).orderBy(desc(payoutClaims.createdAt)).all(),
  };
}

/** Admin actions on a rider: note, level, (de)activation, factory flag. */
export function updateRiderAsAdmin(
  db: DB,
  riderId: number,
  change:
    | { intent: 'note'; note?: string }
    | { intent: 'level'; level: 'amateur' | 'pro' }
    | { intent: 'deactivate' | 'activate' | 'markFactory' | 'unmarkFactory' },
  actor: Actor,
): boolean {
  const rider = db.select().from(riders).where(eq(riders.id, riderId)).get();
  if (!rider) return false;
  switch (change.intent) {
    case 'note':
      db.update(riders).set({ note: change.note || null }).where(eq(riders.id, riderId)).run();
      audit(db, actor, 'rider.note', { type: 'rider', id: riderId });
      break;
    case 'level':
      db.update(riders).set({ level: change.level }).where(eq(riders.id, riderId)).run();
      audit(db, actor, 'rider.level', { type: 'rider', id: riderId }, { level: change.level });
      break;
    case 'deactivate':
    case 'activate':
      setDeactivated(db, rider.userId, change.intent === 'deactivate', actor);
      break;
    case 'markFactory':
    case 'unmarkFactory':
      db.update(riders).set({ factory: change.intent === 'markFactory' }).where(eq(riders.id, riderId)).run();
      audit(db, actor, `rider.${change.intent}`, { type: 'rider', id: riderId });
      break;
  }
  return true;
}

// ---------------------------------------------------------------- dealers

export type DealerFilters = { name?: string; state?: string; country?: string; active?: 'true' | 'false'; page?: number };

export function listDealers(db: DB, f: DealerFilters) {
  const where: SQL[] = [];
  if (f.name) where.push(sql`${dealers.name} LIKE ${likeAny(f.name)} ESCAPE '\\'`);
  if (f.state) where.push(eq(dealers.state, f.state.toUpperCase()));
  if (f.country) where.push(eq(dealers.country, f.country.toUpperCase()));
  if (f.active) where.push(eq(dealers.active, f.active === 'true'));
  const cond = where.length ? and(...where) : undefined;
  const total = db.select({ n: count() }).from(dealers).where(cond).get()?.n ?? 0;
  const { offset, limit, pagination } = pageWindow(total, f.page ?? 1);
  const rows = db
    .select({
      id: dealers.id,
      name: dealers.name,
      dealerNumber: dealers.dealerNumber,
      city: dealers.city,
      state: dealers.state,
      country: dealers.country,
      phone: dealers.phone,
      active: dealers.active,
      loginEmail: users.email,
    })
    .from(dealers)
    .leftJoin(users, eq(users.id, dealers.userId))
    .where(cond)
    .orderBy(asc(dealers.name))
    .limit(limit)
    .offset(offset)
    .all();
  return { dealers: rows, pagination };
}

export function getDealer(db: DB, id: number) {
  const dealer = db.select().from(dealers).where(eq(dealers.id, id)).get();
  if (!dealer) return null;
  const login = dealer.userId
    ? db.select({ id: users.id, email: users.email, deactivated: users.deactivated }).from(users).where(eq(users.id, dealer.userId)).get()
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
      const row = tx.insert(dealers).values(dealerValues(input)).returning({ id: dealers.id }).get();
      audit(tx, actor, 'dealer.create', { type: 'dealer', id: row.id });
      return row.id;
    }
    tx.update(dealers).set(dealerValues(input)).where(eq(dealers.id, id)).run();
    audit(tx, actor, 'dealer.update', { type: 'dealer', id });
    return id;
  });
}

// ---------------------------------------------------------------- promoters

export function listPromoters(db: DB, f: { name?: string; page?: number }) {
  const cond = f.name ? sql`${promoters.name} LIKE ${likeAny(f.name)} ESCAPE '\\'` : undefined;
  const total = db.select({ n: count() }).from(promoters).where(cond).get()?.n ?? 0;
  const { offset, limit, pagination } = pageWindow(total, f.page ?? 1);
  const rows = db
    .select({
      id: promoters.id,
      name: promoters.name,
      phone: promoters.phone,
      email: promoters.email,
      loginEmail: users.email,
      events: sql<number>`(SELECT count(*) FROM events e WHERE e.promoter_id = ${promoters.id})`,
    })
    .from(promoters)
    .leftJoin(users, eq(users.id, promoters.userId))
    .where(cond)
    .orderBy(asc(promoters.name))
    .limit(limit)
    .offset(offset)
    .all();
  return { promoters: rows, pagination };
}

export function getPromoter(db: DB, id: number) {
  const promoter = db.select().from(promoters).where(eq(promoters.id, id)).get();
  if (!promoter) return null;
  const login = promoter.userId
    ? db.select({ id: users.id, email: users.email, deactivated: users.deactivated }).from(users).where(eq(users.id, promoter.userId)).get()
    : null;
  const ownEvents = db
    .select({ id: events.id, title: events.title, date: events.date, cancelled: events.cancelled })
    .from(events)
    .where(eq(events.promoterId, id))
    .orderBy(desc(events.date))
    .limit(50)
    .all();
  return { promoter, login: login ?? null, events: ownEvents };
}

export function savePromoter(db: DB, id: number | null, input: PromoterInput, actor: Actor): number {
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

/** Gives a dealer or promoter without a login an account (verified: the admin vouches). */
export async function createLogin(
  db: DB,
  role: 'dealer' | 'promoter',
  id: number,
  email: string,
  password: string,
  actor: Actor,
): Promise<'ok' | 'hasLogin' | 'notFound'> {
  const row =
    role === 'dealer'
      ? db.select({ userId: dealers.userId, name: dealers.name }).from(dealers).where(eq(dealers.id, id)).get()
      : db.select({ userId: promoters.userId, name: promoters.name }).from(promoters).where(eq(promoters.id, id)).get();
  if (!row) return 'notFound';
  if (row.userId) return 'hasLogin';
  const { user } = await createAccount(db, {
    role,
    email,
    password,
    emailVerified: true,
    ...(role === 'dealer' ? { dealerId: id } : { promoterId: id }),
  });
  audit(db, actor, `${role}.loginCreated`, { type: role, id }, { userId: user.id });
  return 'ok';
}

/** Dealer login accounts (the dealer-logins page). */
export function listDealerLogins(db: DB) {
  return db
    .select({
      dealerId: dealers.id,
      dealerName: dealers.name,
      city: dealers.city,
      state: dealers.state,
      userId: users.id,
      email: users.email,
      emailVerified: users.emailVerified,
      deactivated: users.deactivated,
      createdAt: users.createdAt,
    })
    .from(dealers)
    .innerJoin(users, eq(users.id, dealers.userId))
    .orderBy(asc(dealers.name))
    .all();
}

/** (De)activates a login by user id, for dealer and promoter accounts only. */
export function setLoginActive(db: DB, userId: number, active: boolean, actor: Actor): boolean {
  const user = db.select({ role: users.role }).from(users).where(eq(users.id, userId)).get();
  if (!user || (user.role !== 'dealer' && user.role !== 'promoter')) return false;
  setDeactivated(db, userId, !active, actor);
  return true;
}
