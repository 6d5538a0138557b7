/** The admins' list of invitations to a login, and the live one of a dealer or promoter. */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { type DB, unplannedLimit } from '~/db.server';
import { dealers, invitations, promoters, users } from '#db/schema';

/** Where an invitation stands; `expired` is a sent one past its date. */
export type InvitationState = 'held' | 'sent' | 'used' | 'expired' | 'cancelled' | 'refused';

export type InvitationRow = {
  id: number;
  email: string;
  role: 'admin' | 'dealer' | 'promoter';
  /** The dealer or promoter the login is for, or the admin's names. */
  forName: string | null;
  dealerId: number | null;
  promoterId: number | null;
  state: InvitationState;
  invitedBy: string | null;
  createdAt: string;
  sentAt: string | null;
  expiresAt: string | null;
  usedAt: string | null;
};

const stateOf = (status: InvitationState, expiresAt: string | null, now: Date): InvitationState =>
  status === 'sent' && expiresAt !== null && expiresAt < now.toISOString() ? 'expired' : status;

/** The newest invitations first (at most `limit`). */
export function listInvitations(db: DB, now = new Date(), limit = 200): InvitationRow[] {
  const i = invitations;
  const rows = db
    .select({
      id: i.id,
      email: i.email,
      role: i.role,
      forName: sql<
        string | null
      >`coalesce(${dealers.name}, ${promoters.name}, ${i.firstName} || ' ' || ${i.lastName})`,
      dealerId: i.dealerId,
      promoterId: i.promoterId,
      status: i.status,
      invitedBy: users.email,
      createdAt: i.createdAt,
      sentAt: i.sentAt,
      expiresAt: i.expiresAt,
      usedAt: i.usedAt,
    })
    .from(i)
    .leftJoin(dealers, eq(dealers.id, i.dealerId))
    .leftJoin(promoters, eq(promoters.id, i.promoterId))
    .leftJoin(users, eq(users.id, i.invitedByUserId))
    .orderBy(desc(i.createdAt), desc(i.id))
    .limit(unplannedLimit(limit))
    .all();
  return rows.map(({ status, ...r }) => ({ ...r, state: stateOf(status, r.expiresAt, now) }));
}

/** The invitation waiting on a dealer's or promoter's login (held or sent, expired too), if any. */
export function liveInvitationOf(
  db: DB,
  role: 'dealer' | 'promoter',
  profileId: number,
  now = new Date(),
): { id: number; email: string; state: InvitationState; expiresAt: string | null } | null {
  const column = role === 'dealer' ? invitations.dealerId : invitations.promoterId;
  const row = db
    .select({
      id: invitations.id,
      email: invitations.email,
      status: invitations.status,
      expiresAt: invitations.expiresAt,
    })
    .from(invitations)
    .where(and(eq(column, profileId), inArray(invitations.status, ['held', 'sent'])))
    .orderBy(desc(invitations.id))
    .get();
  if (!row) return null;
  return { ...row, state: stateOf(row.status, row.expiresAt, now) };
}
