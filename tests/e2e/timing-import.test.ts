/**
 * Timing exports as they really are, walked by a promoter in English with JavaScript on and in
 * French with JavaScript off (the step's forms posted as documents, its labels and messages in
 * French), each file uploaded as the timing system wrote it (never edited):
 * - a live-timing export of one class (Active / OUT statuses, a place written twice): the step
 *   reads the statuses itself, shows both rows of the repeated place, the promoter types the
 *   right place in the page and stores;
 * - a Speedhive-style export whose "Classified" column says Yes / No: the step lists those values,
 *   the promoter gives each a meaning, previews, stores; the same export on the next event then
 *   loads at once (the answers are remembered);
 * - an XLSX with title rows above the headers and a column we do not know: the header row is
 *   found, the step asks about the column, the places come from the file's order, stored.
 * Then an AMA Supercross live-timing JSON export (the promoter picks which race feeds which class;
 * the column choices are wide enough to read at 1280 and 390 px), and a script refused in French.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '#locales/en/timing.json';
import fr from '#locales/fr/timing.json';
import enEvents from '#locales/en/events.json';
import frEvents from '#locales/fr/events.json';
import { openDb, type DB } from '~/db.server';
import { createAccount } from '~/services/people/users.server';
import { databasePath, signIn, newPage, prefix, settled, uniqueEmail, useBrowser } from './helpers';

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
function eventOf(promoterId: number, title: string, classes = ['250 B', '450 A']) {
  const q = (s: string, ...a: unknown[]) => db.$client.prepare(s).get(...a) as { id: number };
  const ev = q(
    "INSERT INTO events (title, date, promoter_id) VALUES (?, date('now', '-3 days'), ?) RETURNING id",
    title,
    promoterId,
  );
  for (const name of classes) {
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

async function uploadResults(page: Page, file: string, className?: string, dir = TIMING) {
  const shape = className ? 'upload-class-result' : 'upload-all-class-result';
  await page.locator(`input[name="shape"][value="${shape}"]`).check();
  if (className) await page.locator('#results-class').selectOption({ label: className });
  await page.locator('#results-file').setInputFiles(path.join(dir, file));
  await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST'),
    page.locator('[data-testid="results-upload-form"] button[type="submit"]').click(),
  ]);
  await settled(page);
}

async function press(page: Page, name: string) {
  await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST'),
    page.getByRole('button', { name, exact: true }).click(),
  ]);
  await settled(page);
}

const riders = (page: Page) =>
  page.$$eval('[data-testid="result-row"]', (rows) =>
    rows.map((r) =>
      `${r.getAttribute('data-class')}: ${r.getAttribute('data-rider')}`.replace(/\s+/g, ' '),
    ),
  );

const fill = (s: string, values: Record<string, string | number>) =>
  s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k]));

const VARIANTS = [
  { lang: 'en', javaScript: true },
  { lang: 'fr', javaScript: false },
] as const;

for (const { lang, javaScript } of VARIANTS) {
  {
    const p = prefix(lang);
    const t = lang === 'fr' ? fr : en;
    const ev = lang === 'fr' ? frEvents : enEvents;

    describe(`timing exports (${lang}, JavaScript ${javaScript ? 'on' : 'off'})`, () => {
      it('live timing, Speedhive-style and a titled XLSX go through the step to stored results', async () => {
        const tag = `${lang}-${javaScript ? 'js' : 'nojs'}`;
        const email = uniqueEmail(`timing-${tag}`);
        const acct = await createAccount(db, {
          role: 'promoter',
          email,
          password: 'Password123',
          emailVerified: true,
          firstName: 'Tim',
          lastName: 'Keeper',
          name: `Timing Racing ${tag}`,
        });
        const first = eventOf(acct.profileId, `Timing Day ${tag}`);
        const second = eventOf(acct.profileId, `Timing Night ${tag}`);
        const stepUrl = new RegExp(
          `^[^?]*${p}/auth/promoter/event/${first}/timing/[A-Za-z0-9_-]{43}$`,
        );
        const { context, page } = await newPage(browser(), { javaScript });
        try {
          await signIn(page, email, 'Password123', lang);
          await page.goto(`${p}/auth/promoter/event/${first}`);

          // 1. Live timing, one class: Active / OUT read without asking, place 4 written twice.
          await uploadResults(page, 'live-timing-active-out.csv', '450 A');
          await page.waitForURL(stepUrl);
          // With JavaScript the URL changes before the step renders: wait for its title.
          await expect.poll(() => page.locator('h1').textContent()).toBe(t.title);
          const status = (v: string) =>
            page.locator(`[data-testid="timing-status"][data-value="${v}"] select`);
          await expect(status('Active').inputValue()).resolves.toBe('finish');
          await expect(status('OUT').inputValue()).resolves.toBe('DNF');
          await expect(
            page
              .locator('[data-testid="timing-place"]')
              .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-row'))),
          ).resolves.toEqual(['5', '6']);
          await page.getByLabel(fill(t.places.placeOf, { row: 6, rider: 'Ana Lima' })).fill('5');
          await press(page, t.apply);
          await page.waitForURL((url) => url.pathname === `${p}/auth/promoter/event/${first}`);
          await expect(page.getByTestId('toast').textContent()).resolves.toContain(
            ev.flash.resultsUploaded,
          );
          await expect
            .poll(() => riders(page), { timeout: 10_000 })
            .toEqual(
              expect.arrayContaining(['450 A: Tom Baker', '450 A: Ana Lima', '450 A: Cy Dorn']),
            );

          // 2. Speedhive-style, all classes: "Classified" says Yes / No, values we do not know.
          await uploadResults(page, 'speedhive-classified.csv');
          await page.waitForURL(stepUrl);
          await page.getByTestId('timing-statuses').waitFor();
          await page
            .getByLabel(fill(t.statuses.meaningOf, { value: 'Yes' }))
            .selectOption('finish');
          await page.getByLabel(fill(t.statuses.meaningOf, { value: 'No' })).selectOption('DNF');
          await press(page, t.previewAgain);
          const preview = page.locator('[data-testid="timing-preview-row"]');
          // The first preview already showed five rows (row 5 refused): with JavaScript the new
          // answer renders a moment after its response, so wait for the row to read as answered.
          await expect.poll(() => preview.count(), { timeout: 10_000 }).toBe(5);
          await expect
            .poll(() => preview.nth(3).textContent(), { timeout: 10_000 })
            .toContain(ev.resultTypes.DNF);
          // The answers survive the preview, and the rows read as the promoter said.
          await expect(
            page.getByLabel(fill(t.statuses.meaningOf, { value: 'No' })).inputValue(),
          ).resolves.toBe('DNF');
          await expect(page.getByTestId('timing-left').count()).resolves.toBe(0);
          await press(page, t.apply);
          await page.waitForURL((url) => url.pathname === `${p}/auth/promoter/event/${first}`);
          await expect
            .poll(() => riders(page), { timeout: 10_000 })
            .toEqual(
              expect.arrayContaining(['450 A: Jake Turner', '450 A: Kai Wong', '450 A: Rob Hale']),
            );

          // The same export on the next event loads at once with the remembered answers.
          await page.goto(`${p}/auth/promoter/event/${second}`);
          await uploadResults(page, 'speedhive-classified.csv');
          await expect(page.getByTestId('toast').textContent()).resolves.toContain(
            ev.flash.resultsUploaded,
          );
          expect(new URL(page.url()).pathname).toBe(`${p}/auth/promoter/event/${second}`);
          await expect.poll(async () => (await riders(page)).length, { timeout: 10_000 }).toBe(5);

          // 3. An XLSX with title rows above its headers and a "Club" column we do not know.
          await page.goto(`${p}/auth/promoter/event/${first}`);
          await uploadResults(page, 'title-rows.xlsx', '250 B');
          await page.waitForURL(stepUrl);
          await expect(
            page.getByTestId('timing-file').locator('th').first().textContent(),
          ).resolves.toContain('Pos');
          await expect(
            page.getByLabel(fill(t.columnFor, { header: 'Club' })).inputValue(),
          ).resolves.toBe('ignore');
          await page.getByTestId('timing-from-order').check();
          await press(page, t.apply);
          await page.waitForURL((url) => url.pathname === `${p}/auth/promoter/event/${first}`);
          // With JavaScript the page renders after the URL changes: wait for the rows.
          await expect
            .poll(() => riders(page), { timeout: 10_000 })
            .toEqual(
              expect.arrayContaining(['250 B: Mia Grant', '250 B: Eli Stone', '250 B: Noa Reyes']),
            );
        } finally {
          await context.close();
        }
      });
    });
  }
}

/** Whether every column choice of the step is as wide as its longest option's words. */
const choicesReadable = (page: Page) =>
  page.$$eval('[data-testid="timing-file"] select', (selects) =>
    selects.every((el) => {
      const select = el as HTMLSelectElement;
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.font = getComputedStyle(select).font;
      const widest = Math.max(...[...select.options].map((o) => ctx.measureText(o.text).width));
      return select.clientWidth >= widest;
    }),
  );

