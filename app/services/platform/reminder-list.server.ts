/** The admin's list of reminders sent (what went to whom, when), newest first. Read-only. */
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Conn } from '~/db.server';
import { pageWindow } from '~/lib/pagination';
import { sentReminders } from '#db/schema';
import { contains } from '~/services/platform/like.server';
import type { ReminderKind } from '~/services/platform/reminder-due.server';
import { unplannedLimit } from '~/db.server';

export type SentReminderFilter = { kind?: ReminderKind; email?: string; page?: number };
export type SentReminderRow = typeof sentReminders.$inferSelect;

export function listSentReminders(conn: Conn, f: SentReminderFilter) {
  const conds: (SQL | undefined)[] = [
    f.kind ? eq(sentReminders.kind, f.kind) : undefined,
    f.email ? contains(sentReminders.recipientEmail, f.email) : undefined,
  ];
  const where = and(...conds);
  const total = conn.select({ n: count() }).from(sentReminders).where(where).get()?.n ?? 0;
  const { offset, limit, pagination } = pageWindow(total, f.page ?? 1);
  const rows = conn
    .select()
    .from(sentReminders)
    .where(where)
    .orderBy(desc(sentReminders.sentAt), desc(sentReminders.id))
    .limit(unplannedLimit(limit))
    .offset(offset)
    .all();
  return { rows, pagination };
}
