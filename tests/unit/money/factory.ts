/** Test data for the money engine: direct inserts into a `testDb()` database. */
import { eq } from 'drizzle-orm';
import type { DB } from '~/db.server';
import {
  admins,
  bikes,
  categories,
  classPlaces,
  eventClasses,
  events,
  guardianConsents,
  promoters,
  results,
  riders,
  series,
  users,
  type EventClass,
} from '#db/schema';
import type { Actor } from '~/services/platform/audit.server';
import type { Currency, PayoutType, ResultType } from '~/lib/constants';

let counter = 0;
function next() {
  counter += 1;
  return counter;
}

/** A 17-character unique string standing in for a VIN (the engine trusts bikes.valid). */
function fakeVin(n: number) {
  return `TESTVIN${String(n).padStart(10, '0')}`;
}

export function makeUser(
  db: DB,
  role: 'rider' | 'dealer' | 'promoter' | 'admin',
  opts: { email?: string; deactivated?: boolean } = {},
) {
  const n = next();
  return db
    .insert(users)
    .values({
      email: opts.email ?? `${role}${n}@example.test`,
      passwordHash: 'x',
      role,
      emailVerified: true,
      deactivated: opts.deactivated ?? false,
    })
    .returning()
    .get();
}

export function makeAdmin(db: DB) {
  const user = makeUser(db, 'admin');
  const admin = db
    .insert(admins)
    .values({ userId: user.id, firstName: 'Ada', lastName: 'Admin' })
    .returning()
    .get();
  const actor: Actor = { userId: user.id, proxyHostUserId: null };
  return { user, admin, actor };
}

export function makePromoter(db: DB, name = 'Promo Racing') {
  const user = makeUser(db, 'promoter');
  const promoter = db.insert(promoters).values({ userId: user.id, name }).returning().get();
  return { user, promoter, actor: { userId: user.id, proxyHostUserId: null } as Actor };
}

type BikeSpec = {
  year?: number | null;
  make?: string | null;
  model?: string | null;
  valid?: boolean;
};

export type RiderSpec = {
  first?: string;
  last?: string;
  ama?: string | null;
  email?: string;
  dateOfBirth?: string | null;
  deactivated?: boolean;
  bikes?: BikeSpec[];
  consent?: boolean;
  level?: 'amateur' | 'pro';
};

/** A rider with a user account and, by default, one valid 2024 KTM 450 SX-F, born in 1990. */
export function makeRider(db: DB, spec: RiderSpec = {}) {
  const n = next();
  const user = makeUser(db, 'rider', { email: spec.email, deactivated: spec.deactivated });
  const rider = db
    .insert(riders)
    .values({
      userId: user.id,
      firstName: spec.first ?? `Rider${n}`,
      lastName: spec.last ?? `Test${n}`,
      amaNumber: spec.ama === undefined ? String(900000 + n) : spec.ama,
      dateOfBirth: spec.dateOfBirth === undefined ? '1990-01-01' : spec.dateOfBirth,
      level: spec.level ?? 'amateur',
    })
    .returning()
    .get();
  for (const b of spec.bikes ?? [{}]) {
    db.insert(bikes)
      .values({
        riderId: rider.id,
        vin: fakeVin(next()),
        year: b.year === undefined ? 2024 : b.year,
        make: b.make === undefined ? 'KTM' : b.make,
        model: b.model === undefined ? '450 SX-F' : b.model,
        valid: b.valid ?? true,
      })
      .run();
  }
  if (spec.consent) {
    db.insert(guardianConsents)
      .values({
        riderId: rider.id,
        guardianName: 'Pat Parent',
        guardianEmail: 'parent@example.test',
      })
      .run();
  }
  return { user, rider, name: `${rider.firstName} ${rider.lastName}` };
}

