import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { riders } from '#db/schema';
import { hashPin } from '~/services/auth/password.server';
import type { DB } from '~/db.server';
import { riderHome } from '~/services/people/rider-home.server';
import { testDb } from '../helpers/db';
import {
  addDocument,
  inDays,
  makeAward,
  makeClaim,
  makeDealer,
  makeEvent,
  makeResult,
  makeRider,
  NOW,
} from './rider-area-fixtures';
import { addFavourite } from '~/services/people/favourites.server';

describe('rider home numbers', () => {
  let db: DB;
  beforeEach(() => {
    db = testDb();
  });

  it('available credit: current dealer credit not past its expiry, per currency', () => {
    const a = makeRider(db);
    const other = makeRider(db);
    makeAward(db, a.id, { status: 'current', initialCents: 10000, expiresAt: inDays(100) });
    makeAward(db, a.id, {
      status: 'current',
      initialCents: 5000,
      currentCents: 2000,
      spentCents: 3000,
      expiresAt: inDays(10),
    });
    // Past its expiry date, the job has not run yet: not spendable.
    makeAward(db, a.id, { status: 'current', initialCents: 4000, expiresAt: inDays(-1) });
    makeAward(db, a.id, {
      status: 'expired',
      initialCents: 3000,
      currentCents: 0,
      expiresAt: inDays(-40),
    });
    makeAward(db, a.id, { status: 'spent', initialCents: 2500, currentCents: 0, spentCents: 2500 });
    makeAward(db, a.id, {
      status: 'current',
      initialCents: 1500,
      currency: 'CAD',
      expiresAt: inDays(200),
    });
    // Someone else's credit never counts.
    makeAward(db, other.id, { status: 'current', initialCents: 99900, expiresAt: inDays(100) });

    const home = riderHome(db, a.id, NOW);
    expect(home.available).toEqual([
      { currency: 'USD', cents: 12000 },
      { currency: 'CAD', cents: 1500 },
    ]);
  });

  it('credit expiring within 30 days: amounts and dates, soonest first', () => {
    const a = makeRider(db);
    const late = makeAward(db, a.id, {
      status: 'current',
      initialCents: 700,
      expiresAt: inDays(29),
    });
    const soon = makeAward(db, a.id, {
      status: 'current',
      initialCents: 5000,
      currentCents: 2000,
      expiresAt: inDays(3),
    });
    makeAward(db, a.id, { status: 'current', initialCents: 900, expiresAt: inDays(31) });
    makeAward(db, a.id, { status: 'current', initialCents: 800, expiresAt: inDays(-2) });
    const home = riderHome(db, a.id, NOW);
    expect(home.expiring.map((e) => [e.awardId, e.cents, e.expiresAt])).toEqual([
      [soon.id, 2000, inDays(3)],
      [late.id, 700, inDays(29)],
    ]);
    expect(home.expiringTotal).toEqual([{ currency: 'USD', cents: 2700 }]);
  });

  it('pending cash of a pro: earned, claimed, sent; and what is still missing', () => {
    const pro = makeRider(db, { level: 'pro', usPerson: true });
    const claim = makeClaim(db, pro.id, 30000);
    makeAward(db, pro.id, {
      payoutType: 'cash',
      status: 'earned',
      initialCents: 20000,
      paymentInfoDueAt: inDays(40),
    });
    makeAward(db, pro.id, {
      payoutType: 'cash',
      status: 'earned',
      initialCents: 30000,
      payoutClaimId: claim.id,
    });
    makeAward(db, pro.id, {
      payoutType: 'cash',
      status: 'sent',
      initialCents: 15000,
      currentCents: 0,
    });
    makeAward(db, pro.id, {
      payoutType: 'cash',
      status: 'expired',
      initialCents: 5000,
      currentCents: 0,
    });
    let home = riderHome(db, pro.id, NOW);
    expect(home.level).toBe('pro');
    expect(home.cash).toEqual({
      earned: [{ currency: 'USD', cents: 20000 }],
      claimed: [{ currency: 'USD', cents: 30000 }],
      sent: [{ currency: 'USD', cents: 15000 }],
    });
    expect(home.available).toEqual([]);
    expect(home.payoutRequirements?.missing).toEqual(['w9', 'driversLicence']);
    expect(home.payoutRequirements?.paymentInfoDueAt).toBe(inDays(40));
    expect(home.payoutRequirements?.withholding).toBe(false);

    addDocument(db, pro.id, 'w9');
    addDocument(db, pro.id, 'driversLicence');
    home = riderHome(db, pro.id, NOW);
    expect(home.payoutRequirements?.missing).toEqual([]);
  });

  it('amateurs have no payout requirements; PIN status; favourites; last five results', () => {
    const a = makeRider(db, { pin: true });
    const b = makeRider(db);
    const d = makeDealer(db, 'Alpha Moto');
    addFavourite(db, a.id, d.id);
    for (let i = 1; i <= 7; i += 1) {
      const e = makeEvent(db, `Round ${i}`, `2025-0${Math.min(i, 9)}-10`);
      makeResult(db, e, a.id, 1, 10000);
      makeResult(db, e, b.id, 2, 0, 'twoClassLimit');
    }
    const home = riderHome(db, a.id, NOW);
    expect(home.payoutRequirements).toBeNull();
    expect(home.pinSet).toBe(true);
    expect(riderHome(db, b.id, NOW).pinSet).toBe(false);
    expect(home.favourites.map((f) => f.name)).toEqual(['Alpha Moto']);
    expect(riderHome(db, b.id, NOW).favourites).toEqual([]);
    expect(home.recentResults.map((r) => r.eventTitle)).toEqual([
      'Round 7',
      'Round 6',
      'Round 5',
      'Round 4',
      'Round 3',
    ]);
    expect(
      home.recentResults.every((r) => r.payoutCents === 10000 && r.noPayoutReason === null),
    ).toBe(true);
    const bResults = riderHome(db, b.id, NOW).recentResults;
    expect(bResults).toHaveLength(5);
    expect(bResults.every((r) => r.noPayoutReason === 'twoClassLimit')).toBe(true);
  });

  it('a weak PIN is flagged, a strong one is not, and a new PIN is judged afresh', () => {
    const a = makeRider(db);
    const setPin = (pin: string) =>
      db
        .update(riders)
        .set({ pinHash: hashPin(pin) })
        .where(eq(riders.id, a.id))
        .run();
    setPin('1234');
    expect(riderHome(db, a.id, NOW).pinWeak).toBe(true);
    expect(riderHome(db, a.id, NOW).pinWeak).toBe(true);
    setPin('7391');
    expect(riderHome(db, a.id, NOW).pinWeak).toBe(false);
    setPin('0000');
    expect(riderHome(db, a.id, NOW).pinWeak).toBe(true);
    expect(riderHome(db, makeRider(db).id, NOW)).toMatchObject({ pinSet: false, pinWeak: false });
  });
});
