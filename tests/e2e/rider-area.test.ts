/**
 * The rider area walked in a browser, in English with JavaScript: the demo rider (seeded with
 * current credit, a partly spent award, an expired one, a redemption and favourite dealers) signs
 * in, sees the credit available now, opens Earning, Redemptions, Dealers (adds a favourite and
 * removes it), My series and My events. In French without JavaScript: the home's credit in French
 * money, Earning's translated statuses and its filter (a GET form that keeps the language), and the
 * dealers forms.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import common from '#locales/en/common.json';
import commonFr from '#locales/fr/common.json';
import en from '#locales/en/riderArea.json';
import fr from '#locales/fr/riderArea.json';
import { DEMO, login, newPage, onceIt, prefix, useBrowser } from './helpers';

const browser = useBrowser();
const TEXTS = { en: { area: en, common }, fr: { area: fr, common: commonFr } } as const;

/** The page's main heading. */
async function heading(page: Page): Promise<string> {
  return ((await page.locator('main h1').first().textContent()) ?? '').trim();
}

/** Follows a sidebar link and waits for the page and its heading (client-side navigation). */
async function openFromSidebar(page: Page, label: string, path: string, title: string) {
  await Promise.all([
    page.waitForURL((u) => u.pathname === path),
    page.getByTestId('sidebar').getByRole('link', { name: label, exact: true }).click(),
  ]);
  await page.locator('main h1', { hasText: title }).first().waitFor();
}

