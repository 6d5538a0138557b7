/**
 * Keyboard and screen-reader walks, in English (the same markup and keys in French); in French
 * too only the dealer's search count, whose words are its own. The skip link is the first Tab stop
 * and lands in the main landmark; focus after server round trips (sign-in → the page heading; a
 * wrong PIN → the invalid field; a redemption → the receipt's heading, its toast read from a live
 * region that was already in the page; an upload refused → the alert); the mobile dashboard menu
 * (its toggle stays visible, the sidebar as its panel under the header, also under the proxy
 * banner and without JavaScript, a close button, Tab on to the links, Escape, focus back on the
 * toggle, the page behind inert, the navigation rendered once for both widths), and the public
 * site's phone menu (reached by Tab, fits the screen at 390 and 320 px, Escape and its close button
 * give focus back to the toggle, the page behind inert; signed in, « My account »); the add-bike
 * VIN error and the dealer's search count are announced by live regions.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { writeDb } from './db-write';
import {
  DEMO,
  DEMO_PASSWORD,
  forgetWrongPins,
  login,
  newPage,
  onceIt,
  prefix,
  settled,
  useBrowser,
} from './helpers';

const browser = useBrowser();

const T = {
  en: { skip: 'Skip to content', recorded: /recorded/i },
  fr: { skip: 'Aller au contenu', recorded: /enregistr/i },
} as const;

/** What has focus: tag, name, id, role, and whether it is inside the main landmark. */
function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName.toLowerCase() ?? null,
      name: el?.getAttribute('name') ?? null,
      id: el?.id ?? null,
      text: (el?.textContent ?? '').trim(),
      inMain: !!el?.closest('main'),
      inSidebar: !!el?.closest('[data-testid="sidebar"]'),
      inFooter: !!el?.closest('footer'),
      inAlert: !!el?.closest('[role="alert"]'),
    };
  });
}

/** Marks a live region now, so a later check proves the text went into the same element. */
async function markRegion(page: Page, selector: string) {
  await page.locator(selector).first().waitFor({ state: 'attached' });
  return page.evaluate((sel) => {
    const el = document.querySelector<HTMLElement>(sel)!;
    el.dataset.seen = 'before';
    return (el.textContent ?? '').trim();
  }, selector);
}

