/** Who may manage an event: an admin, or the promoter of the event or of its series. */
import { eq } from 'drizzle-orm';
import type { Conn } from '~/db.server';
import { events, series } from '#db/schema';
import type { Profile } from '~/services/auth/guard.server';

/** An event's promoter and its series' promoter (null when the event does not exist). */
export function eventPromoters(
  conn: Conn,
  eventId: number,
): { promoterId: number | null; seriesPromoterId: number | null } | null {
  const row = conn
    .select({ promoterId: events.promoterId, seriesPromoterId: series.promoterId })
    .from(events)
    .leftJoin(series, eq(series.id, events.seriesId))
    .where(eq(events.id, eventId))
    .get();
  return row ?? null;
}

/** Whether a signed-in profile may see and change an event: an admin, or the event's own promoter. */
export function eventAccess(
  conn: Conn,
  eventId: number,
  profile: Profile,
): 'ok' | 'notFound' | 'forbidden' {
  const row = eventPromoters(conn, eventId);
  if (!row) return 'notFound';
  if (profile.role === 'admin') return 'ok';
  if (
    profile.role === 'promoter' &&
    (row.promoterId === profile.id || row.seriesPromoterId === profile.id)
  )
    return 'ok';
  return 'forbidden';
}

/** An event's title, or null when the event does not exist. */
export function eventTitle(conn: Conn, eventId: number): string | null {
  const row = conn.select({ title: events.title }).from(events).where(eq(events.id, eventId)).get();
  return row?.title ?? null;
}
