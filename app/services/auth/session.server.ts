/**
 * Server-side sessions (docs/rules.md): the cookie holds only a signed random id; the row in
 * `sessions` says who the user is and, while an admin impersonates, who the admin is.
 * Logout, deactivation and a password change delete rows, which ends sessions at once.
 *
 * The table never holds the cookie's token: a row's id is the SHA-256 of it (ASVS 3.2.x / 2.10:
 * a copy of the database cannot be replayed as sessions). Everywhere in the code "session id"
 * means that stored hash.
 */
import { LRUCache } from 'lru-cache';
import { createHash, randomBytes } from 'node:crypto';
import { createCookie, createCookieSessionStorage } from '@remix-run/node';
import { eq, lt, or, sql } from 'drizzle-orm';
import { prepared, type Conn, type DB } from '~/db.server';
import { sessions, users, type User } from '#db/schema';
import { env, sessionSecret } from '~/env.server';
import { perfOn } from '~/perf.server';

const SESSION_DAYS = 30;

let cookie: ReturnType<typeof createCookie> | undefined;
function sessionCookie() {
  cookie ??= createCookie('cc_session', {
    httpOnly: true,
    sameSite: 'lax',
    secure: env().SECURE_COOKIES,
    path: '/',
    secrets: [sessionSecret()],
    maxAge: SESSION_DAYS * 24 * 60 * 60,
  });
  return cookie;
}

/**
 * Creates a session row; returns the Set-Cookie header value. `verified`: the session is opened
 * by a full sign-in, which counts as a fresh proof of its owner (step-up.server).
 */
export async function createSession(
  db: DB,
  userId: number,
  proxyHostUserId: number | null = null,
  opts: { verified?: boolean } = {},
): Promise<{ id: string; setCookie: string }> {
  const token = randomBytes(24).toString('base64url');
  const id = hashSessionToken(token);
  const now = Date.now();
  const expiresAt = new Date(now + SESSION_DAYS * 86_400_000).toISOString();
  const verifiedAt = opts.verified ? new Date(now).toISOString() : null;
  db.insert(sessions).values({ id, userId, proxyHostUserId, expiresAt, verifiedAt }).run();
  return { id, setCookie: await sessionCookie().serialize(token) };
}

/** The stored form of a session token (the cookie's value): its SHA-256, hex. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Cookie headers already checked, with the session id each gave: a signed-in browser sends the
 * same header on every request, and checking its signature (an HMAC) and hashing the token give
 * the same answer every time for a given secret. Only what the signature check let through or
 * refused is kept; whether the session still exists is read from the table on every request.
 */
// What a cookie header's signature check gave: a session id, or '' for a refused cookie.
const checkedCookies = new LRUCache<string, string>({ max: 1_000 });

/** The session id (the hash of the cookie's token, signature checked), or null. */
export async function sessionIdFrom(request: Request): Promise<string | null> {
  const header = request.headers.get('Cookie');
  if (!header) return null;
  const known = perfOn('small-memos') ? checkedCookies.get(header) : undefined;
  if (known !== undefined) return known || null;
  const value = (await sessionCookie().parse(header)) as unknown;
  const id = typeof value === 'string' && value.length > 0 ? hashSessionToken(value) : null;
  checkedCookies.set(header, id ?? '');
  return id;
}

/**
 * The live session of a request, or null. `user` is null when the row points to a user that is
 * gone (a broken session: the guard logs it out with the spec's alert).
 */
export async function getSession(
  db: DB,
  request: Request,
): Promise<{ id: string; user: User | null; proxyHost: User | null } | null> {
  const id = await sessionIdFrom(request);
  if (!id) return null;
  const q = sessionQueries(db);
  const row = q.session.get({ id });
  if (!row) return null;
  if (row.expiresAt < new Date().toISOString()) {
    db.delete(sessions).where(eq(sessions.id, id)).run();
    return null;
  }
  const user = q.user.get({ id: row.userId }) ?? null;
  const proxyHost = row.proxyHostUserId ? (q.user.get({ id: row.proxyHostUserId }) ?? null) : null;
  return { id, user, proxyHost };
}

/** The two reads every signed-in request makes, prepared once per connection. */
function sessionQueries(db: DB) {
  return {
    session: prepared(db, 'session.byId', (c) =>
      c
        .select()
        .from(sessions)
        .where(eq(sessions.id, sql.placeholder('id')))
        .prepare(),
    ),
    user: prepared(db, 'session.user', (c) =>
      c
        .select()
        .from(users)
        .where(eq(users.id, sql.placeholder('id')))
        .prepare(),
    ),
  };
}

/** Points an existing session at another user (impersonation start/stop). */
export function switchSessionUser(
  db: DB,
  sessionId: string,
  userId: number,
  proxyHostUserId: number | null,
) {
  db.update(sessions).set({ userId, proxyHostUserId }).where(eq(sessions.id, sessionId)).run();
}

/** Deletes one session row (by its stored id). */
export function endSession(db: Conn, id: string) {
  db.delete(sessions).where(eq(sessions.id, id)).run();
}

/** Deletes the request's session; returns the Set-Cookie that clears the cookie. */
export async function destroySession(db: DB, request: Request): Promise<string> {
  const id = await sessionIdFrom(request);
  if (id) endSession(db, id);
  return sessionCookie().serialize('', { maxAge: 0, expires: new Date(0) });
}

/** Ends every session of a user, including admin sessions impersonating as them or by them. */
export function endUserSessions(db: Conn, userId: number, exceptSessionId?: string) {
  const rows = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(or(eq(sessions.userId, userId), eq(sessions.proxyHostUserId, userId)))
    .all();
  for (const r of rows) {
    if (r.id !== exceptSessionId) db.delete(sessions).where(eq(sessions.id, r.id)).run();
  }
}

/** Removes expired sessions (the daily housekeeping); returns how many. */
export function purgeExpiredSessions(db: DB, now = new Date()): number {
  return db.delete(sessions).where(lt(sessions.expiresAt, now.toISOString())).run().changes;
}

// ---------------------------------------------------------------- flash messages

export type Flash = {
  kind: 'success' | 'error' | 'info';
  message: string;
  values?: Record<string, string>;
};

type FlashStore = ReturnType<
  typeof createCookieSessionStorage<Record<string, never>, { flash: Flash }>
>;
let flashStorage: FlashStore | undefined;
function flashSessions() {
  flashStorage ??= createCookieSessionStorage<Record<string, never>, { flash: Flash }>({
    cookie: {
      name: 'cc_flash',
      httpOnly: true,
      sameSite: 'lax',
      secure: env().SECURE_COOKIES,
      path: '/',
      secrets: [sessionSecret()],
    },
  });
  return flashStorage;
}

/** Set-Cookie value carrying a one-time message (an i18n key) to the next page. */
export async function flashCookie(flash: Flash): Promise<string> {
  const s = await flashSessions().getSession();
  s.flash('flash', flash);
  return flashSessions().commitSession(s);
}

/** Reads (and consumes) the flash message of a request. */
export async function readFlash(
  request: Request,
): Promise<{ flash: Flash | null; setCookie: string | null }> {
  const s = await flashSessions().getSession(request.headers.get('Cookie'));
  const flash = (s.get('flash') as Flash | undefined) ?? null;
  if (!flash) return { flash: null, setCookie: null };
  return { flash, setCookie: await flashSessions().commitSession(s) };
}