describe('AMA Supercross live-timing JSON (en, JavaScript on) and a script refused (fr)', () => {
  it('a race is picked per class and stored; a .js file is refused by what it is', async () => {
    const email = uniqueEmail('timing-ama');
    const acct = await createAccount(db, {
      role: 'promoter',
      email,
      password: 'Password123',
      emailVerified: true,
      firstName: 'Ama',
      lastName: 'Timer',
      name: 'Supercross Timing',
    });
    const eventId = eventOf(acct.profileId, 'Anaheim Timing', ['450SX', '250SX West']);
    const { context, page } = await newPage(browser());
    try {
      await signIn(page, email, 'Password123', 'en');
      await page.goto(`/auth/promoter/event/${eventId}`);
      await uploadResults(page, 'ama-supercross.json');
      await page.waitForURL(/\/timing\/[A-Za-z0-9_-]{43}$/);
      await expect.poll(() => page.locator('h1').textContent()).toBe(en.title);
      await expect(choicesReadable(page)).resolves.toBe(true);
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(choicesReadable(page)).resolves.toBe(true);
      await page.setViewportSize({ width: 1280, height: 720 });
      const race = (value: string) => page.getByLabel(fill(en.classes.targetOf, { value }));
      await race('450SX Heat 1').selectOption({ label: en.classes.leaveOut });
      await race('450SX Main Event').selectOption({ label: '450SX' });
      await race('250SX West Main Event').selectOption({ label: '250SX West' });
      await press(page, en.apply);
      await page.waitForURL((url) => url.pathname === `/auth/promoter/event/${eventId}`);
      await expect
        .poll(() => riders(page), { timeout: 10_000 })
        .toEqual(
          expect.arrayContaining([
            '450SX: Chase Sexton',
            '450SX: Aaron Plessinger',
            '250SX West: Jett Reynolds',
          ]),
        );
      await expect.poll(async () => (await riders(page)).length).toBe(11);

      // A script sent as results, in French: refused next to the file field, nothing read.
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-js-'));
      fs.writeFileSync(path.join(dir, 'results.js'), "import x from './y';\nexport default x;\n");
      await page.goto(`/fr/auth/promoter/event/${eventId}`);
      await uploadResults(page, 'results.js', undefined, dir);
      await expect(page.getByTestId('results-upload-errors').textContent()).resolves.toContain(
        fill(frEvents.problems.notASheet, { value: 'JavaScript' }),
      );
      await expect.poll(async () => (await riders(page)).length).toBe(11);
    } finally {
      await context.close();
    }
  });
});
