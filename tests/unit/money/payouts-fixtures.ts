/**
 * Small builders for the money tests (expiry, payouts, dealer refunds, the ledger property test).
 * Awards are inserted with their `award` ledger row in one writeTx, the way the award engine does.
 */
import { and, eq, sql } from 'drizzle-orm';
import { writeTx, type DB } from '~/db.server';
import {
  awards,
  creditRedemptions,
  dealers,
  events,
  ledgerEntries,
  revokedRedemptions,
  riderDocuments,
  riders,
  users,
  type Award,
  type Rider,
} from '#db/schema';
import { SYSTEM_ACTOR, type Actor } from '~/services/platform/audit.server';
import { recordLedger } from '~/services/money/ledger/ledger.server';

let seq = 0;
const next = () => ++seq;

export function makeUser(
  db: DB,
  opts: {
    role?: 'rider' | 'dealer' | 'admin' | 'promoter';
    lang?: 'en' | 'fr';
    email?: string;
  } = {},
) {
  return db
    .insert(users)
    .values({
      email: opts.email ?? `u${next()}-${Date.now()}@example.test`,
      passwordHash: 'x',
      role: opts.role ?? 'rider',
      emailVerified: true,
      lang: opts.lang ?? 'en',
    })
    .returning()
    .get();
}

export function makeAdminActor(db: DB): Actor {
  const u = makeUser(db, { role: 'admin' });
  return { userId: u.id, proxyHostUserId: null };
}

/** A rider; by default a US person in the US with a complete address (no documents). */
export function makeRider(
  db: DB,
  opts: Partial<Rider> & { lang?: 'en' | 'fr'; email?: string } = {},
) {
  const { lang, email, ...fields } = opts;
  const user = makeUser(db, { role: 'rider', lang, email });
  const rider = db
    .insert(riders)
    .values({
      userId: user.id,
      firstName: 'Rider',
      lastName: `N${next()}`,
      level: 'pro',
      addressLine1: '1 Main St',
      city: 'Austin',
      state: 'TX',
      zipcode: '78701',
      country: 'US',
      usPerson: true,
      ...fields,
    })
    .returning()
    .get();
  return { user, rider };
}

export function addDocument(db: DB, riderId: number, kind: 'w9' | 'driversLicence') {
  db.insert(riderDocuments)
    .values({
      riderId,
      kind,
      originalName: `${kind}.png`,
      storedName: `${kind}-${riderId}-${next()}.png`,
      mimeType: 'image/png',
      sizeBytes: 100,
    })
    .run();
}

/** A pro with everything needed to be paid (licence, W-9 when a US person, address). */
export function makePayablePro(db: DB, opts: Partial<Rider> = {}) {
  const r = makeRider(db, opts);
  addDocument(db, r.rider.id, 'driversLicence');
  if (r.rider.usPerson) addDocument(db, r.rider.id, 'w9');
  return r;
}

export function makeEvent(
  db: DB,
  opts: {
    date?: string;
    resultsVerifiedAt?: string | null;
    currency?: 'USD' | 'CAD' | 'EUR';
    title?: string;
  } = {},
) {
  return db
    .insert(events)
    .values({
      title: opts.title ?? `Event ${next()}`,
      date: opts.date ?? '2025-03-01',
      resultsVerifiedAt: opts.resultsVerifiedAt ?? null,
      currency: opts.currency ?? 'USD',
    })
    .returning()
    .get();
}

export function makeDealer(
  db: DB,
  opts: { name?: string; dealerNumber?: string; country?: string } = {},
) {
  return db
    .insert(dealers)
    .values({
      name: opts.name ?? `Dealer ${next()}`,
      dealerNumber: opts.dealerNumber ?? null,
      city: 'Austin',
      state: 'TX',
      country: opts.country ?? 'US',
    })
    .returning()
    .get();
}

