/**
 * Destructive actions ask first without JavaScript, English and French:
 * removing a class, removing a place, deleting a VIN pattern and taking an event out of a series
 * each go to the /confirm page; Cancel goes back with nothing changed, and only "Yes" acts.
 * (Deleting an event and results are in completion.test.ts and operations.test.ts.)
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { writeDb } from './db-write';
import { DEMO, DEMO_PASSWORD, login, newPage, prefix, toastShown, useBrowser } from './helpers';

const getBrowser = useBrowser();
const TAG = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.toUpperCase();

const QUESTIONS = {
  en: {
    removeClass: /Are you sure you want to remove this class\? Its results are deleted too\./,
    removePlace: /Are you sure you want to remove this place\?/,
    deletePattern: (p: string) =>
      new RegExp(`Are you sure you want to delete the VIN pattern ${p}\\?`),
    removeEvent: /Remove this event from the series\? The event itself is kept\./,
  },
  fr: {
    removeClass: /Voulez-vous vraiment supprimer cette classe/,
    removePlace: /Voulez-vous vraiment supprimer cette place/,
    deletePattern: (p: string) => new RegExp(`Voulez-vous vraiment supprimer le motif de NIV ${p}`),
    removeEvent: /Retirer cette épreuve de la série/,
  },
} as const;

const DONE = {
  en: {
    classRemoved: 'Class removed.',
    placeRemoved: 'Place removed.',
    patternDeleted: /VIN pattern deleted/,
    eventRemoved: 'The event was removed from the series.',
  },
  fr: {
    classRemoved: 'Classe supprimée.',
    placeRemoved: 'Place supprimée.',
    patternDeleted: /Motif de NIV supprimé/,
    eventRemoved: 'L’épreuve a été retirée de la série.',
  },
} as const;

/** A count from the running server's database. */
function count(sql: string, ...params: unknown[]): number {
  return writeDb((db) => (db.prepare(sql).get(...params) as { n: number }).n);
}

/**
 * Clicks a destructive button without JavaScript: the /confirm page must ask `question` with
 * nothing changed yet (`unchanged`); Cancel comes back to `back`; then the same button again and
 * "Yes" acts.
 */
async function askFirst(
  page: Page,
  button: () => Locator,
  question: RegExp,
  back: string,
  unchanged: () => void,
) {
  await button().click();
  await page.getByTestId('confirm-page').waitFor();
  // Without JavaScript the page arrives streamed: read its text once the document has loaded.
  await page.waitForLoadState('load');
  await expect(page.getByTestId('confirm-page').textContent()).resolves.toMatch(question);
  unchanged();
  await page.getByTestId('confirm-cancel').click();
  await page.waitForURL((url) => url.pathname === back);
  unchanged();
  await button().click();
  await page.getByTestId('confirm-page').waitFor();
  await page.getByTestId('confirm-yes').click();
}

