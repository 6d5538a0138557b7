/**
 * Destructive actions ask first without JavaScript: removing a class, removing a place, deleting a
 * VIN pattern and taking an event out of a series each go to the /confirm page; Cancel goes back
 * with nothing changed, and only "Yes" acts. One walk per action, in both languages: asked in one
 * language and cancelled, then asked in the other and answered "Yes" (each question is checked in
 * English and French; the toast in the language of the "Yes", French but for the class).
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

type Lang = 'en' | 'fr';

/**
 * Clicks a destructive button without JavaScript, first on the page in `first` (the /confirm page
 * must ask its question with nothing changed yet; Cancel comes back), then on the page in the
 * other language, whose question is answered "Yes". `path` is the page without its language prefix
 * (`query` what its address adds to show the row).
 */
async function askFirst(
  page: Page,
  first: Lang,
  button: (lang: Lang) => Locator,
  question: (lang: Lang) => RegExp,
  path: string,
  unchanged: () => void,
  query = '',
) {
  const then: Lang = first === 'en' ? 'fr' : 'en';
  for (const lang of [first, then]) {
    const back = `${prefix(lang)}${path}`;
    if (new URL(page.url()).pathname !== back) await page.goto(`${back}${query}`);
    await button(lang).click();
    await page.getByTestId('confirm-page').waitFor();
    // Without JavaScript the page arrives streamed: read its text once the document has loaded.
    await page.waitForLoadState('load');
    await expect(page.getByTestId('confirm-page').textContent()).resolves.toMatch(question(lang));
    unchanged();
    if (lang === first) {
      await page.getByTestId('confirm-cancel').click();
      await page.waitForURL((url) => url.pathname === back);
      unchanged();
    } else {
      await page.getByTestId('confirm-yes').click();
    }
  }
}

describe('destructive actions ask first without JavaScript', () => {
  it('class and place removal go to /confirm; cancel keeps them', async () => {
    const name = `Confirm ${TAG}`;
    const { eventId, classId, placeId } = writeDb((db) => {
      const ev = db
        .prepare("INSERT INTO events (title, date) VALUES (?, '2030-06-01')")
        .run(`Confirmations ${TAG}`);
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
      await login(page, DEMO.admin, DEMO_PASSWORD);
      const path = `/auth/admin/event/${eventId}`;
      const row = () => page.locator(`[data-testid="class-row"][data-class="${name}"]`);

      const places = () =>
        count('SELECT count(*) AS n FROM class_places WHERE class_id = ?', classId);
      const placeButton = (lang: Lang) =>
        row().getByRole('button', {
          name: lang === 'en' ? 'Remove place 2' : 'Supprimer la place 2',
        });
      await askFirst(
        page,
        'en',
        placeButton,
        (l) => QUESTIONS[l].removePlace,
        path,
        () => expect(places()).toBe(2),
      );
      await toastShown(page, DONE.fr.placeRemoved);
      expect(count('SELECT count(*) AS n FROM class_places WHERE id = ?', placeId)).toBe(0);
      expect(places()).toBe(1);

      const classes = () => count('SELECT count(*) AS n FROM event_classes WHERE id = ?', classId);
      const classButton = (lang: Lang) =>
        row().getByRole('button', {
          name: lang === 'en' ? 'Remove class' : 'Supprimer la classe',
        });
      await askFirst(
        page,
        'fr',
        classButton,
        (l) => QUESTIONS[l].removeClass,
        path,
        () => expect(classes()).toBe(1),
      );
      await toastShown(page, DONE.en.classRemoved);
      expect(classes()).toBe(0);
      expect(await row().count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('deleting a VIN pattern goes to /confirm; cancel keeps it', async () => {
    const pattern = `VBKE${TAG}`.replace(/[IOQ]/g, '1').padEnd(17, '*').slice(0, 17);
    writeDb((db) =>
      db
        .prepare(
          "INSERT INTO vin_patterns (model, year, pattern, verified) VALUES ('CONFIRM', 2024, ?, 1)",
        )
        .run(pattern),
    );
    const exists = () => count('SELECT count(*) AS n FROM vin_patterns WHERE pattern = ?', pattern);
    const { context, page } = await newPage(getBrowser(), { javaScript: false });
    try {
      await login(page, DEMO.admin, DEMO_PASSWORD);
      const path = '/auth/admin/vin-patterns';
      const button = (lang: Lang) =>
        page.getByRole('button', {
          name: lang === 'en' ? `Delete the pattern ${pattern}` : `Supprimer le motif ${pattern}`,
        });
      const question = (lang: Lang) => QUESTIONS[lang].deletePattern(pattern.replace(/\*/g, '\\*'));
      const query = `?pattern=${encodeURIComponent(pattern)}`;
      await askFirst(page, 'en', button, question, path, () => expect(exists()).toBe(1), query);
      await toastShown(page, DONE.fr.patternDeleted);
      expect(exists()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('taking an event out of a series goes to /confirm; cancel keeps it in', async () => {
    const title = `Series round ${TAG}`;
    const { seriesId, eventId } = writeDb((db) => {
      const seriesId = Number(
        db.prepare('INSERT INTO series (name) VALUES (?)').run(`Confirm Cup ${TAG}`)
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
      await login(page, DEMO.admin, DEMO_PASSWORD);
      const path = `/auth/admin/serie/${seriesId}`;
      const button = (lang: Lang) =>
        page
          .locator('tr', { has: page.locator(`a[href$="/auth/admin/event/${eventId}"]`) })
          .getByRole('button', {
            name: lang === 'en' ? 'Remove from series' : 'Retirer de la série',
          });
      await askFirst(
        page,
        'en',
        button,
        (l) => QUESTIONS[l].removeEvent,
        path,
        () => expect(inSeries()).toBe(1),
      );
      await toastShown(page, DONE.fr.eventRemoved);
      expect(inSeries()).toBe(0);
      // The event itself is kept.
      expect(count('SELECT count(*) AS n FROM events WHERE id = ?', eventId)).toBe(1);
    } finally {
      await context.close();
    }
  });
});
