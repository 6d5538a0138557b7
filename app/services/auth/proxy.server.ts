/**
 * Impersonation (proxy): an admin acts as a rider, dealer or promoter. The session keeps the
 * admin as proxy host; every start and stop is written to the audit log.
 */
import { eq } from 'drizzle-orm';
import type { DB } from '~/db.server';
import { admins, dealers, promoters, riders, users, type User } from '#db/schema';
import { audit } from '~/services/platform/audit.server';
import type { Auth } from '~/services/auth/guard.server';
import { switchSessionUser } from '~/services/auth/session.server';

export type ProxyRole = 'rider' | 'dealer' | 'promoter';

/** The admin behind a session: the proxy host while impersonating, else the user if an admin. */
export function sessionAdmin(auth: Pick<Auth, 'user' | 'proxyHost'>): User | null {
  if (auth.proxyHost) return auth.proxyHost.role === 'admin' ? auth.proxyHost : null;
  return auth.user.role === 'admin' ? auth.user : null;
}

/** The name an impersonating admin is shown by: their admin profile's, else their e-mail. */
export function proxyHostName(db: DB, host: User): string {
  const a = db.select().from(admins).where(eq(admins.userId, host.id)).get();
  return a ? `${a.firstName} ${a.lastName}` : host.email;
}

/** The login account and display name of a rider, dealer or promoter, or null. */
export function proxyTarget(
  db: DB,
  role: ProxyRole,
  id: number,
): { user: User; name: string } | null {
  const row =
    role === 'rider'
      ? db
          .select({ userId: riders.userId, name: riders.firstName, last: riders.lastName })
          .from(riders)
          .where(eq(riders.id, id))
          .get()
      : role === 'dealer'
        ? db
            .select({ userId: dealers.userId, name: dealers.name })
            .from(dealers)
            .where(eq(dealers.id, id))
            .get()
        : db
            .select({ userId: promoters.userId, name: promoters.name })
            .from(promoters)
            .where(eq(promoters.id, id))
            .get();
  if (!row?.userId) return null;
  const user = db.select().from(users).where(eq(users.id, row.userId)).get();
  if (!user || user.role !== role) return null;
  const name = 'last' in row && row.last ? `${row.name} ${row.last}` : row.name;
  return { user, name };
}

/** Starts impersonating `target` in the admin's session. */
export function startProxy(
  db: DB,
  sessionId: string,
  admin: User,
  role: ProxyRole,
  targetId: number,
  target: User,
) {
  switchSessionUser(db, sessionId, target.id, admin.id);
  audit(db, { userId: target.id, proxyHostUserId: admin.id }, 'proxy.start', {
    type: role,
    id: targetId,
  });
}

/** Ends impersonation: the session is the admin's own again. */
export function stopProxy(db: DB, sessionId: string, admin: User, impersonated: User) {
  switchSessionUser(db, sessionId, admin.id, null);
  audit(db, { userId: admin.id, proxyHostUserId: null }, 'proxy.stop', {
    type: impersonated.role,
    id: impersonated.id,
  });
}
