/**
 * WCAG 2.2 AA with axe-core on the states a plain visit does not show (every page as visited, in
 * English and French at 1280 and 390 px, is scanned by the sweep, tests/e2e/a11y-sweep.ts): the
 * login and register forms showing their errors, the dealer counter after a wrong PIN, a receipt
 * reached by a redemption; landmarks of /, /login and /register (rules the sweep's WCAG tags leave
 * out); and layouts: at 390 px the rider home's results keep their Payout column, a very long
 * employee name keeps the redemptions' Status column on screen, and the "now acting as" toast does
 * not cover the proxy banner. In English (the same markup in both languages, and the longer
 * column headers), except the toast: in French, whose longer banner and message are the ones that
 * could meet. Any serious or critical violation fails the test (with the rule, the nodes and the
 * page in the message).
 */
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, serious, WCAG_AA } from './axe';
import {
  databasePath,
  DEMO,
  forgetWrongPins,
  login,
  newPage,
  prefix,
  settled,
  useBrowser,
} from './helpers';

const browser = useBrowser();

const LONG_NAME = `Counter${'x'.repeat(93)}`;

function sqlGet<T>(query: string, ...args: unknown[]): T | undefined {
  const db = new Database(databasePath(), { readonly: true });
  try {
    return db.prepare(query).get(...args) as T | undefined;
  } finally {
    db.close();
  }
}

/** Runs axe on the current page; returns a readable list of the serious and critical violations. */
async function seriousViolations(page: Page): Promise<string[]> {
  await settled(page);
  const violations = await axeViolations(page, { runOnly: { type: 'tag', values: WCAG_AA } });
  return serious(violations).map(
    (v) =>
      `${new URL(page.url()).pathname}: ${v.id} (${v.impact}) ${v.help} — ${v.count} node(s): ` +
      v.nodes.map((n) => `${n.target} ${n.summary}`).join(' | '),
  );
}

describe('the scanner', () => {
  it('finds violations put in a page, on the first scan and on a second scan of the same page', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/login');
    const before = await seriousViolations(page);
    expect(before).toEqual([]);
    await page.evaluate(() => {
      const main = document.querySelector('main')!;
      main.insertAdjacentHTML('beforeend', '<button type="button"></button><img src="/x.png">');
    });
    const after = await seriousViolations(page);
    expect(after.some((v) => v.includes('button-name'))).toBe(true);
    expect(after.some((v) => v.includes('image-alt'))).toBe(true);
    await context.close();
  });
});