describe('destructive actions ask first without JavaScript', () => {
  for (const lang of ['en', 'fr'] as const) {
    it(`class and place removal go to /confirm; cancel keeps them (${lang})`, async () => {
      const name = `Confirm ${lang} ${TAG}`;
      const { eventId, classId, placeId } = writeDb((db) => {
        const ev = db
          .prepare("INSERT INTO events (title, date) VALUES (?, '2030-06-01')")
          .run(`Confirmations ${lang} ${TAG}`);
        const eventId = Number(ev.lastInsertRowid);
        const cls = db
          .prepare(
            "INSERT INTO event_classes (event_id, name, payout_type) VALUES (?, ?, 'dealerCredit')",
          )
          .run(eventId, name);
        const classId = Number(cls.lastInsertRowid);
        const places = [1, 2].map((place) =>
          Number(
            db
              .prepare('INSERT INTO class_places (class_id, place, amount_cents) VALUES (?, ?, ?)')
              .run(classId, place, 10000 / place).lastInsertRowid,
          ),
        );
        return { eventId, classId, placeId: places[1]! };
      });
      const { context, page } = await newPage(getBrowser(), { javaScript: false });
      try {
        const p = prefix(lang);
        await login(page, DEMO.admin, DEMO_PASSWORD, lang);
        const back = `${p}/auth/admin/event/${eventId}`;
        await page.goto(back);
        const row = () => page.locator(`[data-testid="class-row"][data-class="${name}"]`);

        const places = () =>
          count('SELECT count(*) AS n FROM class_places WHERE class_id = ?', classId);
        const placeButton = () =>
          row().getByRole('button', {
            name: lang === 'en' ? 'Remove place 2' : 'Supprimer la place 2',
          });
        await askFirst(page, placeButton, QUESTIONS[lang].removePlace, back, () =>
          expect(places()).toBe(2),
        );
        await toastShown(page, DONE[lang].placeRemoved);
        expect(count('SELECT count(*) AS n FROM class_places WHERE id = ?', placeId)).toBe(0);
        expect(places()).toBe(1);

        const classes = () =>
          count('SELECT count(*) AS n FROM event_classes WHERE id = ?', classId);
        const classButton = () =>
          row().getByRole('button', {
            name: lang === 'en' ? 'Remove class' : 'Supprimer la classe',
          });
        await askFirst(page, classButton, QUESTIONS[lang].removeClass, back, () =>
          expect(classes()).toBe(1),
        );
        await toastShown(page, DONE[lang].classRemoved);
        expect(classes()).toBe(0);
        expect(await row().count()).toBe(0);
      } finally {
        await context.close();
      }
    });

    it(`deleting a VIN pattern goes to /confirm; cancel keeps it (${lang})`, async () => {
      const pattern = `VBK${lang === 'en' ? 'E' : 'F'}${TAG}`
        .replace(/[IOQ]/g, '1')
        .padEnd(17, '*')
        .slice(0, 17);
      writeDb((db) =>
        db
          .prepare(
            "INSERT INTO vin_patterns (model, year, pattern, verified) VALUES ('CONFIRM', 2024, ?, 1)",
          )
          .run(pattern),
      );
      const exists = () =>
        count('SELECT count(*) AS n FROM vin_patterns WHERE pattern = ?', pattern);
      const { context, page } = await newPage(getBrowser(), { javaScript: false });
      try {
        const p = prefix(lang);
        await login(page, DEMO.admin, DEMO_PASSWORD, lang);
        const back = `${p}/auth/admin/vin-patterns`;
        await page.goto(`${back}?pattern=${encodeURIComponent(pattern)}`);
        const button = () =>
          page.getByRole('button', {
            name: lang === 'en' ? `Delete the pattern ${pattern}` : `Supprimer le motif ${pattern}`,
          });
        await askFirst(
          page,
          button,
          QUESTIONS[lang].deletePattern(pattern.replace(/\*/g, '\\*')),
          back,
          () => expect(exists()).toBe(1),
        );
        await toastShown(page, DONE[lang].patternDeleted);
        expect(exists()).toBe(0);
      } finally {
        await context.close();
      }
    });

    it(`taking an event out of a series goes to /confirm; cancel keeps it in (${lang})`, async () => {
      const title = `Series round ${lang} ${TAG}`;
      const { seriesId, eventId } = writeDb((db) => {
        const seriesId = Number(
          db.prepare('INSERT INTO series (name) VALUES (?)').run(`Confirm Cup ${lang} ${TAG}`)
            .lastInsertRowid,
        );
        const eventId = Number(
          db
            .prepare("INSERT INTO events (title, date, series_id) VALUES (?, '2030-07-01', ?)")
            .run(title, seriesId).lastInsertRowid,
        );
        return { seriesId, eventId };
      });
      const inSeries = () =>
        count('SELECT count(*) AS n FROM events WHERE id = ? AND series_id = ?', eventId, seriesId);
      const { context, page } = await newPage(getBrowser(), { javaScript: false });
      try {
        const p = prefix(lang);
        await login(page, DEMO.admin, DEMO_PASSWORD, lang);
        const back = `${p}/auth/admin/serie/${seriesId}`;
        await page.goto(back);
        const button = () =>
          page
            .locator('tr', { has: page.locator(`a[href$="/auth/admin/event/${eventId}"]`) })
            .getByRole('button', {
              name: lang === 'en' ? 'Remove from series' : 'Retirer de la série',
            });
        await askFirst(page, button, QUESTIONS[lang].removeEvent, back, () =>
          expect(inSeries()).toBe(1),
        );
        await toastShown(page, DONE[lang].eventRemoved);
        expect(inSeries()).toBe(0);
        // The event itself is kept.
        expect(count('SELECT count(*) AS n FROM events WHERE id = ?', eventId)).toBe(1);
      } finally {
        await context.close();
      }
    });
  }
});
