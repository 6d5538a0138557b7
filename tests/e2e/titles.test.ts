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
        ['/auth/admin/dealer/1', 'dealer'],
      ],
    ],
  ] as const)('%s: its pages', async (email, pages) => {
    const { context, page } = await newPage(browser());
    await login(page, email, undefined, lang);
    for (const [path, key] of pages) {
      await page.goto(`${prefix(lang)}${path}`);
      expect(await page.title(), path).toBe(titled(lang, key));
    }
    await context.close();
  });
});
