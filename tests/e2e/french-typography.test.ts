/**
 * French as a native reader writes it, on the RENDERED pages (not only in the locale files): the
 * main pages of every role, visited in French, and a mail sent in French. Their text (title, body,
 * alt texts, labels given as attributes) must not break docs/glossary.md: a colon, semicolon, !, ?
 * or % without a no-break space before it, a straight apostrophe, a word of the "Never" column
 * (contingence, constructeur, position, récompense, TBD…), an ISO month (« 2026-02 ») or an
 * "échange(s)" plural. What people typed (names, event titles, a category's English description)
 * is not ours to typeset: the database's values are taken out of the text before it is checked.
 */
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  forbiddenWords,
  forbiddenWordsIn,
  formatProblems,
  typographyProblems,
} from '../unit/locales/french-rules';
import { databasePath, DEMO, login, mailsTo, newPage, useBrowser, waitForMail } from './helpers';

const browser = useBrowser();
const FORBIDDEN = forbiddenWords();

/** Everything wrong with one line of French text. */
function problemsIn(line: string): string[] {
  return [
    ...typographyProblems(line),
    ...forbiddenWordsIn(line, FORBIDDEN),
    ...formatProblems(line),
  ];
}

function sqlAll<T>(query: string, ...args: unknown[]): T[] {
  const db = new Database(databasePath(), { readonly: true });
  try {
    return db.prepare(query).all(...args) as T[];
  } finally {
    db.close();
  }
}

const id = (query: string, ...args: unknown[]) => {
  const row = sqlAll<{ id: number }>(query, ...args)[0];
  if (!row) throw new Error(`no row for ${query}`);
  return row.id;
};

/**
 * The values people entered that would themselves fail the rules (O'Connor, an English
 * description with a semicolon…), longest first. Dates and months stored as data are not in it:
 * showing one as « 2026-02 » is exactly what must fail.
 */
let dataValues: string[] = [];

beforeAll(() => {
  const tables = sqlAll<{ name: string }>(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '%search%' AND name NOT LIKE '\\_\\_%' ESCAPE '\\'",
  ).map((t) => t.name);
  const found = new Set<string>();
  const db = new Database(databasePath(), { readonly: true });
  try {
    for (const table of tables) {
      const columns = (db.prepare(`PRAGMA table_info("${table}")`).all() as { name: string }[]).map(
        (c) => c.name,
      );
      for (const column of columns) {
        const rows = db
          .prepare(
            `SELECT DISTINCT "${column}" AS v FROM "${table}" WHERE typeof("${column}") = 'text' AND length("${column}") BETWEEN 3 AND 2000`,
          )
          .all() as { v: string }[];
        for (const { v } of rows) {
          if (/^\d{4}-\d{2}(-\d{2})?([T ][\d:.]+Z?)?$/.test(v)) continue;
          for (const line of v.split('\n'))
            if (line.trim().length >= 3 && problemsIn(line).length > 0) found.add(line.trim());
        }
      }
    }
  } finally {
    db.close();
  }
  dataValues = [...found].sort((a, b) => b.length - a.length);
});

/** The page's text as read: title, body text, and the texts given as attributes. */
async function pageText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const attrs = [...document.querySelectorAll('[aria-label],[title],[placeholder],img[alt]')]
      .flatMap((e) => ['aria-label', 'title', 'placeholder', 'alt'].map((a) => e.getAttribute(a)))
      .filter((v): v is string => Boolean(v));
    return [document.title, document.body.innerText, ...attrs].join('\n');
  });
}

/** The problems of a French text, data taken out, as "where: problem — line". */
function check(where: string, text: string): string[] {
  let ours = text;
  for (const v of dataValues) ours = ours.split(v).join(' ');
  return ours
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .flatMap((line) => problemsIn(line).map((p) => `${where}: ${p} — ${line.slice(0, 160)}`));
}

