/**
 * A dealer counter paused for too many wrong PINs across riders (pin-lockout): the admins are
 * mailed when the pause starts (in the redemption's transaction), and the admin home lists the
 * recent pauses from the audit log.
 */
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { TFunction } from 'i18next';
import type { DB, Tx } from '~/db.server';
import { auditLog, dealers, users } from '#db/schema';
import { DEALER_PIN_WINDOW_MINUTES } from '~/lib/constants';
import { formatDate, formatTime } from '~/lib/format';
import { localizePath, type Lang } from '~/lib/lang';
import { absoluteUrl } from '~/env.server';
import type { Actor } from '~/services/platform/audit.server';
import { queueMail } from '~/services/platform/mail.server';
import { unplannedLimit } from '~/db.server';

/** Queues the "counter paused" mail to every active admin; returns the mail ids. */
export function queueDealerPausedMail(
  tx: Tx,
  ts: Record<Lang, TFunction>,
  input: { dealerId: number; actor: Actor; until: Date },
): number[] {
  const dealer = tx
    .select({ name: dealers.name })
    .from(dealers)
    .where(eq(dealers.id, input.dealerId))
    .get();
  const login = input.actor.userId
    ? tx.select({ email: users.email }).from(users).where(eq(users.id, input.actor.userId)).get()
    : undefined;
  const admins = tx
    .select({ email: users.email, lang: users.lang })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.deactivated, false)))
    .all();
  return admins.map((a) => {
    const t = ts[a.lang];
    return queueMail(tx, {
      to: a.email,
      lang: a.lang,
      subject: t('pinSafety:mail.subject'),
      text: t('pinSafety:mail.text', {
        dealer: dealer?.name ?? `#${input.dealerId}`,
        login: login?.email ?? '—',
        count: 10,
        minutes: DEALER_PIN_WINDOW_MINUTES,
        until: `${formatDate(input.until, a.lang)} ${formatTime(input.until, a.lang)}`,
        link: absoluteUrl(localizePath(`/auth/admin/dealer/${input.dealerId}`, a.lang)),
      }),
    });
  });
}

export type PausedCounter = { dealerId: number; name: string; at: string };

/** The counters paused in the last 24 hours, newest first (the admin home). */
export function recentDealerPauses(db: DB, now = new Date()): PausedCounter[] {
  const since = new Date(now.getTime() - 24 * 3600 * 1000).toISOString();
  // The action written out, not bound: SQLite uses the partial index on these audit rows only when
  // the query names the same literal.
  return db
    .select({
      dealerId: sql<number>`${auditLog.entityId}`,
      name: sql<string>`coalesce(${dealers.name}, '')`,
      at: auditLog.createdAt,
    })
    .from(auditLog)
    .leftJoin(dealers, eq(dealers.id, auditLog.entityId))
    .where(and(sql`${auditLog.action} = 'redemption.dealerPaused'`, gte(auditLog.createdAt, since)))
    .orderBy(desc(auditLog.createdAt))
    .limit(unplannedLimit(20))
    .all();
}
