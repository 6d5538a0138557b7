/**
 * Money under controls and weak PINs: a promoter's large bonus waits for a second admin, who
 * approves it on the approvals page; a raise of the limits waits for a second admin too, a lowering
 * applies at once; a rider with PIN 1234 is asked to change it, and a weak new PIN is refused next
 * to the field. Each flow in English with JavaScript on, and in French with JavaScript off (the
 * forms posted as documents; the flashes, banner and field message in French).
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import enMc from '#locales/en/moneyControls.json';
import frMc from '#locales/fr/moneyControls.json';
import enPin from '#locales/en/pinSafety.json';
import frPin from '#locales/fr/pinSafety.json';
import enEvents from '#locales/en/events.json';
import frEvents from '#locales/fr/events.json';
import {
  DEMO,
  DEMO_PASSWORD,
  databasePath,
  login,
  signIn,
  newPage,
  prefix,
  toastShown,
  useBrowser,
} from './helpers';
import { secondAdmin } from './accounts';
import { writeDb } from './db-write';

const browser = useBrowser();

function query<T>(sql: string, ...args: unknown[]): T[] {
  const db = new Database(databasePath(), { readonly: true });
  try {
    return db.prepare(sql).all(...args) as T[];
  } finally {
    db.close();
  }
}

describe('a promoter’s large bonus waits for a second admin', () => {
  for (const lang of ['en', 'fr'] as const) {
    const javaScript = lang === 'en';
    const mc = lang === 'fr' ? frMc : enMc;
    const ev = lang === 'fr' ? frEvents : enEvents;
    const p = prefix(lang);
    it(`${lang}: the promoter enters $50,000, nothing pays; a second admin approves it`, async () => {
      const [target] = query<{
        resultId: number;
        eventId: number;
        name: string;
        cls: string;
        bonus: number;
      }>(
        `SELECT r.id AS resultId, r.event_id AS eventId, r.rider_name AS name, c.name AS cls, r.bonus_cents AS bonus
           FROM results r JOIN events e ON e.id = r.event_id JOIN promoters p ON p.id = e.promoter_id
           JOIN users u ON u.id = p.user_id JOIN event_classes c ON c.id = r.class_id
          WHERE u.email = ? AND r.payout_cents > 0 ORDER BY r.id LIMIT 1`,
        DEMO.promoter,
      );
      expect(target).toBeDefined();
      const second = await secondAdmin();
      const promoter = await newPage(browser(), { javaScript });
      await login(promoter.page, DEMO.promoter, undefined, lang);
      const eventPath = `${p}/auth/promoter/event/${target.eventId}`;
      const edit = async (amount: string) => {
        // The second edit starts from the event page the first one answered with.
        if (new URL(promoter.page.url()).pathname !== eventPath)
          await promoter.page.goto(eventPath);
        await promoter.page
          .locator(
            `[data-testid="result-row"][data-class="${target.cls}"][data-rider="${target.name}"]`,
          )
          .getByRole('link', { name: ev.table.edit })
          .click();
        await promoter.page
          .locator('[data-testid="edit-result-form"] input[name="bonus"]')
          .fill(amount);
        await Promise.all([
          promoter.page.waitForURL(`**${eventPath}`),
          promoter.page.locator('[data-testid="edit-result-form"] button[type="submit"]').click(),
        ]);
      };
      await edit('50000.00');
      await toastShown(promoter.page, mc.flash.bonusHeld);
      const bonusNow = () =>
        query<{ b: number }>(
          'SELECT bonus_cents AS b FROM results WHERE id = ?',
          target.resultId,
        )[0].b;
      expect(bonusNow()).toBe(target.bonus);
      const [held] = query<{ id: number }>(
        "SELECT id FROM pending_money_changes WHERE result_id = ? AND status = 'pending'",
        target.resultId,
      );

      // The second admin sees it on the home and approves it on the approvals page.
      const admin = await newPage(browser(), { javaScript });
      await signIn(admin.page, second, undefined, lang);
      await admin.page.goto(`${p}/auth/admin`);
      // The home's own link (the menu names the page the same way).
      await admin.page
        .getByRole('main')
        .getByRole('link', { name: new RegExp(mc.home.pending) })
        .click();
      await admin.page.waitForURL(`**${p}/auth/admin/approvals`);
      const row = admin.page.getByTestId(`change-${held.id}`);
      await Promise.all([
        admin.page.waitForURL(`**${p}/auth/admin/approvals`),
        row.getByRole('button', { name: mc.approve }).click(),
      ]);
      await toastShown(admin.page, mc.flash.approved);
      expect(bonusNow()).toBe(50_000_00);
      await admin.page.getByTestId('decided-changes').getByText(second).first().waitFor();

      // Lowering a bonus applies at once: the demo season gets its bonus back for the other tests.
      await edit(String(target.bonus / 100));
      expect(bonusNow()).toBe(target.bonus);
      // The other tests run with one admin again.
      writeDb((db) => db.prepare('UPDATE users SET deactivated = 1 WHERE email = ?').run(second));
      await promoter.context.close();
      await admin.context.close();
    });
  }
});

describe('the limits themselves wait for a second admin', () => {
  for (const lang of ['en', 'fr'] as const) {
    const javaScript = lang === 'en';
    const mc = lang === 'fr' ? frMc : enMc;
    const p = prefix(lang);
    it(`${lang}: a raise is held (not saved), shown old → new, approved by the other admin; a lowering applies at once`, async () => {
      const stored = () =>
        query<{ refund: number }>(
          'SELECT refund_above_cents AS refund FROM money_limits WHERE id = 1',
        )[0]?.refund ?? 1_000_00;
      const before = stored();
      const second = await secondAdmin();
      const proposer = await newPage(browser(), { javaScript });
      await signIn(proposer.page, DEMO.admin, undefined, lang);
      await proposer.page.goto(`${p}/auth/admin/approvals`);
      const form = proposer.page.locator('form#money-limits');
      const refund = form.locator('input[name="refundAboveCents"]');
      await expect(refund.inputValue()).resolves.toBe((before / 100).toFixed(2));
      await refund.fill(((before + 500_00) / 100).toFixed(2));
      await Promise.all([
        proposer.page.waitForURL(`**${p}/auth/admin/approvals`),
        form.locator('button[type="submit"]').click(),
      ]);
      await toastShown(proposer.page, mc.limits.held);
      expect(stored()).toBe(before);
      const [held] = query<{ id: number }>(
        "SELECT id FROM pending_money_changes WHERE kind = 'limits' AND status = 'pending'",
      );
      // The proposer sees it without an approve button; the other admin approves it.
      const mine = proposer.page.getByTestId(`change-${held.id}`);
      await expect(mine.getByRole('button', { name: mc.approve }).count()).resolves.toBe(0);
      const approver = await newPage(browser(), { javaScript });
      await signIn(approver.page, second, undefined, lang);
      await approver.page.goto(`${p}/auth/admin/approvals`);
      const row = approver.page.getByTestId(`change-${held.id}`);
      await expect(row.getByTestId('limit-changes').textContent()).resolves.toContain(
        mc.limits.fields.refundAboveCents,
      );
      await Promise.all([
        approver.page.waitForURL(`**${p}/auth/admin/approvals`),
        row.getByRole('button', { name: mc.approve }).click(),
      ]);
      await toastShown(approver.page, mc.flash.approved);
      expect(stored()).toBe(before + 500_00);

      // Lowering it back applies at once: the flash says saved, nothing waits.
      await proposer.page.goto(`${p}/auth/admin/approvals`);
      await refund.fill((before / 100).toFixed(2));
      await Promise.all([
        proposer.page.waitForURL(`**${p}/auth/admin/approvals`),
        form.locator('button[type="submit"]').click(),
      ]);
      await toastShown(proposer.page, mc.limits.saved);
      expect(stored()).toBe(before);
      // The other tests run with one admin again.
      writeDb((db) => db.prepare('UPDATE users SET deactivated = 1 WHERE email = ?').run(second));
      await proposer.context.close();
      await approver.context.close();
    });
  }
});

describe('weak PINs', () => {
  for (const lang of ['en', 'fr'] as const) {
    const javaScript = lang === 'en';
    const pin = lang === 'fr' ? frPin : enPin;
    const p = prefix(lang);
    it(`${lang}: the rider with PIN 1234 is asked to change it; 0000 is refused next to the field`, async () => {
      const { context, page } = await newPage(browser(), { javaScript });
      await signIn(page, DEMO.rider, undefined, lang);
      await page.goto(`${p}/auth/rider`);
      const banner = page.getByTestId('weak-pin-banner');
      await expect(banner.textContent()).resolves.toContain(pin.banner.title);
      await banner.getByRole('link', { name: pin.banner.link }).click();
      await page.waitForURL(`**${p}/auth/rider/profile#pin-title`);
      const section = page.locator('form#profile-pin');
      await section.locator('input[name="currentSecret"]').fill(DEMO_PASSWORD);
      await section.locator('input[name="pin"]').fill('0000');
      await section.locator('input[name="confirmPin"]').fill('0000');
      await Promise.all([
        page.waitForLoadState('load'),
        section.locator('button[type="submit"]').click(),
      ]);
      await page.getByText(pin.weak.repeated).first().waitFor();
      const described = await section.locator('input[name="pin"]').getAttribute('aria-invalid');
      expect(described).toBe('true');
      await context.close();
    });
  }
});
