import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  auditLog,
  awards,
  creditRedemptions,
  ledgerEntries,
  pinAttempts,
  redemptionAllocations,
  revokedRedemptions,
  riders,
  users,
} from '#db/schema';
import type { DB } from '~/db.server';
import { fromBase36Code } from '~/lib/format';
import { availableCredit, drawableCredit } from '~/services/money/ledger/credit.server';
import { searchRiders } from '~/services/money/counter/dealer-counter.server';
import {
  listCreditRedemptions,
  redemptionTotals,
  listRevokedRedemptions,
  todaysRedemptions,
} from '~/services/money/counter/redemption-lists.server';
import { redemptionViews } from '~/services/money/counter/redemption-views.server';
import { pinLockedUntil } from '~/services/money/counter/pin-lockout.server';
import { redeem, type RedeemInput } from '~/services/money/counter/redemptions.server';
import { refundRedemption } from '~/services/money/counter/redemption-refunds.server';
import { testDb } from '../../helpers/db';
import {
  awardSum,
  DAY,
  giveCredit,
  ledgerSum,
  makeAdminUser,
  makeDealer,
  makeRider,
  MIN,
} from '../counter-fixtures';

const NOW = new Date('2025-06-15T18:00:00.000Z');

let db: DB;
let riderId: number;
let dealer: ReturnType<typeof makeDealer>;

function input(over: Partial<RedeemInput> = {}): RedeemInput {
  return {
    riderId,
    dealerId: dealer.dealer.id,
    amountCents: 1000,
    pin: '1234',
    employeeName: 'Sam Counter',
    idVerified: true,
    actor: dealer.actor,
    now: NOW,
    ...over,
  };
}

function expectLedgerAgrees() {
  expect(ledgerSum(db, riderId)).toBe(awardSum(db, riderId));
}

beforeEach(() => {
  db = testDb();
  riderId = makeRider(db).rider.id;
  dealer = makeDealer(db);
});