/** Visits each page (French), checks it is French and long enough to mean something. */
async function checkPages(page: Page, paths: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBeLessThan(400);
    await page.waitForLoadState('networkidle');
    expect(await page.getAttribute('html', 'lang'), path).toBe('fr');
    const text = await pageText(page);
    expect(text.length, path).toBeGreaterThan(100);
    found.push(...check(path, text));
  }
  return found;
}

describe('French on the rendered pages (glossary and typography)', () => {
  it('the checker fails on the mistakes it is meant to catch', () => {
    const bad = [
      'Expire d’ici 30 jours: 120,00 $ US',
      '29% des pilotes',
      "Nom de l'épreuve",
      'Bourse par position dans 450 Pro',
      'Heure : TBD',
      '2026-02',
      '6 échange(s)',
      'part du constructeur',
      'argent de contingence',
    ];
    for (const line of bad) expect(check('sample', line), line).not.toEqual([]);
    expect(
      check('sample', 'Expire d’ici 30 jours\u00a0: 120,00\u00a0$\u00a0US, 29\u00a0%'),
    ).toEqual([]);
  });

  it('public pages, sign-in and register', async () => {
    const { context, page } = await newPage(browser());
    const eventId = id(
      'SELECT e.id FROM events e JOIN results r ON r.event_id = e.id ORDER BY e.date DESC LIMIT 1',
    );
    const seriesId = id('SELECT id FROM series ORDER BY id LIMIT 1');
    const found = await checkPages(page, [
      '/fr',
      '/fr/events',
      '/fr/events?when=past',
      '/fr/events?tab=series',
      `/fr/events/event/${eventId}`,
      `/fr/events/serie/${seriesId}`,
      '/fr/dealers',
      '/fr/about/overview',
      '/fr/about/rules',
      '/fr/about/contact',
      '/fr/about/faq-riders',
      '/fr/about/faq-dealers',
      '/fr/about/faq-promoters',
      '/fr/login',
      '/fr/register',
      '/fr/forgot-password',
    ]);
    expect(found).toEqual([]);
    await context.close();
  });

  it('a password reset mail sent in French', async () => {
    const { context, page } = await newPage(browser());
    const before = mailsTo(DEMO.pro).length;
    await page.goto('/fr/forgot-password');
    await page.locator('input[name="email"]').fill(DEMO.pro);
    await Promise.all([
      page.waitForURL((u) => !u.pathname.endsWith('/forgot-password')),
      page.locator('form button[type="submit"]').last().click(),
    ]);
    const mail = await waitForMail(DEMO.pro, before);
    expect(mail.subject).toMatch(/réinitialisation/);
    expect([...check('mail subject', mail.subject), ...check('mail', mail.text)]).toEqual([]);
    await context.close();
  });

  it('the rider area (amateur and pro)', async () => {
    const riderEvent = id(
      `SELECT r.event_id AS id FROM results r JOIN riders x ON x.id = r.rider_id
       JOIN users u ON u.id = x.user_id WHERE u.email = ? LIMIT 1`,
      DEMO.rider,
    );
    const { context, page } = await newPage(browser());
    await login(page, DEMO.rider, undefined, 'fr');
    const found = await checkPages(page, [
      '/fr/auth/rider',
      '/fr/auth/rider/earnings',
      '/fr/auth/rider/redemptions',
      '/fr/auth/rider/events',
      '/fr/auth/rider/series',
      '/fr/auth/rider/dealers',
      '/fr/auth/rider/profile',
      `/fr/auth/rider/event/${riderEvent}`,
    ]);
    await context.close();
    const pro = await newPage(browser());
    await login(pro.page, DEMO.pro, undefined, 'fr');
    found.push(
      ...(await checkPages(pro.page, [
        '/fr/auth/rider',
        '/fr/auth/rider/earnings',
        '/fr/auth/rider/profile',
      ])),
    );
    expect(found).toEqual([]);
    await pro.context.close();
  }, 120_000);

  it('the dealer counter, its redemptions and a receipt', async () => {
    const riderId = id(
      'SELECT r.id FROM riders r JOIN users u ON u.id = r.user_id WHERE u.email = ?',
      DEMO.rider,
    );
    const redemptionId = id(
      `SELECT c.id FROM credit_redemptions c JOIN dealers d ON d.id = c.dealer_id
       JOIN users u ON u.id = d.user_id WHERE u.email = ? ORDER BY c.id LIMIT 1`,
      DEMO.dealer,
    );
    const { context, page } = await newPage(browser());
    await login(page, DEMO.dealer, undefined, 'fr');
    const found = await checkPages(page, [
      '/fr/auth/dealer',
      '/fr/auth/dealer/redemptions',
      `/fr/auth/dealer/rider/${riderId}`,
      `/fr/auth/dealer/redemptions/${redemptionId}`,
      '/fr/auth/dealer/profile',
    ]);
    // The receipt's code reads as a code.
    await page.goto(`/fr/auth/dealer/redemptions/${redemptionId}`);
    expect((await page.getByTestId('redemption-code').textContent())?.trim()).toMatch(
      /^n°\u00a0[0-9A-Z]{3,}$/,
    );
    expect(found).toEqual([]);
    await context.close();
  }, 120_000);

  it('the promoter pages', async () => {
    const eventId = id(
      `SELECT e.id FROM events e JOIN promoters p ON p.id = e.promoter_id JOIN users u ON u.id = p.user_id
       JOIN results r ON r.event_id = e.id WHERE u.email = ? LIMIT 1`,
      DEMO.promoter,
    );
    const seriesId = id(
      `SELECT e.series_id AS id FROM events e JOIN promoters p ON p.id = e.promoter_id
       JOIN users u ON u.id = p.user_id WHERE u.email = ? AND e.series_id IS NOT NULL LIMIT 1`,
      DEMO.promoter,
    );
    const { context, page } = await newPage(browser());
    await login(page, DEMO.promoter, undefined, 'fr');
    const found = await checkPages(page, [
      '/fr/auth/promoter',
      '/fr/auth/promoter/claims',
      '/fr/auth/promoter/profile',
      `/fr/auth/promoter/event/${eventId}`,
      `/fr/auth/promoter/serie/${seriesId}`,
    ]);
    expect(found).toEqual([]);
    await context.close();
  }, 120_000);

  it('the admin pages, reports and charts', async () => {
    const riderId = id(
      'SELECT r.id FROM riders r JOIN users u ON u.id = r.user_id WHERE u.email = ?',
      DEMO.rider,
    );
    const eventId = id(
      'SELECT e.id FROM events e JOIN results r ON r.event_id = e.id ORDER BY e.id LIMIT 1',
    );
    const seriesId = id('SELECT id FROM series ORDER BY id LIMIT 1');
    const { context, page } = await newPage(browser());
    await login(page, DEMO.admin, undefined, 'fr');
    const found = await checkPages(page, [
      '/fr/auth/admin',
      '/fr/auth/admin/summary',
      '/fr/auth/admin/riders',
      `/fr/auth/admin/rider/${riderId}`,
      '/fr/auth/admin/dealers',
      '/fr/auth/admin/promoters',
      '/fr/auth/admin/events',
      `/fr/auth/admin/event/${eventId}`,
      '/fr/auth/admin/series',
      `/fr/auth/admin/serie/${seriesId}`,
      '/fr/auth/admin/categories',
      '/fr/auth/admin/claims',
      '/fr/auth/admin/dealer-refunds',
      '/fr/auth/admin/export-class-payouts',
      '/fr/auth/admin/late-results-events',
      '/fr/auth/admin/market-share-month',
      '/fr/auth/admin/market-share-series',
      '/fr/auth/admin/rider-earnings',
      '/fr/auth/admin/rider-redemptions',
      '/fr/auth/admin/tax-lists',
      '/fr/auth/admin/reminders',
      '/fr/auth/admin/mail',
      '/fr/auth/admin/vin-patterns',
    ]);
    expect(found).toEqual([]);
    await context.close();
  }, 240_000);
});
