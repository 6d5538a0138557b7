/**
 * The guard chain (docs/architecture.md), one function used by every /auth layout loader AND by every child
 * loader and action (a layout loader runs in parallel with its children and cannot protect them).
 *
 * Order: no session → /login; session without a user or a role profile → broken-session alert and
 * /api/logout; deactivated (not impersonating) → /api/logout; /auth/email-verify always allowed;
 * unverified (not impersonating) → /auth/email-verify; rider (not impersonating) with no bike or
 * an invalid bike → /auth/rider/profile?redirect=vin unless already there; an account that must
 * have a second factor and has none (not impersonating) → its /auth/{role}/security page; wrong
 * role → own home.
 */
import { redirect } from '@remix-run/node';
import { eq, sql } from 'drizzle-orm';
import { getDb, prepared, type DB } from '~/db.server';
import { admins, bikes, dealers, promoters, riders, type User } from '#db/schema';
import type { Role } from '~/lib/constants';
import { langFromPath, localizePath, stripLang } from '~/lib/lang';
import type { Actor } from '~/services/platform/audit.server';
import { noteRequestUser } from '~/services/platform/log.server';
import { oncePerRequest } from '~/services/platform/request-memo.server';
import { securityPath } from '~/lib/two-factor';
import { flashCookie, getSession } from '~/services/auth/session.server';
import { mustEnrol } from '~/services/auth/two-factor.server';

export type Profile =
  | { role: 'rider'; id: number; name: string }
  | { role: 'dealer'; id: number; name: string }
  | { role: 'promoter'; id: number; name: string }
  | { role: 'admin'; id: number; name: string };

export type Auth = {
  sessionId: string;
  user: User;
  proxyHost: User | null;
  profile: Profile;
  actor: Actor;
};

/** The role profile row of a user, or null when it is missing (a broken account). */
function profileFor(db: DB, user: User): Profile | null {
  const byUser = { userId: user.id };
  switch (user.role) {
    case 'rider': {
      const r = prepared(db, 'guard.rider', (c) =>
        c
          .select({ id: riders.id, firstName: riders.firstName, lastName: riders.lastName })
          .from(riders)
          .where(eq(riders.userId, sql.placeholder('userId')))
          .prepare(),
      ).get(byUser);
      return r ? { role: 'rider', id: r.id, name: `${r.firstName} ${r.lastName}` } : null;
    }
    case 'dealer': {
      const d = prepared(db, 'guard.dealer', (c) =>
        c
          .select({ id: dealers.id, name: dealers.name })
          .from(dealers)
          .where(eq(dealers.userId, sql.placeholder('userId')))
          .prepare(),
      ).get(byUser);
      return d ? { role: 'dealer', id: d.id, name: d.name } : null;
    }
    case 'promoter': {
      const p = prepared(db, 'guard.promoter', (c) =>
        c
          .select({ id: promoters.id, name: promoters.name })
          .from(promoters)
          .where(eq(promoters.userId, sql.placeholder('userId')))
          .prepare(),
      ).get(byUser);
      return p ? { role: 'promoter', id: p.id, name: p.name } : null;
    }
    case 'admin': {
      const a = prepared(db, 'guard.admin', (c) =>
        c
          .select({ id: admins.id, firstName: admins.firstName, lastName: admins.lastName })
          .from(admins)
          .where(eq(admins.userId, sql.placeholder('userId')))
          .prepare(),
      ).get(byUser);
      return a ? { role: 'admin', id: a.id, name: `${a.firstName} ${a.lastName}` } : null;
    }
    default:
      return null;
  }
}

type SignedIn = {
  session: Awaited<ReturnType<typeof getSession>>;
  profile: Profile | null;
};

/**
 * A read of the guard chain, done once per GET request (the root, layout and page loaders all
 * ask; see request-memo.server). A request with an action computes it each time: the action may
 * change what it reads (a name, a second factor, a session) before the loaders run.
 */
function reads<T>(request: Request, key: string, compute: () => T): T {
  const get = request.method === 'GET' || request.method === 'HEAD';
  return get ? oncePerRequest(`guard:${key}`, compute) : compute();
}

/** The request's session (its user and the admin impersonating, if any) and the role profile. */
export function signedIn(db: DB, request: Request): Promise<SignedIn> {
  return reads(request, `session:${request.headers.get('Cookie') ?? ''}`, async () => {
    const session = await getSession(db, request);
    return { session, profile: session?.user ? profileFor(db, session.user) : null };
  });
}

/** True when the rider has at least one bike and every bike is valid. */
export function riderBikesOk(db: DB, riderId: number): boolean {
  // Asked on every rider page: built once per connection.
  const rows = prepared(db, 'guard.riderBikes', (c) =>
    c
      .select({ valid: bikes.valid })
      .from(bikes)
      .where(eq(bikes.riderId, sql.placeholder('riderId')))
      .prepare(),
  ).all({ riderId });
  return rows.length > 0 && rows.every((b) => b.valid);
}

