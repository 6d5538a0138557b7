/**
 * Words riders, dealers and promoters can read: their pages, in English and French, over the
 * demo data plus an award withdrawn by a results recompute and a refunded redemption, show no
 * ISO timestamp, no raw code (award or redemption status, i18n key, `10000 USD`), and the
 * withdrawal as a sentence in the page's language with the program's date format.
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

async function walk(email: string, paths: readonly string[], lang: 'en' | 'fr') {
  const { context, page } = await newPage(getBrowser(), { javaScript: false });
  const found: string[] = [];
  try {
    await login(page, email, undefined, lang);
    for (const path of paths) {
      const res = await page.goto(`${prefix(lang)}${path}`);
      expect(res?.status(), path).toBe(200);
      for (const p of await problemsOn(page, lang)) found.push(`${path}: ${p}`);
    }
  } finally {
    await context.close();
  }
  return found;
}

describe('rider, dealer and promoter pages speak the reader’s language', () => {
  for (const lang of ['en', 'fr'] as const) {
    it(`rider pages (${lang}) tell the withdrawal as a sentence, nothing raw`, async () => {
      expect(await walk(DEMO.rider, riderPages, lang)).toEqual([]);
      const { context, page } = await newPage(getBrowser(), { javaScript: false });
      try {
        await login(page, DEMO.rider, undefined, lang);
        await page.goto(`${prefix(lang)}/auth/rider/earnings?status=reversed`);
        const note = (await page.getByTestId('withdrawal-note').first().innerText()).replace(
          /\u00a0/g,
          ' ',
        );
        expect(note).toBe(
          lang === 'fr'
            ? 'Retirée le 26 novembre 2026 à la suite d’une correction des résultats de l’épreuve (valeur : 100,00 $ US).'
            : 'Withdrawn on Nov 26th, 2026 when the event’s results were corrected (it was worth $100.00).',
        );
      } finally {
        await context.close();
      }
    });

    it(`dealer pages (${lang}), refunded receipt included, show nothing raw`, async () => {
      expect(await walk(DEMO.dealer, dealerPages, lang)).toEqual([]);
    });

    it(`promoter pages (${lang}) show nothing raw`, async () => {
      expect(await walk(DEMO.promoter, PAGES.promoter, lang)).toEqual([]);
    });
  }
});
