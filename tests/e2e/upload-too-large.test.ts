/**
 * A promoter uploads a results file that is too large: they read "file too large" in their
 * language, never a connection error page. Two sizes: over the 10 MB file limit (the event page
 * answers it) and over the 40 MB body limit (the server answers before the app, then reads and drops
 * the rest of the body so the browser gets the page); and no file at all, refused next to the field
 * the same way. Two variants: English with JavaScript on (the page refuses before sending) and
 * French with JavaScript off (the server's answers, in French).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enEvents from '#locales/en/events.json';
import frEvents from '#locales/fr/events.json';
import enSecurity from '#locales/en/security.json';
import frSecurity from '#locales/fr/security.json';
import { openDb, type DB } from '~/db.server';
import { createAccount } from '~/services/people/users.server';
import { databasePath, login, newPage, prefix, settled, uniqueEmail, useBrowser } from './helpers';

const browser = useBrowser();
const MB = 1024 * 1024;

let db: DB;
let dir: string;
const files: Record<'over10' | 'over40', string> = { over10: '', over40: '' };

/** A results CSV of about `mb` MB (valid rows, so only its size is wrong). */
function bigCsv(name: string, mb: number): string {
  const file = path.join(dir, name);
  const row = 'Casey Racer,450 A,1,1234\n';
  const fd = fs.openSync(file, 'w');
  fs.writeSync(fd, 'Name,Class,Place,AMA\n');
  const block = row.repeat(Math.ceil(MB / row.length));
  for (let i = 0; i < mb; i++) fs.writeSync(fd, block);
  fs.closeSync(fd);
  return file;
}

beforeAll(() => {
  db = openDb(databasePath());
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-too-large-'));
  files.over10 = bigCsv('results-12mb.csv', 12);
  files.over40 = bigCsv('results-41mb.csv', 41);
});
afterAll(() => {
  db.$client.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A promoter with one past event (one class) to upload results to. */
async function promoterWithEvent(tag: string) {
  const email = uniqueEmail(`too-large-${tag}`);
  const acct = await createAccount(db, {
    role: 'promoter',
    email,
    password: 'Password123',
    emailVerified: true,
    firstName: 'Big',
    lastName: 'File',
    name: `Big File Racing ${tag}`,
  });
  const ev = db.$client
    .prepare(
      "INSERT INTO events (title, date, promoter_id) VALUES (?, date('now', '-3 days'), ?) RETURNING id",
    )
    .get(`Big File Day ${tag}`, acct.profileId) as { id: number };
  db.$client
    .prepare(
      "INSERT INTO event_classes (event_id, name, payout_type) VALUES (?, '450 A', 'dealerCredit')",
    )
    .run(ev.id);
  return { email, eventId: ev.id };
}

async function chooseAndSend(page: Page, file: string) {
  await page.locator('input[name="shape"][value="upload-all-class-result"]').check();
  await page.locator('#results-file').setInputFiles(file);
  await page.locator('[data-testid="results-upload-form"] button[type="submit"]').click();
}

const VARIANTS = [
  { lang: 'en', javaScript: true },
  { lang: 'fr', javaScript: false },
] as const;

for (const { lang, javaScript } of VARIANTS) {
  {
    const p = prefix(lang);
    const fileTooLarge = (lang === 'fr' ? frEvents : enEvents).upload.tooLarge;
    const fileRequired = (lang === 'fr' ? frEvents : enEvents).upload.fileRequired;
    const bodyTooLarge = (lang === 'fr' ? frSecurity : enSecurity).tooLarge.replace(
      '{{limit}}',
      '40 MB',
    );

    describe(`an oversized results file (${lang}, JavaScript ${javaScript ? 'on' : 'off'})`, () => {
      it('over 10 MB and over 40 MB: the promoter reads "too large" in their language', async () => {
        const tag = `${lang}-${javaScript ? 'js' : 'nojs'}`;
        const { email, eventId } = await promoterWithEvent(tag);
        const { context, page } = await newPage(browser(), { javaScript });
        try {
          await login(page, email, 'Password123', lang);
          for (const size of ['over10', 'over40'] as const) {
            await page.goto(`${p}/auth/promoter/event/${eventId}`);
            await settled(page);
            await chooseAndSend(page, files[size]);
            if (javaScript || size === 'over10') {
              // The event page itself says so next to the file field (with JavaScript, before
              // anything is sent).
              const form = page.getByTestId('results-upload-form');
              await form.getByText(fileTooLarge).waitFor({ timeout: 30_000 });
              expect(new URL(page.url()).pathname).toBe(`${p}/auth/promoter/event/${eventId}`);
            } else {
              // The server's own page, in the page's language, instead of a reset connection.
              await page.getByText(bodyTooLarge).waitFor({ timeout: 30_000 });
              await expect(page.locator('html').getAttribute('lang')).resolves.toBe(lang);
            }
          }
          // No file at all: the same place says so in the page's language (not only the
          // browser's bubble), the field marked invalid and described by the message.
          await page.goto(`${p}/auth/promoter/event/${eventId}`);
          await settled(page);
          await page.locator('input[name="shape"][value="upload-all-class-result"]').check();
          await page.locator('[data-testid="results-upload-form"] button[type="submit"]').click();
          const form = page.getByTestId('results-upload-form');
          await form.getByText(fileRequired).waitFor();
          await expect(page.locator('#results-file').getAttribute('aria-invalid')).resolves.toBe(
            'true',
          );
          await expect(
            page.locator('#results-file').getAttribute('aria-describedby'),
          ).resolves.toBe('results-file-error');
        } finally {
          await context.close();
        }
      });
    });
  }
}
