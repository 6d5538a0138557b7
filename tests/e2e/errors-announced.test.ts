/**
 * A form that comes back with errors says so first: « Error: » / « Erreur : » before the page's
 * title, and focus on the error summary (or the form's message), with JavaScript (after a
 * client-side submit, in English) and without it (`autofocus` in the answer's HTML, in French).
 * Then the keyboard and screen-reader items of the dashboards, in English: Escape closes the
 * account menu and gives focus back to its button; a list filter's result is said in the status
 * region (and in French, read from the document without JavaScript).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import en from '#locales/en/titles.json';
import fr from '#locales/fr/titles.json';
import { DEMO, signIn, newPage, onceIt, prefix, settled, useBrowser } from './helpers';

const browser = useBrowser();
const FAILED = { en: 'Error: ', fr: 'Erreur\u00a0: ' } as const;
const TITLES = { en, fr } as const;

/** Where focus is: inside the error summary, inside an alert, or neither. */
function focus(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    return {
      summary: !!el?.closest('[data-error-summary]'),
      alert: !!el?.closest('[role="alert"]'),
      text: (el?.textContent ?? '').trim(),
    };
  });
}

describe.each(['en', 'fr'] as const)('errors announced (%s)', (lang) => {
  const p = prefix(lang);
  const once = onceIt(lang);
  // A document answer and its French: one variant.
  const french = lang === 'fr' ? it : () => undefined;

  french(
    'without JavaScript: the contact form sent empty comes back titled « Error » with its summary focused',
    async () => {
      const { context, page } = await newPage(browser(), { javaScript: false });
      try {
        await page.goto(`${p}/about/contact`);
        expect(await page.title()).not.toContain(FAILED[lang]);
        await page.locator('main form button[type="submit"]').click();
        await page.getByTestId('error-summary').locator('li').first().waitFor();
        expect(await page.title()).toBe(
          `${FAILED[lang]}${TITLES[lang].contact} – contingency cash`,
        );
        expect(await page.locator('[data-error-summary]').getAttribute('autofocus')).not.toBeNull();
        await expect.poll(async () => (await focus(page)).summary).toBe(true);
        // Each entry links to its field.
        const href = await page
          .getByTestId('error-summary')
          .locator('a')
          .first()
          .getAttribute('href');
        expect(await page.locator(href!).count()).toBe(1);
      } finally {
        await context.close();
      }
    },
  );

  once(
    'with JavaScript: a refused sign-in says so in the title and focuses the message',
    async () => {
      const { context, page } = await newPage(browser());
      try {
        await page.goto(`${p}/login`);
        await settled(page);
        await page.locator('form#login [name="email"]').fill('nobody-here@example.test');
        await page.locator('form#login [name="password"]').fill('Not-the-password-42');
        await page.locator('form#login button[type="submit"]').click();
        await expect
          .poll(() => page.title())
          .toBe(`${FAILED[lang]}${TITLES[lang].login} – contingency cash`);
        await expect.poll(async () => (await focus(page)).alert).toBe(true);
        // A page reached afterwards is not « Error » any more.
        await page.goto(`${p}/login`);
        expect(await page.title()).toBe(`${TITLES[lang].login} – contingency cash`);
      } finally {
        await context.close();
      }
    },
  );

  once(
    'Escape closes the account menu and gives focus back to its button; a filter result is said',
    async () => {
      const { context, page } = await newPage(browser());
      try {
        await signIn(page, DEMO.admin, undefined, lang);
        await page.goto(`${p}/auth/admin/riders?q=zz-no-such-rider-zz`);
        await settled(page);
        const status = page.locator('[role="status"][data-testid="filter-result"]');
        expect((await status.textContent())?.trim()).toBe('Nothing to show.');
        await page.goto(`${p}/auth/admin/riders`);
        await settled(page);
        expect(await status.textContent()).toMatch(/\d/);
        const menu = page.getByTestId('user-menu');
        await menu.click();
        expect(
          await page.locator('details:has([data-testid="user-menu"])').getAttribute('open'),
        ).not.toBeNull();
        await page.keyboard.press('Escape');
        await expect
          .poll(() => page.locator('details:has([data-testid="user-menu"])').getAttribute('open'))
          .toBeNull();
        expect(await menu.evaluate((el) => el === document.activeElement)).toBe(true);
      } finally {
        await context.close();
      }
    },
  );

  french('without JavaScript: a filter with no result says so in the status region', async () => {
    const { context, page } = await newPage(browser(), { javaScript: false });
    try {
      await signIn(page, DEMO.admin, undefined, lang);
      await page.goto(`${p}/auth/admin/riders?q=zz-no-such-rider-zz`);
      const status = page.locator('[role="status"][data-testid="filter-result"]');
      expect((await status.textContent())?.trim()).toBe('Rien à afficher.');
    } finally {
      await context.close();
    }
  });
});
