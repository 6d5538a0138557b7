/**
 * French as a native reader writes it, on the RENDERED pages (not only in the locale files): the
 * checker (tests/e2e/french-text.ts) fails on the mistakes it is meant to catch; a mail sent in
 * French passes it. Every page of every role is checked in French by the accessibility sweep on
 * the same visit as its scan (tests/e2e/a11y-sweep.ts); the pages here are those the sweep does not
 * walk: a list's other tabs, an event the rider raced, the pro rider's pages, a promoter's event
 * with results and its series, and the receipt's code.
 */
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { frenchPageProblems, frenchProblems, pageText, typedValues } from './french-text';
import {
  databasePath,
  DEMO,
  login,
  signIn,
  mailsTo,
  newPage,
  settled,
  useBrowser,
  waitForMail,
} from './helpers';

const browser = useBrowser();

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

let typed: string[] = [];
beforeAll(() => {
  typed = typedValues(databasePath());
});

const check = (where: string, text: string) => frenchProblems(where, text, typed);

/** Visits each page (French) and returns its problems; a page that does not load is one. */
async function checkPages(page: Page, paths: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    // The page a sign-in landed on is read as it is, not loaded again.
    const here = new URL(page.url());
    if (`${here.pathname}${here.search}` !== path) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBeLessThan(400);
    }
    await settled(page);
    found.push(...frenchPageProblems(path, await pageText(page), typed));
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
      'Argent comptantTotal\u00a0: 1\u00a0000,00\u00a0$\u00a0US',
      '1\u00a0000,00\u00a0$\u00a0US+ boni de 50,00\u00a0$\u00a0US',
      'Le pilote tape son NIP',
      'Site web',
    ];
    for (const line of bad) expect(check('sample', line), line).not.toEqual([]);
    expect(
      check('sample', 'Expire d’ici 30 jours\u00a0: 120,00\u00a0$\u00a0US, 29\u00a0%'),
    ).toEqual([]);
    expect(
      check('sample', 'Argent comptant Total\u00a0: 1\u00a0000,00\u00a0$\u00a0US + boni'),
    ).toEqual([]);
    expect(frenchPageProblems('sample', { lang: 'en', text: 'x'.repeat(200) }, [])).not.toEqual([]);
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

  it('the public lists’ other tabs and the latest event with results', async () => {
    const { context, page } = await newPage(browser());
    const eventId = id(
      'SELECT e.id FROM events e JOIN results r ON r.event_id = e.id ORDER BY e.date DESC LIMIT 1',
    );
    const found = await checkPages(page, [
      '/fr/events?when=past',
      '/fr/events?tab=series',
      `/fr/events/event/${eventId}`,
    ]);
    expect(found).toEqual([]);
    await context.close();
  });

  it('an event the rider raced, and the pro rider’s pages', async () => {
    const riderEvent = id(
      `SELECT r.event_id AS id FROM results r JOIN riders x ON x.id = r.rider_id
       JOIN users u ON u.id = x.user_id WHERE u.email = ? LIMIT 1`,
      DEMO.rider,
    );
    const { context, page } = await newPage(browser());
    await login(page, DEMO.rider, undefined, 'fr');
    const found = await checkPages(page, [`/fr/auth/rider/event/${riderEvent}`]);
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

  it('the receipt’s code reads as a code, the same receipt number as in English', async () => {
    const redemptionId = id(
      `SELECT c.id FROM credit_redemptions c JOIN dealers d ON d.id = c.dealer_id
       JOIN users u ON u.id = d.user_id WHERE u.email = ? ORDER BY c.id LIMIT 1`,
      DEMO.dealer,
    );
    const { context, page } = await newPage(browser());
    await signIn(page, DEMO.dealer, undefined, 'fr');
    await page.goto(`/fr/auth/dealer/redemptions/${redemptionId}`);
    expect((await page.getByTestId('redemption-code').textContent())?.trim()).toMatch(
      /^#[0-9A-Z]{3,}$/,
    );
    await context.close();
  });

  it('a promoter’s event with results and its series', async () => {
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
      `/fr/auth/promoter/event/${eventId}`,
      `/fr/auth/promoter/serie/${seriesId}`,
    ]);
    expect(found).toEqual([]);
    await context.close();
  }, 120_000);
});
