import { beforeEach, describe, expect, it } from 'vitest';
import type { DB } from '~/db.server';
import { tFor } from '~/i18next.server';
import {
  marketShareSvg,
  marketShareText,
  yearlyTotalsSvg,
  yearlyTotalsText,
} from '~/services/reports/charts.server';
import { yearlyTotals } from '~/services/reports/yearly-totals.server';
import { testDb } from '../helpers/db';
import { addAward, makeRider } from '../money/payouts-fixtures';

let db: DB;
beforeEach(() => {
  db = testDb();
});

describe('yearly totals for every program year', () => {
  it('has every year from the first to the last, empty years included, per currency', () => {
    const { rider } = makeRider(db);
    addAward(db, {
      riderId: rider.id,
      kind: 'credit',
      cents: 5000,
      awardedAt: '2023-05-01T18:00:00.000Z',
      expiresAt: '2024-05-02T06:59:59.999Z',
    });
    addAward(db, {
      riderId: rider.id,
      kind: 'credit',
      cents: 7000,
      awardedAt: '2025-05-01T18:00:00.000Z',
      expiresAt: '2099-05-02T06:59:59.999Z',
    });
    addAward(db, {
      riderId: rider.id,
      kind: 'cash',
      cents: 10000,
      awardedAt: '2025-06-01T18:00:00.000Z',
    });
    const rows = yearlyTotals(db, new Date('2025-12-01T00:00:00Z'));
    expect(rows.map((r) => [r.year, r.currency, r.earnedCents, r.availableCents])).toEqual([
      [2023, 'USD', 5000, 0],
      [2024, 'USD', 0, 0],
      [2025, 'USD', 17000, 7000],
    ]);
  });
});

describe('server-drawn charts', () => {
  it('draws the yearly totals as SVG with the figures in words', async () => {
    const t = await tFor('fr');
    const rows = [
      {
        year: 2024,
        currency: 'USD' as const,
        earnedCents: 123_400,
        redeemedCents: 50_000,
        availableCents: 10_000,
      },
      {
        year: 2025,
        currency: 'USD' as const,
        earnedCents: 200_000,
        redeemedCents: 0,
        availableCents: 150_000,
      },
    ];
    const svg = yearlyTotalsSvg(rows, 'USD', t, 'fr');
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).not.toMatch(/<script/i);
    expect(svg).toContain('2024');
    expect(svg).toContain('<path'); // bars drawn by the library
    const text = yearlyTotalsText(rows, 'USD', t, 'fr');
    expect(text).toContain('2024');
    expect(text).toMatch(/gagné 1\s234,00/);
  });

  it('draws the market shares with their text alternative', async () => {
    const t = await tFor('en');
    const rows = [
      { key: '2025-04', label: '2025-04', shareBp: 4250, podiumShareBp: 6667, results: 40 },
    ];
    // Months in words, not '2025-04'.
    expect(marketShareSvg(rows, t, 'month')).toContain('Apr 2025');
    expect(marketShareText(rows, t, 'month')).toBe(
      "Bar chart of the maker's share of finishers and of podiums by month: Apr 2025: 42% of finishers, 66% of podiums.",
    );
    // French: the month in words, percentages and colons after a no-break space, "fabricant".
    const fr = await tFor('fr');
    const text = marketShareText(rows, fr, 'month', 'fr');
    expect(marketShareSvg(rows, fr, 'month', 'fr')).toContain('avril 2025');
    expect(text).toContain(
      'avril 2025\u00a0: 42\u00a0% des pilotes classés, 66\u00a0% des podiums',
    );
    expect(text).toMatch(/^Graphique à barres de la part du fabricant /);
  });
});
