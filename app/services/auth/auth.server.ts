/**
 * Sign-in with e-mail and password through remix-auth-form. remix-auth v4 does not store the
 * user: the login action creates our server-side session itself.
 */
import { eq } from 'drizzle-orm';
import { Authenticator } from 'remix-auth';
import { FormStrategy } from 'remix-auth-form';
import { getDb } from '~/db.server';
import { users, type User } from '#db/schema';
import { verifyUserPassword } from '~/services/auth/password.server';
import { rateLimitHit, rateLimitReset } from '~/services/auth/rate-limit.server';

/** Thrown by the strategy; `key` is an i18n key in the `auth` namespace. */
export class AuthError extends Error {
  constructor(public key: 'invalidCredentials' | 'deactivated' | 'tooManyAttempts') {
    super(key);
  }
}

export const LOGIN_LIMIT = { attempts: 10, windowSeconds: 15 * 60 };

/** Checks e-mail and password; returns the user or throws an AuthError. */
export async function verifyLogin(email: string, password: string): Promise<User> {
  const db = getDb();
  const normalized = email.trim().toLowerCase();
  if (!rateLimitHit(db, `login:${normalized}`, LOGIN_LIMIT.attempts, LOGIN_LIMIT.windowSeconds)) {
    throw new AuthError('tooManyAttempts');
  }
  const user = db.select().from(users).where(eq(users.email, normalized)).get();
  const ok = await verifyUserPassword(db, user, password);
  if (!user || !ok) throw new AuthError('invalidCredentials');
  if (user.deactivated) throw new AuthError('deactivated');
  rateLimitReset(db, `login:${normalized}`);
  return user;
}

export const authenticator = new Authenticator<User>();
authenticator.use(
  new FormStrategy(async ({ form }) => {
    const email = form.get('email');
    const password = form.get('password');
    if (typeof email !== 'string' || typeof password !== 'string') {
      throw new AuthError('invalidCredentials');
    }
    return verifyLogin(email, password);
  }),
  'form',
);
