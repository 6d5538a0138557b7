/** Data for a role's dashboard layout, after the full guard chain. */
import { eq } from 'drizzle-orm';
import { getDb } from '~/db.server';
import { admins } from '#db/schema';
import type { Role } from '~/lib/constants';
import { requireRole } from '~/services/auth/guard.server';

export async function dashboardLoader(request: Request, role: Role) {
  const auth = await requireRole(request, role);
  let proxyHostName: string | null = null;
  if (auth.proxyHost) {
    const a = getDb().select().from(admins).where(eq(admins.userId, auth.proxyHost.id)).get();
    proxyHostName = a ? `${a.firstName} ${a.lastName}` : auth.proxyHost.email;
  }
  return {
    user: {
      name: auth.profile.name,
      email: auth.user.email,
      image: auth.user.profileImage ? `/files/profile/${auth.user.id}` : null,
      impersonating: auth.proxyHost !== null,
      proxyHostName,
    },
  };
}
