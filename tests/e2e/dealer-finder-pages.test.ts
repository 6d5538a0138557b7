/**
 * The public dealer finder is paginated without JavaScript: 20 dealers a page, the count names
 * every match, and the next-page link (a plain link that keeps the filters) shows the rest. Walked
 * in French, whose count and page words are its own; the English words are read on the second page.
 */
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasePath, newPage, prefix, useBrowser } from './helpers';

const browser = useBrowser();
const TAG = `Pagetest ${Date.now().toString(36)}`;
const N = 25;
const names = Array.from(
  { length: N },
  (_, i) => `${TAG} Motorsports ${String(i + 1).padStart(2, '0')}`,
);

function withDb<T>(fn: (db: Database.Database) => T): T {
  const db = new Database(databasePath());
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

beforeAll(() => {
  withDb((db) => {
    const add = db.prepare(
      "INSERT INTO dealers (name, city, state, zipcode, country) VALUES (?, 'Rutland', 'VT', '05701', 'US')",
    );
    db.transaction(() => names.forEach((n) => add.run(n)))();
  });
});

afterAll(() => {
  withDb((db) => db.prepare('DELETE FROM dealers WHERE name LIKE ?').run(`${TAG}%`));
});

const T = {
  en: { found: `${N} dealers found`, next: 'Next', previous: 'Previous', page2: 'Page 2 of 2' },
  fr: {
    found: `${N} concessionnaires trouvés`,
    next: 'Suivant',
    previous: 'Précédent',
    page2: 'Page 2 sur 2',
  },
};

describe('dealer finder pages (fr)', () => {
  it('shows 20 dealers a page; the next-page link works without JavaScript and keeps the filter', async () => {
    const p = prefix('fr');
    const { context, page } = await newPage(browser(), { javaScript: false });
    // Every dealer: the first page holds 20 of them (there are at least the 25 added here).
    await page.goto(`${p}/dealers`);
    expect(await page.getByTestId('dealer-row').count()).toBe(20);

    await page.goto(`${p}/dealers?name=${encodeURIComponent(TAG)}`);
    expect(await page.getByTestId('dealers-count').textContent()).toContain(T.fr.found);
    const rows = page.getByTestId('dealer-row');
    expect(await rows.count()).toBe(20);
    const first = await rows.locator('h2').allTextContents();

    const next = page.getByTestId('pagination').locator('a[rel="next"]');
    expect((await next.textContent())?.trim()).toBe(T.fr.next);
    await Promise.all([page.waitForURL((u) => u.searchParams.get('page') === '2'), next.click()]);
    const url = new URL(page.url());
    expect(url.pathname).toBe(`${p}/dealers`);
    expect(url.searchParams.get('name')).toBe(TAG);
    await page.getByTestId('pagination').getByText(T.fr.page2).waitFor();
    const second = await page.getByTestId('dealer-row').locator('h2').allTextContents();
    expect(second).toHaveLength(N - 20);
    // Two pages, each dealer once.
    expect([...first, ...second].sort()).toEqual([...names].sort());
    const prev = page.getByTestId('pagination').locator('a[rel="prev"]');
    expect((await prev.textContent())?.trim()).toBe(T.fr.previous);

    // The second page in English: its count and page words.
    await page.goto(`/dealers?name=${encodeURIComponent(TAG)}&page=2`);
    expect(await page.getByTestId('dealers-count').textContent()).toContain(T.en.found);
    await page.getByTestId('pagination').getByText(T.en.page2).waitFor();
    expect((await prev.textContent())?.trim()).toBe(T.en.previous);
    expect(await page.getByTestId('dealer-row').count()).toBe(N - 20);
    await context.close();
  });
});
