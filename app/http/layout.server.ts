/** Data for a role's dashboard layout, after the full guard chain. */
import { getDb } from '~/db.server';
import type { Role } from '~/lib/constants';
import { requireRole } from '~/services/auth/guard.server';
import { proxyHostName } from '~/services/auth/proxy.server';

export async function dashboardLoader(request: Request, role: Role) {
  const auth = await requireRole(request, role);
  return {
    user: {
      name: auth.profile.name,
      email: auth.user.email,
      image: auth.user.profileImage ? `/files/profile/${auth.user.id}` : null,
      impersonating: auth.proxyHost !== null,
      proxyHostName: auth.proxyHost ? proxyHostName(getDb(), auth.proxyHost) : null,
    },
  };
}
