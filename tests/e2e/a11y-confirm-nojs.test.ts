/**
 * Without JavaScript, removing a bike, withdrawing a series award and deleting a timecard ask
 * first (the /confirm page): nothing changes until "Yes"; Cancel keeps it. In English: the same
 * page and code in French (confirmations.test.ts walks its French questions and round trip).
 * Opened directly, the page says nothing is waiting for an answer, and leads home: in French, whose
 * words and home link are its own (the sweep also visits /confirm in both languages).
 */
import Database from 'better-sqlite3';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import fr from '#locales/fr/completion.json';
import { writeDb } from './db-write';
import { databasePath, DEMO, login, signIn, newPage, prefix, useBrowser } from './helpers';

const browser = useBrowser();

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
  'base64',
);

function count(sql: string, ...args: unknown[]): number {
  const db = new Database(databasePath(), { readonly: true });
  try {
    return (db.prepare(sql).get(...args) as { n: number }).n;
  } finally {
    db.close();
  }
}

/** The button leads to /confirm with nothing changed; Cancel comes back; again and Yes acts. */
async function askFirst(page: Page, button: () => Locator, unchanged: () => void) {
  const back = new URL(page.url()).pathname;
  await button().click();
  await page.getByTestId('confirm-page').waitFor();
  unchanged();
  await page.getByTestId('confirm-cancel').click();
  await page.waitForURL((url) => url.pathname === back);
  unchanged();
  await button().click();
  await page.getByTestId('confirm-page').waitFor();
  await Promise.all([
    page.waitForURL((url) => url.pathname === back, { waitUntil: 'load' }),
    page.getByTestId('confirm-yes').click(),
  ]);
}

describe('no-JavaScript confirmations (fr)', () => {
  it('opened directly, the page has its heading and says nothing is waiting', async () => {
    const words = fr.confirm;
    const { context, page } = await newPage(browser(), { javaScript: false });
    await page.goto('/fr/confirm');
    await expect(page.locator('h1').textContent()).resolves.toBe(words.title);
    await expect(page.getByTestId('confirm-page').textContent()).resolves.toContain(words.nothing);
    await expect(page.getByRole('link', { name: words.home }).getAttribute('href')).resolves.toBe(
      '/fr',
    );
    await context.close();
  });
});

{
  const lang = 'en';
  const p = prefix(lang);
  describe(`no-JavaScript confirmations (${lang})`, () => {
    it('removing a bike asks first', async () => {
      const vin = `A11Y${lang.toUpperCase()}${Date.now().toString(36).toUpperCase()}`
        .replace(/[IOQ]/g, '1')
        .padEnd(17, '0')
        .slice(0, 17);
      writeDb((db) =>
        db
          .prepare(
            `INSERT INTO bikes (rider_id, vin, year, make, model, valid)
             SELECT r.id, ?, 2024, 'KTM', '450 SX-F', 1 FROM riders r JOIN users u ON u.id = r.user_id
             WHERE u.email = ?`,
          )
          .run(vin, DEMO.pro),
      );
      const bikes = () => count('SELECT count(*) AS n FROM bikes WHERE vin = ?', vin);
      const { context, page } = await newPage(browser(), { javaScript: false });
      await signIn(page, DEMO.pro, undefined, lang);
      await page.goto(`${p}/auth/rider/profile`);
      const button = () =>
        page.locator(`[data-testid="bike"][data-vin="${vin}"] [data-testid="remove-bike"]`);
      await askFirst(page, button, () => expect(bikes()).toBe(1));
      expect(bikes()).toBe(0);
      await context.close();
    });

    it('deleting a timecard asks first', async () => {
      const { context, page } = await newPage(browser(), { javaScript: false });
      await login(page, DEMO.admin, undefined, lang);
      const riderId = count(
        'SELECT r.id AS n FROM riders r JOIN users u ON u.id = r.user_id WHERE u.email = ?',
        DEMO.rider,
      );
      await page.goto(`${p}/auth/admin/rider/${riderId}`);
      const name = `confirm-${lang}-${Date.now()}.png`;
      const form = page.getByTestId('timecard-form');
      await form
        .locator('input[name="timecard"]')
        .setInputFiles({ name, mimeType: 'image/png', buffer: PNG });
      await form.locator('button[type="submit"]').click();
      const item = () =>
        page
          .getByTestId('timecards')
          .locator('li', { hasText: name })
          .getByTestId('delete-timecard');
      await item().waitFor();
      const kept = () =>
        count('SELECT count(*) AS n FROM rider_documents WHERE original_name = ?', name);
      await askFirst(page, item, () => expect(kept()).toBe(1));
      expect(kept()).toBe(0);
      await context.close();
    });

    it('withdrawing a series award asks first', async () => {
      // A series whose last event is over, with a rider who raced it (the award form offers them).
      const pick = writeDb(
        (db) =>
          db
            .prepare(
              `SELECT s.id AS seriesId, r.id AS riderId FROM series s
               JOIN events e ON e.series_id = s.id JOIN results res ON res.event_id = e.id
               JOIN riders r ON r.id = res.rider_id JOIN users u ON u.id = r.user_id
               WHERE u.deactivated = 0 AND u.email_verified = 1
                 AND EXISTS (SELECT 1 FROM bikes b WHERE b.rider_id = r.id)
                 AND NOT EXISTS (SELECT 1 FROM bikes b WHERE b.rider_id = r.id AND b.valid = 0)
                 AND (SELECT max(x.date) FROM events x WHERE x.series_id = s.id AND x.cancelled = 0) < date('now', '-1 day')
               ORDER BY s.id DESC, r.id LIMIT 1`,
            )
            .get() as { seriesId: number; riderId: number },
      );
      const notes = `confirm no-JS ${lang} ${Date.now()}`;
      const { context, page } = await newPage(browser(), { javaScript: false });
      await signIn(page, DEMO.admin, undefined, lang);
      await page.goto(`${p}/auth/admin/serie/${pick.seriesId}`);
      const form = page.getByTestId('series-award-form');
      await form.locator('select[name="riderId"]').selectOption(String(pick.riderId));
      await form.locator('input[name="amount"]').fill('5');
      await form.locator('textarea[name="notes"]').fill(notes);
      await form.locator('button[type="submit"]').click();
      const row = () => page.getByTestId('series-award-list').locator('tr', { hasText: notes });
      await row().waitFor();
      const awardId = Number(await row().locator('input[name="awardId"]').inputValue());
      const withdrawn = () =>
        count(
          "SELECT count(*) AS n FROM ledger_entries WHERE award_id = ? AND kind = 'awardReversal'",
          awardId,
        );
      await askFirst(
        page,
        () => row().getByTestId('remove-series-award'),
        () => expect(withdrawn()).toBe(0),
      );
      expect(withdrawn()).toBe(1);
      await context.close();
    });
  });
}