describe('redeem', () => {
  it('partial redemption: takes part of one award and leaves the rest current', async () => {
    const a = giveCredit(db, riderId, 5000, new Date(NOW.getTime() + 100 * DAY));
    const r = await redeem(db, input({ amountCents: 1250 }));
    expect(r.ok).toBe(true);
    const after = db.select().from(awards).where(eq(awards.id, a.id)).get();
    expect(after).toMatchObject({
      currentCents: 3750,
      spentCents: 1250,
      status: 'current',
      redeemedAt: NOW.toISOString(),
    });
    expect(availableCredit(db, riderId, NOW).totalCents).toBe(3750);
    expectLedgerAgrees();
  });

  it('cannot exceed available: one cent more is refused and nothing moves', async () => {
    giveCredit(db, riderId, 2000, new Date(NOW.getTime() + 100 * DAY));
    const r = await redeem(db, input({ amountCents: 2001 }));
    expect(r).toMatchObject({ ok: false, error: 'dealer:errors.amountTooHigh', field: 'amount' });
    expect(db.select().from(creditRedemptions).all()).toHaveLength(0);
    const exact = await redeem(db, input({ amountCents: 2000 }));
    expect(exact.ok).toBe(true);
    expect(availableCredit(db, riderId, NOW).totalCents).toBe(0);
    const a = db.select().from(awards).all()[0];
    expect(a.status).toBe('spent');
    expectLedgerAgrees();
  });

  it('amount must be more than 0 and a whole number of cents', async () => {
    giveCredit(db, riderId, 2000, new Date(NOW.getTime() + 100 * DAY));
    expect(await redeem(db, input({ amountCents: 0 }))).toMatchObject({
      ok: false,
      field: 'amount',
    });
    expect(await redeem(db, input({ amountCents: -5 }))).toMatchObject({
      ok: false,
      field: 'amount',
    });
    expect(await redeem(db, input({ amountCents: 10.5 }))).toMatchObject({
      ok: false,
      field: 'amount',
    });
  });

  it('expired credit cannot be spent before the job ran', async () => {
    // Still 'current' in the table (the expiry job has not run) but its expiry has passed.
    giveCredit(db, riderId, 3000, new Date(NOW.getTime() - 1000));
    giveCredit(db, riderId, 500, new Date(NOW.getTime() + DAY));
    expect(availableCredit(db, riderId, NOW).totalCents).toBe(500);
    const r = await redeem(db, input({ amountCents: 600 }));
    expect(r).toMatchObject({ ok: false, error: 'dealer:errors.amountTooHigh' });
    expect((await redeem(db, input({ amountCents: 500 }))).ok).toBe(true);
  });

  it('a redemption draws on what the rider can spend in the currency, as the counter lists it', () => {
    giveCredit(db, riderId, 1000, new Date(NOW.getTime() + 300 * DAY));
    giveCredit(db, riderId, 700, new Date(NOW.getTime() + 10 * DAY));
    giveCredit(db, riderId, 900, new Date(NOW.getTime() + 10 * DAY));
    giveCredit(db, riderId, 3000, new Date(NOW.getTime() - 1000)); // expired, not yet marked
    giveCredit(db, riderId, 400, new Date(NOW.getTime() + 50 * DAY), { status: 'expired' });
    giveCredit(db, riderId, 0, new Date(NOW.getTime() + 50 * DAY));
    giveCredit(db, riderId, 2500, new Date(NOW.getTime() + 20 * DAY), { currency: 'CAD' });
    for (const currency of ['USD', 'CAD'] as const) {
      const listed = availableCredit(db, riderId, NOW, currency);
      const drawn = drawableCredit(db, riderId, NOW, currency);
      expect(drawn.totalCents).toBe(listed.totalCents);
      expect(drawn.awards).toEqual(
        listed.awards.map((a) => ({
          id: a.id,
          currentCents: a.currentCents,
          expiresAt: a.expiresAt,
        })),
      );
    }
    expect(drawableCredit(db, riderId, NOW, 'USD').totalCents).toBe(2600);
    expect(drawableCredit(db, riderId, NOW, 'EUR')).toEqual({ totalCents: 0, awards: [] });
  });

  it('soonest expiry drawn first, across several awards', async () => {
    const late = giveCredit(db, riderId, 1000, new Date(NOW.getTime() + 300 * DAY));
    const soon = giveCredit(db, riderId, 700, new Date(NOW.getTime() + 10 * DAY));
    const mid = giveCredit(db, riderId, 800, new Date(NOW.getTime() + 100 * DAY));
    const r = await redeem(db, input({ amountCents: 1000 }));
    if (!r.ok) throw new Error(r.error);
    const byId = (id: number) => db.select().from(awards).where(eq(awards.id, id)).get();
    // Spent out: marked spent; drawn in part: still current (its status is not set), dated.
    expect(byId(soon.id)).toMatchObject({ currentCents: 0, spentCents: 700, status: 'spent' });
    expect(byId(mid.id)).toMatchObject({ currentCents: 500, spentCents: 300, status: 'current' });
    expect(byId(mid.id)?.redeemedAt).toBe(NOW.toISOString());
    expect(byId(late.id)).toMatchObject({ currentCents: 1000, spentCents: 0, status: 'current' });
    expect(byId(late.id)?.redeemedAt).toBeNull();
    const allocs = db
      .select()
      .from(redemptionAllocations)
      .where(eq(redemptionAllocations.redemptionId, r.redemption.id))
      .all();
    expect(allocs.map((x) => [x.awardId, x.amountCents])).toEqual([
      [soon.id, 700],
      [mid.id, 300],
    ]);
    const rows = db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.redemptionId, r.redemption.id))
      .all();
    expect(rows.map((x) => [x.kind, x.awardId, x.amountCents])).toEqual([
      ['redemption', soon.id, -700],
      ['redemption', mid.id, -300],
    ]);
    expectLedgerAgrees();
  });

  it('wrong PIN refused and logged as an attempt; a right PIN is on record as the redemption and its audit row', async () => {
    giveCredit(db, riderId, 2000, new Date(NOW.getTime() + 100 * DAY));
    const bad = await redeem(db, input({ pin: '9999' }));
    expect(bad).toMatchObject({ ok: false, error: 'dealer:errors.wrongPin', field: 'pin' });
    expect(db.select().from(creditRedemptions).all()).toHaveLength(0);
    const good = await redeem(db, input());
    if (!good.ok) throw new Error('the right PIN was refused');
    const attempts = db.select().from(pinAttempts).all();
    expect(attempts.map((a) => [a.riderId, a.dealerId, a.userId, a.success])).toEqual([
      [riderId, dealer.dealer.id, dealer.user.id, false],
    ]);
    const created = db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'redemption.created'))
      .all();
    expect(created.map((a) => [a.actorUserId, a.entityType, a.entityId])).toEqual([
      [dealer.user.id, 'creditRedemption', good.redemption.id],
    ]);
    expect(created[0].details).toMatchObject({
      riderId,
      dealerId: dealer.dealer.id,
      amountCents: good.redemption.amountCents,
    });
    expectLedgerAgrees();
  });

  it('5 wrong PINs in 15 minutes lock the rider for 15 minutes, then unlock', async () => {
    giveCredit(db, riderId, 2000, new Date(NOW.getTime() + 100 * DAY));
    const at = (m: number) => new Date(NOW.getTime() + m * MIN);
    for (let i = 0; i < 4; i++) {
      expect(await redeem(db, input({ pin: '0000', now: at(i * 3) }))).toMatchObject({
        error: 'dealer:errors.wrongPin',
      });
    }
    // The 5th wrong PIN (at minute 12, within 15 minutes of the first) starts the lock-out.
    const fifth = await redeem(db, input({ pin: '0000', now: at(12) }));
    expect(fifth).toMatchObject({
      ok: false,
      error: 'dealer:errors.pinLocked',
      lockedUntil: at(27).toISOString(),
    });
    // Even the right PIN is refused while locked, and such refusals are not PIN tries.
    const locked = await redeem(db, input({ now: at(26) }));
    expect(locked).toMatchObject({ ok: false, error: 'dealer:errors.pinLocked' });
    expect(db.select().from(pinAttempts).all()).toHaveLength(5);
    expect(pinLockedUntil(db, riderId, at(26))?.toISOString()).toBe(at(27).toISOString());
    expect(
      db.select().from(auditLog).where(eq(auditLog.action, 'redemption.pinLocked')).all().length,
    ).toBeGreaterThan(0);
    // 15 minutes after the 5th wrong PIN it opens again.
    expect(pinLockedUntil(db, riderId, at(27))).toBeNull();
    const open = await redeem(db, input({ now: at(27) }));
    expect(open.ok).toBe(true);
    expectLedgerAgrees();
  });

  it('5 wrong PINs spread over more than 15 minutes do not lock', async () => {
    giveCredit(db, riderId, 2000, new Date(NOW.getTime() + 100 * DAY));
    for (let i = 0; i < 5; i++) {
      expect(
        await redeem(db, input({ pin: '0000', now: new Date(NOW.getTime() + i * 4 * MIN) })),
      ).toMatchObject({
        error: 'dealer:errors.wrongPin',
      });
    }
    expect((await redeem(db, input({ now: new Date(NOW.getTime() + 17 * MIN) }))).ok).toBe(true);
  });

  it('the lock-out is per rider', async () => {
    giveCredit(db, riderId, 2000, new Date(NOW.getTime() + 100 * DAY));
    const other = makeRider(db).rider.id;
    giveCredit(db, other, 2000, new Date(NOW.getTime() + 100 * DAY));
    for (let i = 0; i < 5; i++) await redeem(db, input({ pin: '0000' }));
    expect(await redeem(db, input())).toMatchObject({ error: 'dealer:errors.pinLocked' });
    expect((await redeem(db, input({ riderId: other }))).ok).toBe(true);
  });

  it('employee name, ID tick, PIN format, active rider with a PIN and an active dealer are required', async () => {
    giveCredit(db, riderId, 2000, new Date(NOW.getTime() + 100 * DAY));
    expect(await redeem(db, input({ employeeName: '   ' }))).toMatchObject({
      error: 'dealer:errors.employeeRequired',
      field: 'employeeName',
    });
    expect(await redeem(db, input({ idVerified: false }))).toMatchObject({
      error: 'dealer:errors.idNotVerified',
      field: 'idVerified',
    });
    expect(await redeem(db, input({ pin: '12a4' }))).toMatchObject({
      error: 'validation:pin',
      field: 'pin',
    });
    const inactive = makeRider(db, { deactivated: true }).rider.id;
    giveCredit(db, inactive, 2000, new Date(NOW.getTime() + 100 * DAY));
    expect(await redeem(db, input({ riderId: inactive }))).toMatchObject({
      error: 'dealer:errors.riderInactive',
    });
    const noPin = makeRider(db, { pin: null }).rider.id;
    giveCredit(db, noPin, 2000, new Date(NOW.getTime() + 100 * DAY));
    expect(await redeem(db, input({ riderId: noPin }))).toMatchObject({
      error: 'dealer:errors.noPin',
    });
    const closed = makeDealer(db, { active: false });
    expect(await redeem(db, input({ dealerId: closed.dealer.id }))).toMatchObject({
      error: 'dealer:errors.dealerInactive',
    });
    expect(db.select().from(pinAttempts).all()).toHaveLength(0);
    expect(db.select().from(creditRedemptions).all()).toHaveLength(0);
  });

  it("a dealer redeems in its own country's currency only", async () => {
    giveCredit(db, riderId, 2000, new Date(NOW.getTime() + 100 * DAY), { currency: 'USD' });
    giveCredit(db, riderId, 900, new Date(NOW.getTime() + 100 * DAY), { currency: 'CAD' });
    const canadian = makeDealer(db, { country: 'CA' });
    const c = availableCredit(db, riderId, NOW, 'CAD');
    expect(c.totalCents).toBe(900);
    expect(c.byCurrency.map((b) => [b.currency, b.totalCents])).toEqual([
      ['USD', 2000],
      ['CAD', 900],
    ]);
    expect(
      await redeem(
        db,
        input({ dealerId: canadian.dealer.id, actor: canadian.actor, amountCents: 1000 }),
      ),
    ).toMatchObject({
      error: 'dealer:errors.amountTooHigh',
    });
    const r = await redeem(
      db,
      input({ dealerId: canadian.dealer.id, actor: canadian.actor, amountCents: 900 }),
    );
    if (!r.ok) throw new Error(r.error);
    expect(r.redemption.currency).toBe('CAD');
    expect(ledgerSum(db, riderId, 'CAD')).toBe(awardSum(db, riderId, 'CAD'));
    expect(availableCredit(db, riderId, NOW, 'USD').totalCents).toBe(2000);
  });

  it('code is base 36 upper case of the redemption id, shown as the receipt number #0ZZ', async () => {
    giveCredit(db, riderId, 100_000, new Date(NOW.getTime() + 100 * DAY));
    // Move the sequence past 35 so the code has letters and two digits.
    db.$client
      .prepare("INSERT INTO sqlite_sequence(name, seq) VALUES ('credit_redemptions', 1294)")
      .run();
    const r = await redeem(db, input({ amountCents: 100 }));
    if (!r.ok) throw new Error(r.error);
    expect(r.redemption.id).toBe(1295);
    expect(r.code).toBe('#0ZZ');
    expect(fromBase36Code(r.code)).toBe(r.redemption.id);
  });

  it('ledger equals award values after every operation', async () => {
    const admin = makeAdminUser(db);
    giveCredit(db, riderId, 1500, new Date(NOW.getTime() + 5 * DAY));
    giveCredit(db, riderId, 2500, new Date(NOW.getTime() + 50 * DAY));
    expectLedgerAgrees();
    const ids: number[] = [];
    for (const amount of [100, 1499, 1, 900, 333]) {
      const r = await redeem(db, input({ amountCents: amount }));
      if (!r.ok) throw new Error(r.error);
      ids.push(r.redemption.id);
      expectLedgerAgrees();
    }
    await redeem(db, input({ pin: '1111' }));
    expectLedgerAgrees();
    for (const id of [ids[1], ids[3]]) {
      expect(refundRedemption(db, id, admin.actor, 'test', NOW).ok).toBe(true);
      expectLedgerAgrees();
    }
    expect(availableCredit(db, riderId, NOW).totalCents).toBe(4000 - 100 - 1 - 333);
  });
});

