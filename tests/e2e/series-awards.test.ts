/**
 * Series-end (final standings) awards, in English and French: an admin awards a rider of a
 * seeded series that has ended (a bad amount is refused next to the field, keeping what was
 * typed), sees it in the list and in the ledger, the rider sees it on their series page, then
 * the admin withdraws it. The French walk reads the French messages and amounts; the rider's page
 * (the same in both languages, visited in French by the accessibility sweep) is seen in English.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '~/lib/format';
import { databasePath, DEMO, signIn, newPage, prefix, useBrowser, toastShown } from './helpers';

const browser = useBrowser();

const T = {
  en: {
    money: 'Invalid amount.',
    added: 'The award was given.',
    removed: 'The award was withdrawn.',
    withdrawn: 'Withdrawn',
  },
  fr: {
    money: 'Montant invalide.',
    added: 'La prime a été attribuée.',
    removed: 'La prime a été retirée.',
    withdrawn: 'Retirée',
  },
};

type Pick = { seriesId: number; riderId: number; name: string; email: string };

/** A seeded series whose last event has been run, and an active rider with a result in it. */
function endedSeriesRider(): Pick {
  const conn = new Database(databasePath(), { readonly: true });
  try {
    const row = conn
      .prepare(
        `SELECT s.id AS seriesId, r.id AS riderId, r.first_name || ' ' || r.last_name AS name, u.email AS email
         FROM series s
         JOIN events e ON e.series_id = s.id
         JOIN results res ON res.event_id = e.id
         JOIN riders r ON r.id = res.rider_id
         JOIN users u ON u.id = r.user_id
         WHERE u.deactivated = 0 AND u.email_verified = 1
           AND EXISTS (SELECT 1 FROM bikes b WHERE b.rider_id = r.id)
           AND NOT EXISTS (SELECT 1 FROM bikes b WHERE b.rider_id = r.id AND b.valid = 0)
           AND (SELECT max(x.date) FROM events x WHERE x.series_id = s.id AND x.cancelled = 0) < date('now', '-1 day')
         ORDER BY s.id, r.id LIMIT 1`,
      )
      .get() as Pick | undefined;
    if (!row) throw new Error('the seed has no ended series with riders');
    return row;
  } finally {
    conn.close();
  }
}

function ledgerFor(awardId: number): [string, number][] {
  const conn = new Database(databasePath(), { readonly: true });
  try {
    return (
      conn
        .prepare(
          'SELECT kind, amount_cents AS cents FROM ledger_entries WHERE award_id = ? ORDER BY id',
        )
        .all(awardId) as {
        kind: string;
        cents: number;
      }[]
    ).map((r) => [r.kind, r.cents]);
  } finally {
    conn.close();
  }
}

function lastSeriesAward(
  seriesId: number,
  notes: string,
): { id: number; currency: 'USD' | 'CAD' | 'EUR' } {
  const conn = new Database(databasePath(), { readonly: true });
  try {
    return conn
      .prepare(
        'SELECT id, currency FROM awards WHERE series_id = ? AND notes = ? ORDER BY id DESC LIMIT 1',
      )
      .get(seriesId, notes) as { id: number; currency: 'USD' | 'CAD' | 'EUR' };
  } finally {
    conn.close();
  }
}

for (const lang of ['en', 'fr'] as const) {
  const p = prefix(lang);
  const text = T[lang];
  describe(`series-end awards (${lang})`, () => {
    it('an admin awards a rider of an ended series, then withdraws it', async () => {
      const pick = endedSeriesRider();
      const notes = `Series champion (e2e ${lang})`;
      const { context, page } = await newPage(browser());
      page.on('dialog', (d) => void d.accept());
      await signIn(page, DEMO.admin, undefined, lang);
      await page.goto(`${p}/auth/admin/serie/${pick.seriesId}`);
      const form = page.getByTestId('series-award-form');
      await form.locator('select[name="riderId"]').selectOption(String(pick.riderId));
      await form.locator('input[name="amount"]').fill('12$');
      await form.locator('textarea[name="notes"]').fill(notes);
      await form.locator('button[type="submit"]').click();
      // Refused next to the amount; nothing typed is lost.
      await form.locator('ul.field-error', { hasText: text.money }).waitFor();
      expect(await form.locator('textarea[name="notes"]').inputValue()).toBe(notes);
      expect(await form.locator('select[name="riderId"]').inputValue()).toBe(String(pick.riderId));

      await form.locator('input[name="amount"]').fill('250.00');
      await form.locator('button[type="submit"]').click();
      await toastShown(page, text.added);
      const award = lastSeriesAward(pick.seriesId, notes);
      expect(ledgerFor(award.id)).toEqual([['award', 25000]]);
      const row = page.getByTestId('series-award-list').locator('tr', { hasText: notes });
      await expect(row.textContent()).resolves.toContain(pick.name);
      await expect(row.textContent()).resolves.toContain(formatMoney(25000, award.currency, lang));

      // The rider sees it on their page of the series.
      if (lang === 'en') {
        const rider = await newPage(browser());
        await signIn(rider.page, pick.email);
        await rider.page.goto(`/auth/rider/serie/${pick.seriesId}`);
        await rider.page.getByTestId('final-awards').getByText(notes).waitFor();
        await rider.context.close();
      }

      await row.locator('button[type="submit"]').click();
      await toastShown(page, text.removed);
      await page
        .getByTestId('series-award-list')
        .locator('tr', { hasText: notes })
        .locator('td')
        .nth(3)
        .getByText(text.withdrawn, { exact: true })
        .waitFor();
      expect(ledgerFor(award.id)).toEqual([
        ['award', 25000],
        ['awardReversal', -25000],
      ]);
      await context.close();
    });
  });
}
