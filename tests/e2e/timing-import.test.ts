/**
 * Results straight from timing systems (issue 12.4), in English (JavaScript off) and French (on):
 * a promoter uploads a Speedhive-shaped export, which loads at once; then a live-timing page
 * export (P, Nr, Pilot, Cat, laps and times), which goes through the mapping step: the columns
 * are chosen, "preview again" shows the rows as they will be stored, storing puts them on the
 * event, and the same file on the promoter's next event loads at once with the remembered choices.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '#locales/en/timing.json';
import fr from '#locales/fr/timing.json';
import enEvents from '#locales/en/events.json';
import frEvents from '#locales/fr/events.json';
import { openDb, type DB } from '~/db.server';
import { createAccount } from '~/services/people/users.server';
import { databasePath, login, newPage, prefix, uniqueEmail, useBrowser } from './helpers';

const browser = useBrowser();
const TIMING = path.resolve(process.cwd(), 'tests/fixtures/timing');

let db: DB;
beforeAll(() => {
  db = openDb(databasePath());
});
afterAll(() => {
  db.$client.close();
});

/** A past event of the promoter with the classes the fixtures race in. */
function eventOf(promoterId: number, title: string) {
  const q = (s: string, ...a: unknown[]) => db.$client.prepare(s).get(...a) as { id: number };
  const ev = q(
    "INSERT INTO events (title, date, promoter_id) VALUES (?, date('now', '-3 days'), ?) RETURNING id",
    title,
    promoterId,
  );
  for (const name of ['250 B', '450 A']) {
    const cls = q(
      "INSERT INTO event_classes (event_id, name, payout_type) VALUES (?, ?, 'dealerCredit') RETURNING id",
      ev.id,
      name,
    );
    db.$client
      .prepare('INSERT INTO class_places (class_id, place, amount_cents) VALUES (?, 1, 10000)')
      .run(cls.id);
  }
  return ev.id;
}

async function uploadResults(page: Page, file: string) {
  await page.locator('input[name="shape"][value="upload-all-class-result"]').check();
  await page.locator('#results-file').setInputFiles(path.join(TIMING, file));
  await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST'),
    page.locator('[data-testid="results-upload-form"] button[type="submit"]').click(),
  ]);
  await page.waitForLoadState('networkidle');
}

async function press(page: Page, name: string) {
  await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST'),
    page.getByRole('button', { name, exact: true }).click(),
  ]);
  await page.waitForLoadState('networkidle');
}

const riders = (page: Page) =>
  page.$$eval('[data-testid="result-row"]', (rows) =>
    rows.map((r) => `${r.getAttribute('data-class')}: ${r.getAttribute('data-rider')}`),
  );
const onlyNames = (texts: string[]) => texts.map((t) => t.replace(/\s+/g, ' ').trim());

for (const lang of ['en', 'fr'] as const) {
  const p = prefix(lang);
  const t = lang === 'fr' ? fr : en;
  const ev = lang === 'fr' ? frEvents : enEvents;
  const javaScript = lang === 'fr';

  describe(`timing import (${lang}, JavaScript ${javaScript ? 'on' : 'off'})`, () => {
    it('a Speedhive export loads at once; a live-timing export goes through the mapping step', async () => {
      const email = uniqueEmail(`timing-${lang}`);
      const acct = await createAccount(db, {
        role: 'promoter',
        email,
        password: 'Password123',
        emailVerified: true,
        firstName: 'Tim',
        lastName: 'Keeper',
        name: `Timing Racing ${lang}`,
      });
      const first = eventOf(acct.profileId, `Timing Day ${lang}`);
      const second = eventOf(acct.profileId, `Timing Night ${lang}`);
      const { context, page } = await newPage(browser(), { javaScript });
      try {
        await login(page, email, 'Password123', lang);

        // 1. Speedhive: every needed column is recognised: straight onto the event.
        await page.goto(`${p}/auth/promoter/event/${first}`);
        await uploadResults(page, 'speedhive.csv');
        await expect(page.getByTestId('toast').textContent()).resolves.toContain(
          ev.flash.resultsUploaded,
        );
        expect(onlyNames(await riders(page))).toEqual(
          expect.arrayContaining(['250 B: Jake Turner', '250 B: Ryan Ortiz', '250 B: Sam Lee']),
        );

        // 2. A live-timing page: P, Nr, Pilot, Cat are not ours: the mapping step.
        await uploadResults(page, 'live-timing-page.csv');
        await page.waitForURL(
          new RegExp(`^[^?]*${p}/auth/promoter/event/${first}/timing/[A-Za-z0-9_-]{43}$`),
        );
        await page.getByTestId('timing-mapping').waitFor();
        await expect(page.locator('h1').textContent()).resolves.toBe(t.title);
        await expect(page.getByTestId('timing-missing').textContent()).resolves.toContain(
          t.missingNames.Place,
        );
        await page.getByLabel(t.columnFor.replace('{{header}}', 'P')).selectOption('place');
        await page.getByLabel(t.columnFor.replace('{{header}}', 'Pilot')).selectOption('name');
        await page.getByLabel(t.columnFor.replace('{{header}}', 'Cat')).selectOption('class');
        await press(page, t.previewAgain);
        const preview = page.locator('[data-testid="timing-preview-row"]');
        // The action's answer renders after the POST settles: wait for the rows, do not count once.
        await expect.poll(() => preview.count(), { timeout: 10_000 }).toBe(3);
        expect(onlyNames(await preview.allTextContents())[1]).toBe(
          `3450 A2${ev.resultTypes.finish}Nico Blanc`,
        );
        // The choices survive the preview.
        await expect(
          page.getByLabel(t.columnFor.replace('{{header}}', 'Pilot')).inputValue(),
        ).resolves.toBe('name');

        await press(page, t.apply);
        await page.waitForURL((url) => url.pathname === `${p}/auth/promoter/event/${first}`);
        await page.getByTestId('event-manager').waitFor();
        await expect(page.getByTestId('toast').textContent()).resolves.toContain(
          ev.flash.resultsUploaded,
        );
        expect(onlyNames(await riders(page))).toEqual(
          expect.arrayContaining(['450 A: Tom Baker', '450 A: Nico Blanc', '450 A: Zoe Park']),
        );

        // 3. The choices are remembered: the same export on the next event loads at once.
        await page.goto(`${p}/auth/promoter/event/${second}`);
        await uploadResults(page, 'live-timing-page.csv');
        await expect(page.getByTestId('toast').textContent()).resolves.toContain(
          ev.flash.resultsUploaded,
        );
        expect(new URL(page.url()).pathname).toBe(`${p}/auth/promoter/event/${second}`);
        expect(onlyNames(await riders(page))).toEqual([
          '450 A: Tom Baker',
          '450 A: Nico Blanc',
          '450 A: Zoe Park',
        ]);
      } finally {
        await context.close();
      }
    });
  });
}
