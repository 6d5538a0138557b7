/**
 * The 1099 threshold can be set by the environment (TAX_1099_THRESHOLD, in dollars): it then wins
 * over the table of thresholds by year, for every year, and the 1099 list uses it; a value that
 * is not a non-negative number is refused at start-up, naming the variable.
 */
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DB } from '~/db.server';
import { payoutClaims } from '#db/schema';
import { testDb } from '../helpers/db';
import { makeRider } from '../money/payouts-fixtures';

const before = process.env.TAX_1099_THRESHOLD;
afterAll(() => {
  if (before === undefined) delete process.env.TAX_1099_THRESHOLD;
  else process.env.TAX_1099_THRESHOLD = before;
});

/** tax-lists.server with a fresh environment (env() parses process.env once per module load). */
async function freshTaxLists(value: string | undefined) {
  if (value === undefined) delete process.env.TAX_1099_THRESHOLD;
  else process.env.TAX_1099_THRESHOLD = value;
  vi.resetModules();
  return import('~/services/reports/tax-lists.server');
}

let db: DB;
beforeEach(() => {
  db = testDb();
});

function paid(riderId: number, grossCents: number) {
  db.insert(payoutClaims)
    .values({
      riderId,
      type: 'debitCard',
      status: 'sent',
      country: 'US',
      currency: 'USD',
      grossCents,
      withheldCents: 0,
      netCents: grossCents,
      usPerson: true,
      sentAt: '2025-06-01T18:00:00.000Z',
    })
    .run();
}

describe('TAX_1099_THRESHOLD', () => {
  it('without it, the threshold is the table’s for the year', async () => {
    const { thresholdFor } = await freshTaxLists(undefined);
    expect(thresholdFor(2025)).toBe(60_000);
    expect(thresholdFor(2026)).toBe(200_000);
  });

  it('set in dollars, it overrides every year and decides who is on the 1099 list', async () => {
    const { thresholdFor, taxLists } = await freshTaxLists('1000.50');
    expect(thresholdFor(2025)).toBe(100_050);
    expect(thresholdFor(2026)).toBe(100_050);
    const at = makeRider(db, { lastName: 'At' });
    paid(at.rider.id, 100_050);
    const below = makeRider(db, { lastName: 'Below' });
    paid(below.rider.id, 100_049); // above the table's $600 for 2025, below the override
    const lists = taxLists(db, 2025);
    expect(lists.thresholdCents).toBe(100_050);
    expect(lists.us1099.map((r) => r.lastName)).toEqual(['At']);
  });

  it('a value that is not a non-negative amount is refused, naming the variable', async () => {
    for (const bad of ['-5', 'lots']) {
      const { thresholdFor } = await freshTaxLists(bad);
      expect(() => thresholdFor(2025)).toThrow(/TAX_1099_THRESHOLD/);
    }
  });
});
