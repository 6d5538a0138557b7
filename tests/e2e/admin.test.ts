/**
 * The admin's own pages: add an event and duplicate it (in English with JavaScript, in French
 * without: the copy's French title, the answers posted as documents), the series optimistic lock
 * seen from two tabs, sorting a list by its column headers (in English with JavaScript, in French
 * without), a promoter login, the reports, a CSV export (its French headers too), a rider's
 * timecards (upload, a renamed PDF refused, delete), merging two accounts of one rider, and a
 * series schedule upload. The other flows add no French of their own: English only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type DB } from '~/db.server';
import { createAccount } from '~/services/people/users.server';
import {
  databasePath,
  DEMO,
  login,
  signIn,
  newPage,
  prefix,
  settled,
  toastShown,
  uniqueEmail,
  useBrowser,
  onceIt,
  mailsTo,
} from './helpers';

const browser = useBrowser();

const T = {
  en: {
    add: 'Add new event',
    stale: 'This series was changed by someone else',
    saved: 'Saved.',
    duplicate: 'Duplicate event',
    timecardSaved: 'The timecard was uploaded.',
    timecardDeleted: 'The timecard was deleted.',
    mergeWrong: 'This does not match',
    merged: 'The riders were merged.',
    badDate: 'is not a date',
    eventsAdded: 'Events added to the series: 2.',
  },
  fr: {
    add: 'Ajouter une épreuve',
    stale: 'Cette série a été modifiée par quelqu',
    saved: 'Enregistré.',
    duplicate: 'Dupliquer l’épreuve',
    timecardSaved: 'La feuille de temps a été téléversée.',
    timecardDeleted: 'La feuille de temps a été supprimée.',
    mergeWrong: 'Cela ne correspond pas',
    merged: 'Les pilotes ont été fusionnés.',
    badDate: 'n’est pas une date',
    eventsAdded: 'Épreuves ajoutées à la série\u00a0: 2.',
  },
};

/** A 1×1 PNG, and PDF bytes under a .png name (refused: files are checked by content). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
  'base64',
);
let db: DB;
beforeAll(() => {
  db = openDb(databasePath());
});
afterAll(() => {
  db.$client.close();
});

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

for (const lang of ['en', 'fr'] as const) {
  const p = prefix(lang);
  const text = T[lang];
  // Flows whose French adds no text or message of their own run in English only.
  const once = onceIt(lang);
  describe(`admin pages (${lang})`, () => {
    const javaScript = lang === 'en';
    it(`adds an event from the events list, then duplicates it (JavaScript ${javaScript ? 'on' : 'off'})`, async () => {
      const { context, page } = await newPage(browser(), { javaScript });
      await signIn(page, DEMO.admin, undefined, lang);
      await page.goto(`${p}/auth/admin/events`);
      await Promise.all([
        page.waitForURL((u) => u.pathname === `${p}/auth/admin/event`),
        page.getByTestId('add-event').click(),
      ]);
      const form = page.getByTestId('event-details-form');
      // A missing title is refused next to the field, keeping what was typed.
      await form.locator('input[name="date"]').fill('2027-05-16');
      await form.locator('input[name="city"]').fill('Glen Helen');
      await page.getByTestId('event-save').click();
      await form.locator('[id$="title-error"]').waitFor();
      expect(await form.locator('input[name="city"]').inputValue()).toBe('Glen Helen');
      const title = `Admin Added ${lang} ${Date.now()}`;
      await form.locator('input[name="title"]').fill(title);
      await Promise.all([
        page.waitForURL((u) => /\/auth\/admin\/event\/\d+$/.test(u.pathname)),
        page.getByTestId('event-save').click(),
      ]);
      const firstUrl = page.url();
      await toastShown(page, text.saved);
      expect(await page.locator('input[name="title"]').inputValue()).toBe(title);
      await Promise.all([
        page.waitForURL(
          (u) => u.href !== firstUrl && /\/auth\/admin\/event\/\d+$/.test(u.pathname),
        ),
        page.getByTestId('event-duplicate').click(),
      ]);
      // The copy's own form, not the original's left in the page (it would save over the copy).
      await expect
        .poll(() => page.locator('input[name="title"]').inputValue())
        .toBe(lang === 'en' ? `Copy of ${title}` : `Copie de ${title}`);
      await context.close();
    });

    once('refuses a series edit made from a stale page (two tabs)', async () => {
      const { context, page } = await newPage(browser());
      await signIn(page, DEMO.admin, undefined, lang);
      await page.goto(`${p}/auth/admin/series`);
      const href = await page
        .locator('table a[href*="/auth/admin/serie/"]')
        .first()
        .getAttribute('href');
      const tab2 = await context.newPage();
      await page.goto(href!);
      await tab2.goto(href!);
      const name = await page.locator('input[name="name"]').inputValue();
      await page.locator('input[name="name"]').fill(`${name} `);
      await Promise.all([
        page.waitForLoadState('load'),
        page.locator('form:has(input[name="__v"]) button[type="submit"]').click(),
      ]);
      await toastShown(page, text.saved);
      await tab2.locator('input[name="name"]').fill(`${name} (old tab)`);
      await tab2.locator('form:has(input[name="__v"]) button[type="submit"]').click();
      await tab2.getByText(text.stale).waitFor();
      expect(await tab2.locator('input[name="name"]').inputValue()).toBe(`${name} (old tab)`);
      await page.locator('input[name="name"]').fill(name.trim());
      await page.locator('form:has(input[name="__v"]) button[type="submit"]').click();
      await context.close();
    });

    it(`sorts the dealers list by a column header, and a filter keeps the sort (JavaScript ${javaScript ? 'on' : 'off'})`, async () => {
      const { context, page } = await newPage(browser(), { javaScript });
      try {
        await signIn(page, DEMO.admin, undefined, lang);
        await page.goto(`${p}/auth/admin/dealers`);
        const names = () => page.locator('table tbody tr td:first-child').allTextContents();
        // The default sort (name, ascending) is shown on its header; the header link reverses it.
        await expect(
          page.locator('th[aria-sort="ascending"] a[data-sort="name"]').count(),
        ).resolves.toBe(1);
        await Promise.all([
          page.waitForURL(
            (u) => u.searchParams.get('sort') === 'name' && u.searchParams.get('dir') === 'desc',
          ),
          page.locator('th a[data-sort="name"]').click(),
        ]);
        await page.locator('th[aria-sort="descending"] a[data-sort="name"]').waitFor();
        const desc = await names();
        expect(desc.length).toBeGreaterThan(1);
        expect(desc).toEqual([...desc].sort().reverse());

        await page.locator('#filter-country').selectOption('US');
        await Promise.all([
          page.waitForURL((u) => u.searchParams.get('country') === 'US'),
          page.locator('form[role="search"] button[type="submit"]').click(),
        ]);
        const url = new URL(page.url());
        expect([url.searchParams.get('sort'), url.searchParams.get('dir')]).toEqual([
          'name',
          'desc',
        ]);
        await page.locator('th[aria-sort="descending"] a[data-sort="name"]').waitFor();
        const filtered = await names();
        expect(filtered).toEqual([...filtered].sort().reverse());
      } finally {
        await context.close();
      }
    });

    once(
      'adds a promoter and invites its login by mail (an address that is not one is refused next to the field)',
      async () => {
        const { context, page } = await newPage(browser());
        await signIn(page, DEMO.admin, undefined, lang);
        await page.goto(`${p}/auth/admin/promoter`);
        const name = `Promo ${lang} ${Date.now()}`;
        await page.locator('form#promoter input[name="name"]').fill(name);
        await Promise.all([
          page.waitForURL((u) => /\/auth\/admin\/promoter\/\d+$/.test(u.pathname)),
          page.locator('form#promoter button[type="submit"]').click(),
        ]);
        // The new promoter's page must be rendered and settled before typing (the URL changes first).
        await settled(page);
        const email = `promo-${lang}-${Date.now()}@example.test`;
        const form = page.locator('form#promoter-login');
        await form.waitFor();
        // No screen asks for the person's password: the login is theirs to set through the mail.
        expect(await form.locator('input[type="password"]').count()).toBe(0);
        await form.locator('input[name="email"]').fill('not-an-address');
        await form.locator('button[type="submit"]').click();
        await form.locator('[id$="email-error"]').waitFor();
        expect(await form.locator('input[name="email"]').inputValue()).toBe('not-an-address');
        await form.locator('input[name="email"]').fill(email);
        await Promise.all([
          page.waitForLoadState('load'),
          form.locator('button[type="submit"]').click(),
        ]);
        await page.getByTestId('live-invitation').waitFor();
        await expect.poll(() => mailsTo(email).length).toBe(1);
        await context.close();
      },
    );

    it('opens the reports and downloads an export as CSV', async () => {
      const { context, page } = await newPage(browser());
      await login(page, DEMO.admin, undefined, lang);
      // The reports' pages themselves are walked (in French too) by the accessibility sweep:
      // here each answers, and two are read.
      if (lang === 'en') {
        for (const path of ['market-share-month', 'market-share-series', 'categories', 'riders']) {
          const res = await page.request.get(`/auth/admin/${path}`);
          expect(res.status(), path).toBe(200);
        }
        const summary = await page.goto('/auth/admin/summary');
        expect(summary?.status()).toBe(200);
        await page.getByTestId('summary-months').waitFor();
        const late = await page.goto('/auth/admin/late-results-events');
        expect(late?.status()).toBe(200);
        expect(await page.getByTestId('late-events').locator('tbody tr').count()).toBeGreaterThan(
          0,
        );
      }
      await page.goto(`${p}/auth/admin/export-class-payouts`);
      const href = await page.getByTestId('csv-download').getAttribute('href');
      const csv = await page.request.get(href!);
      expect(csv.headers()['content-type']).toContain('text/csv');
      const body = await csv.text();
      expect(body.split('\r\n')[0]).toContain(lang === 'fr' ? 'Épreuve' : 'Event');
      await context.close();
    });

    once('files a rider timecard (a renamed PDF is refused), then deletes it', async () => {
      const { context, page } = await newPage(browser());
      page.on('dialog', (d) => void d.accept());
      await signIn(page, DEMO.admin, undefined, lang);
      await page.goto(`${p}/auth/admin/riders`);
      const href = await page
        .locator('table a[href*="/auth/admin/rider/"]')
        .first()
        .getAttribute('href');
      await page.goto(href!);
      const form = page.getByTestId('timecard-form');
      await form
        .locator('input[name="timecard"]')
        .setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: PDF });
      await form.locator('button[type="submit"]').click();
      await form.locator('ul.field-error').waitFor();
      const name = `round-${lang}.png`;
      await form
        .locator('input[name="timecard"]')
        .setInputFiles({ name, mimeType: 'image/png', buffer: PNG });
      await form.locator('button[type="submit"]').click();
      await toastShown(page, text.timecardSaved);
      const item = page.getByTestId('timecards').locator('li', { hasText: name });
      const file = await page.request.get((await item.locator('a').getAttribute('href'))!);
      expect(file.headers()['content-type']).toBe('image/png');
      await item.locator('button[type="submit"]').click();
      await toastShown(page, text.timecardDeleted);
      expect(await page.getByTestId('timecards').locator('li', { hasText: name }).count()).toBe(0);
      await context.close();
    });

    once(
      'merges a rider’s second account into the first (a confirmation naming the wrong rider is refused)',
      async () => {
        const keepEmail = uniqueEmail(`keep-${lang}`);
        const dropEmail = uniqueEmail(`drop-${lang}`);
        const keep = await createAccount(db, {
          role: 'rider',
          email: keepEmail,
          password: 'Password123',
          emailVerified: true,
          firstName: 'Merge',
          lastName: 'Keeper',
        });
        const drop = await createAccount(db, {
          role: 'rider',
          email: dropEmail,
          password: 'Password123',
          emailVerified: true,
          firstName: 'Merge',
          lastName: 'Dropped',
        });
        const { context, page } = await newPage(browser());
        await signIn(page, DEMO.admin, undefined, lang);
        await page.goto(`${p}/auth/admin/rider/${keep.profileId}`);
        const form = page.locator('form#rider-merge');
        await form.locator('input[name="otherEmail"]').fill(dropEmail);
        await form.locator('input[name="keep"][value="this"]').check();
        await form.locator('input[name="confirmation"]').fill(`DELETE ${keepEmail}`);
        await form.locator('button[type="submit"]').click();
        await form.locator('ul.field-error', { hasText: text.mergeWrong }).waitFor();
        expect(await form.locator('input[name="otherEmail"]').inputValue()).toBe(dropEmail);
        expect(
          db.$client.prepare('SELECT count(*) AS n FROM riders WHERE id = ?').get(drop.profileId),
        ).toEqual({ n: 1 });

        await form.locator('input[name="confirmation"]').fill(`DELETE ${dropEmail}`);
        await form.locator('button[type="submit"]').click();
        await toastShown(page, text.merged);
        expect(new URL(page.url()).pathname).toBe(`${p}/auth/admin/rider/${keep.profileId}`);
        expect(
          db.$client.prepare('SELECT count(*) AS n FROM riders WHERE id = ?').get(drop.profileId),
        ).toEqual({ n: 0 });
        expect(
          db.$client.prepare('SELECT count(*) AS n FROM users WHERE email = ?').get(dropEmail),
        ).toEqual({ n: 0 });
        await context.close();
      },
    );

    once(
      'uploads a series schedule: a file with a bad date adds nothing, a good one adds every event',
      async () => {
        const { id: seriesId } = db.$client
          .prepare("INSERT INTO series (name, country) VALUES (?, 'US') RETURNING id")
          .get(`Schedule upload ${lang}`) as { id: number };
        const { context, page } = await newPage(browser());
        try {
          await signIn(page, DEMO.admin, undefined, lang);
          await page.goto(`${p}/auth/admin/serie/${seriesId}`);
          const form = page.getByTestId('upload-events-form');
          const csv = (rows: string) => ({
            name: 'schedule.csv',
            mimeType: 'text/csv',
            buffer: Buffer.from(`Title,Date,Time,City,State\n${rows}`),
          });
          await form
            .locator('input[name="file"]')
            .setInputFiles(
              csv(
                `Opener ${lang},2030-03-06,9:00 am,Tucson,AZ\nFinal ${lang},03/04/2030,,Mesa,AZ\n`,
              ),
            );
          await form.locator('button[type="submit"]').click();
          await page.getByTestId('upload-events-refused').getByText(text.badDate).waitFor();
          expect(
            db.$client
              .prepare('SELECT count(*) AS n FROM events WHERE series_id = ?')
              .get(seriesId),
          ).toEqual({ n: 0 });

          await page
            .getByTestId('upload-events-form')
            .locator('input[name="file"]')
            .setInputFiles(
              csv(
                `Opener ${lang},2030-03-06,9:00 am,Tucson,AZ\nFinal ${lang},2030-04-03,,Mesa,AZ\n`,
              ),
            );
          await page.getByTestId('upload-events-form').locator('button[type="submit"]').click();
          await toastShown(page, text.eventsAdded);
          await page.getByRole('link', { name: `Final ${lang}` }).waitFor();
          expect(
            db.$client
              .prepare('SELECT count(*) AS n FROM events WHERE series_id = ?')
              .get(seriesId),
          ).toEqual({ n: 2 });
        } finally {
          // Leave the seeded season as it was for the other browser tests.
          db.$client.prepare('DELETE FROM events WHERE series_id = ?').run(seriesId);
          db.$client.prepare('DELETE FROM series WHERE id = ?').run(seriesId);
          await context.close();
        }
      },
    );
  });
}
