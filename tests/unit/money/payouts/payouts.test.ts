import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DB } from '~/db.server';
import { auditLog, payoutClaims } from '#db/schema';
import type { Actor } from '~/services/platform/audit.server';
import {
  claimTypeFor,
  payoutDueDate,
  withholding,
} from '~/services/money/payouts/payout-rules.server';
import { createPayoutClaims, setClaimSent } from '~/services/money/payouts/payout-claims.server';
import { listPayoutClaims } from '~/services/money/payouts/payout-claim-lists.server';
import { riderPayoutStatus } from '~/services/money/payouts/payout-status.server';
import { testDb } from '../../helpers/db';
import {
  addAward,
  addDocument,
  balances,
  getAward,
  ledgerRows,
  makeAdminActor,
  makeEvent,
  makePayablePro,
  makeRider,
} from '../payouts-fixtures';

let db: DB;
let admin: Actor;
beforeEach(() => {
  db = testDb();
  admin = makeAdminActor(db);
});

describe('batch creates one claim per rider, debit card US / cheque Canada', () => {
  it('puts all of a rider’s earned cash in one claim and ties the awards to it', () => {
    const us = makePayablePro(db, { country: 'US' });
    const ca = makePayablePro(db, {
      country: 'CA',
      state: 'QC',
      zipcode: 'H2X 1Y4',
      city: 'Montréal',
    });
    const ev = makeEvent(db, { date: '2025-03-01' });
    const a1 = addAward(db, { riderId: us.rider.id, kind: 'cash', cents: 50000, eventId: ev.id });
    const a2 = addAward(db, { riderId: us.rider.id, kind: 'cash', cents: 25000, eventId: ev.id });
    const b1 = addAward(db, { riderId: ca.rider.id, kind: 'cash', cents: 10000, eventId: ev.id });
    // Not claimable: credit, already sent, nothing left.
    addAward(db, { riderId: us.rider.id, kind: 'credit', cents: 9999 });
    addAward(db, { riderId: us.rider.id, kind: 'cash', cents: 100, status: 'sent' });

    const { created, skipped } = createPayoutClaims(db, admin);
    expect(skipped).toEqual([]);
    expect(created).toHaveLength(2);
    const usClaim = created.find((c) => c.riderId === us.rider.id);
    const caClaim = created.find((c) => c.riderId === ca.rider.id);
    expect(usClaim).toMatchObject({
      type: 'debitCard',
      country: 'US',
      grossCents: 75000,
      withheldCents: 0,
      netCents: 75000,
      status: 'pending',
      awardCount: 2,
    });
    expect(caClaim).toMatchObject({
      type: 'cheque',
      country: 'CA',
      grossCents: 10000,
      awardCount: 1,
    });
    expect(getAward(db, a1.id).payoutClaimId).toBe(usClaim?.id);
    expect(getAward(db, a2.id).payoutClaimId).toBe(usClaim?.id);
    expect(getAward(db, b1.id).payoutClaimId).toBe(caClaim?.id);
    // Still owed: a claim changes no balance and writes no ledger row.
    expect(getAward(db, a1.id)).toMatchObject({ status: 'earned', currentCents: 50000 });
    expect(ledgerRows(db, a1.id).map((r) => r.kind)).toEqual(['award']);
    expect(balances(db, us.rider.id, 'cash')).toEqual({ ledger: 75000, awards: 75000 });
    expect(
      db.select().from(auditLog).where(eq(auditLog.action, 'payoutClaim.create')).all(),
    ).toHaveLength(2);

    // A second batch finds nothing new.
    expect(createPayoutClaims(db, admin).created).toHaveLength(0);
  });

  it('makes one claim per currency', () => {
    const r = makePayablePro(db);
    addAward(db, { riderId: r.rider.id, kind: 'cash', cents: 100, currency: 'USD' });
    addAward(db, { riderId: r.rider.id, kind: 'cash', cents: 200, currency: 'CAD' });
    const { created } = createPayoutClaims(db, admin);
    expect(created.map((c) => [c.currency, c.grossCents]).sort()).toEqual([
      ['CAD', 200],
      ['USD', 100],
    ]);
  });

  it('only the riders asked for, reporting those owed nothing', () => {
    const a = makePayablePro(db);
    const b = makePayablePro(db);
    const c = makePayablePro(db);
    addAward(db, { riderId: a.rider.id, kind: 'cash', cents: 100 });
    addAward(db, { riderId: b.rider.id, kind: 'cash', cents: 100 });
    const { created, skipped } = createPayoutClaims(db, admin, {
      riderIds: [a.rider.id, c.rider.id],
    });
    expect(created.map((x) => x.riderId)).toEqual([a.rider.id]);
    expect(skipped).toEqual([
      {
        riderId: c.rider.id,
        riderName: `${c.rider.firstName} ${c.rider.lastName}`,
        reasons: ['nothingOwed'],
      },
    ]);
  });

  it('pays riders outside the US and Canada by cheque', () => {
    expect(claimTypeFor('US')).toBe('debitCard');
    expect(claimTypeFor('CA')).toBe('cheque');
    expect(claimTypeFor('FR')).toBe('cheque');
  });
});