describe('refundRedemption', () => {
  it('refund restores the exact awards, revokes the redemption and records who and when', async () => {
    const admin = makeAdminUser(db);
    const soon = giveCredit(db, riderId, 700, new Date(NOW.getTime() + 10 * DAY));
    const late = giveCredit(db, riderId, 1000, new Date(NOW.getTime() + 300 * DAY));
    const before = db.select().from(awards).all();
    const r = await redeem(db, input({ amountCents: 1200 }));
    if (!r.ok) throw new Error(r.error);
    const later = new Date(NOW.getTime() + DAY);
    const refund = refundRedemption(db, r.redemption.id, admin.actor, 'wrong bike part', later);
    expect(refund.ok).toBe(true);
    const after = db.select().from(awards).all();
    expect(after.map((a) => [a.id, a.currentCents, a.spentCents, a.status, a.redeemedAt])).toEqual(
      before.map((a) => [a.id, a.currentCents, a.spentCents, a.status, null]),
    );
    expect(
      db.select().from(creditRedemptions).where(eq(creditRedemptions.id, r.redemption.id)).get()
        ?.status,
    ).toBe('revoked');
    const rev = db.select().from(revokedRedemptions).all();
    expect(rev).toHaveLength(1);
    expect(rev[0]).toMatchObject({
      redemptionId: r.redemption.id,
      refundedByUserId: admin.user.id,
      refundedAt: later.toISOString(),
      reason: 'wrong bike part',
    });
    const rows = db.select().from(ledgerEntries).where(eq(ledgerEntries.kind, 'refund')).all();
    expect(rows.map((x) => [x.awardId, x.amountCents])).toEqual([
      [soon.id, 700],
      [late.id, 500],
    ]);
    expectLedgerAgrees();
  });

  it('double refund refused', async () => {
    const admin = makeAdminUser(db);
    giveCredit(db, riderId, 1000, new Date(NOW.getTime() + 10 * DAY));
    const r = await redeem(db, input({ amountCents: 400 }));
    if (!r.ok) throw new Error(r.error);
    expect(refundRedemption(db, r.redemption.id, admin.actor, null, NOW).ok).toBe(true);
    expect(refundRedemption(db, r.redemption.id, admin.actor, null, NOW)).toEqual({
      ok: false,
      error: 'dealer:errors.alreadyRefunded',
    });
    expect(availableCredit(db, riderId, NOW).totalCents).toBe(1000);
    expect(refundRedemption(db, 999_999, admin.actor)).toEqual({
      ok: false,
      error: 'dealer:errors.redemptionNotFound',
    });
    expectLedgerAgrees();
  });

  it('money refunded to an award that has expired meanwhile comes back expired', async () => {
    const admin = makeAdminUser(db);
    const short = giveCredit(db, riderId, 1000, new Date(NOW.getTime() + DAY));
    const long = giveCredit(db, riderId, 1000, new Date(NOW.getTime() + 100 * DAY));
    const r = await redeem(db, input({ amountCents: 1500 }));
    if (!r.ok) throw new Error(r.error);
    // Two days later the short award's expiry has passed (the job may or may not have run).
    const later = new Date(NOW.getTime() + 2 * DAY);
    expect(refundRedemption(db, r.redemption.id, admin.actor, null, later).ok).toBe(true);
    const byId = (id: number) => db.select().from(awards).where(eq(awards.id, id)).get();
    expect(byId(short.id)).toMatchObject({ currentCents: 0, spentCents: 0, status: 'expired' });
    expect(byId(long.id)).toMatchObject({ currentCents: 1000, spentCents: 0, status: 'current' });
    const rows = db.select().from(ledgerEntries).where(eq(ledgerEntries.awardId, short.id)).all();
    expect(rows.map((x) => [x.kind, x.amountCents])).toEqual([
      ['award', 1000],
      ['redemption', -1000],
      ['refund', 1000],
      ['expiry', -1000],
    ]);
    expect(availableCredit(db, riderId, later).totalCents).toBe(1000);
    expectLedgerAgrees();
  });
});

