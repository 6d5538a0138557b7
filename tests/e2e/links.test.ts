/**
 * The app's links are plain anchors that one document listener navigates on the client. A click
 * stays in the same document (no reload), keeps the language (walked in French, the language a
 * client navigation could lose), marks the sidebar's current page, keeps a list's place when it
 * sorts; a modified click is left to the browser; without JavaScript the same links load their
 * pages. The rest is walked in English: the French prefix takes no other path there.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, login, signIn, newPage, onceIt, prefix, settled, useBrowser } from './helpers';

const browser = useBrowser();

/** Marks the current document: the mark survives a client navigation, not a page load. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __sameDocument?: boolean }).__sameDocument = true;
  });
}
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

for (const lang of ['en', 'fr'] as const) {
  const p = prefix(lang);
  describe(`links (${lang})`, () => {
    const once = onceIt(lang);
    const french = lang === 'fr' ? it : () => undefined;
    once('a sidebar link navigates in the same document and marks the current page', async () => {
      const { context, page } = await newPage(browser());
      try {
        await login(page, DEMO.admin, undefined, lang);
        await page.getByTestId('sidebar').waitFor({ state: 'visible' });
        const home = page.locator(`[data-testid="sidebar"] a[href="${p}/auth/admin"]`);
        const events = page.locator(`[data-testid="sidebar"] a[href="${p}/auth/admin/events"]`);
        expect(await home.getAttribute('aria-current')).toBe('page');
        expect(await events.getAttribute('aria-current')).toBeNull();
        await markDocument(page);
        await Promise.all([page.waitForURL(`**${p}/auth/admin/events`), events.click()]);
        // The URL changes when the navigation commits; the sidebar renders the new page after.
        await page
          .locator(`[data-testid="sidebar"] a[href="${p}/auth/admin/events"][aria-current="page"]`)
          .waitFor();
        expect(await sameDocument(page)).toBe(true);
        expect(await home.getAttribute('aria-current')).toBeNull();
        expect(new URL(page.url()).pathname).toBe(`${p}/auth/admin/events`);
      } finally {
        await context.close();
      }
    });

    once('a sort link of a list keeps the document, the page and the scroll', async () => {
      const { context, page } = await newPage(browser());
      try {
        await signIn(page, DEMO.admin, undefined, lang);
        await page.goto(`${p}/auth/admin/riders`);
        await settled(page);
        const sort = page.locator('th a[data-sort]').first();
        const before = page.url();
        await markDocument(page);
        await Promise.all([page.waitForURL((u) => u.href !== before), sort.click()]);
        await settled(page);
        expect(await sameDocument(page)).toBe(true);
        const url = new URL(page.url());
        expect(url.pathname).toBe(`${p}/auth/admin/riders`);
        expect(url.search).not.toBe('');
      } finally {
        await context.close();
      }
    });

    french(
      'a public header link navigates in the same document, in the page language',
      async () => {
        const { context, page } = await newPage(browser());
        try {
          await page.goto(`${p}/about/overview`);
          await settled(page);
          await markDocument(page);
          const schedule = page.locator(`header nav a[href="${p}/events"]`).first();
          await Promise.all([page.waitForURL(`**${p}/events`), schedule.click()]);
          await page.locator('h1').first().waitFor();
          expect(await sameDocument(page)).toBe(true);
          expect(await page.locator('html').getAttribute('lang')).toBe(lang);
        } finally {
          await context.close();
        }
      },
    );

    once('a click with a modifier key is left to the browser (a new tab)', async () => {
      const { context, page } = await newPage(browser());
      try {
        await page.goto(`${p}/about/overview`);
        await settled(page);
        const schedule = page.locator(`header nav a[href="${p}/events"]`).first();
        const [opened] = await Promise.all([
          context.waitForEvent('page'),
          schedule.click({ modifiers: ['ControlOrMeta'] }),
        ]);
        await opened.waitForLoadState();
        expect(new URL(opened.url()).pathname).toBe(`${p}/events`);
        expect(new URL(page.url()).pathname).toBe(`${p}/about/overview`);
      } finally {
        await context.close();
      }
    });

    once('without JavaScript the same links load their pages', async () => {
      const { context, page } = await newPage(browser(), { javaScript: false });
      try {
        await page.goto(`${p}/about/overview`);
        const schedule = page.locator(`header nav a[href="${p}/events"]`).first();
        await Promise.all([page.waitForURL(`**${p}/events`), schedule.click()]);
        await page.waitForLoadState('load');
        expect(new URL(page.url()).pathname).toBe(`${p}/events`);
        expect(await page.locator('h1').first().textContent()).toBeTruthy();
      } finally {
        await context.close();
      }
    });
  });
}