describe('accessibility (en)', () => {
  // The landmarks are the layout's, whatever the language of their text; their rules are not
  // among the WCAG tags the sweep runs.
  it('login and register showing their errors have no serious or critical violation; landmarks: all text inside one, no two navigations with one label', async () => {
    const { context, page } = await newPage(browser());
    const found: string[] = [];
    const landmarks = async () => {
      const violations = await axeViolations(page, {
        runOnly: { type: 'rule', values: ['region', 'landmark-unique'] },
      });
      const path = new URL(page.url()).pathname;
      found.push(
        ...violations.map((v) => `${path}: ${v.id} ${v.nodes.map((n) => n.target).join(', ')}`),
      );
    };
    await page.goto('/');
    await landmarks();
    // The forms showing their errors after an empty submit.
    await page.goto('/login');
    await landmarks();
    await page.locator('form button[type="submit"]').last().click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    found.push(...(await seriousViolations(page)));
    await page.goto('/register');
    await landmarks();
    await page.getByTestId('register-form').locator('button[type="submit"]').click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    found.push(...(await seriousViolations(page)));
    expect(found).toEqual([]);
    await context.close();
  });

  it('the dealer counter and a receipt have no serious or critical violation', async () => {
    const { context, page } = await newPage(browser());
    const started = new Date().toISOString();
    await login(page, DEMO.dealer);
    const riderId = sqlGet<{ id: number }>(
      'SELECT r.id FROM riders r JOIN users u ON u.id = r.user_id WHERE u.email = ?',
      DEMO.rider,
    )?.id;
    const found: string[] = [];
    await page.goto(`/auth/dealer/rider/${riderId}`);
    // A wrong PIN shows the error state of the counter.
    await page.locator('input[name="amount"]').fill('0.01');
    await page.locator('input[name="pin"]').fill('0000');
    // A 100-character employee name: the redemptions table must keep its Status column.
    await page.locator('input[name="employeeName"]').fill(LONG_NAME);
    await page.locator('input[name="idVerified"]').check();
    await page.getByTestId('redeem-form').locator('button[type="submit"]').click();
    await page.locator('input[name="pin"][aria-invalid="true"]').waitFor();
    found.push(...(await seriousViolations(page)));
    forgetWrongPins(riderId!, started);
    // The right PIN: the receipt.
    await page.locator('input[name="amount"]').fill('0.01');
    await page.locator('input[name="pin"]').fill('1234');
    await page.locator('input[name="idVerified"]').check();
    await Promise.all([
      page.waitForURL(/\/auth\/dealer\/redemptions\/\d+$/),
      page.getByTestId('redeem-form').locator('button[type="submit"]').click(),
    ]);
    // The URL changes before the receipt renders: scan the receipt, not the counter.
    await page.getByTestId('receipt').waitFor();
    found.push(...(await seriousViolations(page)));
    expect(found).toEqual([]);

    // The list with the long name: the Status column is still inside the table's box, on a
    // desktop and on a 390 px phone (where it must also be inside the screen).
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto('/auth/dealer/redemptions');
      const table = page.getByTestId('redemption-row').first().locator('xpath=ancestor::table');
      await table.getByText(LONG_NAME).first().waitFor({ state: 'attached' });
      const status = table.locator('th').filter({ hasText: /^Status$/ });
      const box = await table.locator('xpath=..').boundingBox();
      const th = await status.boundingBox();
      expect(th, `${viewport.width} px`).not.toBeNull();
      expect(box, `${viewport.width} px`).not.toBeNull();
      expect(th!.x + th!.width, `${viewport.width} px`).toBeLessThanOrEqual(
        box!.x + box!.width + 1,
      );
      expect(th!.x + th!.width, `${viewport.width} px`).toBeLessThanOrEqual(viewport.width);
      expect(th!.x, `${viewport.width} px`).toBeGreaterThanOrEqual(0);
    }
    await context.close();
  });

  it('the rider home keeps its Payout column on a 390 px phone', async () => {
    const { context, page } = await newPage(browser());
    await login(page, DEMO.pro);
    // On a 390 px phone the recent results keep their Payout column on screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/auth/rider');
    const payout = page
      .locator('table th')
      .filter({ hasText: /Payout/i })
      .first();
    const th = await payout.boundingBox();
    expect(th).not.toBeNull();
    expect(th!.x + th!.width).toBeLessThanOrEqual(390);
    await context.close();
  });
});

describe('accessibility (fr)', () => {
  const p = prefix('fr');
  it('the "now acting as" toast does not cover the proxy banner (390 px and desktop)', async () => {
    const riderId = sqlGet<{ id: number }>(
      'SELECT r.id FROM riders r JOIN users u ON u.id = r.user_id WHERE u.email = ?',
      DEMO.rider,
    )?.id;
    const { context, page } = await newPage(browser());
    await login(page, DEMO.admin, undefined, 'fr');
    for (const size of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      await page.setViewportSize(size);
      await page.goto(`${p}/proxy-rider/${riderId}`);
      await Promise.all([
        page.waitForURL((u) => u.pathname === `${p}/auth/rider`),
        page.getByTestId('proxy-start').click(),
      ]);
      const banner = await page.getByTestId('proxy-banner').boundingBox();
      const toast = await page.getByTestId('toast').boundingBox();
      expect(banner && toast).toBeTruthy();
      const overlap = toast!.y < banner!.y + banner!.height && banner!.y < toast!.y + toast!.height;
      expect(overlap, JSON.stringify({ size, banner, toast })).toBe(false);
      await page.getByTestId('proxy-banner').locator('button[type="submit"]').click();
      await page.waitForURL((u) => u.pathname === `${p}/auth/admin`);
    }
    await context.close();
  });
});
