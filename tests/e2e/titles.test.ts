/**
 * Every page names itself in its title, « {page} – contingency cash », in the reader's language:
 * the public pages, a public event (its own name), and a page of each signed-in role; the title
 * follows client-side navigation too.
 */
import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import en from '#locales/en/titles.json';
import fr from '#locales/fr/titles.json';
import { databasePath, DEMO, login, newPage, prefix, settled, useBrowser } from './helpers';

const browser = useBrowser();
const TITLES = { en, fr } as const;
const titled = (lang: 'en' | 'fr', key: keyof typeof en) =>
  `${TITLES[lang][key]} – contingency cash`;

describe.each(['en', 'fr'] as const)('page titles (%s)', (lang) => {
  it('public pages, an event and a client-side navigation', async () => {
    const { context, page } = await newPage(browser());
    const p = prefix(lang);
    for (const [path, key] of [
      ['/', 'home'],
      ['/events', 'events'],
      ['/dealers', 'dealerFinder'],
      ['/about/rules', 'rules'],
      ['/login', 'login'],
      ['/register', 'register'],
      ['/no-such-page', 'notFound'],
    ] as const) {
      await page.goto(`${p}${path}`);
      expect(await page.title(), path).toBe(titled(lang, key));
    }
    const db = new Database(databasePath(), { readonly: true });
    const event = db.prepare('SELECT id, title FROM events ORDER BY id LIMIT 1').get() as {
      id: number;
      title: string;
    };
    db.close();
    await page.goto(`${p}/events/event/${event.id}`);
    expect(await page.title()).toBe(`${event.title} – contingency cash`);
    // A client-side navigation (JavaScript on) changes the title too.
    await page.goto(`${p}/`);
    await settled(page);
    await page.locator(`a[href="${p}/events"]`).first().click();
    await page.waitForURL(`**${p}/events`);
    await expect.poll(() => page.title()).toBe(titled(lang, 'events'));
    await context.close();
  });

  it.each([
    [DEMO.rider, [['/auth/rider/earnings', 'earnings']]],
    [DEMO.dealer, [['/auth/dealer/riders', 'findRider']]],
    [DEMO.promoter, [['/auth/promoter', 'promoterHome']]],
    // One route adds a record or edits one: each is named for what it does.
    [
      DEMO.admin,
      [
        ['/auth/admin/riders', 'riders'],
        ['/auth/admin/dealer', 'newDealer'],
        // An existing dealer: named (« … — Dealer »), see the detail pages below.
        ['/auth/admin/dealer/1', 'dealer'],
      ],
    ],
  ] as const)('%s: its pages', async (email, pages) => {
    const { context, page } = await newPage(browser());
    await login(page, email, undefined, lang);
    for (const [path, key] of pages) {
      await page.goto(`${prefix(lang)}${path}`);
      const title = await page.title();
      if (/\/\d+$/.test(path))
        expect(title, path).toMatch(new RegExp(` — ${TITLES[lang][key]} – `));
      else expect(title, path).toBe(titled(lang, key));
    }
    await context.close();
  });

  it('detail pages name their item: two riders, a receipt; /login title and h1 agree', async () => {
    const { context, page } = await newPage(browser());
    const p = prefix(lang);
    await page.goto(`${p}/login`);
    expect(await page.title()).toBe(
      `${(await page.locator('h1').textContent())?.trim()} – contingency cash`,
    );
    const db = new Database(databasePath(), { readonly: true });
    const riders = db
      .prepare('SELECT id, first_name AS first, last_name AS last FROM riders ORDER BY id LIMIT 2')
      .all() as { id: number; first: string; last: string }[];
    const receipt = db
      .prepare(
        `SELECT c.id FROM credit_redemptions c JOIN dealers d ON d.id = c.dealer_id
         JOIN users u ON u.id = d.user_id WHERE u.email = ? ORDER BY c.id LIMIT 1`,
      )
      .get(DEMO.dealer) as { id: number };
    db.close();
    await login(page, DEMO.admin, undefined, lang);
    const seen = new Set<string>();
    for (const r of riders) {
      await page.goto(`${p}/auth/admin/rider/${r.id}`);
      const title = await page.title();
      expect(title).toBe(`${r.first} ${r.last} — ${TITLES[lang].adminRider} – contingency cash`);
      expect(title).toContain((await page.locator('h1').textContent())?.trim());
      seen.add(title);
    }
    expect(seen.size).toBe(2);
    await context.close();
    const dealer = await newPage(browser());
    await login(dealer.page, DEMO.dealer, undefined, lang);
    await dealer.page.goto(`${p}/auth/dealer/redemptions/${receipt.id}`);
    const code = (await dealer.page.getByTestId('redemption-code').textContent())?.trim() ?? '';
    expect(await dealer.page.title()).toBe(
      `${TITLES[lang].receiptOf.replace('{{code}}', code)} – contingency cash`,
    );
    await dealer.context.close();
  });
});
