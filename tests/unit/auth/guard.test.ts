/** The guard chain, rule by rule, against real sessions in a migrated database. */
import { beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '#db/migrate';
import { bikes, users } from '#db/schema';
import { getDb } from '~/db.server';
import { env } from '~/env.server';
import { loader as adminChildLoader } from '~/routes/($lang).auth.admin.summary';
import { loader as adminLayoutLoader } from '~/routes/($lang).auth.admin';
import { requireRole, requireUser, signedIn } from '~/services/auth/guard.server';
import { requireApiRole } from '~/http/auth/api-guard.server';
import { requestContext } from '~/services/platform/log.server';
import { createSession, endUserSessions } from '~/services/auth/session.server';
import { createAccount } from '~/services/people/users.server';

const PASSWORD = 'Password123';
const ids: Record<string, { userId: number; profileId: number; cookie: string }> = {};

async function account(
  key: string,
  role: 'admin' | 'rider' | 'dealer',
  opts: { verified?: boolean; bike?: boolean | 'invalid' } = {},
) {
  const db = getDb();
  const { user, profileId } = await createAccount(db, {
    role,
    email: `${key}@guard.test`,
    password: PASSWORD,
    emailVerified: opts.verified ?? true,
    firstName: key,
    lastName: 'Test',
  });
  if (role === 'rider' && opts.bike) {
    db.insert(bikes)
      .values({
        riderId: profileId,
        vin: `VBKSXF45XRM${String(user.id).padStart(6, '0')}`,
        valid: opts.bike === true,
      })
      .run();
  }
  const { setCookie } = await createSession(db, user.id);
  ids[key] = { userId: user.id, profileId, cookie: setCookie.split(';')[0] };
}

function req(path: string, key?: string) {
  return new Request(`http://localhost${path}`, {
    headers: key ? { Cookie: ids[key].cookie } : {},
  });
}

/** The Response a guard throws (redirect or error), or null when it let the request through. */
async function thrown(fn: () => Promise<unknown>): Promise<Response | null> {
  try {
    await fn();
    return null;
  } catch (e) {
    if (e instanceof Response) return e;
    throw e;
  }
}

beforeAll(async () => {
  await migrateDatabase(env().DATABASE_PATH);
  await account('admin', 'admin');
  await account('rider', 'rider', { bike: true });
  await account('unverified', 'rider', { verified: false, bike: true });
  await account('nobike', 'rider');
  await account('badbike', 'rider', { bike: 'invalid' });
  await account('dealer', 'dealer');
  await account('deactivated', 'rider', { bike: true });
  getDb()
    .update(users)
    .set({ deactivated: true })
    .where((await import('drizzle-orm')).eq(users.id, ids.deactivated.userId))
    .run();
});

describe('guard chain', () => {
  it('no signed-in user: an /auth visit goes to /login with redirectTo', async () => {
    const r = await thrown(() => requireRole(req('/fr/auth/admin/riders?page=2'), 'admin'));
    expect(r?.status).toBe(302);
    expect(r?.headers.get('Location')).toBe(
      '/fr/login?redirectTo=%2Ffr%2Fauth%2Fadmin%2Friders%3Fpage%3D2',
    );
  });

  it('a session whose user has no role profile gets the broken-session alert and /api/logout', async () => {
    const db = getDb();
    const broken = db
      .insert(users)
      .values({ email: 'broken@guard.test', passwordHash: 'x', role: 'rider', emailVerified: true })
      .returning()
      .get();
    const { setCookie } = await createSession(db, broken.id);
    const r = await thrown(() =>
      requireRole(
        new Request('http://localhost/auth/rider', {
          headers: { Cookie: setCookie.split(';')[0] },
        }),
        'rider',
      ),
    );
    expect(r?.headers.get('Location')).toBe('/api/logout?redirectTo=%2Flogin');
    expect(r?.headers.get('Set-Cookie')).toContain('cc_flash=');
  });

  it('a deactivated user goes to /api/logout', async () => {
    const r = await thrown(() => requireRole(req('/auth/rider', 'deactivated'), 'rider'));
    expect(r?.headers.get('Location')).toBe('/api/logout?redirectTo=%2Flogin');
  });

  it('an unverified user goes to /auth/email-verify, which itself is always allowed', async () => {
    const r = await thrown(() => requireRole(req('/fr/auth/rider', 'unverified'), 'rider'));
    expect(r?.headers.get('Location')).toBe('/fr/auth/email-verify');
    const ok = await requireUser(req('/auth/email-verify', 'unverified'), {
      allowUnverified: true,
    });
    expect(ok.user.email).toBe('unverified@guard.test');
  });

  it('a rider with no bike, or an invalid bike, goes to the profile with redirect=vin, except on the profile', async () => {
    for (const key of ['nobike', 'badbike']) {
      const r = await thrown(() => requireRole(req('/auth/rider/earnings', key), 'rider'));
      expect(r?.headers.get('Location')).toBe('/auth/rider/profile?redirect=vin');
      const onProfile = await requireRole(req('/auth/rider/profile?redirect=vin', key), 'rider');
      expect(onProfile.profile.role).toBe('rider');
    }
  });

  it('a user may only visit their own area: elsewhere they are sent home', async () => {
    const r = await thrown(() => requireRole(req('/fr/auth/admin/summary', 'rider'), 'admin'));
    expect(r?.headers.get('Location')).toBe('/fr/auth/rider');
    const ok = await requireRole(req('/auth/rider', 'rider'), 'rider');
    expect(ok.profile.id).toBe(ids.rider.profileId);
  });

  it("a child route's data cannot be fetched by the wrong role (single fetch .data and _data)", async () => {
    for (const path of [
      '/auth/admin/summary.data',
      '/auth/admin/summary?_data=routes%2F(%24lang).auth.admin.summary',
    ]) {
      const args = { request: req(path, 'dealer'), params: {}, context: {} };
      const child = await thrown(() => adminChildLoader(args));
      expect(child?.status).toBe(403);
      const layout = await thrown(() => adminLayoutLoader(args));
      expect(layout?.status).toBe(403);
    }
    const admin = await adminChildLoader({
      request: req('/auth/admin/summary.data', 'admin'),
      params: {},
      context: {},
    });
    expect(admin).not.toBeInstanceOf(Response);
  });

  it('API callers get 401 without a session and 403 for the wrong role', async () => {
    const none = await thrown(() => requireApiRole(req('/api/admin/x'), ['admin']));
    expect(none?.status).toBe(401);
    const wrong = await thrown(() => requireApiRole(req('/api/admin/x', 'rider'), ['admin']));
    expect(wrong?.status).toBe(403);
  });

  it('ending sessions (logout, deactivation, password change) locks the cookie out at once', async () => {
    const db = getDb();
    const { setCookie } = await createSession(db, ids.dealer.userId);
    const cookie = setCookie.split(';')[0];
    const request = () =>
      new Request('http://localhost/auth/dealer', { headers: { Cookie: cookie } });
    expect((await requireRole(request(), 'dealer')).user.id).toBe(ids.dealer.userId);
    endUserSessions(db, ids.dealer.userId);
    const r = await thrown(() => requireRole(request(), 'dealer'));
    expect(r?.headers.get('Location')).toMatch(/^\/login/);
  });

  it('the loaders of one GET request share one session read; each request, and any POST, reads afresh', async () => {
    const db = getDb();
    const { setCookie } = await createSession(db, ids.admin.userId);
    const cookie = setCookie.split(';')[0];
    const get = () => new Request('http://localhost/auth/admin', { headers: { Cookie: cookie } });
    const post = () =>
      new Request('http://localhost/auth/admin', { method: 'POST', headers: { Cookie: cookie } });
    const inRequest = <T>(fn: () => Promise<T>) => requestContext().run({ id: 'r' }, fn);
    // One GET: the layout and the page ask in parallel and get the very same read.
    const [layout, page] = await inRequest(() =>
      Promise.all([signedIn(db, get()), signedIn(db, get())]),
    );
    expect(layout).toBe(page);
    expect(layout.profile?.role).toBe('admin');
    // A POST's action may change what the guard reads: never shared.
    const [a, b] = await inRequest(() => Promise.all([signedIn(db, post()), signedIn(db, post())]));
    expect(a).not.toBe(b);
    // The next request sees a session ended meanwhile (the cookie's signature check is kept, the
    // session row is read again).
    endUserSessions(db, ids.admin.userId);
    const after = await inRequest(() => signedIn(db, get()));
    expect(after.session).toBeNull();
    const r = await thrown(() => inRequest(() => requireRole(get(), 'admin')));
    expect(r?.headers.get('Location')).toMatch(/^\/login/);
    const again = await createSession(db, ids.admin.userId);
    ids.admin.cookie = again.setCookie.split(';')[0];
  });
});
