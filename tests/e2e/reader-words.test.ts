/**
 * Words riders, dealers and promoters can read: their pages, over the demo data plus an award
 * withdrawn by a results recompute and a refunded redemption, show no ISO timestamp, no raw code
 * (award or redemption status, i18n key, `10000 USD`) and, in French, no English left over; the
 * withdrawal reads as a sentence in the page's language with the program's date format. The pages
 * are walked in French, whose check holds every English one and more (the same data and code give
 * both); the withdrawal's sentence is read in English too.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeDb } from './db-write';
import { DEMO, login, newPage, prefix, useBrowser } from './helpers';

const getBrowser = useBrowser();

const PAGES = {
  rider: [
    '/auth/rider',
    '/auth/rider/events',
    '/auth/rider/series',
    '/auth/rider/earnings',
    '/auth/rider/redemptions',
    '/auth/rider/dealers',
    '/auth/rider/profile',
  ],
  dealer: [
    '/auth/dealer',
    '/auth/dealer/riders',
    '/auth/dealer/redemptions',
    '/auth/dealer/profile',
  ],
  promoter: ['/auth/promoter', '/auth/promoter/claims', '/auth/promoter/profile'],
} as const;

const CODES = [
  'current',
  'reversed',
  'spent',
  'earned',
  'expired',
  'revoked',
  'active',
  'pending',
  'dealerCredit',
  'awardReversal',
  'recompute',
];
const PROBLEMS: [string, RegExp][] = [
  ['ISO timestamp', /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/],
  ['unformatted money', /\b\d+ (?:USD|CAD)\b/],
  ['i18n key', /\b[a-z][a-zA-Z]+:[a-z][a-zA-Z]*\.[a-zA-Z.]+\b/],
  ['internal note', /Withdrawn by a results recompute|Withdrawn by an admin|\(was \d+/],
];
// English that never belongs on a French page of ours (data such as names is not checked).
const ENGLISH_ON_FRENCH = /\b(?:Withdrawn|Refunded|Redeemed|was worth|the results)\b/;

let withdrawnAwardId = 0;
let refundedId = 0;
let riderPages: string[] = [];
let dealerPages: string[] = [];

beforeAll(() => {
  writeDb((db) => {
    const rider = db
      .prepare(
        'SELECT riders.id AS id FROM riders JOIN users ON users.id = riders.user_id WHERE users.email = ?',
      )
      .get(DEMO.rider) as { id: number };
    const dealer = db
      .prepare(
        'SELECT dealers.id AS id FROM dealers JOIN users ON users.id = dealers.user_id WHERE users.email = ?',
      )
      .get(DEMO.dealer) as { id: number };
    const event = db.prepare('SELECT id FROM events ORDER BY id LIMIT 1').get() as { id: number };
    // What a results recompute leaves: status reversed, value 0, how and when it was withdrawn.
    withdrawnAwardId = (
      db
        .prepare(
          `INSERT INTO awards (rider_id, event_id, type, payout_type, currency, initial_cents,
             current_cents, status, awarded_at, withdrawn_by, withdrawn_at, withdrawn_from_cents,
             withdrawn_from_status)
           VALUES (?, ?, 'contingency', 'dealerCredit', 'USD', 0, 0, 'reversed',
             '2026-09-01T17:00:00.000Z', 'recompute', '2026-11-27T01:35:29.517Z', 10000, 'current')
           RETURNING id`,
        )
        .get(rider.id, event.id) as { id: number }
    ).id;
    // A refunded redemption at the demo dealer (nothing drawn: no balance changes).
    refundedId = (
      db
        .prepare(
          `INSERT INTO credit_redemptions (rider_id, dealer_id, amount_cents, currency,
             employee_name, id_verified, status, created_at)
           VALUES (?, ?, 2500, 'USD', 'Words clerk', 1, 'revoked', '2026-10-02T18:00:00.000Z')
           RETURNING id`,
        )
        .get(rider.id, dealer.id) as { id: number }
    ).id;
    db.prepare(
      `INSERT INTO revoked_redemptions (redemption_id, refunded_at, reason) VALUES (?, ?, NULL)`,
    ).run(refundedId, '2026-10-03T18:00:00.000Z');
    const oneEvent = db
      .prepare('SELECT event_id AS id FROM results WHERE rider_id = ? LIMIT 1')
      .get(rider.id) as { id: number } | undefined;
    riderPages = [...PAGES.rider, ...(oneEvent ? [`/auth/rider/event/${oneEvent.id}`] : [])];
    dealerPages = [
      ...PAGES.dealer,
      `/auth/dealer/rider/${rider.id}`,
      `/auth/dealer/redemptions/${refundedId}`,
      `/auth/dealer/redemptions/${refundedId}/print`,
    ];
  });
});

afterAll(() => {
  writeDb((db) => {
    db.prepare('DELETE FROM revoked_redemptions WHERE redemption_id = ?').run(refundedId);
    db.prepare('DELETE FROM credit_redemptions WHERE id = ?').run(refundedId);
    db.prepare('DELETE FROM awards WHERE id = ?').run(withdrawnAwardId);
  });
});

/** Every problem on the page: patterns over the text, and cells showing a raw code. */
async function problemsOn(page: Page, lang: 'en' | 'fr'): Promise<string[]> {
  const text = await page.locator('main').innerText();
  const out: string[] = [];
  for (const [name, re] of PROBLEMS) {
    const m = re.exec(text);
    if (m) out.push(`${name}: “${m[0]}”`);
  }
  if (lang === 'fr') {
    const m = ENGLISH_ON_FRENCH.exec(text);
    if (m) out.push(`English on a French page: “${m[0]}”`);
  }
  const cells = await page.locator('main td, main dd, main li, main span').allInnerTexts();
  for (const c of cells) if (CODES.includes(c.trim())) out.push(`raw code: “${c.trim()}”`);
  return out;
}

