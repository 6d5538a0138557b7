/**
 * The keyboard walk of login, register and the dealer counter: tabbing past empty
 * fields marks nothing before a submit; an empty submit gives one alert that names the invalid
 * fields, focus on the first invalid field, and every aria-describedby lists each id once.
 * Register and the JavaScript counter are walked in English (they read no words of their own); the
 * French wrong-PIN message is read in the French lock-out walk, without JavaScript.
 * And the language is remembered: cookie and Accept-Language choose /fr for unprefixed pages,
 * English sticks once chosen, crawlers are not redirected.
 */
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  baseURL,
  databasePath,
  DEMO,
  forgetWrongPins,
  login,
  newPage,
  onceIt,
  prefix,
  settled,
  useBrowser,
} from './helpers';

const browser = useBrowser();

/** What a screen reader is told: the alerts with text, the described-by lists, the focus. */
async function announced(page: Page) {
  return page.evaluate(() => {
    const alerts = [...document.querySelectorAll('[role="alert"]')]
      .map((e) => (e.textContent ?? '').trim())
      .filter(Boolean);
    const describedBy = [...document.querySelectorAll('[aria-describedby]')].map((e) =>
      (e.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean),
    );
    const invalid = [...document.querySelectorAll('[aria-invalid="true"]')].map((e) =>
      e.getAttribute('name'),
    );
    const focused = document.activeElement?.getAttribute('name') ?? null;
    return { alerts, describedBy, invalid, focused };
  });
}

/** Tabs through `count` fields without typing. */
async function tabThrough(page: Page, first: string, count: number) {
  await page.locator(first).focus();
  for (let i = 0; i < count; i++) await page.keyboard.press('Tab');
}

function expectOnce(describedBy: string[][]) {
  for (const ids of describedBy) expect(new Set(ids).size, ids.join(' ')).toBe(ids.length);
}

