/** The audit log: who did what, with both identities while an admin impersonates. */
import { sql } from 'drizzle-orm';
import { prepared, type Conn } from '~/db.server';
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
  prepared(conn, 'audit.insert', (c) =>
    c
      .insert(auditLog)
      .values({
        actorUserId: sql.placeholder('actorUserId'),
        proxyHostUserId: sql.placeholder('proxyHostUserId'),
        action: sql.placeholder('action'),
        entityType: sql.placeholder('entityType'),
        entityId: sql.placeholder('entityId'),
        // A bare placeholder: drizzle would JSON-encode a null into the text 'null'.
        details: sql`${sql.placeholder('details')}`,
      })
      .prepare(),
  ).run({
    actorUserId: actor.userId,
    proxyHostUserId: actor.proxyHostUserId,
    action,
    entityType: entity?.type ?? null,
    entityId: entity?.id ?? null,
    details: details ? JSON.stringify(details) : null,
  });
}