/** Visits each page (already signed in) and returns the problems on it. */
async function walk(page: Page, paths: readonly string[], lang: 'en' | 'fr') {
  const found: string[] = [];
  for (const path of paths) {
    const res = await page.goto(`${prefix(lang)}${path}`);
    expect(res?.status(), path).toBe(200);
    for (const p of await problemsOn(page, lang)) found.push(`${path}: ${p}`);
  }
  return found;
}

/** Signs in (without JavaScript: these pages are read, not used) and walks the pages. */
async function signedInWalk(email: string, paths: readonly string[], lang: 'en' | 'fr') {
  const { context, page } = await newPage(getBrowser(), { javaScript: false });
  try {
    await login(page, email, undefined, lang);
    return await walk(page, paths, lang);
  } finally {
    await context.close();
  }
}

const WITHDRAWAL = {
  fr: 'Retirée le 26 novembre 2026 à la suite d’une correction des résultats de l’épreuve (valeur : 100,00 $ US).',
  en: 'Withdrawn on Nov 26th, 2026 when the event’s results were corrected (it was worth $100.00).',
};

describe('rider, dealer and promoter pages speak the reader’s language', () => {
  for (const lang of ['en', 'fr'] as const) {
    const pages = lang === 'fr' ? 'rider pages (fr) tell' : 'the earnings page (en) tells';
    it(`${pages} the withdrawal as a sentence, nothing raw`, async () => {
      const { context, page } = await newPage(getBrowser(), { javaScript: false });
      try {
        await login(page, DEMO.rider, undefined, lang);
        const reversed = '/auth/rider/earnings?status=reversed';
        const found = await walk(
          page,
          lang === 'fr' ? [...riderPages, reversed] : [reversed],
          lang,
        );
        expect(found).toEqual([]);
        const note = (await page.getByTestId('withdrawal-note').first().innerText()).replace(
          /\u00a0/g,
          ' ',
        );
        expect(note).toBe(WITHDRAWAL[lang]);
      } finally {
        await context.close();
      }
    });
  }

  it('dealer pages (fr), refunded receipt included, show nothing raw', async () => {
    expect(await signedInWalk(DEMO.dealer, dealerPages, 'fr')).toEqual([]);
  });

  it('promoter pages (fr) show nothing raw', async () => {
    expect(await signedInWalk(DEMO.promoter, PAGES.promoter, 'fr')).toEqual([]);
  });
});