for (const lang of ['en', 'fr'] as const) {
  const p = prefix(lang);
  const { area, common: c } = TEXTS[lang];

  describe(`rider area (${lang})`, () => {
    const once = onceIt(lang);
    // The forms' document answers and the French of the pages: one variant.
    const french = lang === 'fr' ? it : () => undefined;
    once('home, earnings, redemptions, dealers, My series, My events', async () => {
      const { context, page } = await newPage(browser());
      await login(page, DEMO.rider, undefined, lang);
      expect(new URL(page.url()).pathname).toBe(`${p}/auth/rider`);
      await expect(page.locator('html').getAttribute('lang')).resolves.toBe(lang);

      // Home: credit available now, in the page's language.
      await expect(page.getByTestId('available-credit').locator('h2').textContent()).resolves.toBe(
        area.home.available,
      );
      const credit = (await page.getByTestId('available-credit-amount').textContent()) ?? '';
      expect(credit).toMatch(/\d/);
      expect(credit).not.toMatch(/^\s*\$?0[.,]00/);
      await expect(page.getByTestId('pin-status').isVisible()).resolves.toBe(true);
      expect(await page.getByTestId('favourite-dealers').locator('li').count()).toBeGreaterThan(0);

      // Earning: every award, with translated statuses (the seed has a spent and an expired one).
      await openFromSidebar(
        page,
        c.sidebar.earning,
        `${p}/auth/rider/earnings`,
        area.earnings.title,
      );
      expect(await heading(page)).toBe(area.earnings.title);
      const awards = page.getByTestId('awards-table');
      await awards.waitFor();
      expect(await awards.locator('tbody tr').count()).toBeGreaterThan(0);
      await expect(awards.textContent()).resolves.toContain(area.awardStatus.expired);
      // Filter by status (GET form) keeps the language and shows only that status.
      await page.locator('#filter-status').selectOption('expired');
      await Promise.all([
        page.waitForURL((u) => u.searchParams.get('status') === 'expired'),
        page.getByTestId('earnings-filter').locator('button[type="submit"]').click(),
      ]);
      expect(new URL(page.url()).pathname).toBe(`${p}/auth/rider/earnings`);
      await expect
        .poll(
          async () =>
            new Set(
              await page
                .getByTestId('awards-table')
                .locator('tbody tr td:nth-child(8)')
                .allTextContents(),
            ).size,
          { timeout: 10_000 },
        )
        .toBe(1);
      const statuses = await page
        .getByTestId('awards-table')
        .locator('tbody tr td:nth-child(8)')
        .allTextContents();
      expect(statuses.length).toBeGreaterThan(0);
      expect(new Set(statuses)).toEqual(new Set([area.awardStatus.expired]));

      // Redemptions: a base-36 code.
      await openFromSidebar(
        page,
        c.sidebar.redemptions,
        `${p}/auth/rider/redemptions`,
        area.redemptions.title,
      );
      expect(await heading(page)).toBe(area.redemptions.title);
      const code = ((await page.getByTestId('redemption-code').first().textContent()) ?? '').trim();
      expect(code).toMatch(/^#[0-9A-Z]{3,}$/);

      // Dealers: add a favourite, then remove it.
      await openFromSidebar(page, c.sidebar.dealers, `${p}/auth/rider/dealers`, area.dealers.title);
      expect(await heading(page)).toBe(area.dealers.title);
      const favouritesBefore = await page.getByTestId('favourite-dealer').count();
      expect(favouritesBefore).toBeGreaterThan(0);
      const row = page
        .getByTestId('dealer-row')
        .filter({ has: page.getByTestId('add-favourite') })
        .first();
      const name = (
        (await row.locator('td').first().locator('span').first().textContent()) ?? ''
      ).trim();
      expect(name).not.toBe('');
      await row.getByTestId('add-favourite').click();
      await expect
        .poll(() => page.getByTestId('favourite-dealer').count(), { timeout: 10_000 })
        .toBe(favouritesBefore + 1);
      const added = page.getByTestId('favourite-dealer').filter({ hasText: name });
      await expect(added.count()).resolves.toBe(1);
      await added.getByTestId('remove-favourite').click();
      await expect
        .poll(() => page.getByTestId('favourite-dealer').count(), { timeout: 10_000 })
        .toBe(favouritesBefore);
      await expect(
        page.getByTestId('favourite-dealer').filter({ hasText: name }).count(),
      ).resolves.toBe(0);

      // My series and My events, with links to their details.
      await openFromSidebar(page, c.sidebar.series, `${p}/auth/rider/series`, area.series.title);
      expect(await heading(page)).toBe(area.series.title);
      expect(await page.getByTestId('my-serie').count()).toBeGreaterThan(0);
      await Promise.all([
        page.waitForURL((u) => u.pathname.startsWith(`${p}/auth/rider/serie/`)),
        page.getByTestId('my-serie').first().locator('h2 a').click(),
      ]);
      await page.getByTestId('serie-details').waitFor();
      await expect(page.getByTestId('my-results').locator('h2').textContent()).resolves.toBe(
        area.serie.myResults,
      );

      await openFromSidebar(page, c.sidebar.events, `${p}/auth/rider/events`, area.events.title);
      expect(await heading(page)).toBe(area.events.title);
      expect(await page.getByTestId('my-event').count()).toBeGreaterThan(0);
      await Promise.all([
        page.waitForURL((u) => u.pathname.startsWith(`${p}/auth/rider/event/`)),
        page.getByTestId('my-event').first().locator('h2 a').click(),
      ]);
      await page.getByTestId('event-classes').waitFor();
      await expect(page.getByTestId('event-classes').locator('h2').textContent()).resolves.toBe(
        area.event.classes,
      );
      await context.close();
    });

    french(
      'home and earnings in French, dealer search and favourites work without JavaScript; unknown ids are 404',
      async () => {
        const { context, page } = await newPage(browser(), { javaScript: false });
        await login(page, DEMO.rider, undefined, lang);
        expect(new URL(page.url()).pathname).toBe(`${p}/auth/rider`);
        await expect(page.locator('html').getAttribute('lang')).resolves.toBe(lang);
        await expect(
          page.getByTestId('available-credit').locator('h2').textContent(),
        ).resolves.toBe(area.home.available);
        const credit = (await page.getByTestId('available-credit-amount').textContent()) ?? '';
        expect(credit).toMatch(/\d,\d\d/);

        // Earning: translated statuses; the status filter (GET form) keeps the language.
        await page.goto(`${p}/auth/rider/earnings`);
        expect(await heading(page)).toBe(area.earnings.title);
        await expect(page.getByTestId('awards-table').textContent()).resolves.toContain(
          area.awardStatus.expired,
        );
        await page.locator('#filter-status').selectOption('expired');
        await Promise.all([
          page.waitForURL((u) => u.searchParams.get('status') === 'expired'),
          page.getByTestId('earnings-filter').locator('button[type="submit"]').click(),
        ]);
        expect(new URL(page.url()).pathname).toBe(`${p}/auth/rider/earnings`);
        const statuses = await page
          .getByTestId('awards-table')
          .locator('tbody tr td:nth-child(8)')
          .allTextContents();
        expect(statuses.length).toBeGreaterThan(0);
        expect(new Set(statuses)).toEqual(new Set([area.awardStatus.expired]));

        await page.goto(`${p}/auth/rider/dealers`);
        const favouritesBefore = await page.getByTestId('favourite-dealer').count();
        // Search by name (GET form), then add the first non-favourite result.
        const candidate = page
          .getByTestId('dealer-row')
          .filter({ has: page.getByTestId('add-favourite') })
          .first();
        const name = (
          (await candidate.locator('td').first().locator('span').first().textContent()) ?? ''
        ).trim();
        await page.locator('#search-name').fill(name);
        await Promise.all([
          page.waitForURL((u) => u.searchParams.get('name') === name),
          page.getByTestId('dealer-search').locator('button[type="submit"]').click(),
        ]);
        expect(await page.getByTestId('dealer-row').count()).toBeGreaterThan(0);
        await Promise.all([
          // The form posts and the page loads anew: wait for that load, not the current page's.
          page.waitForEvent('load'),
          page
            .getByTestId('dealer-row')
            .filter({ hasText: name })
            .getByTestId('add-favourite')
            .click(),
        ]);
        await page.getByTestId('favourite-dealer').first().waitFor();
        expect(new URL(page.url()).searchParams.get('name')).toBe(name);
        expect(await page.getByTestId('favourite-dealer').count()).toBe(favouritesBefore + 1);
        await Promise.all([
          // The form posts and the page loads anew: wait for that load, not the current page's.
          page.waitForEvent('load'),
          page
            .getByTestId('favourite-dealer')
            .filter({ hasText: name })
            .getByTestId('remove-favourite')
            .click(),
        ]);
        await page.getByTestId('dealer-search').waitFor();
        expect(await page.getByTestId('favourite-dealer').count()).toBe(favouritesBefore);

        const res = await page.goto(`${p}/auth/rider/event/99999999`);
        expect(res?.status()).toBe(404);
        await page.goto(`${p}/auth/rider/event`);
        await expect(
          page.locator('main').getByRole('link', { name: area.events.title }).first().isVisible(),
        ).resolves.toBe(true);
        await context.close();
      },
    );
  });
}
