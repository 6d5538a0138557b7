/**
 * The public site, walked in a browser: home (recent events), the About menu to the rules, the
 * schedule search by state to an event's detail, the dealer finder by ZIP with distances and no map
 * (no API key in tests), in English (the sweep visits each of these pages in French); and the
 * contact form in English with JavaScript and in French without (its errors are French of their
 * own, and without JavaScript the form is a document POST): a 501-character message is refused
 * next to the field, then the message is sent; a filled honeypot is refused (without JavaScript,
 * as a bot posts, in French).
 *
 * The test adds its own small, uniquely named fixtures (a series, two events, dealers around
 * Burlington VT 05401) so it does not depend on the demo seed's content, and removes them after.
 */
import http from 'node:http';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enPublic from '#locales/en/public.json';
import frPublic from '#locales/fr/public.json';
import enValidation from '#locales/en/validation.json';
import frValidation from '#locales/fr/validation.json';
import { todayString } from '~/lib/format';
import { pageScripts } from '../../bench/route-js-lib';
import {
  baseURL,
  databasePath,
  newPage,
  onceIt,
  prefix,
  settled,
  uniqueEmail,
  useBrowser,
} from './helpers';

const browser = useBrowser();
const TAG = `${Date.now().toString(36)}`;
const PAST_TITLE = `E2E Champlain Mile ${TAG}`;
const FUTURE_TITLE = `E2E Green Mountain TT ${TAG}`;
const SERIES_NAME = `E2E Vermont Series ${TAG}`;
const NEAR_DEALER = `E2E Champlain Moto ${TAG}`;
const MID_DEALER = `E2E Capital Cycles ${TAG}`;
const FAR_DEALER = `E2E Sunset Moto ${TAG}`;
const ids: { series?: number; past?: number; future?: number } = {};

const TEXT = {
  en: { pub: enPublic, validation: enValidation },
  fr: { pub: frPublic, validation: frValidation },
} as const;

