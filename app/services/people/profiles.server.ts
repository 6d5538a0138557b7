/** The admin's and the promoter's own profiles (their role rows). */
import { eq } from 'drizzle-orm';
import type { DB } from '~/db.server';
import { admins, promoters } from '#db/schema';
import { audit, type Actor } from '~/services/platform/audit.server';

export function getAdmin(db: DB, adminId: number) {
  return db.select().from(admins).where(eq(admins.id, adminId)).get() ?? null;
}

export function updateAdmin(
  db: DB,
  adminId: number,
  v: { firstName: string; lastName: string; phone?: string | null },
  actor: Actor,
) {
  db.update(admins)
    .set({ firstName: v.firstName, lastName: v.lastName, phone: v.phone ?? null })
    .where(eq(admins.id, adminId))
    .run();
  audit(db, actor, 'admin.update', { type: 'admin', id: adminId });
  return getAdmin(db, adminId);
}

export function getPromoterProfile(db: DB, promoterId: number) {
  return db.select().from(promoters).where(eq(promoters.id, promoterId)).get() ?? null;
}

export function updatePromoterProfile(
  db: DB,
  promoterId: number,
  v: { name: string; phone?: string | null; email?: string | null },
  actor: Actor,
) {
  db.update(promoters)
    .set({ name: v.name, phone: v.phone ?? null, email: v.email ?? null })
    .where(eq(promoters.id, promoterId))
    .run();
  audit(db, actor, 'promoter.update', { type: 'promoter', id: promoterId });
  return getPromoterProfile(db, promoterId);
}