describe('lists', () => {
  it('filter by dates (LA days, inclusive), rider name, dealer, rider and country; refunded ones marked', async () => {
    const admin = makeAdminUser(db);
    giveCredit(db, riderId, 100_000, new Date('2026-12-31T00:00:00Z'));
    const other = makeRider(db, { first: 'Zed', last: 'Zebra' }).rider.id;
    giveCredit(db, other, 100_000, new Date('2026-12-31T00:00:00Z'));
    const canadian = makeDealer(db, { country: 'CA' });
    giveCredit(db, riderId, 100_000, new Date('2026-12-31T00:00:00Z'), { currency: 'CAD' });
    // June 1st 23:30 in Los Angeles is June 2nd in UTC.
    const r1 = await redeem(db, input({ amountCents: 100, now: new Date('2025-06-02T06:30:00Z') }));
    const r2 = await redeem(db, input({ amountCents: 200, now: new Date('2025-06-02T08:00:00Z') }));
    const r3 = await redeem(
      db,
      input({ riderId: other, amountCents: 300, now: new Date('2025-06-03T18:00:00Z') }),
    );
    const r4 = await redeem(
      db,
      input({
        dealerId: canadian.dealer.id,
        actor: canadian.actor,
        amountCents: 400,
        now: new Date('2025-06-04T18:00:00Z'),
      }),
    );
    if (!r1.ok || !r2.ok || !r3.ok || !r4.ok) throw new Error('setup');
    refundRedemption(db, r2.redemption.id, admin.actor, null, new Date('2025-06-10T18:00:00Z'));

    const all = listCreditRedemptions(db, {});
    expect(all.creditRedemptions.map((x) => x.id)).toEqual(
      [r4, r3, r2, r1].map((x) => x.redemption.id),
    );
    expect(all.pagination).toMatchObject({ page: 1, totalPages: 1, total: 4 });
    const june1 = listCreditRedemptions(db, { afterDate: '2025-06-01', beforeDate: '2025-06-01' });
    expect(june1.creditRedemptions.map((x) => x.id)).toEqual([r1.redemption.id]);
    expect(listCreditRedemptions(db, { afterDate: '2025-06-02' }).creditRedemptions).toHaveLength(
      3,
    );
    expect(
      listCreditRedemptions(db, { riderName: 'zed zeb' }).creditRedemptions.map((x) => x.id),
    ).toEqual([r3.redemption.id]);
    expect(listCreditRedemptions(db, { country: 'ca' }).creditRedemptions.map((x) => x.id)).toEqual(
      [r4.redemption.id],
    );
    expect(
      listCreditRedemptions(db, { dealerId: canadian.dealer.id }).creditRedemptions,
    ).toHaveLength(1);
    const mine = listCreditRedemptions(db, { riderId });
    expect(mine.creditRedemptions).toHaveLength(3);
    const refunded = mine.creditRedemptions.find((x) => x.id === r2.redemption.id);
    expect(refunded).toMatchObject({
      status: 'revoked',
      refundedAt: '2025-06-10T18:00:00.000Z',
      code: r2.code,
      dealerName: dealer.dealer.name,
      amountCents: 200,
      currency: 'USD',
    });
    expect(listCreditRedemptions(db, { riderName: '%' }).creditRedemptions).toHaveLength(0);
    // The filtered total (what the dealer's page shows): refunded ones left out, by currency.
    expect(redemptionTotals(db, { dealerId: dealer.dealer.id })).toEqual([
      { currency: 'USD', cents: 400, count: 2 },
    ]);
    expect(redemptionTotals(db, { dealerId: dealer.dealer.id, afterDate: '2025-06-02' })).toEqual([
      { currency: 'USD', cents: 300, count: 1 },
    ]);
    expect(redemptionTotals(db, { riderName: 'nobody' })).toEqual([]);

    const revoked = listRevokedRedemptions(db, {});
    expect(revoked.revokedRedemptions).toHaveLength(1);
    expect(revoked.revokedRedemptions[0]).toMatchObject({
      id: r2.redemption.id,
      refundedAt: '2025-06-10T18:00:00.000Z',
    });
    expect(revoked.revokedRedemptions[0].refundedBy).toBe(admin.user.email);
    expect(
      listRevokedRedemptions(db, { beforeDate: '2025-06-09' }).revokedRedemptions,
    ).toHaveLength(0);

    // What the pages are sent: only what their tables show.
    const shown = ['amountCents', 'code', 'createdAt', 'currency', 'employeeName', 'id'];
    const [dealerView] = redemptionViews(
      mine.creditRedemptions.filter((x) => x.id === r2.redemption.id),
    );
    expect(Object.keys(dealerView).sort()).toEqual(
      [...shown, 'refundedAt', 'riderName', 'status', 'voided'].sort(),
    );
    expect(dealerView).toMatchObject({ code: r2.code, status: 'revoked', amountCents: 200 });
    const [adminView] = redemptionViews(revoked.revokedRedemptions, { dealer: true, refund: true });
    expect(adminView).toMatchObject({
      dealerName: dealer.dealer.name,
      refundedBy: admin.user.email,
      reason: null,
    });
    expect(Object.keys(adminView)).toHaveLength(shown.length + 7);
  });

  it('paginates by PAGE_SIZE and clamps the page', async () => {
    giveCredit(db, riderId, 100_000, new Date(NOW.getTime() + 100 * DAY));
    for (let i = 0; i < 5; i++) await redeem(db, input({ amountCents: 10 + i }));
    const p2 = listCreditRedemptions(db, { page: 2 }, 2);
    expect(p2.pagination).toMatchObject({ page: 2, totalPages: 3, total: 5 });
    expect(p2.creditRedemptions).toHaveLength(2);
    expect(listCreditRedemptions(db, { page: 99 }, 2).pagination.page).toBe(3);
  });

  it("todaysRedemptions: this dealer's, today in Los Angeles", async () => {
    giveCredit(db, riderId, 100_000, new Date('2026-12-31T00:00:00Z'));
    const other = makeDealer(db);
    // 2025-06-15 in LA runs from 07:00Z on the 15th to 07:00Z on the 16th.
    await redeem(db, input({ amountCents: 1, now: new Date('2025-06-15T06:59:00Z') }));
    const today = await redeem(
      db,
      input({ amountCents: 2, now: new Date('2025-06-16T06:59:00Z') }),
    );
    await redeem(
      db,
      input({ dealerId: other.dealer.id, actor: other.actor, amountCents: 3, now: NOW }),
    );
    if (!today.ok) throw new Error('setup');
    expect(todaysRedemptions(db, dealer.dealer.id, NOW).map((x) => x.id)).toEqual([
      today.redemption.id,
    ]);
  });
});

