/**
 * The lists whose columns a phone cannot hold: below the `sm` width a row's date (and, at the
 * counter, its rider and employee) moves under the row's first cell, in a `<small>` the table's
 * rules style; from `sm` up the columns show and the `<small>` does not. Walked at 390 and
 * 1280 px on the dealer's redemptions in French (its labelled rider and employee in French words
 * and spacing, the longer fit) and on the rider's results in English.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import dealerEn from '#locales/en/dealer.json';
import dealerFr from '#locales/fr/dealer.json';
import areaEn from '#locales/en/riderArea.json';
import areaFr from '#locales/fr/riderArea.json';
import { DEMO, login, newPage, prefix, useBrowser } from './helpers';

const browser = useBrowser();

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** The header cell of `table` whose whole text is `text`. */
function header(table: Locator | Page, text: string): Locator {
  return table.locator('thead th').filter({ hasText: new RegExp(`^${text}$`) });
}

/** Whether the element takes room on the page (display: none has no box). */
async function shown(locator: Locator): Promise<boolean> {
  return (await locator.boundingBox()) !== null;
}

/** A cell's text with its spaces (non-breaking ones too) as single plain spaces. */
const oneLine = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

async function at(page: Page, viewport: typeof PHONE, path: string) {
  await page.setViewportSize(viewport);
  await page.goto(path);
}

for (const lang of ['en', 'fr'] as const) {
  const p = prefix(lang);
  const dealer = lang === 'fr' ? dealerFr : dealerEn;
  const area = lang === 'fr' ? areaFr : areaEn;
  // "Rider: " / "Pilote : " — the phrase with its value left out, as the table writes it.
  const labelled = (label: string) =>
    dealer.list.phoneDetail.replace('{{label}}', label).replace('{{value}}', '');

  describe(`a row's details on a phone (${lang})`, () => {
    // Each table in one language: the same component lays out both.
    const inLang = (only: 'en' | 'fr') => (lang === only ? it : () => undefined);
    inLang('fr')(
      "the dealer's redemptions: date, rider and employee under the code on a phone, in their columns on a desktop",
      async () => {
        const { context, page } = await newPage(browser());
        await login(page, DEMO.dealer, undefined, lang);

        await at(page, PHONE, `${p}/auth/dealer/redemptions`);
        const row = page.getByTestId('redemption-row').first();
        await row.waitFor();
        const table = row.locator('xpath=ancestor::table');
        const details = row.locator('td small');
        expect(await shown(details)).toBe(true);
        // One text in the page; the style breaks it into lines.
        const lines = (await details.innerText()).split('\n');
        // The date and time first, then the labelled rider and employee, each on a line of its own.
        expect(lines[0]).toMatch(/\d/);
        expect(lines.some((l) => l.startsWith(labelled(dealer.list.rider)))).toBe(true);
        expect(lines.some((l) => l.startsWith(labelled(dealer.list.employee)))).toBe(true);
        expect(await shown(header(table, dealer.list.date))).toBe(false);
        expect(await shown(row.locator('td').first())).toBe(false);

        await at(page, DESKTOP, `${p}/auth/dealer/redemptions`);
        await row.waitFor();
        expect(await shown(details)).toBe(false);
        expect(await shown(header(table, dealer.list.date))).toBe(true);
        // The date column holds what the phone showed first.
        expect(oneLine(await row.locator('td').first().textContent())).toBe(oneLine(lines[0]));
        await context.close();
      },
    );

    inLang('en')(
      "the rider's results: the event's date under its title on a phone, in the Date column on a desktop",
      async () => {
        const { context, page } = await newPage(browser());
        await login(page, DEMO.pro, undefined, lang);

        await at(page, PHONE, `${p}/auth/rider`);
        const table = page.locator('table').filter({ has: header(page, area.results.event) });
        const row = table.locator('tbody tr').first();
        await row.waitFor();
        const details = row.locator('td').first().locator('small');
        expect(await shown(details)).toBe(true);
        const date = oneLine(await details.textContent());
        expect(date).toMatch(/\d/);
        expect(await shown(header(table, area.results.date))).toBe(false);
        expect(await shown(row.locator('td').nth(1))).toBe(false);

        await at(page, DESKTOP, `${p}/auth/rider`);
        await row.waitFor();
        expect(await shown(details)).toBe(false);
        expect(await shown(header(table, area.results.date))).toBe(true);
        expect(oneLine(await row.locator('td').nth(1).textContent())).toBe(date);
        await context.close();
      },
    );
  });
}