/** Inserts an award and its `award` ledger row in one transaction. */
export function addAward(
  db: DB,
  opts: {
    riderId: number;
    kind: 'credit' | 'cash';
    cents: number;
    currentCents?: number;
    currency?: 'USD' | 'CAD' | 'EUR';
    eventId?: number | null;
    awardedAt?: string;
    expiresAt?: string | null;
    paymentInfoDueAt?: string | null;
    status?: Award['status'];
  },
): Award {
  return writeTx(db, (tx) => {
    const credit = opts.kind === 'credit';
    const a = tx
      .insert(awards)
      .values({
        riderId: opts.riderId,
        eventId: opts.eventId ?? null,
        type: credit ? 'credit' : 'cash',
        payoutType: credit ? 'dealerCredit' : 'cash',
        currency: opts.currency ?? 'USD',
        initialCents: opts.cents,
        currentCents: opts.cents,
        status: credit ? 'current' : 'earned',
        awardedAt: opts.awardedAt ?? new Date().toISOString(),
        expiresAt: opts.expiresAt ?? null,
        paymentInfoDueAt: opts.paymentInfoDueAt ?? null,
      })
      .returning()
      .get();
    recordLedger(tx, {
      riderId: a.riderId,
      balance: credit ? 'credit' : 'cash',
      kind: 'award',
      amountCents: a.initialCents,
      currency: a.currency,
      awardId: a.id,
      actor: SYSTEM_ACTOR,
    });
    // A partly spent credit award (as if a redemption had drawn on it).
    if (opts.currentCents !== undefined && opts.currentCents !== opts.cents) {
      const drawn = opts.cents - opts.currentCents;
      tx.update(awards)
        .set({
          currentCents: opts.currentCents,
          spentCents: drawn,
          status: opts.currentCents === 0 ? 'spent' : a.status,
        })
        .where(eq(awards.id, a.id))
        .run();
      recordLedger(tx, {
        riderId: a.riderId,
        balance: 'credit',
        kind: 'redemption',
        amountCents: -drawn,
        currency: a.currency,
        awardId: a.id,
        actor: SYSTEM_ACTOR,
      });
    }
    if (opts.status && opts.status !== a.status) {
      // A paid cash award has nothing left (as setClaimSent leaves it).
      const paid = opts.status === 'sent' || opts.status === 'paid';
      tx.update(awards)
        .set({ status: opts.status, ...(paid ? { currentCents: 0 } : {}) })
        .where(eq(awards.id, a.id))
        .run();
      if (paid) {
        recordLedger(tx, {
          riderId: a.riderId,
          balance: 'cash',
          kind: 'payoutSent',
          amountCents: -a.initialCents,
          currency: a.currency,
          awardId: a.id,
          actor: SYSTEM_ACTOR,
        });
      }
    }
    return tx.select().from(awards).where(eq(awards.id, a.id)).get() as Award;
  });
}

export function getAward(db: DB, id: number): Award {
  const a = db.select().from(awards).where(eq(awards.id, id)).get();
  if (!a) throw new Error(`no award ${id}`);
  return a;
}

export function ledgerRows(db: DB, awardId: number) {
  return db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.awardId, awardId))
    .orderBy(ledgerEntries.id)
    .all();
}

/** sum(ledger) and sum(awards.currentCents) for one rider, balance and currency. */
export function balances(
  db: DB,
  riderId: number,
  balance: 'credit' | 'cash',
  currency: 'USD' | 'CAD' | 'EUR' = 'USD',
) {
  const ledger = db
    .select({ t: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.riderId, riderId),
        eq(ledgerEntries.balance, balance),
        eq(ledgerEntries.currency, currency),
      ),
    )
    .get();
  const current = db
    .select({ t: sql<number>`coalesce(sum(${awards.currentCents}), 0)` })
    .from(awards)
    .where(
      and(
        eq(awards.riderId, riderId),
        eq(awards.payoutType, balance === 'credit' ? 'dealerCredit' : 'cash'),
        eq(awards.currency, currency),
      ),
    )
    .get();
  return { ledger: Number(ledger?.t ?? 0), awards: Number(current?.t ?? 0) };
}

/** A redemption row (as the dealer counter writes it), at a given instant. */
export function addRedemption(
  db: DB,
  opts: {
    riderId: number;
    dealerId: number;
    cents: number;
    at: string;
    currency?: 'USD' | 'CAD' | 'EUR';
  },
) {
  return db
    .insert(creditRedemptions)
    .values({
      riderId: opts.riderId,
      dealerId: opts.dealerId,
      amountCents: opts.cents,
      currency: opts.currency ?? 'USD',
      employeeName: 'Sam',
      idVerified: true,
      createdAt: opts.at,
    })
    .returning()
    .get();
}

/** Revokes a redemption (refund record) at a given instant. */
export function revokeRedemption(db: DB, redemptionId: number, at: string) {
  db.update(creditRedemptions)
    .set({ status: 'revoked' })
    .where(eq(creditRedemptions.id, redemptionId))
    .run();
  db.insert(revokedRedemptions).values({ redemptionId, refundedAt: at }).run();
}
