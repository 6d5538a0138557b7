/** Small data set for the rider-area read models: direct inserts into a `testDb()` database. */
import { eq } from 'drizzle-orm';
import type { DB } from '~/db.server';
import {
  awards,
  classPlaces,
  creditRedemptions,
  dealers,
  eventClasses,
  events,
  payoutClaims,
  results,
  revokedRedemptions,
  riderDocuments,
  riders,
  series,
  users,
  type Award,
} from '#db/schema';
import type { Currency } from '~/lib/constants';

let n = 0;
const next = () => ++n;

export const NOW = new Date('2025-06-15T19:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
/** An instant `days` from NOW, as stored (ISO UTC). */
export const inDays = (days: number) => new Date(NOW.getTime() + days * DAY).toISOString();

export function makeRider(
  db: DB,
  opts: { level?: 'amateur' | 'pro'; usPerson?: boolean; pin?: boolean; first?: string } = {},
) {
  const i = next();
  const user = db
    .insert(users)
    .values({
      email: `rider${i}@example.test`,
      passwordHash: 'x',
      role: 'rider',
      emailVerified: true,
    })
    .returning()
    .get();
  return db
    .insert(riders)
    .values({
      userId: user.id,
      firstName: opts.first ?? `Rider${i}`,
      lastName: 'Test',
      level: opts.level ?? 'amateur',
      usPerson: opts.usPerson ?? true,
      pinHash: opts.pin ? 'hash' : null,
      addressLine1: '1 Main St',
      city: 'Austin',
      state: 'TX',
      zipcode: '78701',
      country: 'US',
    })
    .returning()
    .get();
}

export function makeDealer(
  db: DB,
  name: string,
  opts: {
    active?: boolean;
    state?: string;
    zipcode?: string;
    country?: string;
    city?: string;
  } = {},
) {
  return db
    .insert(dealers)
    .values({
      name,
      city: opts.city ?? 'Austin',
      state: opts.state ?? 'TX',
      zipcode: opts.zipcode ?? '78701',
      country: opts.country ?? 'US',
      phone: '5125550100',
      active: opts.active ?? true,
    })
    .returning()
    .get();
}

export function makeSeries(db: DB, name: string) {
  return db
    .insert(series)
    .values({ name, firstDate: '2025-03-01', lastDate: '2025-09-01' })
    .returning()
    .get();
}

export function makeEvent(db: DB, title: string, date: string, seriesId: number | null = null) {
  const event = db.insert(events).values({ title, date, seriesId }).returning().get();
  const cls = db
    .insert(eventClasses)
    .values({ eventId: event.id, name: '450 Pro', payoutType: 'dealerCredit' })
    .returning()
    .get();
  db.insert(classPlaces)
    .values([
      { classId: cls.id, place: 1, amountCents: 10000 },
      { classId: cls.id, place: 2, amountCents: 5000 },
    ])
    .run();
  return { event, cls };
}

export function makeResult(
  db: DB,
  e: { event: { id: number }; cls: { id: number } },
  riderId: number,
  place: number,
  payoutCents: number,
  noPayoutReason: string | null = null,
) {
  return db
    .insert(results)
    .values({
      eventId: e.event.id,
      classId: e.cls.id,
      riderId,
      place,
      riderName: `R${riderId}`,
      payoutCents,
      noPayoutReason,
    })
    .returning()
    .get();
}

export function makeAward(
  db: DB,
  riderId: number,
  a: {
    payoutType?: 'cash' | 'dealerCredit';
    type?: Award['type'];
    status: Award['status'];
    initialCents: number;
    currentCents?: number;
    spentCents?: number;
    expiresAt?: string | null;
    currency?: Currency;
    eventId?: number | null;
    classId?: number | null;
    resultId?: number | null;
    payoutClaimId?: number | null;
    paymentInfoDueAt?: string | null;
    awardedAt?: string;
  },
) {
  const payoutType = a.payoutType ?? 'dealerCredit';
  return db
    .insert(awards)
    .values({
      riderId,
      type: a.type ?? (payoutType === 'cash' ? 'cash' : 'credit'),
      payoutType,
      currency: a.currency ?? 'USD',
      initialCents: a.initialCents,
      currentCents: a.currentCents ?? a.initialCents,
      spentCents: a.spentCents ?? 0,
      status: a.status,
      expiresAt:
        a.expiresAt === undefined
          ? payoutType === 'dealerCredit'
            ? inDays(200)
            : null
          : a.expiresAt,
      paymentInfoDueAt: a.paymentInfoDueAt ?? null,
      eventId: a.eventId ?? null,
      classId: a.classId ?? null,
      resultId: a.resultId ?? null,
      payoutClaimId: a.payoutClaimId ?? null,
      awardedAt: a.awardedAt ?? inDays(-30),
    })
    .returning()
    .get();
}

export function makeRedemption(
  db: DB,
  riderId: number,
  dealerId: number,
  amountCents: number,
  createdAt: string,
) {
  return db
    .insert(creditRedemptions)
    .values({ riderId, dealerId, amountCents, employeeName: 'Sam', idVerified: true, createdAt })
    .returning()
    .get();
}

export function revoke(
  db: DB,
  redemptionId: number,
  refundedAt: string,
  kind: 'refund' | 'void' = 'refund',
) {
  db.update(creditRedemptions)
    .set({ status: 'revoked' })
    .where(eq(creditRedemptions.id, redemptionId))
    .run();
  db.insert(revokedRedemptions).values({ redemptionId, refundedAt, kind }).run();
}

export function makeClaim(
  db: DB,
  riderId: number,
  grossCents: number,
  status: 'pending' | 'sent' = 'pending',
) {
  return db
    .insert(payoutClaims)
    .values({
      riderId,
      type: 'debitCard',
      status,
      country: 'US',
      grossCents,
      withheldCents: 0,
      netCents: grossCents,
      usPerson: true,
      dueDate: '2025-07-15',
    })
    .returning()
    .get();
}

export function addDocument(db: DB, riderId: number, kind: 'w9' | 'driversLicence') {
  db.insert(riderDocuments)
    .values({
      riderId,
      kind,
      originalName: `${kind}.png`,
      storedName: `${kind}-${riderId}-${next()}.png`,
      mimeType: 'image/png',
      sizeBytes: 10,
    })
    .run();
}
