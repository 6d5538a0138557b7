/** Accounts: creating users with their role profile, password changes, (de)activation. */
import { and, eq, isNull } from 'drizzle-orm';
import { writeTx, type Conn, type DB, type Tx } from '~/db.server';
import { admins, dealers, promoters, riders, users, type User } from '#db/schema';
import type { Role } from '~/lib/constants';
import { audit, type Actor } from '~/services/platform/audit.server';
import { hashPassword } from '~/services/auth/password.server';
import { endUserSessions } from '~/services/auth/session.server';

export type NewAccount = {
  role: Role;
  email: string;
  password: string;
  emailVerified?: boolean;
  firstName?: string;
  lastName?: string;
  name?: string; // dealer or promoter name
  dealerId?: number; // attach a login to an existing dealer
  promoterId?: number; // attach a login to an existing promoter
  rider?: Partial<typeof riders.$inferInsert>;
};

/** The dealer or promoter already has a login (one login each). */
export class HasLoginError extends Error {
  constructor() {
    super('admin:errors.hasLogin');
  }
}

export class DuplicateEmailError extends Error {
  constructor() {
    super('validation:emailTaken');
  }
}

/** The stored file name of a user's profile image, or null (none, or no such user). */
export function profileImageOf(db: DB, userId: number): string | null {
  return (
    db.select({ profileImage: users.profileImage }).from(users).where(eq(users.id, userId)).get()
      ?.profileImage ?? null
  );
}

/** True when an account already uses the address. */
export function emailTaken(db: DB, email: string): boolean {
  return !!db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
    .get();
}

/**
 * Creates a user and its role profile in one transaction; returns the user and profile id.
 * `alsoInTx` runs last in that transaction (what the creation causes: an audit line, its mail).
 */
export async function createAccount(
  db: DB,
  a: NewAccount,
  alsoInTx?: (tx: Tx, created: { user: User; profileId: number }) => void,
): Promise<{ user: User; profileId: number }> {
  const passwordHash = await hashPassword(a.password);
  const email = a.email.trim().toLowerCase();
  return writeTx(db, (tx) => {
    if (tx.select({ id: users.id }).from(users).where(eq(users.email, email)).get())
      throw new DuplicateEmailError();
    const user = tx
      .insert(users)
      .values({ email, passwordHash, role: a.role, emailVerified: a.emailVerified ?? false })
      .returning()
      .get();
    let profileId: number;
    switch (a.role) {
      case 'admin':
        profileId = tx
          .insert(admins)
          .values({
            userId: user.id,
            firstName: a.firstName ?? 'Admin',
            lastName: a.lastName ?? '',
          })
          .returning({ id: admins.id })
          .get().id;
        break;
      case 'rider':
        profileId = tx
          .insert(riders)
          .values({
            ...a.rider,
            userId: user.id,
            firstName: a.firstName ?? a.rider?.firstName ?? '',
            lastName: a.lastName ?? a.rider?.lastName ?? '',
          })
          .returning({ id: riders.id })
          .get().id;
        break;
      case 'dealer':
        if (a.dealerId) {
          const done = tx
            .update(dealers)
            .set({ userId: user.id })
            .where(and(eq(dealers.id, a.dealerId), isNull(dealers.userId)))
            .run();
          if (done.changes !== 1) throw new HasLoginError();
          profileId = a.dealerId;
        } else {
          profileId = tx
            .insert(dealers)
            .values({ userId: user.id, name: a.name ?? email, email })
            .returning({ id: dealers.id })
            .get().id;
        }
        break;
      case 'promoter':
        if (a.promoterId) {
          const done = tx
            .update(promoters)
            .set({ userId: user.id })
            .where(and(eq(promoters.id, a.promoterId), isNull(promoters.userId)))
            .run();
          if (done.changes !== 1) throw new HasLoginError();
          profileId = a.promoterId;
        } else {
          profileId = tx
            .insert(promoters)
            .values({ userId: user.id, name: a.name ?? email, email })
            .returning({ id: promoters.id })
            .get().id;
        }
        break;
    }
    alsoInTx?.(tx, { user, profileId });
    return { user, profileId };
  });
}

/** Sets a new password and ends every session of the user (except `keepSessionId`). */
export async function setPassword(
  db: DB,
  userId: number,
  password: string,
  actor: Actor,
  keepSessionId?: string,
) {
  const passwordHash = await hashPassword(password);
  db.update(users)
    .set({ passwordHash, updatedAt: new Date().toISOString() })
    .where(eq(users.id, userId))
    .run();
  endUserSessions(db, userId, keepSessionId);
  audit(db, actor, 'user.passwordChanged', { type: 'user', id: userId });
}

/**
 * Deactivates or reactivates an account; deactivation ends its sessions at once. A rider's
 * account goes through `setRiderActive` (admin-people), which also recomputes the rider's awards.
 */
export function setDeactivated(db: Conn, userId: number, deactivated: boolean, actor: Actor) {
  db.update(users)
    .set({ deactivated, updatedAt: new Date().toISOString() })
    .where(eq(users.id, userId))
    .run();
  if (deactivated) endUserSessions(db, userId);
  audit(db, actor, deactivated ? 'user.deactivated' : 'user.activated', {
    type: 'user',
    id: userId,
  });
}