describe('W-9 required for US persons', () => {
  it('skips a US person without a W-9 and reports it; the awards stay unclaimed', () => {
    const { rider } = makeRider(db, { usPerson: true });
    addDocument(db, rider.id, 'driversLicence');
    const a = addAward(db, { riderId: rider.id, kind: 'cash', cents: 5000 });
    const { created, skipped } = createPayoutClaims(db, admin);
    expect(created).toEqual([]);
    expect(skipped).toEqual([
      { riderId: rider.id, riderName: `${rider.firstName} ${rider.lastName}`, reasons: ['w9'] },
    ]);
    expect(getAward(db, a.id).payoutClaimId).toBeNull();

    addDocument(db, rider.id, 'w9');
    expect(createPayoutClaims(db, admin).created).toHaveLength(1);
  });

  it('reports every missing item (licence, address)', () => {
    const { rider } = makeRider(db, { usPerson: true, addressLine1: null });
    addAward(db, { riderId: rider.id, kind: 'cash', cents: 5000 });
    expect(createPayoutClaims(db, admin).skipped[0].reasons).toEqual([
      'w9',
      'driversLicence',
      'address',
    ]);
    expect(riderPayoutStatus(db, rider.id)?.missing).toEqual(['w9', 'driversLicence', 'address']);
  });

  it('does not ask a rider who is not a US person for a W-9', () => {
    const r = makePayablePro(db, {
      usPerson: false,
      country: 'CA',
      state: 'ON',
      zipcode: 'K1A 0B1',
    });
    addAward(db, { riderId: r.rider.id, kind: 'cash', cents: 5000 });
    expect(createPayoutClaims(db, admin).created).toHaveLength(1);
  });
});

describe('30% withheld for non-US persons (gross/withheld/net exact)', () => {
  it('rounds half up to the cent and always adds up', () => {
    expect(withholding(10000, false)).toEqual({
      grossCents: 10000,
      withheldCents: 3000,
      netCents: 7000,
    });
    expect(withholding(12345, false)).toEqual({
      grossCents: 12345,
      withheldCents: 3704,
      netCents: 8641,
    }); // 3703.5
    expect(withholding(12343, false)).toEqual({
      grossCents: 12343,
      withheldCents: 3703,
      netCents: 8640,
    }); // 3702.9
    expect(withholding(1, false)).toEqual({ grossCents: 1, withheldCents: 0, netCents: 1 }); // 0.3
    expect(withholding(2, false)).toEqual({ grossCents: 2, withheldCents: 1, netCents: 1 }); // 0.6
    expect(withholding(12345, true)).toEqual({
      grossCents: 12345,
      withheldCents: 0,
      netCents: 12345,
    });
    for (let g = 0; g < 2000; g += 7) {
      const w = withholding(g, false);
      expect(w.withheldCents + w.netCents).toBe(g);
      expect(Number.isInteger(w.withheldCents)).toBe(true);
    }
    expect(() => withholding(10.5, false)).toThrow();
  });

  it('withholds on the claim’s gross for a non-US person', () => {
    const r = makePayablePro(db, {
      usPerson: false,
      country: 'CA',
      state: 'QC',
      zipcode: 'H2X 1Y4',
    });
    addAward(db, { riderId: r.rider.id, kind: 'cash', cents: 12000 });
    addAward(db, { riderId: r.rider.id, kind: 'cash', cents: 345 });
    const [claim] = createPayoutClaims(db, admin).created;
    expect(claim).toMatchObject({
      grossCents: 12345,
      withheldCents: 3704,
      netCents: 8641,
      type: 'cheque',
    });
  });

  it('keeps with the claim the tax status its withholding was computed under', () => {
    const abroad = makePayablePro(db, { usPerson: false, country: 'MX' });
    const us = makePayablePro(db, { usPerson: true });
    for (const r of [abroad, us]) addAward(db, { riderId: r.rider.id, kind: 'cash', cents: 5000 });
    createPayoutClaims(db, admin);
    const statusOf = (riderId: number) =>
      db
        .select({ usPerson: payoutClaims.usPerson, withheld: payoutClaims.withheldCents })
        .from(payoutClaims)
        .where(eq(payoutClaims.riderId, riderId))
        .get();
    expect(statusOf(abroad.rider.id)).toEqual({ usPerson: false, withheld: 1500 });
    expect(statusOf(us.rider.id)).toEqual({ usPerson: true, withheld: 0 });
  });
});