export function makeCategory(
  db: DB,
  opts: {
    name?: string;
    eligibleModels?: string[] | null;
    minYear?: number | null;
    maxYear?: number | null;
  } = {},
) {
  return db
    .insert(categories)
    .values({
      name: opts.name ?? 'Program',
      eligibleModels: opts.eligibleModels ?? null,
      minYear: opts.minYear ?? null,
      maxYear: opts.maxYear ?? null,
    })
    .returning()
    .get();
}

export function makeSeries(
  db: DB,
  opts: { name?: string; categoryId?: number | null; promoterId?: number | null } = {},
) {
  return db
    .insert(series)
    .values({
      name: opts.name ?? 'Series',
      categoryId: opts.categoryId ?? null,
      promoterId: opts.promoterId ?? null,
    })
    .returning()
    .get();
}

export function makeEvent(
  db: DB,
  opts: {
    title?: string;
    date?: string;
    cancelled?: boolean;
    categoryId?: number | null;
    seriesId?: number | null;
    promoterId?: number | null;
    currency?: Currency;
  } = {},
) {
  return db
    .insert(events)
    .values({
      title: opts.title ?? `Event ${next()}`,
      date: opts.date ?? '2025-06-01',
      cancelled: opts.cancelled ?? false,
      categoryId: opts.categoryId ?? null,
      seriesId: opts.seriesId ?? null,
      promoterId: opts.promoterId ?? null,
      currency: opts.currency ?? 'USD',
    })
    .returning()
    .get();
}

/** A class with place amounts in cents (index 0 = 1st place). */
export function makeClass(
  db: DB,
  eventId: number,
  opts: {
    name?: string;
    payoutType?: PayoutType;
    currency?: Currency;
    amounts?: number[];
    sortOrder?: number;
  } = {},
): EventClass {
  const cls = db
    .insert(eventClasses)
    .values({
      eventId,
      name: opts.name ?? `Class ${next()}`,
      payoutType: opts.payoutType ?? 'dealerCredit',
      currency: opts.currency ?? 'USD',
      sortOrder: opts.sortOrder ?? 0,
    })
    .returning()
    .get();
  const amounts = opts.amounts ?? [30000, 20000, 10000];
  if (amounts.length) {
    db.insert(classPlaces)
      .values(amounts.map((amountCents, i) => ({ classId: cls.id, place: i + 1, amountCents })))
      .run();
  }
  return cls;
}

export type ResultSpec = {
  place?: number | null;
  riderName: string;
  ama?: string | null;
  email?: string | null;
  make?: string | null;
  model?: string | null;
  resultType?: ResultType;
  riderId?: number | null;
  bonusCents?: number;
};

export function addResult(db: DB, eventId: number, classId: number, spec: ResultSpec) {
  return db
    .insert(results)
    .values({
      eventId,
      classId,
      place: spec.place ?? null,
      riderName: spec.riderName,
      amaNumber: spec.ama ?? null,
      email: spec.email ?? null,
      make: spec.make ?? null,
      model: spec.model ?? null,
      resultType: spec.resultType ?? 'finish',
      riderId: spec.riderId ?? null,
      bonusCents: spec.bonusCents ?? 0,
    })
    .returning()
    .get();
}

/** `n` eligible riders finishing 1..n in a class, linked by AMA number; returns them in order. */
export function fillClass(
  db: DB,
  eventId: number,
  classId: number,
  n = 6,
  riderSpec: RiderSpec = {},
) {
  const list = [];
  for (let i = 0; i < n; i += 1) {
    const r = makeRider(db, riderSpec);
    const result = addResult(db, eventId, classId, {
      place: i + 1,
      riderName: r.name,
      ama: r.rider.amaNumber,
      make: 'KTM',
    });
    list.push({ ...r, result });
  }
  return list;
}

export function resultRow(db: DB, id: number) {
  const row = db.select().from(results).where(eq(results.id, id)).get();
  if (!row) throw new Error(`no result ${id}`);
  return row;
}
