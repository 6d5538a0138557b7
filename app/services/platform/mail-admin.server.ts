/** The mail queue as the admin and the housekeeping see it: what is not delivered, what is old. */
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DB } from '~/db.server';
import { mailOutbox, type OutboxMail } from '#db/schema';
import { unplannedLimit } from '~/db.server';

const iso = (d: Date) => d.toISOString();

export type MailRow = Pick<
  OutboxMail,
  | 'id'
  | 'toAddress'
  | 'subject'
  | 'status'
  | 'attempts'
  | 'lastError'
  | 'nextAttemptAt'
  | 'createdAt'
>;

/** Mails not delivered yet (pending, being sent, failed), newest first, and how many were sent. */
export function undeliveredMails(db: DB, limit = 200): { rows: MailRow[]; sentCount: number } {
  const rows = db
    .select({
      id: mailOutbox.id,
      toAddress: mailOutbox.toAddress,
      subject: mailOutbox.subject,
      status: mailOutbox.status,
      attempts: mailOutbox.attempts,
      lastError: mailOutbox.lastError,
      nextAttemptAt: mailOutbox.nextAttemptAt,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .where(inArray(mailOutbox.status, ['pending', 'sending', 'failed']))
    .orderBy(sql`${mailOutbox.status} = 'failed' DESC`, sql`${mailOutbox.id} DESC`)
    .limit(unplannedLimit(limit))
    .all();
  const sentCount =
    db
      .select({ n: sql<number>`count(*)` })
      .from(mailOutbox)
      .where(eq(mailOutbox.status, 'sent'))
      .get()?.n ?? 0;
  return { rows, sentCount: Number(sentCount) };
}

/** Removes sent mails older than `days` (their codes are long expired); never an unsent one. */
export function purgeSentMails(db: DB, days = 30, now = new Date()): number {
  const before = iso(new Date(now.getTime() - days * 24 * 60 * 60 * 1000));
  return db
    .delete(mailOutbox)
    .where(and(eq(mailOutbox.status, 'sent'), lte(mailOutbox.sentAt, before)))
    .run().changes;
}
