/**
 * Deadline reminders, the daily job's part (docs/rules.md "Reminders"): each due reminder
 * (`reminder-due.server`) is recorded in `sent_reminders` — unique per item, kind and threshold —
 * and mailed in the recipient's language. The row and the mails (the recipient's and the admins'
 * copies) are written in one transaction, so a reminder is recorded exactly when its mails are
 * queued; a second run (or a second process) finds the row and sends nothing. Delivery, with its
 * retries, is the mail queue's (`~/services/platform/mail.server`).
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { DB } from '~/db.server';
import { writeTx } from '~/db.server';
import { tFor } from '~/i18next.server';
import { REMINDER_DAYS } from '~/lib/constants';
import { formatDate, formatMoney } from '~/lib/format';
import type { Lang } from '~/lib/lang';
import { awards, sentReminders } from '#db/schema';
import { audit, SYSTEM_ACTOR, type Actor } from '~/services/platform/audit.server';
import { contactRecipients } from '~/services/platform/contact.server';
import { deliverQueued, queueMail, type Mail } from '~/services/platform/mail.server';
import { dueReminders, type DueReminder } from '~/services/platform/reminder-due.server';

export type ReminderRunResult = { sent: number; optedOut: number };

type Text = { subject: string; text: string };

async function mailText(r: DueReminder, lang: Lang, copy: boolean): Promise<Text> {
  const t = await tFor(lang);
  const f = r.facts;
  const values = {
    name: f.name,
    amount: f.cents !== undefined ? formatMoney(f.cents, f.currency ?? 'USD', lang) : '',
    title: f.title ?? t('reminders:mail.noEvent'),
    date: f.date ? formatDate(f.date, lang) : '',
    days: f.days ?? 0,
    count: f.days ?? 0,
    missing: (f.missing ?? []).map((m) => t(`reminders:missing.${m}`)).join(', '),
  };
  const key = `reminders:mail.${r.kind}`;
  const subject = t(`${key}.subject`, values);
  const text = t(`${key}.text`, values);
  if (!copy) return { subject, text };
  return {
    subject: t('reminders:mail.copy.subject', { subject }),
    text: t('reminders:mail.copy.text', { to: r.to.email, text }),
  };
}

/**
 * Claims a reminder (its row) and queues its mails in one transaction; null when it was already
 * sent (nothing queued), else the queued mails' ids.
 */
function claimAndQueue(
  db: DB,
  r: DueReminder,
  mails: Mail[],
  copiedTo: string | null,
  sentAt: string,
): number[] | null {
  const subject = mails[0]!.subject;
  return writeTx(db, (tx) => {
    // The 30-day notice is not sent when the award's expiry mail went out meanwhile (the button).
    if (r.kind === 'creditExpiring' && r.threshold === Math.max(...REMINDER_DAYS.creditExpiring)) {
      const award = tx
        .select({ at: awards.expiryMailSentAt })
        .from(awards)
        .where(eq(awards.id, r.itemId))
        .get();
      if (award?.at) return null;
    }
    const row = tx
      .insert(sentReminders)
      .values({
        kind: r.kind,
        itemId: r.itemId,
        threshold: r.threshold,
        recipientEmail: r.to.email,
        recipientUserId: r.to.userId,
        lang: r.to.lang,
        subject,
        copiedTo,
        sentAt,
      })
      .onConflictDoNothing()
      .returning({ id: sentReminders.id })
      .get();
    if (!row) return null;
    // A credit notice (30 days, or 7 when the rider turned the 30-day one off) is the rules'
    // expiry mail: the admin's button will not mail the award's expiry again. An earlier stamp
    // (the button's, or the 30-day notice's) is kept. The mails are queued in this transaction,
    // so a stamp never stands for a mail that was not queued.
    if (r.kind === 'creditExpiring') {
      tx.update(awards)
        .set({ expiryMailSentAt: sentAt })
        .where(and(eq(awards.id, r.itemId), isNull(awards.expiryMailSentAt)))
        .run();
    }
    return mails.map((m) => queueMail(tx, m));
  });
}

/**
 * Sends every reminder due at `now` that has not been sent before. Safe to run any number of
 * times a day, and from two processes at once: the unique row decides who sends.
 */
/** Reminders handled between two turns of the event loop. */
const REMINDERS_PER_TURN = 25;

export async function sendDueReminders(
  db: DB,
  now: Date,
  actor: Actor = SYSTEM_ACTOR,
): Promise<ReminderRunResult> {
  const result: ReminderRunResult = { sent: 0, optedOut: 0 };
  const sentAt = now.toISOString();
  const admins = contactRecipients(db);
  let handled = 0;
  for (const r of dueReminders(db, now)) {
    // Let requests in between: a large program's first run queues thousands of reminders, and
    // these awaits alone never give the event loop a turn (it held requests for 2.7 s once).
    if (++handled % REMINDERS_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
    if (r.optional && r.optedOut) {
      result.optedOut += 1;
      continue;
    }
    const copies = r.copyAdmins ? admins.filter((a) => a.email !== r.to.email) : [];
    const mails: Mail[] = [
      { to: r.to.email, ...(await mailText(r, r.to.lang, false)), lang: r.to.lang },
    ];
    for (const a of copies)
      mails.push({ to: a.email, ...(await mailText(r, a.lang, true)), lang: a.lang });
    const ids = claimAndQueue(
      db,
      r,
      mails,
      copies.length ? copies.map((a) => a.email).join(', ') : null,
      sentAt,
    );
    if (ids === null) continue;
    result.sent += 1;
    await deliverQueued(db, ids);
  }
  if (result.sent > 0) audit(db, actor, 'reminders.send', undefined, { ...result, at: sentAt });
  return result;
}
