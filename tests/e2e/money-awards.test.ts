/**
 * Results in, awards out, in a browser: the admin opens the seeded past event 'Test Track Open'
 * (in English, JavaScript on) or 'Test Track Open FR' (in French, JavaScript off: the uploads
 * posted as documents, the reasons, amounts and refusals in French), uploads the class payouts and
 * the all-classes results fixtures, and the results table shows exactly what the rules give. The
 * bad class file is refused naming both bad cells, and nothing changes. Then, in French without
 * JavaScript, the series' promoter adds a bonus and deletes a result through the confirmation page.
 *
 * What the fixtures give (class-payouts.csv + results-all.csv, every fixture rider seeded with a
 * valid KTM bike, all adults):
 * - 450 Pro (cash, 1000/500/250/100/50, 7 present): Jake 1st $1,000, Sam 2nd $500, Ana 3rd on a
 *   Honda nothing, Marc 4th $100, Dee 5th on a Yamaha nothing, Luis 6th and Kim 7th: no amount.
 * - 450 B (dealer credit): Luis is DNS, only 5 present: nobody is paid.
 * - 250 Pro (cash, 750/375/200): Jake $750, Sam $375, Ana (Honda) nothing, 4th–6th no amount.
 * - Vet 30+ (dealer credit, 150/100/50): Jake ($150) and Sam ($100) are already paid in two
 *   higher-paying classes: two-class limit. Ana (Honda) nothing; 4th–6th no amount.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import en from '#locales/en/events.json';
import fr from '#locales/fr/events.json';
import { formatMoney } from '~/lib/format';
import {
  databasePath,
  DEMO,
  FIXTURES,
  login,
  signIn,
  newPage,
  prefix,
  settled,
  useBrowser,
} from './helpers';

const browser = useBrowser();

function query<T>(sql: string, ...args: unknown[]): T[] {
  const db = new Database(databasePath(), { readonly: true });
  try {
    return db.prepare(sql).all(...args) as T[];
  } finally {
    db.close();
  }
}

type Texts = typeof en;
type Expected = [place: string, rider: string, payout: string];

function expectedTable(lang: 'en' | 'fr'): Record<string, Expected[]> {
  const t: Texts = lang === 'fr' ? fr : en;
  const cash = (cents: number) => `${formatMoney(cents, 'USD', lang)} (${t.payoutTypes.cash})`;
  const r = t.reasons;
  return {
    '450 Pro': [
      ['1', 'Jake Moreau', cash(100000)],
      ['2', 'Sam Okafor', cash(50000)],
      ['3', 'Ana Lindqvist', r.otherMake],
      ['4', 'Marc Tremblay', cash(10000)],
      ['5', 'Dee Walker', r.otherMake],
      ['6', 'Luis Ortega', r.noPlaceAmount],
      ['7', 'Kim Nguyen', r.noPlaceAmount],
    ],
    '450 B': [
      ['1', 'Jake Moreau', r.tooFewRiders],
      ['2', 'Sam Okafor', r.tooFewRiders],
      ['3', 'Ana Lindqvist', r.tooFewRiders],
      ['4', 'Marc Tremblay', r.tooFewRiders],
      ['5', 'Dee Walker', r.tooFewRiders],
      ['6', 'Luis Ortega', r.tooFewRiders],
    ],
    '250 Pro': [
      ['1', 'Jake Moreau', cash(75000)],
      ['2', 'Sam Okafor', cash(37500)],
      ['3', 'Ana Lindqvist', r.otherMake],
      ['4', 'Marc Tremblay', r.noPlaceAmount],
      ['5', 'Dee Walker', r.noPlaceAmount],
      ['6', 'Luis Ortega', r.noPlaceAmount],
    ],
    'Vet 30+': [
      ['1', 'Jake Moreau', r.twoClassLimit],
      ['2', 'Sam Okafor', r.twoClassLimit],
      ['3', 'Ana Lindqvist', r.otherMake],
      ['4', 'Marc Tremblay', r.noPlaceAmount],
      ['5', 'Dee Walker', r.noPlaceAmount],
      ['6', 'Luis Ortega', r.noPlaceAmount],
    ],
  };
}

/** The results table as [place, rider, payout] per class, read from the page. */
async function readTable(page: Page): Promise<Record<string, Expected[]>> {
  return page.$$eval('[data-testid="results-class"]', (sections) => {
    const out: Record<string, [string, string, string][]> = {};
    for (const s of sections) {
      const cls = s.getAttribute('data-class') ?? '';
      out[cls] = [...s.querySelectorAll('[data-testid="result-row"]')].map((row) => [
        row.querySelector('[data-testid="place"]')?.textContent?.trim() ?? '',
        row.getAttribute('data-rider') ?? '',
        (row.querySelector('[data-testid="payout"]')?.textContent ?? '')
          .replace(/\s+/g, ' ')
          .trim(),
      ]);
    }
    return out;
  });
}

