/** The audit log: who did what, with both identities while an admin impersonates. */
import type { Conn } from '~/db.server';
import { auditLog } from '#db/schema';

/** Who is acting: the effective user and, while impersonating, the admin behind them. */
export type Actor = { userId: number | null; proxyHostUserId: number | null };
export const SYSTEM_ACTOR: Actor = { userId: null, proxyHostUserId: null };

/** Appends one audit row. */
export function audit(
  conn: Conn,
  actor: Actor,
  action: string,
  entity?: { type: string; id: number | null },
  details?: Record<string, unknown>,
) {
  conn
    .insert(auditLog)
    .values({
      actorUserId: actor.userId,
      proxyHostUserId: actor.proxyHostUserId,
      action,
      entityType: entity?.type ?? null,
      entityId: entity?.id ?? null,
      details: details ?? null,
    })
    .run();
}