describe('due dates', () => {
  it('30 days after results were verified (LA day), else after the event day; series end + 60', () => {
    // Verified at 20:00 LA on Apr 10th (03:00 UTC Apr 11th): the LA day counts.
    expect(
      payoutDueDate({
        kind: 'event',
        resultsVerifiedAt: '2025-04-11T03:00:00.000Z',
        eventDate: '2025-03-01',
      }),
    ).toBe('2025-05-10');
    expect(payoutDueDate({ kind: 'event', resultsVerifiedAt: null, eventDate: '2025-03-01' })).toBe(
      '2025-03-31',
    );
    expect(payoutDueDate({ kind: 'seriesEnd', seriesLastDate: '2025-10-15' })).toBe('2025-12-14');
    expect(payoutDueDate({ kind: 'other', awardedAt: '2025-01-31T18:00:00Z' })).toBe('2025-03-02');
  });

  it('gives a claim the earliest due date of its awards', () => {
    const r = makePayablePro(db);
    const late = makeEvent(db, { date: '2025-05-01', resultsVerifiedAt: '2025-05-20T18:00:00Z' });
    const early = makeEvent(db, { date: '2025-03-01' });
    addAward(db, { riderId: r.rider.id, kind: 'cash', cents: 100, eventId: late.id });
    addAward(db, { riderId: r.rider.id, kind: 'cash', cents: 100, eventId: early.id });
    expect(createPayoutClaims(db, admin).created[0].dueDate).toBe('2025-03-31');
  });
});

describe('SENT and undo move awards and ledger', () => {
  it('sent: awards sent with value 0 and payoutSent rows; undo restores them with payoutUnsent rows', () => {
    const r = makePayablePro(db);
    const a = addAward(db, { riderId: r.rider.id, kind: 'cash', cents: 30000 });
    const b = addAward(db, { riderId: r.rider.id, kind: 'cash', cents: 4500 });
    const [claim] = createPayoutClaims(db, admin).created;

    const sent = setClaimSent(db, claim.id, true, admin, new Date('2025-06-01T17:00:00Z'));
    expect(sent).toMatchObject({
      status: 'sent',
      sentAt: '2025-06-01T17:00:00.000Z',
      sentByUserId: admin.userId,
    });
    expect(getAward(db, a.id)).toMatchObject({ status: 'sent', currentCents: 0 });
    expect(getAward(db, b.id)).toMatchObject({ status: 'sent', currentCents: 0 });
    expect(ledgerRows(db, a.id).map((x) => [x.kind, x.amountCents, x.payoutClaimId])).toEqual([
      ['award', 30000, null],
      ['payoutSent', -30000, claim.id],
    ]);
    expect(balances(db, r.rider.id, 'cash')).toEqual({ ledger: 0, awards: 0 });

    // Asking again changes nothing.
    setClaimSent(db, claim.id, true, admin);
    expect(ledgerRows(db, a.id)).toHaveLength(2);

    const undone = setClaimSent(db, claim.id, false, admin);
    expect(undone).toMatchObject({ status: 'pending', sentAt: null, sentByUserId: null });
    expect(getAward(db, a.id)).toMatchObject({
      status: 'earned',
      currentCents: 30000,
      payoutClaimId: claim.id,
    });
    expect(getAward(db, b.id)).toMatchObject({ status: 'earned', currentCents: 4500 });
    expect(ledgerRows(db, b.id).map((x) => [x.kind, x.amountCents])).toEqual([
      ['award', 4500],
      ['payoutSent', -4500],
      ['payoutUnsent', 4500],
    ]);
    expect(balances(db, r.rider.id, 'cash')).toEqual({ ledger: 34500, awards: 34500 });
    setClaimSent(db, claim.id, false, admin);
    expect(ledgerRows(db, b.id)).toHaveLength(3);

    // Sent again after the undo: still consistent.
    setClaimSent(db, claim.id, true, admin);
    expect(balances(db, r.rider.id, 'cash')).toEqual({ ledger: 0, awards: 0 });
    const actions = db
      .select()
      .from(auditLog)
      .all()
      .map((x) => x.action);
    expect(actions.filter((x) => x === 'payoutClaim.sent')).toHaveLength(2);
    expect(actions.filter((x) => x === 'payoutClaim.unsent')).toHaveLength(1);
  });

  it('refuses SENT when the awards no longer add up to the claim, changing nothing', () => {
    const r = makePayablePro(db);
    addAward(db, { riderId: r.rider.id, kind: 'cash', cents: 100 });
    const [claim] = createPayoutClaims(db, admin).created;
    db.update(payoutClaims).set({ grossCents: 999 }).where(eq(payoutClaims.id, claim.id)).run();
    expect(() => setClaimSent(db, claim.id, true, admin)).toThrow('payouts:errors.claimMismatch');
    expect(db.select().from(payoutClaims).where(eq(payoutClaims.id, claim.id)).get()?.status).toBe(
      'pending',
    );
    expect(() => setClaimSent(db, 424242, true, admin)).toThrow('payouts:errors.notFound');
  });

  it('an expiry never touches claimed awards', async () => {
    const { expireCredits } = await import('~/services/money/ledger/expiry.server');
    const r = makePayablePro(db);
    const a = addAward(db, {
      riderId: r.rider.id,
      kind: 'cash',
      cents: 100,
      paymentInfoDueAt: '2025-01-01T00:00:00Z',
    });
    const [claim] = createPayoutClaims(db, admin).created;
    // The rider loses the licence on file afterwards: a claimed award still does not expire.
    db.delete((await import('#db/schema')).riderDocuments).run();
    expect(expireCredits(db, new Date('2026-01-01T00:00:00Z')).expired).toBe(0);
    expect(getAward(db, a.id)).toMatchObject({ status: 'earned', payoutClaimId: claim.id });
  });
});

