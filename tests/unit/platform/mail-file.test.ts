/**
 * Without SMTP_URL every mail becomes a JSON file in MAIL_OUTBOX (developers and the browser
 * tests read them): written before `sendMail` returns, with the text and HTML parts; when the
 * file cannot be written the mail stays queued for a retry instead of being lost.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mailOutbox } from '#db/schema';
import { env } from '~/env.server';
import { deliverDue, sendMail } from '~/services/platform/mail.server';
import { testDb } from '../helpers/db';

describe('file outbox (no SMTP_URL)', () => {
  it('the JSON file is there when sendMail returns; the queued row is marked sent', async () => {
    expect(env().SMTP_URL).toBeUndefined();
    const db = testDb();
    // An address of this test alone: other files' mails may land in the same outbox meanwhile.
    const to = `file-${Date.now()}@example.test`;
    await sendMail(db, { to, subject: 'Sujet', text: 'Bonjour', lang: 'fr' });
    const files = fs
      .readdirSync(env().MAIL_OUTBOX)
      .filter((f) => f.endsWith('.json') && f.includes(to));
    expect(files).toHaveLength(1);
    const mail = JSON.parse(fs.readFileSync(`${env().MAIL_OUTBOX}/${files[0]}`, 'utf8')) as Record<
      string,
      string
    >;
    expect(mail).toMatchObject({
      to,
      subject: 'Sujet',
      text: 'Bonjour',
      lang: 'fr',
    });
    expect(mail.html).toContain('<html lang="fr">');
    expect(db.select().from(mailOutbox).get()).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('an unwritable outbox: the mail stays queued and goes out once the folder is fixed', async () => {
    const db = testDb();
    const dir = env().MAIL_OUTBOX;
    fs.rmSync(dir, { recursive: true, force: true });
    fs.writeFileSync(dir, 'not a folder');
    try {
      await sendMail(db, { to: 'later@example.test', subject: 'Later', text: 'x' });
      expect(db.select().from(mailOutbox).get()).toMatchObject({ status: 'pending', attempts: 1 });
    } finally {
      fs.rmSync(dir, { force: true });
    }
    await deliverDue(db, { now: () => new Date(Date.now() + 60 * 60 * 1000) });
    expect(db.select().from(mailOutbox).get()).toMatchObject({ status: 'sent', attempts: 2 });
    expect(fs.readdirSync(dir).some((f) => f.includes('later@example.test'))).toBe(true);
  });
});
