/**
 * A promoter changes an approved event: a class's payouts without a file, the venue (the event
 * stays approved) and the date (back to an admin for approval); the results table keeps the payout
 * on screen at 390 px; a new event copying payouts above the per-place limit is refused next to the
 * copy choice, naming the class and place (English, JavaScript). Without JavaScript, in French: a
 * date change once results are in is refused next to the date, what was typed kept.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type DB } from '~/db.server';
import { eventDetailsSchema } from '~/lib/schemas/event-admin';
import { saveClass } from '~/services/events/management/class-changes.server';
import { proposeEvent } from '~/services/events/management/event-admin.server';
import type { ParsedResult } from '~/services/events/results-import/results-parser.server';
import { applyResultsUpload } from '~/services/events/results-import/results-upload.server';
import type { Actor } from '~/services/platform/audit.server';
import {
  databasePath,
  DEMO,
  signIn,
  newPage,
  settled,
  submitDocument,
  toastShown,
  useBrowser,
} from './helpers';

const browser = useBrowser();
const SYSTEM: Actor = { userId: null, proxyHostUserId: null };
const PHONE = { width: 390, height: 844 };
let db: DB;
let promoterId: number;

/** A proposed event of the demo promoter with one cash class, approved when asked. */
function event(title: string, approved: boolean, places: number[] = [50000, 25000]): number {
  const details = eventDetailsSchema.parse({ intent: 'createEvent', title, date: '2099-08-08' });
  const made = proposeEvent(db, details, SYSTEM, { promoterId, copyClassesFrom: null });
  if (!made.ok) throw new Error('the proposal was refused');
  const input = { name: 'Pro Edit', payoutType: 'cash' as const, currency: 'USD' as const };
  const cents = places.map((amountCents, i) => ({ place: i + 1, amountCents }));
  saveClass(db, made.id, { ...input, places: cents }, SYSTEM);
  if (approved)
    db.$client.prepare("UPDATE events SET approval = 'approved' WHERE id = ?").run(made.id);
  return made.id;
}

function result(place: number, riderName: string): ParsedResult {
  return {
    row: place + 1,
    className: 'Pro Edit',
    place,
    riderName,
    resultType: 'finish',
    amaNumber: String(70000 + place),
    email: null,
    make: 'KTM',
    model: '450 SX-F',
    hometown: 'Tulare, CA',
  };
}

let plain: number;
let withResults: number;
let bigPurse: string;
beforeAll(() => {
  db = openDb(databasePath());
  promoterId = (
    db.$client
      .prepare('SELECT p.id FROM promoters p JOIN users u ON u.id = p.user_id WHERE u.email = ?')
      .get(DEMO.promoter) as { id: number }
  ).id;
  const stamp = Date.now();
  plain = event(`Edit Run ${stamp}`, true);
  withResults = event(`Results Run ${stamp}`, true);
  const rows = [result(1, 'Maximilian Featherstonehaugh'), result(2, 'Sam Okafor')];
  if (!applyResultsUpload(db, withResults, rows, 'all', SYSTEM).ok)
    throw new Error('the results were refused');
  // An earlier event an admin gave a purse above the promoter's per-place limit.
  bigPurse = `Big Purse ${stamp}`;
  event(bigPurse, true, [100000, 400000]);
});
afterAll(() => {
  db.$client.close();
});

/** The details form's approval state on the event page. */
const approval = (page: Page) => page.getByTestId('event-approval').getAttribute('data-approval');

describe('a promoter changes an approved event', () => {
  it('a class without a file, the venue (still approved), the date (proposed again); the phone; a copy above the limit', async () => {
    const { context, page } = await newPage(browser());
    try {
      await signIn(page, DEMO.promoter);
      await page.goto(`/auth/promoter/event/${plain}`);
      await settled(page);

      // The class's payouts, without a file.
      const row = page.locator('[data-testid="class-row"][data-class="Pro Edit"]');
      await row.getByTestId('class-edit').click();
      await page.waitForURL(/\?class=\d+$/);
      await settled(page);
      const form = page.getByTestId('class-form');
      await form.getByLabel('Place 1', { exact: true }).fill('400');
      await page.getByTestId('class-save').click();
      await toastShown(page, 'Class saved');
      expect(await row.textContent()).toContain('$400.00');
      expect(await approval(page)).toBe('approved');

      // The venue changes at once; the date goes back to an admin.
      const details = page.getByTestId('event-details-form');
      expect(await page.getByTestId('event-edit-help').textContent()).toContain('new date');
      await details.locator('input[name="venue"]').fill('Fox Raceway');
      await page.getByTestId('event-save').click();
      await toastShown(page, 'Event details saved.');
      expect(await approval(page)).toBe('approved');
      expect(await details.locator('input[name="venue"]').inputValue()).toBe('Fox Raceway');
      await details.locator('input[name="date"]').fill('2099-09-12');
      await page.getByTestId('event-save').click();
      await toastShown(page, 'goes back to an admin');
      expect(await approval(page)).toBe('proposed');

      // At 390 px the results table keeps each payout on screen, no sideways scrolling.
      await page.setViewportSize(PHONE);
      await page.goto(`/auth/promoter/event/${withResults}`);
      const table = page.getByTestId('event-results-table');
      await table.waitFor();
      const fit = await table.evaluate((t) => {
        const wrapper = t.parentElement as HTMLElement;
        const root = document.documentElement;
        const payouts = [...t.querySelectorAll('[data-testid="payout"]')].map((p) => {
          const box = p.getBoundingClientRect();
          return box.width > 0 && box.right <= window.innerWidth;
        });
        return {
          wrapper: wrapper.scrollWidth <= wrapper.clientWidth,
          page: root.scrollWidth <= root.clientWidth,
          payouts,
        };
      });
      expect(fit).toEqual({ wrapper: true, page: true, payouts: [true, true] });
      await page.setViewportSize({ width: 1280, height: 800 });

      // A new event copying a purse above the per-place limit: refused next to the copy choice.
      await page.goto('/auth/promoter/event');
      const title = `Copied Run ${Date.now()}`;
      await page.locator('input[name="title"]').fill(title);
      await page.locator('input[name="date"]').fill('2099-10-10');
      await page
        .getByLabel('Duplicate event: copy the classes and payouts of')
        .selectOption({ label: `${bigPurse} (2099-08-08)` });
      await page.getByTestId('event-save').click();
      await page
        .locator('[id$="copyFrom-error"]', { hasText: '“Pro Edit”: place 2 pays more' })
        .waitFor();
      expect(await page.locator('input[name="title"]').inputValue()).toBe(title);
    } finally {
      await context.close();
    }
  }, 90_000);

  it('without JavaScript, in French: a date change once results are in is refused next to the date', async () => {
    const { context, page } = await newPage(browser(), { javaScript: false });
    try {
      await signIn(page, DEMO.promoter, undefined, 'fr');
      await page.goto(`/fr/auth/promoter/event/${withResults}`);
      const details = page.getByTestId('event-details-form');
      await details.locator('input[name="date"]').fill('2099-11-11');
      await details.locator('input[name="venue"]').fill('Circuit Trois-Rivières');
      await submitDocument(page, page.getByTestId('event-save'));
      expect(await details.locator('[id$="-date-error"]').textContent()).toContain(
        'Les résultats sont téléversés',
      );
      expect(await details.locator('input[name="date"]').inputValue()).toBe('2099-11-11');
      expect(await details.locator('input[name="venue"]').inputValue()).toBe(
        'Circuit Trois-Rivières',
      );
      expect(await approval(page)).toBe('approved');
    } finally {
      await context.close();
    }
  }, 60_000);
});
