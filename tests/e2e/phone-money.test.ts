/**
 * Phones show the money: at 390 px every table whose point is an amount keeps that amount's cells
 * inside the screen, no sideways scrolling (the other columns go under a cell,
 * ~/components/phone-details), in French only: its longer words and amounts are
 * the harder fit, and the English pages lay out the same tables. A pro's home shows the cash card
 * and no credit card.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import dealerEn from '#locales/en/dealer.json';
import eventsEn from '#locales/en/events.json';
import payoutsEn from '#locales/en/payouts.json';
import publicEn from '#locales/en/public.json';
import areaEn from '#locales/en/riderArea.json';
import dealerFr from '#locales/fr/dealer.json';
import eventsFr from '#locales/fr/events.json';
import payoutsFr from '#locales/fr/payouts.json';
import publicFr from '#locales/fr/public.json';
import areaFr from '#locales/fr/riderArea.json';
import { DEMO, login, newPage, prefix, useBrowser } from './helpers';

const WORDS = {
  en: { dealer: dealerEn, events: eventsEn, payouts: payoutsEn, pub: publicEn, area: areaEn },
  fr: { dealer: dealerFr, events: eventsFr, payouts: payoutsFr, pub: publicFr, area: areaFr },
};

const browser = useBrowser();
const PHONE = { width: 390, height: 844 };

/**
 * The right edges of the cells under the header `header` in every table `table` matches, and
 * how many there are; a cell hidden (no box) counts as off screen.
 */
async function amountEdges(page: Page, table: string, header: string) {
  await page.locator(table).first().waitFor();
  return page.evaluate(
    ({ table, header }) => {
      const edges: number[] = [];
      for (const t of document.querySelectorAll<HTMLTableElement>(table)) {
        const heads = [...t.querySelectorAll('thead th')];
        const column = heads.findIndex((th) => th.textContent?.trim() === header);
        if (column < 0) continue;
        for (const row of t.tBodies[0]?.rows ?? []) {
          const cell = row.cells[column];
          const box = cell?.getBoundingClientRect();
          edges.push(box && box.width > 0 ? box.right : Infinity);
        }
      }
      return edges;
    },
    { table, header },
  );
}

/** Opens `path` at 390 px and expects every amount cell of each table inside the screen. */
async function amountsOnScreen(page: Page, path: string, tables: [string, string][]) {
  await page.goto(path);
  for (const [table, header] of tables) {
    const edges = await amountEdges(page, table, header);
    expect(edges.length, `${path} ${table} "${header}"`).toBeGreaterThan(0);
    expect(Math.max(...edges), `${path} ${table} "${header}"`).toBeLessThanOrEqual(PHONE.width);
  }
}

async function phoneAs(email: string | null, lang: 'en' | 'fr') {
  const { context, page } = await newPage(browser());
  await page.setViewportSize(PHONE);
  if (email) await login(page, email, undefined, lang);
  return { context, page };
}

for (const lang of ['fr'] as const) {
  const w = WORDS[lang];
  const p = prefix(lang);
  describe(`phones show the money (390 px, ${lang})`, () => {
    it('the public event page: each place’s amount and each result’s payout', async () => {
      const { context, page } = await phoneAs(null, lang);
      await amountsOnScreen(page, `${p}/events/event/1`, [
        ['[data-testid="places-phone"]', w.pub.event.payout],
        ['[data-testid="class-results"]', w.pub.event.payout],
      ]);
      await context.close();
    });

    it('the rider’s earnings and redemptions', async () => {
      const { context, page } = await phoneAs(DEMO.rider, lang);
      await amountsOnScreen(page, `${p}/auth/rider/earnings`, [
        ['[data-testid="awards-table"]', w.area.earnings.current],
      ]);
      await amountsOnScreen(page, `${p}/auth/rider/redemptions`, [
        ['[data-testid="redemptions-table"]', w.area.redemptions.amount],
      ]);
      await context.close();
    });

    it('the dealer’s redemptions', async () => {
      const { context, page } = await phoneAs(DEMO.dealer, lang);
      await amountsOnScreen(page, `${p}/auth/dealer/redemptions`, [
        ['[data-testid="redemption-table"]', w.dealer.list.amount],
      ]);
      await context.close();
    });

    it('the admin’s payout claims, earnings, redemptions, dealer refunds and event results', async () => {
      const { context, page } = await phoneAs(DEMO.admin, lang);
      await amountsOnScreen(page, `${p}/auth/admin/rider-earnings`, [
        ['[data-testid="claims-table"]', w.payouts.claims.net],
        ['[data-testid="earnings-table"]', w.payouts.earnings.earned],
        ['[data-testid="earnings-table"]', w.payouts.earnings.current],
      ]);
      await amountsOnScreen(page, `${p}/auth/admin/rider-redemptions`, [
        ['[data-testid="redemption-table"]', w.dealer.list.amount],
      ]);
      await amountsOnScreen(page, `${p}/auth/admin/dealer-refunds`, [
        ['[data-testid="refunds-table"]', w.payouts.refunds.net],
      ]);
      // The event's management page: each result's payout, and no table scrolled sideways.
      await amountsOnScreen(page, `${p}/auth/admin/event/1`, [
        ['[data-testid="event-results-table"]', w.events.table.payout],
      ]);
      const scrolled = await page.evaluate(
        () =>
          [...document.querySelectorAll('[data-testid="event-results-table"]')].filter((t) => {
            const wrapper = t.parentElement as HTMLElement;
            return wrapper.scrollWidth > wrapper.clientWidth;
          }).length,
      );
      expect(scrolled).toBe(0);
      await context.close();
    });
  });
}

describe('a pro’s home', () => {
  it('a pro’s home: the cash card, no dealer-credit card', async () => {
    const { context, page } = await phoneAs(DEMO.pro, 'en');
    await page.getByTestId('cash-summary').waitFor();
    expect(await page.getByTestId('available-credit').count()).toBe(0);
    expect(await page.getByTestId('expiring-credit').count()).toBe(0);
    await context.close();
  });
});
