/**
 * Charts readable and distinguishable: the palette stays apart for the common colour-vision
 * deficiencies (simulated, not judged by eye), each series has a second cue (a pattern), and
 * every text of the drawing is at least 11 px at the size the page shows it (its drawn size).
 */
import { describe, expect, it } from 'vitest';
import { tFor } from '~/i18next.server';
import { CHART_SIZE } from '~/lib/constants';
import { CHART_COLORS, marketShareSvg, yearlyTotalsSvg } from '~/services/reports/charts.server';
import { CVD, minDifference } from '../helpers/color-vision';

// CIEDE2000: about 2 is a just-noticeable difference; 20 is plainly another colour.
const MIN_DIFFERENCE = 20;

const YEARS = [
  {
    year: 2025,
    currency: 'USD' as const,
    earnedCents: 100_000,
    redeemedCents: 50_000,
    availableCents: 20_000,
  },
  {
    year: 2026,
    currency: 'USD' as const,
    earnedCents: 300_000,
    redeemedCents: 50_000,
    availableCents: 120_000,
  },
];
const SHARES = [
  { key: '2026-01', label: 'January', shareBp: 2500, podiumShareBp: 3300, results: 12 },
  { key: '2026-02', label: 'February', shareBp: 4000, podiumShareBp: 1000, results: 20 },
];

/** Every font size the SVG declares (attributes and inline styles). */
function fontSizes(svg: string): number[] {
  return [...svg.matchAll(/font(?:-size)?[:=]\s*"?(?:[a-z]+\s+)*(\d+(?:\.\d+)?)px/gi)].map((m) =>
    Number(m[1]),
  );
}

describe('chart palette for colour-vision deficiencies', () => {
  it('the check can fail: the former orange/blue/green palette is too close for deuteranopes', () => {
    expect(minDifference(['#ea580c', '#2563eb', '#16a34a'], CVD.deuteranopia)).toBeLessThan(
      MIN_DIFFERENCE,
    );
  });

  it.each([
    ['normal vision', undefined],
    ['protanopia', CVD.protanopia],
    ['deuteranopia', CVD.deuteranopia],
    ['tritanopia', CVD.tritanopia],
  ] as const)('every two series colours differ by CIEDE2000 ≥ 20 (%s)', (_name, matrix) => {
    expect(minDifference(CHART_COLORS, matrix)).toBeGreaterThanOrEqual(MIN_DIFFERENCE);
  });
});

describe('chart drawing', () => {
  it.each(['en', 'fr'] as const)(
    'patterns as a second cue and text of at least 11 px at the drawn size (%s)',
    async (lang) => {
      const t = await tFor(lang);
      for (const svg of [
        yearlyTotalsSvg(YEARS, 'USD', t, lang),
        marketShareSvg(SHARES, t, 'month'),
        marketShareSvg(SHARES, t, 'series'),
      ]) {
        expect(svg).toContain(`width="${CHART_SIZE.width}"`);
        // One pattern fill per series (ECharts decals), on top of the colour.
        expect((svg.match(/<pattern\b/g) ?? []).length).toBeGreaterThanOrEqual(2);
        const sizes = fontSizes(svg);
        expect(sizes.length).toBeGreaterThan(3);
        expect(Math.min(...sizes)).toBeGreaterThanOrEqual(11);
      }
    },
  );
});
