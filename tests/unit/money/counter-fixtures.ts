/** Test data for the dealer counter: a rider with a PIN, a dealer, credit awards with ledger rows. */
import bcrypt from 'bcryptjs';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DB } from '~/db.server';
import { awards, dealers, events, ledgerEntries, riders, users } from '#db/schema';
import type { Currency } from '~/lib/constants';
import { redeem } from '~/services/money/counter/redemptions.server';

let seq = 0;
// Cost 4 keeps tests quick; verifySecret reads the cost from the hash.
const PIN_HASH_1234 = bcrypt.hashSync('1234', 4);

export const SYSTEM = { userId: null, proxyHostUserId: null };

export function makeRider(
  db: DB,
  opts: {
    pin?: string | null;
    deactivated?: boolean;
    first?: string;
    last?: string;
    phone?: string;
    ama?: string;
    country?: string;
  } = {},
) {
  seq += 1;
  const user = db
    .insert(users)
    .values({
      email: `rider${seq}-${Date.now()}@example.test`,
      passwordHash: 'x',
      role: 'rider',
      emailVerified: true,
      deactivated: opts.deactivated ?? false,
    })
    .returning()
    .get();
  const pinHash =
    opts.pin === null
      ? null
      : opts.pin && opts.pin !== '1234'
        ? bcrypt.hashSync(opts.pin, 4)
        : PIN_HASH_1234;
  const rider = db
    .insert(riders)
    .values({
      userId: user.id,
      firstName: opts.first ?? 'Rita',
      lastName: opts.last ?? `Rider${seq}`,
      pinHash,
      phone1: opts.phone ?? null,
      amaNumber: opts.ama ?? null,
      country: opts.country ?? 'US',
    })
    .returning()
    .get();
  return { user, rider };
}

export function makeDealer(
  db: DB,
  opts: { country?: string; active?: boolean; name?: string } = {},
) {
  seq += 1;
  const user = db
    .insert(users)
    .values({
      email: `dealer${seq}-${Date.now()}@example.test`,
      passwordHash: 'x',
      role: 'dealer',
      emailVerified: true,
    })
    .returning()
    .get();
  const dealer = db
    .insert(dealers)
    .values({
      userId: user.id,
      name: opts.name ?? `Dealer ${seq}`,
      country: opts.country ?? 'US',
      active: opts.active ?? true,
    })
    .returning()
    .get();
  return { user, dealer, actor: { userId: user.id, proxyHostUserId: null } };
}

export function makeAdminUser(db: DB) {
  seq += 1;
  const user = db
    .insert(users)
    .values({
      email: `admin${seq}-${Date.now()}@example.test`,
      passwordHash: 'x',
      role: 'admin',
      emailVerified: true,
    })
    .returning()
    .get();
  return { user, actor: { userId: user.id, proxyHostUserId: null } };
}

/**
 * Spends a rider's credit at a new dealer through the real counter (`redeem`): gives the rider
 * PIN 1234 when they have none. Throws when the counter refuses.
 */
export async function spendCredit(db: DB, riderId: number, amountCents: number, now: Date) {
  db.update(riders)
    .set({ pinHash: PIN_HASH_1234 })
    .where(and(eq(riders.id, riderId), isNull(riders.pinHash)))
    .run();
  const { dealer, actor } = makeDealer(db);
  const out = await redeem(db, {
    riderId,
    dealerId: dealer.id,
    amountCents,
    pin: '1234',
    employeeName: 'Sam',
    idVerified: true,
    actor,
    now,
  });
  if (!out.ok) throw new Error(`redeem refused: ${out.error}`);
  return out;
}

/** A current dealer-credit award with its 'award' ledger row (as the award engine writes it). */
export function giveCredit(
  db: DB,
  riderId: number,
  cents: number,
  expiresAt: Date | string,
  opts: { currency?: Currency; title?: string; status?: 'current' | 'expired' } = {},
) {
  const currency = opts.currency ?? 'USD';
  const event = db
    .insert(events)
    .values({
      title: opts.title ?? `Event ${++seq}`,
      date: '2025-01-01',
      currency,
      country: currency === 'CAD' ? 'CA' : 'US',
    })
    .returning()
    .get();
  const award = db
    .insert(awards)
    .values({
      riderId,
      eventId: event.id,
      type: 'credit',
      payoutType: 'dealerCredit',
      currency,
      initialCents: cents,
      currentCents: cents,
      status: opts.status ?? 'current',
      expiresAt: typeof expiresAt === 'string' ? expiresAt : expiresAt.toISOString(),
    })
    .returning()
    .get();
  db.insert(ledgerEntries)
    .values({
      riderId,
      balance: 'credit',
      kind: 'award',
      amountCents: cents,
      currency,
      awardId: award.id,
    })
    .run();
  return award;
}

/** Sum of the rider's credit ledger in a currency. */
export function ledgerSum(db: DB, riderId: number, currency: Currency = 'USD'): number {
  const r = db
    .select({ s: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.riderId, riderId),
        eq(ledgerEntries.balance, 'credit'),
        eq(ledgerEntries.currency, currency),
      ),
    )
    .get();
  return Number(r?.s ?? 0);
}

/** Sum of the rider's dealer-credit awards' current values in a currency. */
export function awardSum(db: DB, riderId: number, currency: Currency = 'USD'): number {
  const r = db
    .select({ s: sql<number>`coalesce(sum(${awards.currentCents}), 0)` })
    .from(awards)
    .where(
      and(
        eq(awards.riderId, riderId),
        eq(awards.payoutType, 'dealerCredit'),
        eq(awards.currency, currency),
      ),
    )
    .get();
  return Number(r?.s ?? 0);
}

export const DAY = 24 * 60 * 60 * 1000;
export const MIN = 60 * 1000;
