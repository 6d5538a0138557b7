/**
 * A promoter's new event is a proposal until an admin approves its eligibility (docs/rules.md
 * "Promoters' events"): the admin home lists the proposals, an admin approves or refuses one with
 * a reason, and the promoter is mailed the decision in their language. Results are accepted only
 * for an approved event.
 */
import { and, asc, eq } from 'drizzle-orm';
import { writeTx, type Conn, type DB } from '~/db.server';
import { events, promoters, users } from '#db/schema';
import { tForEach } from '~/i18next.server';
import { localizePath } from '~/lib/lang';
import { absoluteUrl } from '~/env.server';
import { audit, type Actor } from '~/services/platform/audit.server';
import { deliverQueued, queueMail } from '~/services/platform/mail.server';
import type { EventApproval } from '~/services/events/management/manager-event-lists.server';

export type { EventApproval };

/** An event's approval state, or null when it does not exist. */
export function eventApproval(conn: Conn, eventId: number): EventApproval | null {
  const row = conn
    .select({ approval: events.approval })
    .from(events)
    .where(eq(events.id, eventId))
    .get();
  return row?.approval ?? null;
}

/** The events waiting for an admin's decision, soonest first. */
export function proposedEvents(conn: Conn) {
  return conn
    .select({
      id: events.id,
      title: events.title,
      date: events.date,
      promoterName: promoters.name,
    })
    .from(events)
    .leftJoin(promoters, eq(promoters.id, events.promoterId))
    .where(eq(events.approval, 'proposed'))
    .orderBy(asc(events.date), asc(events.id))
    .all();
}

export type EventDecision = { approve: true } | { approve: false; reason: string };

/**
 * Approves or refuses a proposed event; the promoter's mail is queued in the same transaction and
 * delivered after it. An event already decided is left as it is ('notProposed').
 */
export async function decideEvent(
  db: DB,
  eventId: number,
  decision: EventDecision,
  actor: Actor,
  now: Date = new Date(),
): Promise<'ok' | 'notFound' | 'notProposed'> {
  const ts = await tForEach();
  const queued: number[] = [];
  const out = writeTx(db, (tx) => {
    const e = tx
      .select({ title: events.title, approval: events.approval, promoterId: events.promoterId })
      .from(events)
      .where(eq(events.id, eventId))
      .get();
    if (!e) return 'notFound' as const;
    if (e.approval !== 'proposed') return 'notProposed' as const;
    const approval = decision.approve ? 'approved' : 'refused';
    const reason = decision.approve ? null : decision.reason;
    tx.update(events)
      .set({ approval, approvalReason: reason, approvalDecidedAt: now.toISOString() })
      .where(and(eq(events.id, eventId), eq(events.approval, 'proposed')))
      .run();
    audit(tx, actor, `event.${approval}`, { type: 'event', id: eventId }, { reason });
    const to = e.promoterId
      ? tx
          .select({ email: users.email, lang: users.lang })
          .from(promoters)
          .innerJoin(users, eq(users.id, promoters.userId))
          .where(eq(promoters.id, e.promoterId))
          .get()
      : undefined;
    if (to) {
      const t = ts[to.lang];
      const values = {
        event: e.title,
        reason: reason ?? '',
        link: absoluteUrl(localizePath(`/auth/promoter/event/${eventId}`, to.lang)),
      };
      queued.push(
        queueMail(tx, {
          to: to.email,
          lang: to.lang,
          subject: t(`events:approval.mail.${approval}.subject`, values),
          text: t(`events:approval.mail.${approval}.text`, values),
        }),
      );
    }
    return 'ok' as const;
  });
  await deliverQueued(db, queued);
  return out;
}