describe('searchRiders', () => {
  it('finds active riders by name, e-mail, AMA number and phone digits', () => {
    const a = makeRider(db, {
      first: 'Ada',
      last: 'Lovelace',
      phone: '(503) 555-0142',
      ama: 'AMA-777',
    });
    makeRider(db, { first: 'Ada', last: 'Gone', deactivated: true });
    expect(searchRiders(db, 'ada').map((r) => r.id)).toEqual([a.rider.id]);
    expect(searchRiders(db, 'Ada Lovelace').map((r) => r.id)).toEqual([a.rider.id]);
    expect(searchRiders(db, 'lovelace ada').map((r) => r.id)).toEqual([a.rider.id]);
    expect(searchRiders(db, a.user.email.toUpperCase()).map((r) => r.id)).toEqual([a.rider.id]);
    expect(searchRiders(db, 'ama-777').map((r) => r.id)).toEqual([a.rider.id]);
    expect(searchRiders(db, '503-555-0142').map((r) => r.id)).toEqual([a.rider.id]);
    expect(searchRiders(db, '5550142').map((r) => r.id)).toEqual([a.rider.id]);
    expect(searchRiders(db, 'a')).toEqual([]);
    expect(searchRiders(db, '%%')).toEqual([]);
  });
});

describe('searchRiders through the trigram index (the counter at five years)', () => {
  const ids = (q: string) => searchRiders(db, q).map((r) => r.id);

  it('the index follows every change: a new name, a new e-mail, a deleted rider', () => {
    const a = makeRider(db, { first: 'Grace', last: 'Hopper', ama: 'AMA-4242' });
    expect(ids('hopper')).toEqual([a.rider.id]);
    db.update(riders).set({ lastName: 'Murray' }).where(eq(riders.id, a.rider.id)).run();
    expect(ids('hopper')).toEqual([]);
    expect(ids('grace murray')).toEqual([a.rider.id]);
    db.update(users)
      .set({ email: 'navy.admiral@example.test' })
      .where(eq(users.id, a.user.id))
      .run();
    expect(ids('admiral')).toEqual([a.rider.id]);
    db.delete(riders).where(eq(riders.id, a.rider.id)).run();
    expect(ids('murray')).toEqual([]);
  });

  it('ignores accents and case; quotes and FTS operators are searched as text', () => {
    const a = makeRider(db, { first: 'Éloïse', last: 'Gagné' });
    expect(ids('eloise')).toEqual([a.rider.id]);
    expect(ids('GAGNE')).toEqual([a.rider.id]);
    for (const q of ['"gag', 'gag"né', 'NOT gag', 'gag*', 'name:gag', '{ama}'])
      expect(() => searchRiders(db, q)).not.toThrow();
    expect(ids('"gagn')).toEqual([]);
  });

  it('a 2-character search still finds riders (read without the index)', () => {
    const a = makeRider(db, { first: 'Bo', last: 'Xi' });
    expect(ids('xi')).toEqual([a.rider.id]);
  });

  it('a search of 3 characters or more reads the index, not every rider', () => {
    makeRider(db, { first: 'Plan', last: 'Check' });
    const client = (db as unknown as { $client: import('better-sqlite3').Database }).$client;
    const plan = (
      client
        .prepare(
          `EXPLAIN QUERY PLAN SELECT r.id FROM riders r JOIN users u ON u.id = r.user_id
       WHERE u.deactivated = 0 AND r.id IN (SELECT rowid FROM rider_search WHERE rider_search MATCH ?)`,
        )
        .all('"check"') as { detail: string }[]
    ).map((p) => p.detail);
    expect(plan.some((d) => /VIRTUAL TABLE INDEX/.test(d))).toBe(true);
    expect(plan.some((d) => /^SCAN r\b|^SCAN riders\b/.test(d))).toBe(false);
  });
});
