/**
 * Sign-in with e-mail and password through remix-auth-form. remix-auth v4 does not store the
 * user: the login action creates our server-side session itself.
 */
import { eq } from 'drizzle-orm';
import { Authenticator } from 'remix-auth';
import { FormStrategy } from 'remix-auth-form';
import { getDb } from '~/db.server';
import { users, type User } from '#db/schema';
import { HashQueueFull, verifyUserPassword } from '~/services/auth/password.server';
import {
  isKnownDevice,
  releaseSignIn,
  reserveSignIn,
  signInSucceeded,
} from '~/services/auth/login-throttle.server';
import { holdForSecondFactor, openSession } from '~/services/auth/second-step.server';
import { destroySession } from '~/services/auth/session.server';
import { hasTotp } from '~/services/auth/totp.server';
import { hasSecondFactor, secondFactorRequired } from '~/services/auth/two-factor.server';

/** Thrown by the strategy; `key` is an i18n key in the `auth` namespace. */
class AuthError extends Error {
  constructor(
    public key: 'invalidCredentials' | 'deactivated' | 'tooManyAttempts' | 'passwordLocked',
  ) {
    super(key);
  }
}

/** Checks e-mail and password; returns the user or throws an AuthError (throttling: signIn). */
export async function verifyLogin(email: string, password: string): Promise<User> {
  const db = getDb();
  const normalized = email.trim().toLowerCase();
  const user = db.select().from(users).where(eq(users.email, normalized)).get();
  const ok = await verifyUserPassword(db, user, password);
  if (!user || !ok) throw new AuthError('invalidCredentials');
  if (user.deactivated) throw new AuthError('deactivated');
  // Held the published demo password on a real install: only a reset by e-mail opens it again.
  if (user.passwordLocked) throw new AuthError('passwordLocked');
  return user;
}

export type SignInOutcome =
  /** `secondStep`: the password passed, the account's code must follow (no session yet). */
  | { ok: true; user: User; setCookies: string[]; secondStep?: boolean }
  | { ok: false; key: string; status: 400 | 429 | 503; retryAfter?: number };

/**
 * A sign-in through the throttle (login-throttle.server): refused at once while this client or
 * this account must wait (unless this browser signed in to the account before); the attempt counts
 * against both before the password is checked, and a right password gives it back; success opens
 * a session and remembers the browser for the account, or, when the account has TOTP on, holds
 * the sign-in for its code (second-step.server). With the hashing line full: 503, nothing counted.
 */
export async function signIn(
  request: Request,
  email: string,
  clientAddress: string,
): Promise<SignInOutcome> {
  const db = getDb();
  const keys = { email, address: clientAddress, knownDevice: await isKnownDevice(request, email) };
  const reserved = reserveSignIn(db, keys);
  if (!reserved.ok) {
    return { ok: false, key: 'security:signInWait', status: 429, retryAfter: reserved.wait };
  }
  const { reservation } = reserved;
  try {
    const user = await authenticator.authenticate('form', request);
    signInSucceeded(db, reservation);
    // The session this browser had before (another account's, or a stolen cookie's) ends here.
    await destroySession(db, request);
    if (hasTotp(db, user.id)) {
      return {
        ok: true,
        user,
        setCookies: [await holdForSecondFactor(db, user.id)],
        secondStep: true,
      };
    }
    // An account that must have a second factor and has only passkeys: the password alone
    // would be one factor, so it signs in with its passkey (or has an admin reset it).
    if (secondFactorRequired(user) && hasSecondFactor(db, user.id)) {
      return { ok: false, key: 'twofactor:step.usePasskey', status: 400 };
    }
    return { ok: true, user, setCookies: await openSession(db, request, user) };
  } catch (error) {
    if (error instanceof HashQueueFull) {
      releaseSignIn(db, reservation);
      return { ok: false, key: 'security:busy', status: 503, retryAfter: error.retryAfter };
    }
    if (!(error instanceof AuthError)) throw error;
    // A wrong password stays counted; other refusals were never counted as failures.
    if (error.key !== 'invalidCredentials') releaseSignIn(db, reservation);
    return { ok: false, key: `auth:${error.key}`, status: 400 };
  }
}

const authenticator = new Authenticator<User>();
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