function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function withDb<T>(fn: (db: Database.Database) => T): T {
  const db = new Database(databasePath());
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

beforeAll(() => {
  const today = todayString();
  withDb((db) => {
    const tx = db.transaction(() => {
      ids.series = Number(
        db
          .prepare(
            `INSERT INTO series (name, state, city, country) VALUES (?, 'VT', 'Burlington', 'US')`,
          )
          .run(SERIES_NAME).lastInsertRowid,
      );
      const addEvent = (title: string, date: string) =>
        Number(
          db
            .prepare(
              `INSERT INTO events (title, date, start_time, venue, venue_website, city, state, zipcode, country, series_id, notes, bonuses)
               VALUES (?, ?, '18:30', 'Champlain Valley Expo', 'https://example.com/expo', 'Essex Junction', 'VT', '05452', 'US', ?, 'Pits open at noon.', 'Holeshot award: $100 dealer credit.')`,
            )
            .run(title, date, ids.series).lastInsertRowid,
        );
      ids.past = addEvent(PAST_TITLE, addDays(today, -1));
      ids.future = addEvent(FUTURE_TITLE, addDays(today, 20));
      for (const eventId of [ids.past, ids.future]) {
        const pro = Number(
          db
            .prepare(
              `INSERT INTO event_classes (event_id, name, payout_type, currency, sort_order) VALUES (?, 'Pro Singles', 'cash', 'USD', 0)`,
            )
            .run(eventId).lastInsertRowid,
        );
        const am = Number(
          db
            .prepare(
              `INSERT INTO event_classes (event_id, name, payout_type, currency, sort_order) VALUES (?, 'Amateur Open', 'dealerCredit', 'USD', 1)`,
            )
            .run(eventId).lastInsertRowid,
        );
        [25000, 15000, 10000].forEach((cents, i) =>
          db
            .prepare(`INSERT INTO class_places (class_id, place, amount_cents) VALUES (?, ?, ?)`)
            .run(pro, i + 1, cents),
        );
        [5000, 2500].forEach((cents, i) =>
          db
            .prepare(`INSERT INTO class_places (class_id, place, amount_cents) VALUES (?, ?, ?)`)
            .run(am, i + 1, cents),
        );
        if (eventId === ids.past) {
          db.prepare(
            `INSERT INTO results (event_id, class_id, place, rider_name, make, model, hometown, payout_cents) VALUES (?, ?, 1, 'Avery Holeshot', 'KTM', '450 SX-F', 'Burlington, VT', 25000)`,
          ).run(eventId, pro);
          db.prepare(
            `INSERT INTO results (event_id, class_id, place, rider_name, make, model, hometown, payout_cents, no_payout_reason) VALUES (?, ?, 2, 'Blake Second', 'KTM', '350 SX-F', 'Albany, NY', 0, 'twoClassLimit')`,
          ).run(eventId, pro);
        }
      }
      const dealer = db.prepare(
        `INSERT INTO dealers (name, address_line1, city, state, zipcode, country, phone, website_url, lat, lon) VALUES (?, ?, ?, ?, ?, 'US', ?, ?, ?, ?)`,
      );
      dealer.run(
        NEAR_DEALER,
        '1 Pine Street',
        'Burlington',
        'VT',
        '05401',
        '8025550100',
        'https://example.com/champlain',
        44.49,
        -73.21,
      );
      dealer.run(
        MID_DEALER,
        '12 State Street',
        'Montpelier',
        'VT',
        '05602',
        '8025550199',
        null,
        44.26,
        -72.575,
      );
      dealer.run(
        FAR_DEALER,
        '900 Sunset Blvd',
        'Los Angeles',
        'CA',
        '90028',
        '3235550100',
        null,
        34.1,
        -118.33,
      );
    });
    tx();
  });
});

afterAll(() => {
  withDb((db) => {
    db.transaction(() => {
      for (const id of [ids.past, ids.future])
        if (id) db.prepare('DELETE FROM events WHERE id = ?').run(id);
      if (ids.series) db.prepare('DELETE FROM series WHERE id = ?').run(ids.series);
      db.prepare(`DELETE FROM dealers WHERE name IN (?, ?, ?)`).run(
        NEAR_DEALER,
        MID_DEALER,
        FAR_DEALER,
      );
      db.prepare(`DELETE FROM contact_messages WHERE email LIKE 'contact-e2e-%'`).run();
    })();
  });
});

/** Console errors and failed page errors collected on a page. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

for (const lang of ['en', 'fr'] as const) {
  const p = prefix(lang);
  const { pub, validation } = TEXT[lang];

  describe(`public site (${lang})`, () => {
    const once = onceIt(lang);
    once('the home page shows the recent events and the calls to action', async () => {
      const { context, page } = await newPage(browser());
      await page.goto(`${p}/`);
      await expect(page.locator('h1').first().textContent()).resolves.toBe(pub.home.heroTitle);
      const recent = page.getByTestId('recent-events');
      await expect(recent.locator('h2').textContent()).resolves.toBe(pub.home.recentTitle);
      const rows = recent.getByTestId('event-row');
      expect(await rows.count()).toBeGreaterThan(0);
      expect(await rows.count()).toBeLessThanOrEqual(5);
      await expect(recent.getByRole('link', { name: PAST_TITLE }).isVisible()).resolves.toBe(true);
      await expect(page.getByTestId('contingency').isVisible()).resolves.toBe(true);
      const register = page.locator(`main a[href="${p}/register"]`).first();
      await expect(register.isVisible()).resolves.toBe(true);
      await context.close();
    });

    once('the About menu leads to the program rules', async () => {
      const { context, page } = await newPage(browser());
      await page.goto(`${p}/`);
      // The layout closes its menus when it hydrates: open the menu once that is done.
      await settled(page);
      const rulesLabel = lang === 'fr' ? 'Règlement' : 'Rules';
      const rulesLink = page.locator('header').getByRole('link', { name: rulesLabel, exact: true });
      await page.getByTestId('about-menu').click();
      await rulesLink.waitFor();
      await rulesLink.click();
      await page.waitForURL((url) => url.pathname === `${p}/about/rules`);
      await page.locator('h1', { hasText: pub.rules.title }).waitFor();
      const rules = page.getByTestId('rules');
      for (const id of ['supertwin', 'singles', 'credit', 'cash']) {
        await expect(rules.locator(`#${id}`).isVisible()).resolves.toBe(true);
      }
      await expect(rules.textContent()).resolves.toContain('W-9');
      await context.close();
    });

    once('the schedule finds an event by state and opens its detail', async () => {
      const { context, page } = await newPage(browser());
      await page.goto(`${p}/events`);
      await page.locator('select[name="state"]').selectOption('VT');
      await Promise.all([
        page.waitForURL((url) => url.searchParams.get('state') === 'VT'),
        page.locator('form[role="search"] button[type="submit"]').click(),
      ]);
      const list = page.getByTestId('events-list');
      await list.getByRole('link', { name: FUTURE_TITLE }).click();
      await page.waitForURL((url) => url.pathname === `${p}/events/event/${ids.future}`);
      await page.getByTestId('event-title').filter({ hasText: FUTURE_TITLE }).waitFor();
      await expect(page.getByTestId('series-link').textContent()).resolves.toBe(SERIES_NAME);
      const classes = page.getByTestId('event-class');
      expect(await classes.count()).toBe(2);
      await expect(classes.first().textContent()).resolves.toContain(
        lang === 'fr' ? '250,00' : '$250.00',
      );
      await expect(page.getByText(pub.event.resultsLater).isVisible()).resolves.toBe(true);

      // The past event shows its results: payout, and the reason for no payout.
      await page.goto(`${p}/events/event/${ids.past}`);
      const results = page.getByTestId('class-results').first();
      await expect(results.textContent()).resolves.toContain('Avery Holeshot');
      await expect(results.textContent()).resolves.toContain('KTM 450 SX-F');
      await expect(results.textContent()).resolves.toContain('Burlington, VT');
      await expect(
        results.locator('tr', { hasText: 'Blake Second' }).locator('td').last().textContent(),
      ).resolves.not.toBe('—');
      await context.close();
    });

    // The status and the error page's mark: the same in both languages.
    once('an unknown event or series is a 404 page', async () => {
      const { context, page } = await newPage(browser());
      const res = await page.goto(`${p}/events/event/99999999`);
      expect(res?.status()).toBe(404);
      await expect(page.getByTestId('error-page').isVisible()).resolves.toBe(true);
      expect((await page.goto(`${p}/events/serie/99999999`))?.status()).toBe(404);
      await context.close();
    });

    once(
      'the dealer finder lists dealers within 100 miles of a ZIP, with distances and no map',
      async () => {
        const { context, page } = await newPage(browser());
        const errors = collectErrors(page);
        const requested: string[] = [];
        page.on('request', (r) => requested.push(r.url()));
        await page.goto(`${p}/dealers`);
        await page.locator('input[name="zipcode"]').fill('05401');
        // 100 miles in English; 160 km in French.
        await page.locator('select[name="radius"]').selectOption(lang === 'fr' ? '160' : '100');
        await Promise.all([
          page.waitForURL((url) => url.searchParams.get('zipcode') === '05401'),
          page.locator('form[role="search"] button[type="submit"]').click(),
        ]);
        const list = page.getByTestId('dealers-list');
        const near = list.getByTestId('dealer-row').filter({ hasText: NEAR_DEALER });
        const mid = list.getByTestId('dealer-row').filter({ hasText: MID_DEALER });
        await expect(near.getByTestId('dealer-distance').textContent()).resolves.toMatch(
          lang === 'fr' ? /^[\d,]+ km$/ : /^[\d.]+ mi$/,
        );
        await expect(mid.getByTestId('dealer-distance').textContent()).resolves.toMatch(
          lang === 'fr' ? /^5\d(,\d)? km$/ : /^3\d(\.\d)? mi$/,
        );
        await expect(near.textContent()).resolves.toContain('(802) 555-0100');
        expect(await list.getByTestId('dealer-row').filter({ hasText: FAR_DEALER }).count()).toBe(
          0,
        );
        // Nearest first.
        const names = await list.getByTestId('dealer-row').locator('h2').allTextContents();
        expect(names.indexOf(NEAR_DEALER)).toBeLessThan(names.indexOf(MID_DEALER));
        // No key in tests: no map, no alert, no Google error.
        expect(await page.getByTestId('dealer-map').count()).toBe(0);
        expect(await page.locator('main [role="alert"]').count()).toBe(0);
        expect(errors.filter((e) => /google|map/i.test(e))).toEqual([]);
        // …and the map's chunk (the Google Maps library) is never fetched.
        expect(requested.filter((u) => /dealer-map|googleapis/.test(u))).toEqual([]);
        await context.close();
      },
    );

    // English with JavaScript, French without.
    for (const javaScript of [lang === 'en']) {
      it(`the contact form refuses a 501-character message, then sends (${javaScript ? 'JS' : 'no JS'})`, async () => {
        const { context, page } = await newPage(browser(), { javaScript });
        const email = uniqueEmail(`contact-e2e-${lang}-${javaScript ? 'js' : 'nojs'}`);
        await page.goto(`${p}/about/contact`);
        await page.locator('input[name="name"]').fill('Casey Contact');
        await page.locator('input[name="email"]').fill(email);
        await page.locator('input[name="phone"]').fill('802 555 0123');
        await page.locator('input[name="subject"]').fill('Results question');
        const message = page.locator('textarea[name="message"]');
        await message.fill('x'.repeat(501));
        await page.locator('form button[type="submit"]').last().click();
        const field = message.locator('xpath=..');
        await expect(field.getByText(validation.messageMax).waitFor()).resolves.toBeUndefined();
        expect(new URL(page.url()).pathname).toBe(`${p}/about/contact`);
        // The other fields are kept.
        await expect(page.locator('input[name="name"]').inputValue()).resolves.toBe(
          'Casey Contact',
        );
        await expect(page.locator('input[name="email"]').inputValue()).resolves.toBe(email);
        await expect(page.locator('input[name="subject"]').inputValue()).resolves.toBe(
          'Results question',
        );
        await expect(message.inputValue()).resolves.toHaveLength(501);
        await expect(page.getByTestId('message-counter').textContent()).resolves.toContain('501');

        await message.fill('I finished second in Pro Singles; can you check my result?');
        await Promise.all([
          page.waitForURL((url) => url.pathname === `${p}/thank-you-contact`),
          page.locator('form button[type="submit"]').last().click(),
        ]);
        await page.locator('h1', { hasText: pub.thankYou.title }).waitFor();
        const stored = withDb((db) =>
          db
            .prepare('SELECT name, subject, message FROM contact_messages WHERE email = ?')
            .get(email.toLowerCase()),
        );
        expect(stored).toEqual({
          name: 'Casey Contact',
          subject: 'Results question',
          message: 'I finished second in Pro Singles; can you check my result?',
        });
        await context.close();
      });
    }

    if (lang === 'fr') {
      it('the contact form rejects a filled honeypot (no JS)', async () => {
        const { context, page } = await newPage(browser(), { javaScript: false });
        const email = uniqueEmail(`contact-e2e-bot-${lang}`);
        await page.goto(`${p}/about/contact`);
        await page.locator('input[name="name"]').fill('Bot');
        await page.locator('input[name="email"]').fill(email);
        await page.locator('input[name="subject"]').fill('Buy now');
        await page.locator('textarea[name="message"]').fill('Spam');
        await page
          .locator('input[name="website_url_hp"]')
          .fill('http://spam.example', { force: true });
        await page.locator('form button[type="submit"]').last().click();
        await page.getByText(pub.contact.errors.spam).waitFor();
        expect(new URL(page.url()).pathname).toBe(`${p}/about/contact`);
        const stored = withDb((db) =>
          db.prepare('SELECT id FROM contact_messages WHERE email = ?').get(email),
        );
        expect(stored).toBeUndefined();
        await context.close();
      });
    }
  });
}

describe('public files', () => {
  it('serves the favicon and fingerprinted assets; other paths go to the app', async () => {
    const icon = await fetch(`${baseURL()}/favicon.svg`);
    expect([icon.status, icon.headers.get('content-type')]).toEqual([200, 'image/svg+xml']);
    const missing = await fetch(`${baseURL()}/favicon.svg.bak`);
    expect(missing.status).toBe(404);
  });
});

/** A page asked for without compression: its status, length header, framing and body length. */
function rawPage(
  path: string,
): Promise<{ status: number; length?: string; chunked: boolean; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${baseURL()}${path}`, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            length: res.headers['content-length'],
            chunked: /chunked/i.test(String(res.headers['transfer-encoding'] ?? '')),
            bytes,
          }),
        );
      })
      .on('error', reject);
  });
}

describe('pages leave in one piece', () => {
  it.each(['/events', '/fr/events', '/events/event/999999'])(
    '%s is written whole with its length, not in chunks',
    async (path) => {
      const page = await rawPage(path);
      expect(page.status).toBe(path.endsWith('999999') ? 404 : 200);
      expect(page.chunked).toBe(false);
      expect(Number(page.length)).toBe(page.bytes);
      expect(page.bytes).toBeGreaterThan(1000);
    },
  );
});

describe('public page JavaScript (≤ 121 kB gzip)', () => {
  // Every script the HTML names (modulepreload and module scripts), gzip -9, summed: what the
  // browser fetches before the page is interactive. The dealer finder's Google map is a lazy
  // chunk and is not part of it.
  const LIMIT = 121_000;
  for (const path of ['/', '/events', '/dealers', '/fr/dealers', '/about/overview']) {
    it(`${path} loads at most 121 kB of JavaScript`, async () => {
      const { total, files } = await pageScripts(baseURL(), path);
      expect(files.length).toBeGreaterThan(3);
      expect(total, files.map((f) => `${f.src} ${f.gzip}`).join('\n')).toBeLessThanOrEqual(LIMIT);
    });
  }
});

describe('public API', () => {
  const get = async (path: string) => {
    const res = await fetch(`${baseURL()}${path}`);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it('GET /api/events filters by state and totals the contingency', async () => {
    const { status, body } = await get('/api/events?state=VT');
    expect(status).toBe(200);
    const events = body.events as { id: number; title: string }[];
    expect(events.map((e) => e.title)).toContain(FUTURE_TITLE);
    expect(body.pagination).toMatchObject({ page: 1 });
    expect(body.contingencyAmount).toEqual(
      expect.arrayContaining([expect.objectContaining({ currency: 'USD' })]),
    );
  });

  it('GET /api/event/{id} gives the event and its series; 404 otherwise', async () => {
    const { status, body } = await get(`/api/event/${ids.past}`);
    expect(status).toBe(200);
    expect(body.event).toMatchObject({ title: PAST_TITLE });
    expect(body.series).toMatchObject({ name: SERIES_NAME });
    expect((await get('/api/event/99999999')).status).toBe(404);
    expect((await get(`/api/serie/${ids.series}`)).body.series).toMatchObject({
      name: SERIES_NAME,
    });
  });

  it('GET /api/events-lean, /api/aggregates/contingency, /api/series answer', async () => {
    const lean = await get(`/api/events-lean?before=${todayString()}&limit=5`);
    expect((lean.body.events as unknown[]).length).toBeLessThanOrEqual(5);
    const agg = await get('/api/aggregates/contingency');
    expect(agg.body).toMatchObject({ contingencyTitle: enPublic.home.contingencyTitle });
    const series = await get('/api/series?when=all&state=VT');
    expect((series.body.allSeries as { name: string }[]).map((s) => s.name)).toContain(SERIES_NAME);
    expect(series.body.distinctStates).toEqual(expect.arrayContaining(['VT']));
  });

  it('GET /api/dealers-lean searches by ZIP and distance in miles', async () => {
    const { body } = await get('/api/dealers-lean?zipcode=05401&zipDistance=100');
    const dealers = body.dealers as { name: string; distanceMiles: number | null }[];
    const near = dealers.find((d) => d.name === NEAR_DEALER);
    expect(near?.distanceMiles).toBeLessThan(2);
    expect(dealers.find((d) => d.name === FAR_DEALER)).toBeUndefined();
    expect(body.distinctStates).toEqual(expect.arrayContaining(['VT', 'CA']));
  });

  it('POST /api/contact-us validates like the form, with errors in words (not keys)', async () => {
    const post = (payload: Record<string, string>) =>
      fetch(`${baseURL()}/api/contact-us`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(payload),
      });
    const base = { name: 'Api Sender', email: uniqueEmail('contact-e2e-api'), subject: 'Hello' };
    const tooLong = await post({ ...base, message: 'x'.repeat(501) });
    expect(tooLong.status).toBe(400);
    expect(((await tooLong.json()) as { issues: unknown[] }).issues).toEqual([
      { path: 'message', message: enValidation.messageMax },
    ]);
    expect((await post({ ...base, message: 'Hi', website_url_hp: 'x' })).status).toBe(400);
    const ok = await post({ ...base, message: 'Hi there' });
    expect(ok.status).toBe(201);
  });
});