async function submit(page: Page, form: string) {
  await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST'),
    page.locator(`[data-testid="${form}"] button[type="submit"]`).click(),
  ]);
  await settled(page);
}

const normalize = (s: string) => s.replace(/\s+/g, ' ').trim();

const VARIANTS = [
  { lang: 'en', javaScript: true },
  { lang: 'fr', javaScript: false },
] as const;

for (const { lang, javaScript } of VARIANTS) {
  const p = prefix(lang);
  const title = lang === 'fr' ? 'Test Track Open FR' : 'Test Track Open';
  const t: Texts = lang === 'fr' ? fr : en;

  describe(`results in, awards out (${lang}, JavaScript ${javaScript ? 'on' : 'off'})`, () => {
    it(`the admin uploads the fixtures to '${title}' and the results table shows what the rules give`, async () => {
      const { context, page } = await newPage(browser(), { javaScript });
      await login(page, DEMO.admin, undefined, lang);

      // Find the event through the admin events list.
      await page.goto(`${p}/auth/admin/events?title=${encodeURIComponent('Test Track Open')}`);
      const link = page.getByRole('link', { name: title, exact: true });
      const href = await link.getAttribute('href');
      expect(href).toMatch(new RegExp(`^${p}/auth/admin/event/\\d+$`));
      const eventId = Number(href?.split('/').pop());
      const [dbEvent] = query<{ title: string }>('SELECT title FROM events WHERE id = ?', eventId);
      expect(dbEvent.title).toBe(title);
      await link.click();
      await page.waitForURL(`**${p}/auth/admin/event/${eventId}`);
      await page.getByTestId('event-manager').waitFor();
      await expect(page.locator('h1').textContent()).resolves.toBe(title);

      // 1. Class payouts.
      await page.locator('#class-file').setInputFiles(path.join(FIXTURES, 'class-payouts.csv'));
      await submit(page, 'class-upload-form');
      await page.getByTestId('classes-table').waitFor();
      const classRows = await page.$$eval('[data-testid="class-row"]', (rows) =>
        rows.map((r) => r.getAttribute('data-class')),
      );
      expect(classRows).toEqual(['450 Pro', '250 Pro', '450 B', 'Vet 30+', 'Pee Wee']);
      const proRow = normalize(
        (await page.locator('[data-testid="class-row"][data-class="450 Pro"]').textContent()) ?? '',
      );
      expect(proRow).toContain(t.payoutTypes.cash);
      expect(proRow).toContain(normalize(formatMoney(100000, 'USD', lang)));

      // 2. Results of all classes.
      await page.locator('input[name="shape"][value="upload-all-class-result"]').check();
      await page.locator('#results-file').setInputFiles(path.join(FIXTURES, 'results-all.csv'));
      await submit(page, 'results-upload-form');
      await page.locator('[data-testid="results-class"]').first().waitFor();
      const table = await readTable(page);
      const expected = expectedTable(lang);
      for (const rows of Object.values(expected))
        for (const row of rows) row[2] = normalize(row[2]);
      expect(table).toEqual(expected);

      // The awards and the ledger agree with the table.
      const awards = query<{ name: string; type: string; initial: number; status: string }>(
        `SELECT r.first_name || ' ' || r.last_name AS name, a.type, a.initial_cents AS initial, a.status
           FROM awards a JOIN riders r ON r.id = a.rider_id
          WHERE a.event_id = ? AND a.status != 'reversed' ORDER BY a.initial_cents DESC`,
        eventId,
      );
      expect(awards).toEqual([
        { name: 'Jake Moreau', type: 'cash', initial: 100000, status: 'earned' },
        { name: 'Jake Moreau', type: 'cash', initial: 75000, status: 'earned' },
        { name: 'Sam Okafor', type: 'cash', initial: 50000, status: 'earned' },
        { name: 'Sam Okafor', type: 'cash', initial: 37500, status: 'earned' },
        { name: 'Marc Tremblay', type: 'cash', initial: 10000, status: 'earned' },
      ]);
      const [ledger] = query<{ s: number }>(
        `SELECT coalesce(sum(l.amount_cents), 0) AS s FROM ledger_entries l JOIN awards a ON a.id = l.award_id WHERE a.event_id = ?`,
        eventId,
      );
      expect(ledger.s).toBe(100000 + 75000 + 50000 + 37500 + 10000);

      // 3. The bad class file is refused naming both bad cells; nothing changes.
      const before = {
        classes: query(
          'SELECT id, name, payout_type, currency FROM event_classes WHERE event_id = ? ORDER BY id',
          eventId,
        ),
        places: query(
          'SELECT p.* FROM class_places p JOIN event_classes c ON c.id = p.class_id WHERE c.event_id = ? ORDER BY p.id',
          eventId,
        ),
        results: query('SELECT * FROM results WHERE event_id = ? ORDER BY id', eventId),
        awards: query('SELECT * FROM awards WHERE event_id = ? ORDER BY id', eventId),
        ledger: query('SELECT count(*) AS n FROM ledger_entries'),
      };
      await page.locator('#class-file').setInputFiles(path.join(FIXTURES, 'class-payouts-bad.csv'));
      await submit(page, 'class-upload-form');
      const problems = page.getByTestId('upload-problems');
      await problems.waitFor();
      const lines = await problems.locator('li').allTextContents();
      expect(lines.map(normalize)).toEqual([
        normalize(
          `${t.problems.atCell.replace('{{row}}', '2').replace('{{column}}', '1st')}${lang === 'fr' ? '\u00a0: ' : ': '}${t.problems.notANumber.replace('{{value}}', () => '$1000')}`,
        ),
        normalize(
          `${t.problems.atCell.replace('{{row}}', '3').replace('{{column}}', '2nd')}${lang === 'fr' ? '\u00a0: ' : ': '}${t.problems.notANumber.replace('{{value}}', 'three hundred')}`,
        ),
      ]);
      expect(await readTable(page)).toEqual(expected);
      expect({
        classes: query(
          'SELECT id, name, payout_type, currency FROM event_classes WHERE event_id = ? ORDER BY id',
          eventId,
        ),
        places: query(
          'SELECT p.* FROM class_places p JOIN event_classes c ON c.id = p.class_id WHERE c.event_id = ? ORDER BY p.id',
          eventId,
        ),
        results: query('SELECT * FROM results WHERE event_id = ? ORDER BY id', eventId),
        awards: query('SELECT * FROM awards WHERE event_id = ? ORDER BY id', eventId),
        ledger: query('SELECT count(*) AS n FROM ledger_entries'),
      }).toEqual(before);

      // A results upload sent without its file is refused next to the file and keeps the shape and
      // class chosen (without JavaScript the server's answer is a new page).
      await page.locator('input[name="shape"][value="upload-class-result"]').check();
      await page.locator('#results-class').selectOption({ label: '250 Pro' });
      // With JavaScript the file chosen earlier is still in the field: emptied first.
      await page.locator('#results-file').setInputFiles([]);
      // With JavaScript the page refuses it before sending: no request to wait for.
      await page.locator('[data-testid="results-upload-form"] button[type="submit"]').click();
      await page.locator('#results-file[aria-invalid="true"]').waitFor();
      expect(
        await page.locator('input[name="shape"][value="upload-class-result"]').isChecked(),
      ).toBe(true);
      expect(await page.locator('#results-class option:checked').textContent()).toBe('250 Pro');

      // 4. Deleting asks first: dismissing the confirmation deletes nothing. (Without JavaScript
      // the confirmation is a page of its own: the promoter's walk below goes through it.)
      if (javaScript) {
        let asked = '';
        page.once('dialog', (d) => {
          asked = d.message();
          void d.dismiss();
        });
        await page
          .locator('[data-testid="result-row"]')
          .first()
          .locator('button[type="submit"]')
          .click();
        expect(asked).toBe(t.table.confirmDeleteResults);
        expect(query('SELECT id FROM results WHERE event_id = ?', eventId)).toHaveLength(25);
      }

      await context.close();
    });

    // The promoter's bonus is a no-JavaScript walk, in French only (its headings, amounts).
    if (!javaScript)
      it(`without JavaScript, the series' promoter finds '${title}' under My events and adds a bonus`, async () => {
        const { context, page } = await newPage(browser(), { javaScript: false });
        await signIn(page, DEMO.promoter, undefined, lang);
        await page.goto(`${p}/auth/promoter`);
        await expect(
          page.getByRole('heading', { name: lang === 'fr' ? 'Mes épreuves' : 'My events' }).count(),
        ).resolves.toBe(1);
        await page.getByRole('link', { name: title, exact: true }).first().click();
        await page.waitForURL(new RegExp(`${p}/auth/promoter/event/\\d+$`));
        const eventId = Number(new URL(page.url()).pathname.split('/').pop());
        const row = () =>
          page.locator(
            '[data-testid="result-row"][data-class="450 Pro"][data-rider="Jake Moreau"]',
          );
        await row().getByRole('link', { name: t.table.edit }).click();
        await page.locator('[data-testid="edit-result-form"] input[name="bonus"]').fill('25');
        await page
          .locator('[data-testid="edit-result-form"] input[name="bonusNote"]')
          .fill('Holeshot');
        await Promise.all([
          page.waitForURL(`**${p}/auth/promoter/event/${eventId}`),
          page.locator('[data-testid="edit-result-form"] button[type="submit"]').click(),
        ]);
        await expect(row().getByTestId('bonus').textContent()).resolves.toContain(
          formatMoney(2500, 'USD', lang),
        );
        const bonus = query<{ initial: number; payout_type: string; status: string }>(
          `SELECT initial_cents AS initial, payout_type, status FROM awards WHERE event_id = ? AND type = 'bonus' AND status != 'reversed'`,
          eventId,
        );
        expect(bonus).toEqual([{ initial: 2500, payout_type: 'cash', status: 'earned' }]);
        // Without JavaScript the delete button asks first on a confirmation page, then deletes.
        await page
          .locator(
            '[data-testid="result-row"][data-class="Vet 30+"][data-rider="Luis Ortega"] button[type="submit"]',
          )
          .click();
        await page.getByTestId('confirm-page').waitFor();
        await expect(page.locator('[data-testid="result-row"]').count()).resolves.toBe(0);
        await Promise.all([
          page.waitForURL(`**${p}/auth/promoter/event/${eventId}`),
          page.getByTestId('confirm-yes').click(),
        ]);
        await expect
          .poll(() => page.locator('[data-testid="result-row"][data-class="Vet 30+"]').count())
          .toBe(5);
        await context.close();
      });
  });
}
