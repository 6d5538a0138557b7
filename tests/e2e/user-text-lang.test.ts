/**
 * Text people typed is marked as of unknown language (`lang=""`), on French and English pages
 * alike: an event's name and notes on its public page, events' names and venues in the public list,
 * the dealers' names in the finder, a rider's events and the admin's (list and page). Read as the
 * server renders them (plain requests, no browser render).
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { databasePath, DEMO, newPage, prefix, signIn, useBrowser } from './helpers';

const browser = useBrowser();

describe('typed text keeps its own language (en, fr)', () => {
  it('an event page, the events list, the dealer finder and a rider’s events', async () => {
    const db = new Database(databasePath(), { readonly: true });
    const event = db
      .prepare("SELECT id, title FROM events WHERE notes IS NOT NULL AND notes <> '' LIMIT 1")
      .get() as { id: number; title: string } | undefined;
    const any = db.prepare('SELECT id, title FROM events ORDER BY id LIMIT 1').get() as {
      id: number;
      title: string;
    };
    db.close();
    const { context, page } = await newPage(browser(), { javaScript: false });
    // Both languages in one context: plain requests, each page in its language.
    try {
      for (const lang of ['en', 'fr'] as const) {
        const shown = event ?? any;
        const html = await (
          await page.request.get(`${prefix(lang)}/events/event/${shown.id}`)
        ).text();
        expect(html).toMatch(/data-testid="event-title"[^>]*><span lang="">/);
        expect(html).toContain(`<html lang="${lang}"`);
        if (event) expect(html).toMatch(/<p lang=""[^>]*>/);
        const dealers = await (await page.request.get(`${prefix(lang)}/dealers`)).text();
        expect(dealers).toMatch(/<h2[^>]*><span lang="">/);
        const list = await (await page.request.get(`${prefix(lang)}/events`)).text();
        expect(list).toMatch(/<h3[^>]*><a[^>]*><span lang="">/);
        expect(list).toMatch(/<p class="text-sm text-gray-700"><span lang="">/);
      }
      await signIn(page, DEMO.rider);
      for (const lang of ['en', 'fr'] as const) {
        const mine = await (await page.request.get(`${prefix(lang)}/auth/rider/events`)).text();
        const link = /href="[^"]*\/auth\/rider\/event\/(\d+)"[^>]*><span lang="">/.exec(mine);
        expect(link, 'a rider event linked by its typed name').not.toBeNull();
        const one = await (
          await page.request.get(`${prefix(lang)}/auth/rider/event/${link![1]}`)
        ).text();
        expect(one).toMatch(/<h1[^>]*><span lang="">/);
      }
      // The staff's lists too: the admin's events list and an event's page.
      await context.clearCookies();
      await signIn(page, DEMO.admin);
      const staff = await (await page.request.get('/fr/auth/admin/events')).text();
      const staffLink = /href="\/fr\/auth\/admin\/event\/(\d+)"[^>]*><span lang="">/.exec(staff);
      expect(staffLink, 'an event linked by its typed name').not.toBeNull();
      const managed = await (
        await page.request.get(`/fr/auth/admin/event/${staffLink![1]}`)
      ).text();
      expect(managed).toMatch(/<h1[^>]*><span lang="">/);
    } finally {
      await context.close();
    }
  });
});
