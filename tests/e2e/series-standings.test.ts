/**
 * The public series page's contingency standings (docs/rules.md "Public site"): the demo season's
 * series with the most paid results shows, per class, its riders ranked by what they earned, the
 * first rows as the seeded database's results add up; what it ranks is said above the tables, in
 * English and French; at 390 px the total earned stays on screen; axe finds nothing serious in it.
 */
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import publicEn from '#locales/en/public.json';
import publicFr from '#locales/fr/public.json';
import type { Currency } from '~/lib/constants';
import { formatMoney } from '~/lib/format';
import { axeViolations, serious, WCAG_AA } from './axe';
import { databasePath, newPage, prefix, useBrowser } from './helpers';

const browser = useBrowser();
const PHONE = { width: 390, height: 844 };

type Leader = { riderName: string; total: number; currency: Currency };
let seriesId = 0;

/** What the seeded results of the series pay in one class, per rider, the highest first. */
function leaders(className: string): Leader[] {
  const db = new Database(databasePath(), { readonly: true });
  try {
    return db
      .prepare(
        `SELECT max(r.rider_name) AS riderName, sum(r.payout_cents + r.bonus_cents) AS total,
                c.currency AS currency
           FROM results r JOIN events e ON e.id = r.event_id JOIN event_classes c ON c.id = r.class_id
          WHERE e.series_id = ? AND e.approval = 'approved' AND e.cancelled = 0
            AND r.rider_id IS NOT NULL AND r.payout_cents > 0 AND c.name = ?
          GROUP BY r.rider_id ORDER BY total DESC LIMIT 3`,
      )
      .all(seriesId, className) as Leader[];
  } finally {
    db.close();
  }
}

beforeAll(() => {
  const db = new Database(databasePath(), { readonly: true });
  try {
    const row = db
      .prepare(
        `SELECT e.series_id AS id FROM results r JOIN events e ON e.id = r.event_id
          WHERE e.series_id IS NOT NULL AND e.approval = 'approved' AND r.payout_cents > 0
          GROUP BY e.series_id ORDER BY count(*) DESC, e.series_id LIMIT 1`,
      )
      .get() as { id: number } | undefined;
    if (!row) throw new Error('the demo season has no paid results in a series');
    seriesId = row.id;
  } finally {
    db.close();
  }
});

/** The first standings table: its class (caption), and its first rows' rider and total. */
async function firstTable(page: Page) {
  const table = page.getByTestId('standings-table').first();
  await table.waitFor();
  const caption = (await table.locator('caption').innerText()).trim();
  const rows = await table.locator('tbody tr').evaluateAll((trs) =>
    trs.slice(0, 3).map((tr) => {
      const cells = (tr as HTMLTableRowElement).cells;
      return {
        rank: cells[0]!.textContent!.trim(),
        rider: cells[1]!.firstChild!.textContent!.trim(),
        total: cells[cells.length - 1]!.textContent!.trim(),
      };
    }),
  );
  return { caption, rows };
}

/** The right edges of the totals, and how many rows show their details under the rider. */
async function phoneLayout(page: Page) {
  return page.evaluate(() => {
    const rights: number[] = [];
    let details = 0;
    for (const t of document.querySelectorAll<HTMLTableElement>(
      '[data-testid="standings-table"]',
    )) {
      for (const row of t.tBodies[0]?.rows ?? []) {
        const total = row.cells[row.cells.length - 1]!.getBoundingClientRect();
        rights.push(total.width > 0 ? total.right : Infinity);
        if (row.cells[1]!.querySelector('small')?.getBoundingClientRect().height) details += 1;
      }
    }
    return { rights, details, scrollWidth: document.documentElement.scrollWidth };
  });
}

describe('series standings on the public series page', () => {
  // English on a computer (and axe on the section), French on a phone: the layout is the same in
  // both languages.
  for (const lang of ['en', 'fr'] as const) {
    const words = (lang === 'fr' ? publicFr : publicEn).series.standings;
    it(`ranks the riders by contingency earned, as the results add up (${lang})`, async () => {
      const { context, page } = await newPage(browser());
      if (lang === 'fr') await page.setViewportSize(PHONE);
      await page.goto(`${prefix(lang)}/events/serie/${seriesId}`);
      const section = page.getByTestId('series-standings');
      expect(await section.locator('h2').innerText()).toBe(words.title);
      expect(await section.locator('p').first().innerText()).toBe(words.explain);
      const { caption, rows } = await firstTable(page);
      const expected = leaders(caption);
      expect(expected.length).toBeGreaterThan(0);
      expect(rows.map((r) => r.rank)).toEqual(expected.map((_, i) => String(i + 1)));
      expect(rows.map((r) => r.total)).toEqual(
        expected.map((l) => formatMoney(l.total, l.currency, lang)),
      );
      // The leader's name, when no one shares the leader's total (a tie is broken by wins).
      if (expected.length === 1 || expected[0]!.total > expected[1]!.total)
        expect(rows[0]!.rider).toBe(expected[0]!.riderName);
      if (lang === 'en') {
        const options = { runOnly: { type: 'tag' as const, values: WCAG_AA } };
        const found = await axeViolations(page, options, '[data-testid="series-standings"]');
        expect(serious(found)).toEqual([]);
      } else {
        // At 390 px the total earned stays on screen; events, wins and best finish go under the rider.
        const layout = await phoneLayout(page);
        expect(layout.rights.length).toBeGreaterThan(0);
        expect(Math.max(...layout.rights)).toBeLessThanOrEqual(PHONE.width);
        expect(layout.details).toBe(layout.rights.length);
        expect(layout.scrollWidth).toBeLessThanOrEqual(PHONE.width);
      }
      await context.close();
    });
  }
});