/** The open public menu fits the screen, every link in it inside, and its toggle stays uncovered. */
async function expectMenuFits(page: Page, width: number) {
  const fits = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(fits.scroll, `${width} px`).toBeLessThanOrEqual(fits.inner);
  const links = page.getByTestId('public-menu').locator('nav a');
  expect(await links.count()).toBeGreaterThanOrEqual(6);
  for (const link of await links.all()) {
    const box = (await link.boundingBox())!;
    expect(box.x, `${width} px`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${width} px`).toBeLessThanOrEqual(width);
  }
  const box = (await page.getByTestId('public-menu-toggle').boundingBox())!;
  const onTop = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x, y)?.closest('summary')?.dataset.testid ?? null,
    [box.x + box.width / 2, box.y + box.height / 2],
  );
  expect(onTop, `${width} px`).toBe('public-menu-toggle');
}

/** Signs in with the keyboard (Enter in the password field), the walk the first test checks. */
async function signIn(page: Page, email: string, lang: 'en' | 'fr') {
  await page.goto(`${prefix(lang)}/login`);
  await settled(page);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await Promise.all([
    page.waitForURL((url) => !url.pathname.endsWith('/login')),
    page.locator('input[name="password"]').press('Enter'),
  ]);
  await settled(page);
  // The page has settled when focus has moved to its heading (one frame after the render, which
  // can come after the network is idle): a key pressed sooner would go to a field that is gone.
  await expect.poll(async () => (await focused(page)).tag).toBe('h1');
}

/** The add-bike form's VIN error goes into a live region that was already in the page. */
async function vinErrorAnnounced() {
  const rider = await newPage(browser());
  await login(rider.page, DEMO.pro);
  await rider.page.goto('/auth/rider/profile');
  await settled(rider.page);
  const live = '[data-testid="add-bike-form"] [aria-live="polite"]';
  expect(await markRegion(rider.page, live)).toBe('');
  await rider.page.locator('[data-testid="add-bike-form"] input[name="vin"]').fill('ABC123');
  await rider.page.keyboard.press('Tab');
  await expect
    .poll(() => rider.page.locator(`${live}[data-seen="before"]`).textContent())
    .toMatch(/\S/);
  await rider.context.close();
}

function one<T>(sql: string, ...args: unknown[]): T {
  return writeDb((db) => db.prepare(sql).get(...args) as T);
}

for (const lang of ['en', 'fr'] as const) {
  const p = prefix(lang);
  describe(`keyboard and screen reader (${lang})`, () => {
    const once = onceIt(lang);
    once(
      'sign-in puts focus on the heading; the skip link is the first Tab stop and goes to main; the navigation is rendered once',
      async () => {
        const { context, page } = await newPage(browser());
        await signIn(page, DEMO.admin, lang);
        expect((await focused(page)).inMain).toBe(true);

        await page.goto(`${p}/auth/admin/riders`);
        await settled(page);
        await page.keyboard.press('Tab');
        const skip = await focused(page);
        expect(skip.tag).toBe('a');
        expect(skip.text).toBe(T[lang].skip);
        await expect(page.getByText(T[lang].skip).isVisible()).resolves.toBe(true);
        await page.keyboard.press('Enter');
        await expect.poll(async () => (await focused(page)).id).toBe('main');
        // The next Tab is inside the page's content, not the navigation before it.
        await page.keyboard.press('Tab');
        expect((await focused(page)).inMain).toBe(true);

        // A dashboard renders its navigation once (one link to each of its pages in the HTML).
        const html = await (await page.request.get(`${p}/auth/admin/rider-redemptions`)).text();
        const count = (s: string) => html.split(s).length - 1;
        expect(count('data-testid="sidebar"')).toBe(1);
        expect(count(`href="${p}/auth/admin/events"`)).toBe(1);
        expect(count(`href="${p}/auth/admin/second-factors"`)).toBe(1);
        expect(count('data-testid="mobile-menu"')).toBe(1);
        await context.close();
      },
    );

    once(
      'the counter: a wrong PIN focuses the PIN; a redemption focuses the receipt heading and its toast is read',
      async () => {
        const { context, page } = await newPage(browser());
        const started = new Date().toISOString();
        const riderId = one<{ id: number }>(
          'SELECT r.id FROM riders r JOIN users u ON u.id = r.user_id WHERE u.email = ?',
          DEMO.rider,
        ).id;
        await login(page, DEMO.dealer, undefined, lang);
        await page.goto(`${p}/auth/dealer/rider/${riderId}`);
        await settled(page);
        const form = page.getByTestId('redeem-form');
        await page.locator('input[name="amount"]').fill(lang === 'fr' ? '0,01' : '0.01');
        await page.locator('input[name="pin"]').fill('0000');
        await page.locator('input[name="employeeName"]').fill('Keyboard');
        await page.locator('input[name="idVerified"]').check();
        await form.locator('button[type="submit"]').focus();
        await page.keyboard.press('Enter');
        await page.locator('input[name="pin"][aria-invalid="true"]').waitFor();
        // The error summary takes focus, and its link leads to the PIN.
        await expect
          .poll(() =>
            page.evaluate(() => document.activeElement?.hasAttribute('data-error-summary')),
          )
          .toBe(true);
        await form.locator('[data-error-summary] a[href$="-pin"]').waitFor();
        forgetWrongPins(riderId, started);

        // The toast's live region is in the page, empty, before the redemption.
        expect(await markRegion(page, '[data-testid="toast-status"]')).toBe('');
        await page.locator('input[name="pin"]').fill('1234');
        await page.locator('input[name="idVerified"]').check();
        await form.locator('button[type="submit"]').focus();
        await Promise.all([
          page.waitForURL(/\/auth\/dealer\/redemptions\/\d+$/),
          page.keyboard.press('Enter'),
        ]);
        await expect.poll(async () => (await focused(page)).tag).toBe('h1');
        const region = page.locator('[data-testid="toast-status"][data-seen="before"]');
        await expect(region.textContent()).resolves.toMatch(T[lang].recorded);
        await context.close();
      },
    );

    once('a refused upload is an alert and gets focus', async () => {
      const { context, page } = await newPage(browser());
      const eventId = one<{ id: number }>('SELECT id FROM events ORDER BY id LIMIT 1').id;
      await login(page, DEMO.admin, undefined, lang);
      await page.goto(`${p}/auth/admin/event/${eventId}`);
      await settled(page);
      const form = page.getByTestId('class-upload-form');
      await form.locator('input[type="file"]').setInputFiles({
        name: 'not-a-table.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('hello\n'),
      });
      await form.locator('button[type="submit"]').focus();
      await page.keyboard.press('Enter');
      const alert = form.locator('[role="alert"]').filter({ hasText: /\S/ }).first();
      await alert.waitFor();
      await expect.poll(async () => (await focused(page)).inAlert).toBe(true);
      await context.close();
    });

    once(
      'the mobile menu (390 px): toggle visible, close button, Escape, focus back, page inert; the public menu signed in offers « My account »',
      async () => {
        const { context, page } = await newPage(browser());
        await page.setViewportSize({ width: 390, height: 844 });
        await login(page, DEMO.rider, undefined, lang);
        const toggle = page.getByTestId('mobile-menu-toggle');
        const inert = () => page.locator('main').evaluate((m) => m.hasAttribute('inert'));
        await toggle.focus();
        await page.keyboard.press('Enter');
        await page.getByTestId('mobile-menu-close').waitFor();
        // Focus moved into the menu; the toggle is not covered by the panel.
        await expect.poll(async () => (await focused(page)).text).toBe('×');
        const box = (await toggle.boundingBox())!;
        const onTop = await page.evaluate(
          ([x, y]) => document.elementFromPoint(x, y)?.closest('summary')?.dataset.testid ?? null,
          [box.x + box.width / 2, box.y + box.height / 2],
        );
        expect(onTop).toBe('mobile-menu-toggle');
        expect(await inert()).toBe(true);
        // The panel (the sidebar) is under the header, inside the screen.
        const header = (await page.locator('header').boundingBox())!;
        const panel = (await page.locator('aside:has([data-testid="sidebar"])').boundingBox())!;
        expect(Math.abs(panel.y - (header.y + header.height))).toBeLessThanOrEqual(1);
        expect(panel.x + panel.width).toBeLessThanOrEqual(390);
        // Tab goes from the close button to the sidebar's links, and stays out of the page behind.
        for (let i = 0; i < 3; i++) {
          await page.keyboard.press('Tab');
          const now = await focused(page);
          expect(now.inSidebar).toBe(true);
          expect(now.inMain).toBe(false);
        }
        await page.keyboard.press('Escape');
        await expect.poll(async () => (await focused(page)).text).toBe('☰');
        expect(
          await page.getByTestId('mobile-menu').evaluate((d) => (d as HTMLDetailsElement).open),
        ).toBe(false);
        // The details' toggle event comes after the close: the page behind is freed then.
        await expect.poll(inert).toBe(false);
        // The close button does the same.
        await page.keyboard.press('Enter');
        await page.getByTestId('mobile-menu-close').click();
        await expect.poll(async () => (await focused(page)).text).toBe('☰');
        // The details' toggle event comes after the close: the page behind is freed then.
        await expect.poll(inert).toBe(false);
        // A browser without CSS :has(): as if the rule did not match, the script's mark shows it.
        const sidebar = page.getByTestId('sidebar');
        await page.getByTestId('mobile-menu').evaluate((d) => d.removeAttribute('class'));
        await page.keyboard.press('Enter');
        await sidebar.waitFor({ state: 'visible' });
        await page.keyboard.press('Escape');
        await sidebar.waitFor({ state: 'hidden' });

        // The public site's phone menu, signed in: « My account » instead of register and sign in.
        await page.goto(`${p}/events`);
        await settled(page);
        await page.getByTestId('public-menu-toggle').click();
        const menu = page.getByTestId('public-menu').locator('nav');
        await menu.locator(`a[href="${p}/auth/rider"]`).waitFor();
        expect(await menu.locator(`a[href="${p}/login"], a[href="${p}/register"]`).count()).toBe(0);
        await context.close();
      },
    );

    once(
      'the mobile menu under the proxy banner opens below the header; a link in it leads to its page and closes it',
      async () => {
        const { context, page } = await newPage(browser());
        const riderId = one<{ id: number }>(
          'SELECT r.id FROM riders r JOIN users u ON u.id = r.user_id WHERE u.email = ?',
          DEMO.rider,
        ).id;
        await page.setViewportSize({ width: 390, height: 844 });
        await login(page, DEMO.admin, undefined, lang);
        await page.goto(`${p}/proxy-rider/${riderId}`);
        await Promise.all([
          page.waitForURL((u) => u.pathname === `${p}/auth/rider`),
          page.getByTestId('proxy-start').click(),
        ]);
        await settled(page);
        await page.getByTestId('mobile-menu-toggle').click();
        await expect.poll(async () => (await focused(page)).text).toBe('×');
        const banner = (await page.getByTestId('proxy-banner').boundingBox())!;
        const header = (await page.locator('header').boundingBox())!;
        const panel = (await page.locator('aside:has([data-testid="sidebar"])').boundingBox())!;
        expect(header.y).toBeGreaterThanOrEqual(banner.y + banner.height - 1);
        expect(Math.abs(panel.y - (header.y + header.height))).toBeLessThanOrEqual(1);
        await Promise.all([
          page.waitForURL((u) => u.pathname === `${p}/auth/rider/earnings`),
          page.getByTestId('sidebar').locator(`a[href="${p}/auth/rider/earnings"]`).click(),
        ]);
        await expect
          .poll(() =>
            page.getByTestId('mobile-menu').evaluate((d) => (d as HTMLDetailsElement).open),
          )
          .toBe(false);
        await expect.poll(() => page.getByTestId('sidebar').isVisible()).toBe(false);
        await page.getByTestId('proxy-banner').locator('button[type="submit"]').click();
        await page.waitForURL((u) => u.pathname === `${p}/auth/admin`);
        await context.close();
      },
    );

    once(
      'the mobile menu without JavaScript: the toggle shows the sidebar under the header, its links load their pages',
      async () => {
        const { context, page } = await newPage(browser(), { javaScript: false });
        await page.setViewportSize({ width: 390, height: 844 });
        await login(page, DEMO.admin, undefined, lang);
        const sidebar = page.getByTestId('sidebar');
        expect(await sidebar.isVisible()).toBe(false);
        await page.getByTestId('mobile-menu-toggle').click();
        await sidebar.waitFor({ state: 'visible' });
        const header = (await page.locator('header').boundingBox())!;
        const panel = (await page.locator('aside:has([data-testid="sidebar"])').boundingBox())!;
        expect(Math.abs(panel.y - (header.y + header.height))).toBeLessThanOrEqual(1);
        const events = sidebar.locator(`a[href="${p}/auth/admin/events"]`);
        await Promise.all([
          page.waitForURL((u) => u.pathname === `${p}/auth/admin/events`),
          events.click(),
        ]);
        await page.waitForLoadState('load');
        // A new document: the menu is closed again.
        expect(await sidebar.isVisible()).toBe(false);
        await context.close();
      },
    );

    once(
      "the public site's phone menu (390 px, then 320 px): reachable, fits, Escape, focus back, page inert",
      async () => {
        const { context, page } = await newPage(browser());
        const width = 390;
        await page.setViewportSize({ width, height: 700 });
        await page.goto(`${p}/events`);
        await settled(page);
        const toggle = page.getByTestId('public-menu-toggle');
        const inert = () => page.locator('main').evaluate((m) => m.hasAttribute('inert'));
        // The toggle is reached by Tab within the first few stops (skip link, logo, toggle).
        for (let i = 0; i < 5 && (await focused(page)).text !== '☰'; i++) {
          await page.keyboard.press('Tab');
        }
        expect((await focused(page)).text).toBe('☰');
        await page.keyboard.press('Enter');
        await page.getByTestId('public-menu-close').waitFor();
        await expect.poll(async () => (await focused(page)).text).toBe('×');
        await expectMenuFits(page, width);
        expect(await inert()).toBe(true);
        // Tab walks the menu's links, never the page behind.
        for (let i = 0; i < 4; i++) {
          await page.keyboard.press('Tab');
          const now = await focused(page);
          expect(now.inMain).toBe(false);
          expect(now.inFooter).toBe(false);
        }
        await page.keyboard.press('Escape');
        await expect.poll(async () => (await focused(page)).text).toBe('☰');
        expect(
          await page.getByTestId('public-menu').evaluate((d) => (d as HTMLDetailsElement).open),
        ).toBe(false);
        await expect.poll(inert).toBe(false);
        // The close button does the same; a link in the menu leads to its page.
        await page.keyboard.press('Enter');
        await page.getByTestId('public-menu-close').click();
        await expect.poll(async () => (await focused(page)).text).toBe('☰');
        await expect.poll(inert).toBe(false);
        await page.keyboard.press('Enter');
        await page.getByTestId('public-menu').locator(`nav a[href="${p}/dealers"]`).click();
        await page.waitForURL((url) => url.pathname === `${p}/dealers`);
        await expect
          .poll(() =>
            page.getByTestId('public-menu').evaluate((d) => (d as HTMLDetailsElement).open),
          )
          .toBe(false);

        // At 320 px the open menu still fits; the keys work as above, whatever the width.
        await page.setViewportSize({ width: 320, height: 700 });
        await toggle.click();
        await page.getByTestId('public-menu-close').waitFor();
        await expectMenuFits(page, 320);
        await context.close();
      },
    );

    // In French only the count: its words are French of their own; the VIN error is the same code.
    it(`live regions announce ${lang === 'en' ? 'the add-bike VIN error and ' : ''}the dealer search count`, async () => {
      if (lang === 'en') await vinErrorAnnounced();
      const dealer = await newPage(browser());
      await login(dealer.page, DEMO.dealer, undefined, lang);
      expect(await markRegion(dealer.page, '[data-testid="rider-search-status"]')).toBe('');
      await dealer.page.locator('#rider-search-q').fill('rider');
      await dealer.page.locator('#rider-search-q').press('Enter');
      await expect
        .poll(() =>
          dealer.page
            .locator('[data-testid="rider-search-status"][data-seen="before"]')
            .textContent(),
        )
        .toMatch(lang === 'fr' ? /\d+ pilotes? trouvés?/ : /\d+ riders? found/);
      await dealer.context.close();
    });
  });
}
