/**
 * In the browser and over HTTP: the promoter's series page, the dealer's filtered redemptions
 * total, the receipt without hydration errors, the admin home's figures for a year (English,
 * JavaScript on); a destructive action that asks first without JavaScript and a duplicated event
 * titled as a copy (French, JavaScript off: the copy's title and the question are French of their
 * own); the admin home's message for an empty year in French; API error bodies in the caller's
 * language. Every page here is also visited in French by the accessibility sweep.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { writeDb } from './db-write';
import {
  baseURL,
  DEMO,
  DEMO_PASSWORD,
  login,
  signIn,
  newPage,
  prefix,
  settled,
  useBrowser,
} from './helpers';

const getBrowser = useBrowser();

/** Console errors and uncaught page errors (React's hydration errors land here). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return errors;
}

describe('promoter series page', () => {
  const lang = 'en';
  it(`shows the series' events, status, payouts and what it paid (${lang}); another id is a 404`, async () => {
    const { context, page } = await newPage(getBrowser());
    try {
      const p = prefix(lang);
      // The sign-in lands on the promoter's home.
      await login(page, DEMO.promoter, DEMO_PASSWORD, lang);
      expect(new URL(page.url()).pathname).toBe(`${p}/auth/promoter`);
      const link = page.locator('a[href*="/auth/promoter/serie/"]').first();
      const href = await link.getAttribute('href');
      expect(href).toBeTruthy();
      await page.goto(href!);
      await page.getByTestId('series-events').waitFor();
      const text = (await page.getByTestId('series-events').textContent()) ?? '';
      expect(text).toMatch(/Results posted|Upcoming|Results late/);
      await expect(page.getByTestId('series-paid').textContent()).resolves.toMatch(
        /What the series paid/,
      );
      expect(
        await page
          .locator('[data-testid="series-events"] a[href*="/auth/promoter/event/"]')
          .count(),
      ).toBeGreaterThan(0);
      expect(await page.content()).not.toContain('This page is being built');
      const missing = await page.request.get(`${p}/auth/promoter/serie/999999`);
      expect(missing.status()).toBe(404);
    } finally {
      await context.close();
    }
  });
});

describe('dealer redemptions', () => {
  const lang = 'en';
  it(`shows the filtered total and the receipt loads without hydration errors (${lang})`, async () => {
    const { context, page } = await newPage(getBrowser());
    const errors = collectErrors(page);
    try {
      const p = prefix(lang);
      await signIn(page, DEMO.dealer, DEMO_PASSWORD, lang);
      await page.goto(`${p}/auth/dealer/redemptions`);
      const total = page.getByTestId('redemptions-total');
      await expect(total.textContent()).resolves.toMatch(/Total of these redemptions/);
      await page.goto(`${p}/auth/dealer/redemptions?afterDate=2999-01-01`);
      await expect(page.getByTestId('redemptions-total').textContent()).resolves.toMatch(/0[.,]00/);
      // A redemption of this run at the demo dealer, so there is always a receipt to open.
      const riderId = writeDb(
        (db) =>
          (
            db
              .prepare(
                'SELECT r.id FROM riders r JOIN users u ON u.id = r.user_id WHERE u.email = ?',
              )
              .get(DEMO.rider) as { id: number }
          ).id,
      );
      const redeemed = await context.request.post('/api/dealer/redeem', {
        data: {
          riderId,
          amount: '1.00',
          pin: '1234',
          employeeName: `Receipt ${lang}`,
          idVerified: true,
        },
      });
      expect(redeemed.status()).toBe(200);
      const { redemption } = (await redeemed.json()) as { redemption: { id: number } };
      // The receipt as a document load, which React hydrates (#418/#423 were hydration errors).
      const loaded = await page.goto(`${p}/auth/dealer/redemptions/${redemption.id}`);
      expect(loaded?.status()).toBe(200);
      await page.getByTestId('receipt').waitFor();
      await page.getByTestId('print-receipt').waitFor();
      await settled(page);
      // Hydrated: the client took over the page.
      await page.waitForFunction(
        () => (window as unknown as { __remixContext?: unknown }).__remixContext !== undefined,
      );
      await expect(page.getByTestId('receipt').textContent()).resolves.toContain(`Receipt ${lang}`);
      expect(errors.filter((e) => /Minified React error #(418|423|425)|hydrat/i.test(e))).toEqual(
        [],
      );
    } finally {
      await context.close();
    }
  });
});

describe('destructive actions ask first without JavaScript', () => {
  const lang = 'fr';
  it(`duplicating gives a copy; deleting it asks on a confirmation page (${lang})`, async () => {
    const { context, page } = await newPage(getBrowser(), { javaScript: false });
    try {
      const p = prefix(lang);
      await signIn(page, DEMO.admin, DEMO_PASSWORD, lang);
      await page.goto(`${p}/auth/admin/events`);
      const first = page.locator('a[href*="/auth/admin/event/"]').first();
      const title = ((await first.textContent()) ?? '').trim();
      await first.click();
      await page.getByTestId('event-duplicate').click();
      await page.waitForURL(/\/auth\/admin\/event\/\d+/);
      const copyUrl = page.url();
      const copyTitle = await page.locator('input[name="title"]').inputValue();
      expect(copyTitle).toBe(`Copie de ${title}`);
      // Delete without JavaScript: a question first, nothing deleted yet.
      await page.getByTestId('event-delete').click();
      await page.getByTestId('confirm-page').waitFor();
      await page.waitForLoadState('load');
      await expect(page.getByTestId('confirm-page').textContent()).resolves.toMatch(
        /Voulez-vous vraiment continuer\u00a0\?/,
      );
      await page.getByTestId('confirm-cancel').click();
      await page.waitForURL(copyUrl);
      await page.getByTestId('event-delete').click();
      await page.getByTestId('confirm-yes').click();
      await page.waitForURL(/\/auth\/admin\/events/);
      const gone = await page.goto(copyUrl);
      expect(gone?.status()).toBe(404);
    } finally {
      await context.close();
    }
  });
});

describe('API errors in words', () => {
  it('a malformed body, an unknown series and a missing __v answer sentences in English and French', async () => {
    const { context, page } = await newPage(getBrowser());
    try {
      await login(page, DEMO.admin);
      const cookies = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
      const call = async (path: string, init: RequestInit, lang: 'en' | 'fr') => {
        const res = await fetch(`${baseURL()}${path}`, {
          ...init,
          headers: {
            Cookie: cookies,
            'Accept-Language': lang === 'fr' ? 'fr-CA,fr;q=0.9' : 'en-US',
            Origin: baseURL(),
            'Content-Type': 'application/json',
          },
        });
        return {
          status: res.status,
          body: (await res.json()) as {
            error: string;
            issues?: { path: string; message: string }[];
          },
        };
      };
      const en = await call('/api/admin/series', { method: 'POST', body: '{"name":' }, 'en');
      expect(en).toMatchObject({
        status: 400,
        body: { error: 'The request body is not valid JSON.' },
      });
      const fr = await call('/api/admin/series', { method: 'POST', body: '{"name":' }, 'fr');
      expect(fr.body.error).toBe('Le corps de la requête n’est pas un JSON valide.');
      const required = await call(
        '/api/admin/series',
        { method: 'POST', body: '{"name":""}' },
        'fr',
      );
      expect(required.body.issues).toEqual([{ path: 'name', message: 'Obligatoire' }]);
      const missing = await call('/api/serie/999999', { method: 'GET' }, 'fr');
      expect(missing).toMatchObject({ status: 404, body: { error: 'Introuvable.' } });
      const events = await call('/api/admin/events', { method: 'GET' }, 'en');
      expect(events.status).toBe(200);
    } finally {
      await context.close();
    }
  });
});

describe('admin home', () => {
  const lang = 'en';
  it(`shows top riders, rider stats, top dealers and recent events for the stats year (${lang})`, async () => {
    const { context, page } = await newPage(getBrowser());
    try {
      const p = prefix(lang);
      // The sign-in lands on the admin's home.
      await login(page, DEMO.admin, DEMO_PASSWORD, lang);
      expect(new URL(page.url()).pathname).toBe(`${p}/auth/admin`);
      for (const id of [
        'top-pro',
        'top-amateur',
        'pro-stats',
        'amateur-stats',
        'top-dealers',
        'recent-events',
      ]) {
        await page.getByTestId(id).waitFor();
      }
      await expect(page.getByTestId('top-pro').textContent()).resolves.toMatch(/Top pro riders/);
      expect(await page.locator('#stats-year').inputValue()).toBe(
        String(new Date().getUTCFullYear()),
      );
      await page.goto(`${p}/auth/admin?year=2001`);
      await expect(page.getByTestId('top-pro').textContent()).resolves.toMatch(
        /Nothing in 2001 yet/,
      );
      // The same message in French, as the server renders it.
      const fr = await (await page.request.get('/fr/auth/admin?year=2001')).text();
      const frTopPro = /data-testid="top-pro"[\s\S]*?<\/section>/.exec(fr)?.[0];
      expect(frTopPro).toContain('Rien en 2001 pour l’instant.');
    } finally {
      await context.close();
    }
  });
});
