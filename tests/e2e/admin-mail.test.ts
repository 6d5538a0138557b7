/**
 * The admin's mail page: mails not delivered yet are listed with their error, in English (with
 * JavaScript) and French (without), linked from the sidebar; "Retry now" sends a failed mail,
 * which then reaches the outbox and leaves the list.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import {
  databasePath,
  DEMO,
  login,
  mailsTo,
  newPage,
  uniqueEmail,
  useBrowser,
  waitForMail,
} from './helpers';

const getBrowser = useBrowser();

/** A mail that failed for good (as the worker leaves it after its last retry). */
function failedMail(to: string, subject: string) {
  const db = new Database(databasePath());
  db.pragma('busy_timeout = 5000');
  db.prepare(
    `INSERT INTO mail_outbox (to_address, subject, text, html, lang, status, attempts, last_error)
     VALUES (?, ?, 'Body of the mail', '<p>Body of the mail</p>', 'en', 'failed', 10, '451 Try again later')`,
  ).run(to, subject);
  db.close();
}

describe('admin mail delivery page', () => {
  for (const lang of ['en', 'fr'] as const) {
    const javaScript = lang === 'en';
    it(`lists a failed mail and retries it (${lang}, ${javaScript ? 'JavaScript on' : 'no JavaScript'})`, async () => {
      const to = uniqueEmail(`mail-${lang}`);
      const subject = `Stuck ${lang} ${Date.now()}`;
      failedMail(to, subject);
      const { context, page } = await newPage(getBrowser(), { javaScript });
      try {
        await login(page, DEMO.admin, undefined, lang);
        const p = lang === 'fr' ? '/fr' : '';
        await page.goto(`${p}/auth/admin`);
        await page
          .getByRole('link', { name: lang === 'fr' ? 'Envoi des courriels' : 'Mail delivery' })
          .first()
          .click();
        await page.waitForURL(`**${p}/auth/admin/mail`);
        const row = page.getByTestId('mail-table').locator('tr', { hasText: subject });
        await expect(row.textContent()).resolves.toContain(lang === 'fr' ? 'Échec' : 'Failed');
        await expect(row.textContent()).resolves.toContain('451 Try again later');
        expect(mailsTo(to)).toHaveLength(0);
        await row
          .getByRole('button', { name: lang === 'fr' ? 'Réessayer maintenant' : 'Retry now' })
          .click();
        await page.waitForLoadState('load');
        const mail = await waitForMail(to);
        expect(mail.subject).toBe(subject);
        await page.goto(`${p}/auth/admin/mail`);
        expect(await page.getByText(subject).count()).toBe(0);
      } finally {
        await context.close();
      }
    });
  }
});