/** The pathname a request is really for (single-fetch `.data` suffix and `_data` removed). */
function pagePath(request: Request): string {
  const { pathname } = new URL(request.url);
  return pathname.endsWith('.data') ? pathname.slice(0, -'.data'.length) : pathname;
}

function loginRedirect(request: Request): never {
  const url = new URL(request.url);
  const path = pagePath(request);
  const lang = langFromPath(path);
  const back = `${path}${url.search}`;
  throw redirect(`${localizePath('/login', lang)}?redirectTo=${encodeURIComponent(back)}`);
}

async function logoutWith(message: string, request: Request): Promise<never> {
  const login = localizePath('/login', langFromPath(pagePath(request)));
  throw redirect(`/api/logout?redirectTo=${encodeURIComponent(login)}`, {
    headers: { 'Set-Cookie': await flashCookie({ kind: 'error', message }) },
  });
}

/** Home of a role, in a language. */
export function roleHome(role: Role, lang: 'en' | 'fr' = 'en') {
  return localizePath(`/auth/${role}`, lang);
}

/**
 * Signed-in user with every check of the chain except the role check. `allowUnverified` is for
 * /auth/email-verify itself.
 */
export async function requireUser(
  request: Request,
  opts: { allowUnverified?: boolean } = {},
): Promise<Auth> {
  const db = getDb();
  const { session: s, profile } = await signedIn(db, request);
  if (!s) return loginRedirect(request);
  if (!s.user) return logoutWith('auth:brokenSession', request);
  if (!profile) return logoutWith('auth:brokenSession', request);
  noteRequestUser(s.user, s.proxyHost); // request logs carry the user id and role
  const impersonating = s.proxyHost !== null;
  if (s.user.deactivated && !impersonating) return logoutWith('auth:deactivated', request);
  if (impersonating && (!s.proxyHost || s.proxyHost.role !== 'admin' || s.proxyHost.deactivated)) {
    return logoutWith('auth:brokenSession', request);
  }
  const path = pagePath(request);
  const lang = langFromPath(path);
  if (!opts.allowUnverified && !s.user.emailVerified && !impersonating) {
    throw redirect(localizePath('/auth/email-verify', lang));
  }
  // An account that must have a second factor sets one up before anything else (an admin who
  // proxies passed their own at sign-in: the proxied user's is not asked).
  if (!impersonating && reads(request, `enrol:${s.user.id}`, () => mustEnrol(db, s.user!))) {
    const security = securityPath(s.user.role, 'en');
    if (stripLang(path) !== security && !opts.allowUnverified) {
      if (isDataRequest(request)) throw new Response('Forbidden', { status: 403 });
      throw redirect(`${securityPath(s.user.role, lang)}?required=1`);
    }
  }
  return {
    sessionId: s.id,
    user: s.user,
    proxyHost: s.proxyHost,
    profile,
    actor: { userId: s.user.id, proxyHostUserId: s.proxyHost?.id ?? null },
  };
}

/** The full guard chain for a page or action under /auth/{role}. */
export async function requireRole<R extends Role>(
  request: Request,
  role: R,
): Promise<Auth & { profile: Extract<Profile, { role: R }> }> {
  const auth = await requireUser(request);
  const path = pagePath(request);
  const lang = langFromPath(path);
  const impersonating = auth.proxyHost !== null;
  if (
    auth.user.role === 'rider' &&
    !impersonating &&
    !reads(request, `bikes:${auth.profile.id}`, () => riderBikesOk(getDb(), auth.profile.id))
  ) {
    const onProfile = stripLang(path) === '/auth/rider/profile';
    if (!onProfile) throw redirect(`${localizePath('/auth/rider/profile', lang)}?redirect=vin`);
  }
  if (auth.user.role !== role) {
    // A data request for another role's route is refused outright; a page visit goes home.
    if (isDataRequest(request)) throw new Response('Forbidden', { status: 403 });
    throw redirect(roleHome(auth.user.role, lang));
  }
  return auth as Auth & { profile: Extract<Profile, { role: R }> };
}

/** True for fetch/XHR data requests (single fetch `.data`, legacy `_data`, JSON API calls). */
function isDataRequest(request: Request): boolean {
  const url = new URL(request.url);
  return url.pathname.endsWith('.data') || url.searchParams.has('_data');
}

/** For pages only anonymous users see (login, register): signed-in users go home. */
export async function redirectIfSignedIn(request: Request) {
  const db = getDb();
  const s = await getSession(db, request);
  if (s?.user && !s.user.deactivated) {
    throw redirect(roleHome(s.user.role, langFromPath(new URL(request.url).pathname)));
  }
}
