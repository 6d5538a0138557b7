import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { dealers } from '#db/schema';
import type { DB } from '~/db.server';
import {
  dealerRefundsCsv,
  dealerRefundsPage,
  dealerRefundsReport,
  lastMonth,
  monthBounds,
} from '~/services/money/counter/dealer-refunds.server';
import { testDb } from '../../helpers/db';
import { addRedemption, makeDealer, makeRider, revokeRedemption } from '../payouts-fixtures';

let db: DB;
beforeEach(() => {
  db = testDb();
});

describe('dealer refunds per month less revoked', () => {
  it('knows the month, its last day and the parts-account credit date (30 days later)', () => {
    expect(monthBounds('2025-03')).toMatchObject({
      firstDay: '2025-03-01',
      lastDay: '2025-03-31',
      creditBy: '2025-04-30',
    });
    expect(monthBounds('2024-02')).toMatchObject({ lastDay: '2024-02-29', creditBy: '2024-03-30' });
    expect(monthBounds('2025-12')).toMatchObject({ lastDay: '2025-12-31', creditBy: '2026-01-30' });
    expect(() => monthBounds('2025-13')).toThrow();
    // Asked again (memoized per month), the same bounds, and a caller cannot change them.
    const march = monthBounds('2025-03');
    expect(monthBounds('2025-03')).toEqual(march);
    expect(march.startIso).toBe('2025-03-01T08:00:00.000Z');
    expect(march.endIso).toBe('2025-04-01T07:00:00.000Z');
    expect(() => {
      (march as { lastDay: string }).lastDay = 'x';
    }).toThrow();
    expect(() => monthBounds('2025-13')).toThrow();
  });

  it('defaults to last month in Los Angeles', () => {
    expect(lastMonth(new Date('2025-04-15T12:00:00Z'))).toBe('2025-03');
    expect(lastMonth(new Date('2025-01-01T07:00:00Z'))).toBe('2024-11'); // still Dec 31st in LA
    expect(lastMonth(new Date('2025-01-01T09:00:00Z'))).toBe('2024-12');
  });

  it('sums redemptions made at each dealer in the month, less those refunded in the month', () => {
    const { rider } = makeRider(db);
    const a = makeDealer(db, { name: 'Alpha Motors', dealerNumber: 'D-1' });
    const b = makeDealer(db, { name: 'Beta Moto' });
    // March in LA: 2025-03-01T08:00Z .. 2025-04-01T07:00Z (DST from Mar 9th).
    const r1 = addRedemption(db, {
      riderId: rider.id,
      dealerId: a.id,
      cents: 10000,
      at: '2025-03-01T08:00:00.000Z',
    }); // Mar 1st 00:00 LA
    addRedemption(db, {
      riderId: rider.id,
      dealerId: a.id,
      cents: 2550,
      at: '2025-04-01T06:59:59.000Z',
    }); // Mar 31st 23:59 LA
    addRedemption(db, {
      riderId: rider.id,
      dealerId: a.id,
      cents: 999,
      at: '2025-03-01T07:59:59.000Z',
    }); // Feb 28th LA: not March
    addRedemption(db, {
      riderId: rider.id,
      dealerId: a.id,
      cents: 777,
      at: '2025-04-01T07:00:00.000Z',
    }); // Apr 1st LA
    const r2 = addRedemption(db, {
      riderId: rider.id,
      dealerId: b.id,
      cents: 5000,
      at: '2025-03-15T18:00:00.000Z',
    });
    addRedemption(db, {
      riderId: rider.id,
      dealerId: b.id,
      cents: 300,
      currency: 'CAD',
      at: '2025-03-15T18:00:00.000Z',
    });
    revokeRedemption(db, r1.id, '2025-03-20T18:00:00.000Z'); // refunded in March: out of March
    const feb = addRedemption(db, {
      riderId: rider.id,
      dealerId: b.id,
      cents: 1200,
      at: '2025-02-10T18:00:00.000Z',
    });
    revokeRedemption(db, feb.id, '2025-03-05T18:00:00.000Z'); // February's redemption refunded in March
    revokeRedemption(db, r2.id, '2025-04-02T18:00:00.000Z'); // refunded in April: counts in April

    const march = dealerRefundsReport(db, '2025-03');
    expect(march.creditBy).toBe('2025-04-30');
    expect(
      march.rows.map((r) => [
        r.dealerName,
        r.currency,
        r.redemptions,
        r.redeemedCents,
        r.revocations,
        r.revokedCents,
        r.netCents,
      ]),
    ).toEqual([
      ['Alpha Motors', 'USD', 2, 12550, 1, 10000, 2550],
      ['Beta Moto', 'CAD', 1, 300, 0, 0, 300],
      ['Beta Moto', 'USD', 1, 5000, 1, 1200, 3800],
    ]);
    expect(march.totals).toEqual([
      {
        currency: 'CAD',
        redemptions: 1,
        redeemedCents: 300,
        revocations: 0,
        revokedCents: 0,
        netCents: 300,
      },
      {
        currency: 'USD',
        redemptions: 3,
        redeemedCents: 17550,
        revocations: 2,
        revokedCents: 11200,
        netCents: 6350,
      },
    ]);

    // April: the late refund of Beta's March redemption is taken back (negative net).
    const april = dealerRefundsReport(db, '2025-04');
    const beta = april.rows.find((r) => r.dealerName === 'Beta Moto');
    expect(beta).toMatchObject({ redeemedCents: 0, revokedCents: 5000, netCents: -5000 });
    // A closed month does not change when a later refund happens.
    expect(dealerRefundsReport(db, '2025-03')).toEqual(march);
  });

  it('keeps a closed month until a dealer changes; the month under way is computed on each call', () => {
    const { rider } = makeRider(db);
    const a = makeDealer(db, { name: 'Alpha Motors' });
    const at = '2025-03-10T18:00:00.000Z';
    addRedemption(db, { riderId: rider.id, dealerId: a.id, cents: 1000, at });
    // During March (and in the minute after it, while a late commit may land) nothing is cached.
    const during = new Date('2025-04-01T07:00:30.000Z');
    const first = dealerRefundsReport(db, '2025-03', during);
    addRedemption(db, { riderId: rider.id, dealerId: a.id, cents: 500, at });
    const second = dealerRefundsReport(db, '2025-03', during);
    expect(second).not.toBe(first);
    expect(second.rows[0].redeemedCents).toBe(1500);
    // Once March is over its report is cached ...
    const after = new Date('2025-04-02T00:00:00.000Z');
    const cached = dealerRefundsReport(db, '2025-03', after);
    expect(dealerRefundsReport(db, '2025-03', after)).toBe(cached);
    // ... until a dealer's details change (its name is on the report).
    db.update(dealers).set({ name: 'Alpha Motorsports' }).where(eq(dealers.id, a.id)).run();
    const renamed = dealerRefundsReport(db, '2025-03', after);
    expect(renamed).not.toBe(cached);
    expect(renamed.rows[0]).toMatchObject({ dealerName: 'Alpha Motorsports', redeemedCents: 1500 });
  });

  it('shows a page of dealers with the totals of all of them', () => {
    const { rider } = makeRider(db);
    for (let i = 0; i < 25; i++) {
      const d = makeDealer(db, { name: `Dealer ${String(i).padStart(2, '0')}` });
      addRedemption(db, {
        riderId: rider.id,
        dealerId: d.id,
        cents: 100,
        at: '2025-03-10T18:00:00.000Z',
      });
    }
    const now = new Date('2025-04-02T00:00:00.000Z');
    const second = dealerRefundsPage(db, '2025-03', 2, now);
    expect(second.pagination).toMatchObject({ page: 2, totalPages: 2, total: 25 });
    expect(second.report.rows.map((r) => r.dealerName)).toEqual([
      'Dealer 20',
      'Dealer 21',
      'Dealer 22',
      'Dealer 23',
      'Dealer 24',
    ]);
    expect(second.report.totals).toMatchObject([
      { currency: 'USD', redemptions: 25, redeemedCents: 2500 },
    ]);
  });

  it('is empty for a month without activity', () => {
    expect(dealerRefundsReport(db, '2020-01')).toMatchObject({ rows: [], totals: [] });
  });

  it('writes a CSV whose cells cannot be read as formulas', () => {
    const { rider } = makeRider(db);
    const evil = makeDealer(db, { name: '=HYPERLINK("http://evil","x")', dealerNumber: '+1' });
    addRedemption(db, {
      riderId: rider.id,
      dealerId: evil.id,
      cents: 1005,
      at: '2025-03-10T18:00:00.000Z',
    });
    const csv = dealerRefundsCsv(dealerRefundsReport(db, '2025-03'));
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Month,Dealer ID,Dealer,City,State,Country,Currency,Redemptions,Redeemed,Refunds,Refunded,Parts account credit,Credit by',
    );
    expect(lines[1]).toBe(
      `2025-03,+1,"'=HYPERLINK(""http://evil"",""x"")",Austin,TX,US,USD,1,10.05,0,0.00,10.05,2025-04-30`,
    );
    expect(lines[2]).toBe('2025-03,,Total,,,,USD,1,10.05,0,0.00,10.05,2025-04-30');
    // In French: `;` between fields and decimal commas, still formula-safe.
    const fr = dealerRefundsCsv(dealerRefundsReport(db, '2025-03'), 'fr').split('\r\n');
    expect(fr[0]).toContain(';Concessionnaire;');
    expect(fr[1]).toBe(
      `2025-03;+1;"'=HYPERLINK(""http://evil"",""x"")";Austin;TX;US;USD;1;10,05;0;0,00;10,05;2025-04-30`,
    );
  });
});