describe('payout claims list', () => {
  it('filters by dates (LA days), country, type, rider name, rider id and status, with pages', () => {
    const us = makePayablePro(db, { firstName: 'Ana', lastName: 'Lopez' });
    const ca = makePayablePro(db, {
      firstName: 'Ben',
      lastName: 'Tremblay',
      country: 'CA',
      state: 'QC',
      zipcode: 'H2X 1Y4',
    });
    addAward(db, { riderId: us.rider.id, kind: 'cash', cents: 100 });
    createPayoutClaims(db, admin, { now: new Date('2025-03-02T07:30:00Z') }); // Mar 1st 23:30 LA
    addAward(db, { riderId: ca.rider.id, kind: 'cash', cents: 100 });
    createPayoutClaims(db, admin, { now: new Date('2025-03-02T09:00:00Z') }); // Mar 2nd 01:00 LA

    const ids = (f: Parameters<typeof listPayoutClaims>[1]) =>
      listPayoutClaims(db, f).payoutClaims.map((c) => c.riderName);
    expect(ids({})).toEqual(['Ben Tremblay', 'Ana Lopez']);
    expect(ids({ beforeDate: '2025-03-01' })).toEqual(['Ana Lopez']);
    expect(ids({ afterDate: '2025-03-02' })).toEqual(['Ben Tremblay']);
    expect(ids({ country: 'ca' })).toEqual(['Ben Tremblay']);
    expect(ids({ type: 'debitCard' })).toEqual(['Ana Lopez']);
    expect(ids({ riderName: 'lop' })).toEqual(['Ana Lopez']);
    expect(ids({ riderName: '%' })).toEqual([]);
    expect(ids({ riderId: ca.rider.id })).toEqual(['Ben Tremblay']);
    expect(ids({ status: 'sent' })).toEqual([]);
    const page2 = listPayoutClaims(db, { pageSize: 1, page: 2 });
    expect(page2.pagination).toEqual({ page: 2, totalPages: 2 });
    expect(page2.payoutClaims.map((c) => c.riderName)).toEqual(['Ana Lopez']);
    expect(listPayoutClaims(db, { pageSize: 1, page: 99 }).pagination).toEqual({
      page: 2,
      totalPages: 2,
    });
  });
});

describe('rider payout status', () => {
  it('tells what is missing, what is owed and lists the claims', () => {
    const { rider } = makeRider(db);
    addAward(db, {
      riderId: rider.id,
      kind: 'cash',
      cents: 700,
      paymentInfoDueAt: '2025-05-01T06:59:59.999Z',
    });
    let s = riderPayoutStatus(db, rider.id);
    expect(s).toMatchObject({
      missing: ['w9', 'driversLicence'],
      unclaimed: [{ currency: 'USD', cents: 700, awards: 1 }],
      paymentInfoDueAt: '2025-05-01T06:59:59.999Z',
      claims: [],
      claimType: 'debitCard',
    });
    addDocument(db, rider.id, 'w9');
    addDocument(db, rider.id, 'driversLicence');
    createPayoutClaims(db, admin);
    s = riderPayoutStatus(db, rider.id);
    expect(s?.missing).toEqual([]);
    expect(s?.unclaimed).toEqual([]);
    expect(s?.claims).toHaveLength(1);
    expect(riderPayoutStatus(db, 987654)).toBeNull();
  });
});
