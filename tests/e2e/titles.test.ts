/**
 * Every page names itself in its title, « {page} – contingency cash ». The accessibility sweep
 * (tests/e2e/a11y-sweep.ts) already proves on every page of every role, in both languages, that the
 * title names a page and no two pages of a role share one; this file checks what it does not: that
 * the name is the right one (the public pages, an admin's page adding a record against one editing
 * it), that a detail page names its item (an event, two riders, a receipt by its code), that the
 * title follows a client-side navigation, and that /login's title and h1 agree. In English only:
 * the French titles come from the same keys and items (tests/e2e/titles-distinct.test.ts reads
 * them in French); the titles are read as the server renders them, except after the navigation.
 */
import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import en from '#locales/en/titles.json';
import { databasePath, DEMO, login, newPage, settled, useBrowser } from './helpers';

const browser = useBrowser();
const titled = (name: string) => `${name} – contingency cash`;

/** The text of the first element matching `pattern` (its opening tag) in an HTML page. */
function textOf(html: string, pattern: string): string | null {
  const found = new RegExp(`${pattern}[^>]*>([\\s\\S]*?)</`).exec(html);
  if (!found) return null;
  return found[1]
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A page as the server renders it for this page's cookies: its title and h1. */
async function served(page: Page, path: string) {
  const html = await (await page.request.get(path)).text();
  return { title: textOf(html, '<title'), h1: textOf(html, '<h1'), html };
}

function sql<T>(query: string, ...args: unknown[]): T {
  const db = new Database(databasePath(), { readonly: true });
  try {
    return db.prepare(query).all(...args) as T;
  } finally {
    db.close();
  }
}

describe('page titles (en)', () => {
  it('public pages and an event are named; a client-side navigation changes the title', async () => {
    const { context, page } = await newPage(browser());
    for (const [path, key] of [
      ['/', 'home'],
      ['/events', 'events'],
      ['/dealers', 'dealerFinder'],
      ['/about/rules', 'rules'],
      ['/register', 'register'],
      ['/no-such-page', 'notFound'],
    ] as const) {
      expect((await served(page, path)).title, path).toBe(titled(en[key]));
    }
    const login = await served(page, '/login');
    expect(login.title).toBe(titled(en.login));
    expect(login.title).toBe(titled(login.h1 ?? ''));
    const [event] = sql<{ id: number; title: string }[]>(
      'SELECT id, title FROM events ORDER BY id LIMIT 1',
    );
    expect((await served(page, `/events/event/${event!.id}`)).title).toBe(titled(event!.title));
    // A client-side navigation (JavaScript on) changes the title too.
    await page.goto('/');
    await settled(page);
    await page.locator('a[href="/events"]').first().click();
    await page.waitForURL('**/events');
    await expect.poll(() => page.title()).toBe(titled(en.events));
    await context.close();
  });

  it('detail pages name their item: two riders, a receipt; adding a dealer and editing one are named apart', async () => {
    const riders = sql<{ id: number; first: string; last: string }[]>(
      'SELECT id, first_name AS first, last_name AS last FROM riders ORDER BY id LIMIT 2',
    );
    const [receipt] = sql<{ id: number }[]>(
      `SELECT c.id FROM credit_redemptions c JOIN dealers d ON d.id = c.dealer_id
       JOIN users u ON u.id = d.user_id WHERE u.email = ? ORDER BY c.id LIMIT 1`,
      DEMO.dealer,
    );
    const admin = await newPage(browser());
    await login(admin.page, DEMO.admin);
    // One route adds a record or edits one: each is named for what it does.
    expect((await served(admin.page, '/auth/admin/riders')).title).toBe(titled(en.riders));
    expect((await served(admin.page, '/auth/admin/dealer')).title).toBe(titled(en.newDealer));
    expect((await served(admin.page, '/auth/admin/dealer/1')).title).toMatch(
      new RegExp(` — ${en.dealer} – `),
    );
    const seen = new Set<string>();
    for (const r of riders) {
      const { title, h1 } = await served(admin.page, `/auth/admin/rider/${r.id}`);
      expect(title).toBe(titled(`${r.first} ${r.last} — ${en.adminRider}`));
      expect(title).toContain(h1);
      seen.add(title!);
    }
    expect(seen.size).toBe(2);
    await admin.context.close();

    const dealer = await newPage(browser());
    await login(dealer.page, DEMO.dealer);
    const { title, html } = await served(dealer.page, `/auth/dealer/redemptions/${receipt!.id}`);
    const code = textOf(html, 'data-testid="redemption-code"');
    expect(code).toMatch(/^#\w+$/);
    expect(title).toBe(titled(en.receiptOf.replace('{{code}}', code!)));
    await dealer.context.close();
  });
});