for (const lang of ['en', 'fr'] as const) {
  const p = prefix(lang);
  describe(`keyboard walk (${lang})`, () => {
    const once = onceIt(lang);
    it('login: nothing marked while tabbing; one summary after an empty submit, focus on the first field', async () => {
      const { context, page } = await newPage(browser());
      await page.goto(`${p}/login`);
      await settled(page);
      await tabThrough(page, 'input[name="email"]', 2);
      expect((await announced(page)).invalid).toEqual([]);
      await page.locator('form button[type="submit"]').last().press('Enter');
      await page.locator('[aria-invalid="true"]').first().waitFor();
      const a = await announced(page);
      expect(a.alerts).toHaveLength(1);
      expect(a.alerts[0]).toMatch(lang === 'fr' ? /Courriel/ : /E-?mail/);
      expect(a.focused).toBe('email');
      expectOnce(a.describedBy);
      await context.close();
    });

    once('register: one summary naming the fields instead of one alert per field', async () => {
      const { context, page } = await newPage(browser());
      await page.goto(`${p}/register`);
      await settled(page);
      await tabThrough(page, 'input[name="firstName"]', 6);
      expect((await announced(page)).invalid).toEqual([]);
      await page.getByTestId('register-form').locator('button[type="submit"]').click();
      await page.getByTestId('error-summary').locator('li').first().waitFor();
      const a = await announced(page);
      expect(a.alerts).toHaveLength(1);
      const named = await page.getByTestId('error-summary').locator('li').count();
      expect(named).toBeGreaterThan(3);
      expect(named).toBe(a.invalid.length);
      expect(a.focused).toBe('firstName');
      expectOnce(a.describedBy);
      await context.close();
    });

    once(
      'the counter: a wrong PIN is announced once and says how many tries are left',
      async () => {
        const { context, page } = await newPage(browser());
        const started = new Date().toISOString();
        await login(page, DEMO.dealer, undefined, lang);
        const db = new Database(databasePath(), { readonly: true });
        const riderId = (
          db
            .prepare('SELECT r.id FROM riders r JOIN users u ON u.id = r.user_id WHERE u.email = ?')
            .get(DEMO.rider) as { id: number }
        ).id;
        db.close();
        // Known state: earlier files' wrong PINs for the demo rider (within the lock-out window) are forgotten.
        forgetWrongPins(riderId, new Date(Date.now() - 60 * 60 * 1000).toISOString());
        await page.goto(`${p}/auth/dealer/rider/${riderId}`);
        await settled(page);
        await tabThrough(page, 'input[name="amount"]', 3);
        expect((await announced(page)).invalid).toEqual([]);
        await page.getByTestId('redeem-form').locator('button[type="submit"]').click();
        await page.locator('[aria-invalid="true"]').first().waitFor();
        let a = await announced(page);
        expect(a.alerts).toHaveLength(1);
        expect(a.focused).toBe('amount');
        expectOnce(a.describedBy);

        await page.locator('input[name="amount"]').fill(lang === 'fr' ? '0,01' : '0.01');
        await page.locator('input[name="pin"]').fill('9999');
        await page.locator('input[name="employeeName"]').fill('Walk');
        await page.locator('input[name="idVerified"]').check();
        await page.getByTestId('redeem-form').locator('button[type="submit"]').click();
        await page.locator('input[name="pin"][aria-invalid="true"]').waitFor();
        a = await announced(page);
        expect(a.alerts).toHaveLength(1);
        expectOnce(a.describedBy);
        const pinError = await page.locator('#redeem-pin-error').textContent();
        expect(pinError).toMatch(/Wrong PIN\. \d tr(y|ies) left/);
        await context.close();
        forgetWrongPins(riderId!, started);
      },
    );

    it(`the counter: the PIN lock-out is one message${lang === 'fr' ? ', without JavaScript, after a wrong PIN that says how many tries are left' : ''}`, async () => {
      const { context, page } = await newPage(browser(), { javaScript: lang === 'en' });
      const started = new Date().toISOString();
      await login(page, DEMO.dealer, undefined, lang);
      const db = new Database(databasePath());
      const riderId = (
        db
          .prepare('SELECT r.id FROM riders r JOIN users u ON u.id = r.user_id WHERE u.email = ?')
          .get(DEMO.rider) as { id: number }
      ).id;
      forgetWrongPins(riderId, new Date(Date.now() - 60 * 60 * 1000).toISOString());
      // Four wrong PINs at this dealer in the last minutes (PINs are counted per dealer): the
      // next wrong one locks the rider out here. In French the fourth is typed, for its message.
      const dealerId = (
        db
          .prepare('SELECT d.id FROM dealers d JOIN users u ON u.id = d.user_id WHERE u.email = ?')
          .get(DEMO.dealer) as { id: number }
      ).id;
      for (let i = 0; i < (lang === 'fr' ? 3 : 4); i++)
        db.prepare(
          'INSERT INTO pin_attempts (rider_id, dealer_id, success, created_at) VALUES (?, ?, 0, ?)',
        ).run(riderId, dealerId, new Date().toISOString());
      db.close();
      try {
        await page.goto(`${p}/auth/dealer/rider/${riderId}`);
        await settled(page);
        const wrongPin = async () => {
          await page.locator('input[name="amount"]').fill(lang === 'fr' ? '0,01' : '0.01');
          await page.locator('input[name="pin"]').fill('9999');
          await page.locator('input[name="employeeName"]').fill('Lock');
          await page.locator('input[name="idVerified"]').check();
          await page.getByTestId('redeem-form').locator('button[type="submit"]').click();
        };
        if (lang === 'fr') {
          await wrongPin();
          await page.locator('input[name="pin"][aria-invalid="true"]').waitFor();
          await page.waitForLoadState('load');
          const a = await announced(page);
          expect(a.alerts).toHaveLength(1);
          expectOnce(a.describedBy);
          expect(await page.locator('#redeem-pin-error').textContent()).toMatch(
            /NIP erroné\. Encore \d\u00a0essai/,
          );
        }
        await wrongPin();
        await page.getByTestId('pin-locked').waitFor();
        await settled(page);
        const lockWords = lang === 'fr' ? /NIP erronés/ : /wrong PINs/i;
        const check = async () => {
          const a = await announced(page);
          // One alert, the lock-out notice: no second, differently worded PIN error beside it.
          expect(a.alerts).toHaveLength(1);
          expect(a.alerts[0]).toMatch(lockWords);
          expect(await page.getByTestId('pin-locked').count()).toBe(1);
          expect(await page.locator('#redeem-pin-error').count()).toBe(0);
          expect(await page.getByTestId('redeem-form').count()).toBe(0);
          const main = (await page.locator('main').textContent()) ?? '';
          expect(main.match(new RegExp(lockWords.source, 'gi')) ?? []).toHaveLength(1);
        };
        await check();
        // The same one message when the counter page is opened again.
        await page.goto(`${p}/auth/dealer/rider/${riderId}`);
        await page.getByTestId('pin-locked').waitFor();
        await check();
      } finally {
        await context.close();
        forgetWrongPins(riderId, started);
      }
    });
  });
}

// Headless Chromium calls itself HeadlessChrome, which isbot counts as a robot: browse as Chrome.
const CHROME_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

describe('the language is remembered', () => {
  it('a French browser opening / gets /fr; choosing English sticks; a crawler is not redirected', async () => {
    const context = await browser().newContext({
      baseURL: baseURL(),
      locale: 'fr-CA',
      userAgent: CHROME_UA,
    });
    const page = await context.newPage();
    await page.goto('/events');
    expect(new URL(page.url()).pathname).toBe('/fr/events');
    await Promise.all([
      page.waitForURL((u) => u.pathname === '/events'),
      page.getByTestId('lang-en').first().click(),
    ]);
    await page.goto('/');
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();

    const enContext = await browser().newContext({
      baseURL: baseURL(),
      locale: 'en-US',
      userAgent: CHROME_UA,
    });
    const en = await enContext.newPage();
    await en.goto('/about/overview');
    expect(new URL(en.url()).pathname).toBe('/about/overview');
    await Promise.all([
      en.waitForURL((u) => u.pathname === '/fr/about/overview'),
      en.getByTestId('lang-fr').first().click(),
    ]);
    await en.goto('/?x=1');
    expect(new URL(en.url()).pathname).toBe('/fr');
    expect(new URL(en.url()).search).toBe('?x=1');
    await enContext.close();

    const bot = await fetch(`${baseURL()}/events`, {
      redirect: 'manual',
      headers: {
        'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)',
        Accept: 'text/html',
        'Accept-Language': 'fr-CA',
        Cookie: 'lang=fr',
      },
    });
    expect(bot.status).toBe(200);
    const api = await fetch(`${baseURL()}/api/events`, {
      redirect: 'manual',
      headers: { Accept: 'text/html', Cookie: 'lang=fr' },
    });
    expect(api.status).not.toBe(302);
  });
});
