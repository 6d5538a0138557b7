/**
 * Deadline reminders, in a browser, in English and French: `npm run jobs:daily` run twice sends
 * each reminder once (a rider's dealer credit expiring in 5 days, in the rider's language); the
 * admin sees what went to whom on the reminders page (in English, and in French for its words);
 * a rider turns the early reminders off on their profile (without JavaScript) and the runs send
 * only the last warning. The riders are made first and the job runs twice for all of them: each
 * run is a process of its own, seconds each.
 */
import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeDb } from './db-write';
import {
  databasePath,
  DEMO,
  signIn,
  mailsTo,
  newPage,
  outboxDir,
  prefix,
  submitDocument,
  uniqueEmail,
  useBrowser,
} from './helpers';

const getBrowser = useBrowser();
const DAY = 86_400_000;

const TEXT = {
  en: {
    subject: 'Your dealer credit expires on',
    kind: 'Dealer credit expiring',
    when: '7 days before',
    title: 'Reminders sent',
    off: 'Early reminders are off',
    label: 'Send me the early reminders too',
  },
  fr: {
    subject: 'Votre crédit concessionnaire expire le',
    kind: 'Crédit concessionnaire qui expire',
    when: '7 jours avant',
    title: 'Rappels envoyés',
    off: 'Les rappels anticipés sont désactivés',
    label: 'M’envoyer aussi les rappels anticipés',
  },
} as const;

/** A rider (in `lang`) with dealer-credit awards expiring in `days` days each; returns the e-mail. */
function riderWithCredit(lang: 'en' | 'fr', days: number[]): string {
  const email = uniqueEmail(`remind-${lang}`);
  writeDb((db) => {
    const user = db
      .prepare(
        "insert into users (email, password_hash, role, email_verified, lang) values (?, ?, 'rider', 1, ?) returning id",
      )
      .get(email, 'x', lang) as { id: number };
    const rider = db
      .prepare(
        "insert into riders (user_id, first_name, last_name, level, country) values (?, 'Remi', 'Nder', 'amateur', 'US') returning id",
      )
      .get(user.id) as { id: number };
    for (const d of days) {
      const award = db
        .prepare(
          `insert into awards (rider_id, type, payout_type, currency, initial_cents, current_cents, status, expires_at)
             values (?, 'credit', 'dealerCredit', 'USD', 4200, 4200, 'current', ?) returning id`,
        )
        .get(rider.id, new Date(Date.now() + d * DAY).toISOString()) as { id: number };
      db.prepare(
        "insert into ledger_entries (rider_id, balance, kind, amount_cents, currency, award_id, note) values (?, 'credit', 'award', 4200, 'USD', ?, 'e2e: reminder')",
      ).run(rider.id, award.id);
    }
  });
  return email;
}

function runDailyJobs(): string {
  // The script `npm run jobs:daily` runs, through tsx's loader (npx's own start doubled its time).
  return execFileSync(process.execPath, ['--import', 'tsx', 'scripts/jobs-daily.ts'], {
    env: { ...process.env, DATABASE_PATH: databasePath(), MAIL_OUTBOX: outboxDir(), SMTP_URL: '' },
    encoding: 'utf8',
  });
}

/** The riders of this file, made before the two runs of the job. */
const riders = { en: '', fr: '', optedOut: '' };
let firstRun = '';

beforeAll(() => {
  riders.en = riderWithCredit('en', [5]);
  riders.fr = riderWithCredit('fr', [5]);
  // The preference as stored decides: a rider who said no gets the 7-day warning, not the 30-day one.
  riders.optedOut = riderWithCredit('en', [20, 5]);
  writeDb((db) =>
    db
      .prepare(
        'update riders set reminder_mails = 0 where user_id = (select id from users where email = ?)',
      )
      .run(riders.optedOut),
  );
  firstRun = runDailyJobs();
  runDailyJobs();
});

describe.each(['en', 'fr'] as const)('deadline reminders (%s)', (lang) => {
  const t = TEXT[lang];

  it('the daily job run twice sends each reminder once, and the admin sees it', async () => {
    const email = riders[lang];
    expect(firstRun).toMatch(/Reminders: [1-9]\d* sent/);
    const mails = mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(t.subject);
    expect(mails[0]!.text).toContain(lang === 'fr' ? '42,00' : '$42.00');

    const { context, page } = await newPage(getBrowser());
    await signIn(page, DEMO.admin, undefined, lang);
    await page.goto(`${prefix(lang)}/auth/admin/reminders?email=${encodeURIComponent(email)}`);
    await page.getByRole('heading', { name: t.title }).waitFor();
    const table = page.getByTestId('sent-reminders');
    await expect(table.getByRole('row').count()).resolves.toBe(2); // header + one reminder
    const row = table.getByRole('row').nth(1);
    await expect(row.textContent()).resolves.toContain(t.kind);
    await expect(row.textContent()).resolves.toContain(t.when);
    await expect(row.textContent()).resolves.toContain(email);
    if (lang === 'en') {
      // The API answers the same rows in every language: asked once.
      const api = await context.request.get(
        `/api/admin/reminders?email=${encodeURIComponent(email)}`,
      );
      const json = (await api.json()) as {
        rows: { kind: string; threshold: number; recipientEmail: string }[];
      };
      expect(json.rows).toEqual([
        expect.objectContaining({ kind: 'creditExpiring', threshold: 7, recipientEmail: email }),
      ]);
    }
    await context.close();
  });
});

describe('deadline reminders (en, no JavaScript)', () => {
  it('a rider turns early reminders off; only the last warning goes', async () => {
    const t = TEXT.en;
    const { context, page } = await newPage(getBrowser(), { javaScript: false });
    await signIn(page, DEMO.rider);
    await page.goto('/auth/rider/profile');
    const section = page.getByTestId('section-reminders');
    const box = section.getByLabel(t.label);
    if (await box.isChecked()) await box.uncheck();
    await submitDocument(page, section.getByRole('button'));
    await expect(page.getByTestId('reminders-current').textContent()).resolves.toContain(t.off);
    // Back on for the other tests of the suite.
    await page.getByTestId('section-reminders').getByLabel(t.label).check();
    await submitDocument(page, page.getByTestId('section-reminders').getByRole('button'));
    await expect(page.getByTestId('reminders-current').textContent()).resolves.not.toContain(t.off);
    await context.close();

    // The rider who said no (stored before the two runs) got the 7-day warning only.
    const mails = mailsTo(riders.optedOut);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(t.subject);
  });
});
