/** The demo season seed: accounts, programs, season shape, valid VINs, and a ledger that balances. */
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  awards,
  bikes,
  categories,
  classPlaces,
  creditRedemptions,
  dealers,
  eventClasses,
  events,
  guardianConsents,
  ledgerEntries,
  promoters,
  redemptionAllocations,
  results,
  revokedRedemptions,
  riderDocuments,
  riders,
  series,
  users,
  vinPatterns,
} from '#db/schema';
import { seed, SEED_TEST_EVENT_TITLE, SEED_TEST_EVENT_TITLE_FR } from '#db/seed';
import { DEMO, DEMO_PASSWORD } from '#db/seed-accounts';
import type { DB } from '~/db.server';
import { env } from '~/env.server';
import { ageOn, todayString } from '~/lib/format';
import { matchVinPattern, vinHasValidCheckDigit } from '~/lib/vin';
import { SYSTEM_ACTOR } from '~/services/platform/audit.server';
import { recomputeEventAwards } from '~/services/money/awards/awards.server';
import { verifyPassword, verifyPin } from '~/services/auth/password.server';
import { testDb } from './helpers/db';

let db: DB;
let today: string;

beforeAll(async () => {
  db = testDb();
  // About 50 argon2id hashes (~10 ms each on an idle machine, off the event loop).
  await seed(db);
  today = todayString();
}, 180_000);

function userByEmail(email: string) {
  return db.select().from(users).where(eq(users.email, email)).get();
}

function riderByEmail(email: string) {
  const u = userByEmail(email)!;
  return db.select().from(riders).where(eq(riders.userId, u.id)).get()!;
}

