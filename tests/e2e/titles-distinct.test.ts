/**
 * No two pages that show different things share a title. The accessibility sweep
 * (tests/e2e/a11y-sweep.ts) already proves it for every page of its list, per role, in both
 * languages; this file adds a second item of each detail page (two riders, two events…): per role,
 * no two of its detail pages, first and second items, share a title, and a detail page's title
 * contains its h1. A page of each role also has the name its key gives (the sweep only proves it
 * has one). Read as the server renders them (one sign-in per role, then plain requests: no page is
 * rendered in the browser). In French only, to keep the walk short: English titles come from the
 * same keys and items (tests/e2e/titles.test.ts reads some), and
 * tests/unit/locales/titles-distinct.test.ts checks that no two keys share a text in either language.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { PAGES, type Role } from './a11y-page-list';
import { pagesFor } from './a11y-pages';
import fr from '#locales/fr/titles.json';
import { databasePath, DEMO, login, newPage, prefix, useBrowser } from './helpers';

const browser = useBrowser();

const ACCOUNT: Record<Exclude<Role, 'public'>, string> = {
  rider: DEMO.rider,
  dealer: DEMO.dealer,
  promoter: DEMO.promoter,
  admin: DEMO.admin,
};

/** Second items for the detail pages: another id of each kind than the sweep's first one. */
function secondIds(): Record<string, number | undefined> {
  const db = new Database(databasePath(), { readonly: true });
  const second = (query: string, ...args: unknown[]) =>
    (db.prepare(`${query} LIMIT 1 OFFSET 1`).get(...args) as { id: number } | undefined)?.id;
  try {
    const promoter = db
      .prepare('SELECT p.id FROM promoters p JOIN users u ON u.id = p.user_id WHERE u.email = ?')
      .get(DEMO.promoter) as { id: number };
    return {
      event: second(
        'SELECT e.id FROM events e JOIN results r ON r.event_id = e.id GROUP BY e.id ORDER BY e.id',
      ),
      series: second('SELECT id FROM series ORDER BY id'),
      rider: second('SELECT id FROM riders ORDER BY id'),
      dealer: second('SELECT id FROM dealers ORDER BY id'),
      promoter: second('SELECT id FROM promoters ORDER BY id'),
      category: second('SELECT id FROM categories ORDER BY id'),
      promoterEvent: second('SELECT id FROM events WHERE promoter_id = ? ORDER BY id', promoter.id),
      redemption: second(
        `SELECT c.id FROM credit_redemptions c JOIN dealers d ON d.id = c.dealer_id
         JOIN users u ON u.id = d.user_id WHERE u.email = ? ORDER BY c.id`,
        DEMO.dealer,
      ),
    };
  } finally {
    db.close();
  }
}

/** The detail pages of a role with their second item (templates whose ids have a second row). */
function secondItems(role: Role): string[] {
  const ids = secondIds();
  return PAGES[role]
    .filter((path) => /:[a-zA-Z]+/.test(path) && !path.startsWith('/proxy-'))
    .flatMap((path) => {
      let missing = false;
      const filled = path.replace(/:([a-zA-Z]+)/g, (_, name: string) => {
        const id = ids[name];
        if (id === undefined) missing = true;
        return String(id);
      });
      return missing ? [] : [filled];
    });
}

function text(html: string, tag: 'title' | 'h1'): string | null {
  const found = new RegExp(`<${tag}[^>]*>([\\s\\S]*?)</${tag}>`).exec(html);
  if (!found) return null;
  return found[1]
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();
}

const ROLES: Role[] = ['public', 'rider', 'dealer', 'promoter', 'admin'];

/** A page of each signed-in role and the key of its name. */
const NAMED: Record<Exclude<Role, 'public'>, [string, keyof typeof fr]> = {
  rider: ['/auth/rider/earnings', 'earnings'],
  dealer: ['/auth/dealer/riders', 'findRider'],
  promoter: ['/auth/promoter', 'promoterHome'],
  admin: ['/auth/admin/riders', 'riders'],
};

describe.each(['fr'] as const)('distinct page titles (%s)', (lang) => {
  it('the detail pages of every role, two items each: one title per thing shown, holding its h1', async () => {
    for (const role of ROLES) {
      const { context, page } = await newPage(browser(), { javaScript: false });
      try {
        if (role !== 'public') {
          await login(page, ACCOUNT[role], undefined, lang);
          const [path, key] = NAMED[role];
          const html = await (await page.request.get(`${prefix(lang)}${path}`)).text();
          expect(text(html, 'title'), path).toBe(`${fr[key]} – contingency cash`);
        }
        const paths = [
          ...pagesFor(role).filter((p) => /\/\d+/.test(p) && !p.startsWith('/proxy-')),
          ...secondItems(role),
        ];
        // Title → the page (its path without the query: a search on one page keeps its name).
        const byTitle = new Map<string, string>();
        for (const path of paths) {
          const res = await page.request.get(`${prefix(lang)}${path}`, { maxRedirects: 0 });
          if (res.status() >= 300 && res.status() < 400) continue;
          const html = await res.text();
          const title = text(html, 'title');
          expect(title, path).toBeTruthy();
          const pathname = path.split('?')[0];
          const earlier = byTitle.get(title!);
          expect(
            earlier === undefined || earlier === pathname,
            `${role}: « ${title} » names both ${earlier} and ${pathname}`,
          ).toBe(true);
          byTitle.set(title!, pathname);
          const h1 = text(html, 'h1');
          expect(h1, path).toBeTruthy();
          expect(title, `${path}: h1 « ${h1} »`).toContain(h1);
        }
      } finally {
        await context.close();
      }
    }
  });
});
