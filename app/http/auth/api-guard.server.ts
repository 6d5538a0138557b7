/**
 * The guard chain for /api JSON routes (the pages' chain is services/auth/guard.server): the same
 * rules, answered with 401/403/404 JSON instead of a redirect (an API caller follows no page).
 */
import { getDb } from '~/db.server';
import type { Role } from '~/lib/constants';
import { jsonAnswer } from '~/http/kept-answer.server';
import { signedIn, type Auth } from '~/services/auth/guard.server';
import { mustEnrol } from '~/services/auth/two-factor.server';
import { noteRequestUser } from '~/services/platform/log.server';

/**
 * For /api/... JSON routes: the signed-in user, with 401 when none and 403 when the role is not
 * allowed (no redirects for API callers).
 */
export async function requireApiRole(
  request: Request,
  roles: readonly Role[],
  opts: { allowEnrolment?: boolean } = {},
): Promise<Auth> {
  const db = getDb();
  const { session: s, profile } = await signedIn(db, request);
  if (!s?.user) throw jsonAnswer({ error: 'Unauthorized' }, { status: 401 });
  if (!profile) throw jsonAnswer({ error: 'Unauthorized' }, { status: 401 });
  noteRequestUser(s.user, s.proxyHost);
  if (s.user.deactivated && !s.proxyHost) {
    throw jsonAnswer(
      { error: 'Your account has been deactivated, please contact support.' },
      { status: 403 },
    );
  }
  if (!s.user.emailVerified && !s.proxyHost) {
    throw jsonAnswer({ error: 'Email not verified' }, { status: 403 });
  }
  if (!opts.allowEnrolment && !s.proxyHost && mustEnrol(db, s.user)) {
    throw jsonAnswer({ error: 'twofactor:errors.required' }, { status: 403 });
  }
  if (!roles.includes(s.user.role)) throw jsonAnswer({ error: 'Forbidden' }, { status: 403 });
  return {
    sessionId: s.id,
    user: s.user,
    proxyHost: s.proxyHost,
    profile,
    actor: { userId: s.user.id, proxyHostUserId: s.proxyHost?.id ?? null },
  };
}

/** The `{role}` path segment of a shared API call must be the caller's own role. */
export async function requireApiRoleSegment(
  request: Request,
  segment: string | undefined,
  roles: readonly Role[],
) {
  if (!segment || !roles.includes(segment as Role))
    throw jsonAnswer({ error: 'Not found' }, { status: 404 });
  const auth = await requireApiRole(request, roles);
  if (auth.user.role !== segment) throw jsonAnswer({ error: 'Forbidden' }, { status: 403 });
  return auth;
}