describe('seed: accounts', () => {
  it('creates every demo account with its role and state', () => {
    const roles: Record<keyof typeof DEMO, string> = {
      admin: 'admin',
      dealer: 'dealer',
      promoter: 'promoter',
      rider: 'rider',
      pro: 'rider',
      unverified: 'rider',
      noBike: 'rider',
      deactivated: 'rider',
    };
    for (const [key, email] of Object.entries(DEMO) as [keyof typeof DEMO, string][]) {
      const u = userByEmail(email);
      expect(u, email).toBeDefined();
      expect(u!.role).toBe(roles[key]);
      expect(u!.emailVerified).toBe(key !== 'unverified');
      expect(u!.deactivated).toBe(key === 'deactivated');
    }
  });

  it('attaches the dealer and promoter logins to real records', () => {
    const dealerUser = userByEmail(DEMO.dealer)!;
    const dealer = db.select().from(dealers).where(eq(dealers.userId, dealerUser.id)).get()!;
    expect(dealer.name).toBe('Orange Line Motorsports');
    expect(dealer.city).toBe('Temecula');

    const promoterUser = userByEmail(DEMO.promoter)!;
    const promoter = db
      .select()
      .from(promoters)
      .where(eq(promoters.userId, promoterUser.id))
      .get()!;
    const owned = db.select().from(series).where(eq(series.promoterId, promoter.id)).all();
    expect(owned.length).toBeGreaterThanOrEqual(2);
  });

  it('gives the demo rider a PIN, an adult birth date, a valid bike and favourite dealers', async () => {
    const r = riderByEmail(DEMO.rider);
    expect(r.level).toBe('amateur');
    const admin = userByEmail(DEMO.admin)!;
    expect(admin.passwordHash).toMatch(/^\$argon2id\$/);
    expect((await verifyPassword(DEMO_PASSWORD, admin.passwordHash)).ok).toBe(true);
    expect(r.pinHash).toMatch(/^hmac-sha256\$/);
    expect((await verifyPin('1234', r.pinHash)).ok).toBe(true);
    expect(ageOn(r.dateOfBirth, today)).toBeGreaterThanOrEqual(18);
    const b = db.select().from(bikes).where(eq(bikes.riderId, r.id)).all();
    expect(b).toHaveLength(1);
    expect(b[0].valid).toBe(true);
    const favs = db.all<{ n: number }>(
      sql`select count(*) as n from rider_favourite_dealers where rider_id = ${r.id}`,
    );
    expect(favs[0].n).toBeGreaterThan(0);
  });

  it('gives the no-bike demo rider only an invalid bike', () => {
    const r = riderByEmail(DEMO.noBike);
    const b = db.select().from(bikes).where(eq(bikes.riderId, r.id)).all();
    expect(b).toHaveLength(1);
    expect(b[0].valid).toBe(false);
    expect(b[0].invalidReason).toBe('vin:invalid.noPattern');
  });

  it('makes the demo pro a US pro with earned cash', () => {
    const r = riderByEmail(DEMO.pro);
    expect(r.level).toBe('pro');
    expect(r.usPerson).toBe(true);
    const cash = db
      .select()
      .from(awards)
      .where(and(eq(awards.riderId, r.id), eq(awards.payoutType, 'cash')))
      .all();
    expect(cash.length).toBeGreaterThan(0);
    for (const a of cash) {
      expect(a.status).toBe('earned');
      expect(a.paymentInfoDueAt! > new Date().toISOString()).toBe(true);
    }
  });

  it('keeps pro documents on file (the demo pro still owes his W-9), with their files', () => {
    const kinds = (email: string) =>
      db
        .select()
        .from(riderDocuments)
        .where(eq(riderDocuments.riderId, riderByEmail(email).id))
        .all();
    expect(kinds(DEMO.pro).map((d) => d.kind)).toEqual(['driversLicence']);
    expect(
      kinds('jake.moreau@example.com')
        .map((d) => d.kind)
        .sort(),
    ).toEqual(['driversLicence', 'w9']);
    expect(kinds('etienne.gagnon@example.com').map((d) => d.kind)).toEqual(['driversLicence']);
    for (const d of db.select().from(riderDocuments).all()) {
      const file = path.join(env().UPLOAD_DIR, 'documents', d.storedName);
      expect(d.storedName).toMatch(/^[a-f0-9]{32}\.png$/);
      expect(fs.statSync(file).size).toBe(d.sizeBytes);
      expect([...fs.readFileSync(file).subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    }
  });

  it('has the riders of the results fixtures, with their AMA numbers and valid bikes', () => {
    const expected: [string, string][] = [
      ['Jake Moreau', '112233'],
      ['Sam Okafor', '223344'],
      ['Ana Lindqvist', '334455'],
      ['Marc Tremblay', '445566'],
      ['Dee Walker', '556677'],
      ['Luis Ortega', '667788'],
      ['Kim Nguyen', '778899'],
    ];
    for (const [name, ama] of expected) {
      const [first, last] = name.split(' ');
      const rows = db
        .select()
        .from(riders)
        .where(and(eq(riders.firstName, first), eq(riders.lastName, last)))
        .all();
      expect(rows, name).toHaveLength(1);
      expect(rows[0].amaNumber).toBe(ama);
      expect(ageOn(rows[0].dateOfBirth, today)).toBeGreaterThanOrEqual(18);
      const b = db.select().from(bikes).where(eq(bikes.riderId, rows[0].id)).all();
      expect(
        b.every((x) => x.valid && x.make === 'KTM' && (x.year ?? 0) >= 2023),
        name,
      ).toBe(true);
    }
    expect(riderByEmail('marc.tremblay@example.com').country).toBe('CA');
  });

  it('has a minor with a guardian consent on file', () => {
    const minors = db
      .select()
      .from(riders)
      .all()
      .filter((r) => (ageOn(r.dateOfBirth, today) ?? 99) < 18);
    expect(minors.length).toBeGreaterThan(0);
    for (const m of minors) {
      const consent = db
        .select()
        .from(guardianConsents)
        .where(eq(guardianConsents.riderId, m.id))
        .all();
      expect(consent.length).toBe(1);
    }
  });
});

describe('seed: programs and season', () => {
  it('imports every VIN pattern, verified, and six programs', () => {
    expect(
      db
        .select()
        .from(vinPatterns)
        .all()
        .filter((p) => p.verified && p.make === 'KTM'),
    ).toHaveLength(40);
    const cats = db.select().from(categories).all();
    expect(cats.map((c) => c.name).sort()).toEqual(
      ['Flat Track', 'Motocross', 'Off Road', 'Road', 'Singles', 'SuperTwin'].sort(),
    );
    const singles = cats.find((c) => c.name === 'Singles')!;
    expect(singles.minYear).toBe(2021);
    expect(singles.maxYear).toBe(2023);
    expect(cats.find((c) => c.name === 'SuperTwin')!.eligibleModels).toContain('890 Duke R');
  });

  it('has 40+ dealers, mostly active, across the US and Canada', () => {
    const all = db.select().from(dealers).all();
    expect(all.length).toBeGreaterThanOrEqual(40);
    expect(all.filter((d) => d.active).length).toBeGreaterThan(all.length * 0.8);
    expect(all.some((d) => d.country === 'CA')).toBe(true);
    expect(new Set(all.map((d) => d.state)).size).toBeGreaterThan(20);
  });

  it('has series and events of a real season', () => {
    expect(db.select().from(series).all().length).toBeGreaterThanOrEqual(5);
    const all = db.select().from(events).all();
    expect(all.length).toBeGreaterThanOrEqual(25);
    expect(all.some((e) => e.cancelled)).toBe(true);
    expect(all.some((e) => e.country === 'CA' && e.currency === 'CAD')).toBe(true);
    expect(all.every((e) => (e.country === 'CA') === (e.currency === 'CAD'))).toBe(true);
    expect(all.some((e) => e.date > today && !e.cancelled)).toBe(true);
    expect(all.some((e) => e.resultsVerifiedAt !== null)).toBe(true);

    // Late results: past by more than two weeks, not cancelled, no results.
    const twoWeeksAgo = new Date(Date.now() - 14 * 86_400_000).toISOString().slice(0, 10);
    const late = all.filter(
      (e) =>
        e.date < twoWeeksAgo &&
        !e.cancelled &&
        !e.title.startsWith(SEED_TEST_EVENT_TITLE) &&
        db.select().from(results).where(eq(results.eventId, e.id)).all().length === 0,
    );
    expect(late.length).toBeGreaterThanOrEqual(1);
  });

  it('keeps the two upload test events clean: past, US, default program, no classes', () => {
    for (const title of [SEED_TEST_EVENT_TITLE, SEED_TEST_EVENT_TITLE_FR]) {
      const rows = db.select().from(events).where(eq(events.title, title)).all();
      expect(rows, title).toHaveLength(1);
      const e = rows[0];
      expect(e.date < today).toBe(true);
      expect(e.cancelled).toBe(false);
      expect(e.country).toBe('US');
      expect(e.currency).toBe('USD');
      expect(e.categoryId).toBeNull();
      expect(e.resultsUploadedAt).toBeNull();
      expect(
        db.select().from(eventClasses).where(eq(eventClasses.eventId, e.id)).all(),
      ).toHaveLength(0);
      expect(db.select().from(results).where(eq(results.eventId, e.id)).all()).toHaveLength(0);
      const s = db.select().from(series).where(eq(series.id, e.seriesId!)).get()!;
      const owner = db.select().from(promoters).where(eq(promoters.id, s.promoterId!)).get()!;
      expect(owner.userId).toBe(userByEmail(DEMO.promoter)!.id);
    }
  });

  it('pays classes like the class upload: cash, dealer credit and no payout', () => {
    const classes = db.select().from(eventClasses).all();
    const types = new Set(classes.map((c) => c.payoutType));
    expect(types).toEqual(new Set(['cash', 'dealerCredit', 'noPayout']));
    const places = db.select().from(classPlaces).all();
    expect(places.every((p) => p.amountCents > 0 && Number.isInteger(p.amountCents))).toBe(true);
  });
});

describe('seed: VINs', () => {
  it('gives every valid bike a VIN with a correct check digit matching a verified pattern', () => {
    const patterns = db.select().from(vinPatterns).where(eq(vinPatterns.verified, true)).all();
    const all = db.select().from(bikes).all();
    expect(all.length).toBeGreaterThanOrEqual(35);
    for (const b of all) {
      expect(vinHasValidCheckDigit(b.vin), b.vin).toBe(true);
      const match = patterns.find((p) => matchVinPattern(b.vin, p.pattern));
      if (b.valid) {
        expect(match, b.vin).toBeDefined();
        expect(b.vinPatternId).toBe(match!.id);
        expect(b.year).toBe(match!.year);
        expect(b.model).toBe(match!.model);
      } else {
        expect(match, b.vin).toBeUndefined();
      }
    }
  });
});

describe('seed: money', () => {
  it('balances the ledger with the awards for every rider, balance and currency', () => {
    const fromAwards = db.all<{
      rider: number;
      balance: string;
      currency: string;
      total: number;
    }>(sql`
      select rider_id as rider, case payout_type when 'cash' then 'cash' else 'credit' end as balance,
             currency, sum(current_cents) as total
      from awards group by 1, 2, 3`);
    const fromLedger = db.all<{
      rider: number;
      balance: string;
      currency: string;
      total: number;
    }>(sql`
      select rider_id as rider, balance, currency, sum(amount_cents) as total
      from ledger_entries group by 1, 2, 3`);
    const key = (r: { rider: number; balance: string; currency: string }) =>
      `${r.rider}/${r.balance}/${r.currency}`;
    const a = new Map(fromAwards.map((r) => [key(r), r.total]));
    const l = new Map(fromLedger.map((r) => [key(r), r.total]));
    expect(a.size).toBeGreaterThan(10);
    for (const k of new Set([...a.keys(), ...l.keys()]))
      expect(l.get(k) ?? 0, k).toBe(a.get(k) ?? 0);
  });

  it('writes an award ledger row for every award and a redemption row for every allocation', () => {
    const all = db.select().from(awards).all();
    const awardRows = db.select().from(ledgerEntries).where(eq(ledgerEntries.kind, 'award')).all();
    expect(awardRows.length).toBe(all.length);
    for (const a of all) {
      expect(a.currentCents).toBeGreaterThanOrEqual(0);
      expect(a.currentCents).toBeLessThanOrEqual(a.initialCents);
      expect(awardRows.find((l) => l.awardId === a.id)!.amountCents).toBe(a.initialCents);
      if (a.payoutType === 'dealerCredit') {
        expect(a.expiresAt).not.toBeNull();
        if (a.status === 'current') expect(a.currentCents).toBeGreaterThan(0);
        if (a.status === 'spent') expect(a.currentCents).toBe(0);
        if (a.status === 'expired') expect(a.currentCents).toBe(0);
        expect(['current', 'spent', 'expired']).toContain(a.status);
      } else {
        expect(a.paymentInfoDueAt).not.toBeNull();
        expect(['earned', 'sent']).toContain(a.status);
      }
    }
    const allocations = db.select().from(redemptionAllocations).all();
    const redemptionRows = db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.kind, 'redemption'))
      .all();
    expect(redemptionRows.length).toBe(allocations.length);
    for (const al of allocations) {
      expect(
        redemptionRows.some(
          (l) =>
            l.redemptionId === al.redemptionId &&
            l.awardId === al.awardId &&
            l.amountCents === -al.amountCents,
        ),
      ).toBe(true);
    }
    // Each redemption's allocations add up to its amount.
    for (const r of db.select().from(creditRedemptions).all()) {
      const sum = allocations
        .filter((x) => x.redemptionId === r.id)
        .reduce((s, x) => s + x.amountCents, 0);
      expect(sum).toBe(r.amountCents);
      expect(r.idVerified).toBe(true);
    }
  });

  it('tells the demo rider’s credit story: expiring soon, partly spent, spent, expired, refunded', () => {
    const r = riderByEmail(DEMO.rider);
    const credit = db
      .select()
      .from(awards)
      .where(and(eq(awards.riderId, r.id), eq(awards.payoutType, 'dealerCredit')))
      .all();
    const now = new Date().toISOString();
    const in30 = new Date(Date.now() + 30 * 86_400_000).toISOString();
    expect(
      credit.some((a) => a.status === 'current' && a.expiresAt! > now && a.expiresAt! < in30),
    ).toBe(true);
    expect(credit.some((a) => a.status === 'current' && a.spentCents > 0)).toBe(true);
    expect(credit.some((a) => a.status === 'expired')).toBe(true);
    expect(credit.some((a) => a.status === 'spent')).toBe(true);

    const reds = db
      .select()
      .from(creditRedemptions)
      .where(eq(creditRedemptions.riderId, r.id))
      .all();
    const revoked = reds.filter((x) => x.status === 'revoked');
    expect(revoked).toHaveLength(1);
    expect(
      db
        .select()
        .from(revokedRedemptions)
        .where(eq(revokedRedemptions.redemptionId, revoked[0].id))
        .all(),
    ).toHaveLength(1);
    const refunds = db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.riderId, r.id), eq(ledgerEntries.kind, 'refund')))
      .all();
    expect(refunds.reduce((s, l) => s + l.amountCents, 0)).toBe(revoked[0].amountCents);
    const multi = reds.some(
      (x) =>
        db
          .select()
          .from(redemptionAllocations)
          .where(eq(redemptionAllocations.redemptionId, x.id))
          .all().length > 1,
    );
    expect(multi).toBe(true);
  });

  it('links results to riders and pays at most two classes per rider and event', () => {
    const linked = db
      .select()
      .from(results)
      .where(sql`${results.riderId} is not null`)
      .all();
    expect(linked.length).toBeGreaterThan(50);
    const paid = db.all<{ n: number }>(sql`
      select count(*) as n from (
        select event_id, rider_id, count(distinct class_id) as c from awards where type <> 'bonus'
        group by event_id, rider_id) where c > 2`);
    expect(paid[0].n).toBe(0);
    expect(linked.some((x) => x.noPayoutReason === 'twoClassLimit')).toBe(true);
    // Every result says why it pays nothing, or pays and has no reason.
    for (const x of db.select().from(results).all()) {
      if (x.payoutCents > 0) expect(x.noPayoutReason).toBeNull();
      else expect(x.noPayoutReason, `${x.riderName} #${x.id}`).toMatch(/^[a-zA-Z]+$/);
    }
    const paidResults = db
      .select()
      .from(results)
      .where(sql`${results.payoutCents} > 0`)
      .all();
    const awardResultIds = new Set(
      db
        .select()
        .from(awards)
        .where(inArray(awards.type, ['cash', 'credit']))
        .all()
        .map((a) => a.resultId),
    );
    expect(paidResults.every((x) => awardResultIds.has(x.id))).toBe(true);
    expect(paidResults.length).toBe(awardResultIds.size);
  });

  it('lets the award engine compute the awards: one recompute per event with results, dated on its verification day', () => {
    const withResults = db
      .select({ id: events.id, verifiedAt: events.resultsVerifiedAt })
      .from(events)
      .where(sql`exists (select 1 from results r where r.event_id = ${events.id})`)
      .all();
    const recomputed = db
      .select({ id: auditLog.entityId })
      .from(auditLog)
      .where(eq(auditLog.action, 'awards.recompute'))
      .all()
      .map((r) => r.id);
    expect(withResults.length).toBeGreaterThan(5);
    expect(new Set(recomputed)).toEqual(new Set(withResults.map((e) => e.id)));
    // Each award, and its award ledger row, is dated when its event's results were verified.
    const verifiedAt = new Map(withResults.map((e) => [e.id, e.verifiedAt]));
    const rows = db
      .select({
        eventId: awards.eventId,
        awardedAt: awards.awardedAt,
        ledgerAt: ledgerEntries.createdAt,
      })
      .from(awards)
      .innerJoin(
        ledgerEntries,
        and(eq(ledgerEntries.awardId, awards.id), eq(ledgerEntries.kind, 'award')),
      )
      .all();
    expect(rows.length).toBeGreaterThan(20);
    for (const r of rows) {
      expect(new Date(r.awardedAt).getTime()).toBe(new Date(verifiedAt.get(r.eventId!)!).getTime());
      expect(r.ledgerAt).toBe(r.awardedAt);
    }
  });

  it('agrees with the award engine: recomputing every event with results changes nothing', () => {
    // The engine computed the season's awards; the money story that follows (redemptions,
    // refunds, expiry, payouts) must leave nothing a recompute would change.
    const snapshot = () => ({
      results: db
        .select({
          id: results.id,
          payoutCents: results.payoutCents,
          reason: results.noPayoutReason,
          bikeId: results.bikeId,
        })
        .from(results)
        .orderBy(results.id)
        .all(),
      awards: db
        .select({
          id: awards.id,
          type: awards.type,
          initialCents: awards.initialCents,
          currentCents: awards.currentCents,
          status: awards.status,
        })
        .from(awards)
        .orderBy(awards.id)
        .all(),
      ledgerRows: db
        .select({ n: sql<number>`count(*)` })
        .from(ledgerEntries)
        .get()!.n,
    });
    const before = snapshot();
    const eventIds = [
      ...new Set(
        db
          .select({ e: results.eventId })
          .from(results)
          .all()
          .map((r) => r.e),
      ),
    ];
    expect(eventIds.length).toBeGreaterThan(5);
    let paying = 0;
    for (const id of eventIds) {
      const out = recomputeEventAwards(db, id, SYSTEM_ACTOR);
      expect(out.ok, `event ${id}`).toBe(true);
      if (!out.ok) continue;
      const { created, increased, reduced, reversed, ledgerRows } = out.summary;
      expect({ created, increased, reduced, reversed, ledgerRows }, `event ${id}`).toEqual({
        created: 0,
        increased: 0,
        reduced: 0,
        reversed: 0,
        ledgerRows: 0,
      });
      paying += out.summary.paying;
    }
    expect(paying).toBeGreaterThan(20);
    expect(snapshot()).toEqual(before);
  });
});
