/**
 * Passkeys (WebAuthn) through @simplewebauthn/server: register one or more from the account page,
 * sign in with one instead of a password, remove one. User verification is required (the
 * device's PIN or biometrics), so a passkey is two factors on its own, admins included.
 *
 * The relying party is PUBLIC_URL's host and origin; on a local trial without PUBLIC_URL, the
 * request's own (see `passkey-route.server`).
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { and, eq } from 'drizzle-orm';
import { writeTx, type Conn, type DB } from '~/db.server';
import { passkeys, users, type User } from '#db/schema';
import { audit, type Actor } from '~/services/platform/audit.server';
import { securityChange, type ClientInfo } from '~/services/auth/security-events.server';

export type RelyingParty = { id: string; origin: string };
const RP_NAME = 'contingency cash';

export type PasskeyRow = { id: string; createdAt: string; lastUsedAt: string | null };

export function listPasskeys(db: Conn, userId: number): PasskeyRow[] {
  return db
    .select({ id: passkeys.id, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(passkeys.createdAt)
    .all();
}

const parseTransports = (t: string | null): AuthenticatorTransport[] =>
  t ? (JSON.parse(t) as AuthenticatorTransport[]) : [];

/** The options the browser's `navigator.credentials.create` takes (a discoverable credential). */
export async function registrationOptions(db: Conn, rp: RelyingParty, user: User) {
  const existing = db
    .select({ id: passkeys.id, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, user.id))
    .all();
  return generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.id,
    userName: user.email,
    userID: new TextEncoder().encode(`user-${user.id}`),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({
      id: p.id,
      transports: parseTransports(p.transports),
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
}

/** Checks the browser's answer to a registration challenge and stores the passkey. */
export async function registerPasskey(
  db: DB,
  rp: RelyingParty,
  userId: number,
  expectedChallenge: string,
  response: RegistrationResponseJSON,
  actor: Actor,
  client: ClientInfo = {},
): Promise<boolean> {
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
  } catch {
    return false;
  }
  if (!verified.verified) return false;
  const { credential } = verified.registrationInfo;
  const user = db.select().from(users).where(eq(users.id, userId)).get();
  if (!user) return false;
  await securityChange(db, user, 'passkeyAdded', client, (tx) => {
    tx.insert(passkeys)
      .values({
        id: credential.id,
        userId,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports ? JSON.stringify(credential.transports) : null,
      })
      .onConflictDoNothing()
      .run();
    audit(tx, actor, 'passkey.add', { type: 'user', id: userId });
  });
  return true;
}

/** The options of a sign-in: any passkey of this site (the browser offers the user's). */
export function authenticationOptions(rp: RelyingParty) {
  return generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required' });
}

/** The account a credential id belongs to (the throttle keys a passkey attempt on it), or null. */
export function passkeyUser(db: Conn, credentialId: string): User | null {
  const row = db
    .select({ user: users })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .where(eq(passkeys.id, credentialId))
    .get();
  return row?.user ?? null;
}

/**
 * Checks a passkey assertion against the stored key: the signature counter is stored (a cloned
 * authenticator going backwards is refused by the library). Returns the key's owner id, or null.
 */
async function checkAssertion(
  db: DB,
  rp: RelyingParty,
  expectedChallenge: string,
  response: AuthenticationResponseJSON,
  onlyUserId?: number,
): Promise<number | null> {
  const key = db.select().from(passkeys).where(eq(passkeys.id, response.id)).get();
  if (!key || (onlyUserId !== undefined && key.userId !== onlyUserId)) return null;
  let result;
  try {
    result = await verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      credential: {
        id: key.id,
        publicKey: new Uint8Array(Buffer.from(key.publicKey, 'base64url')),
        counter: key.counter,
        transports: parseTransports(key.transports),
      },
    });
  } catch {
    return null;
  }
  if (!result.verified) return null;
  db.update(passkeys)
    .set({ counter: result.authenticationInfo.newCounter, lastUsedAt: new Date().toISOString() })
    .where(eq(passkeys.id, key.id))
    .run();
  return key.userId;
}

/**
 * Checks a passkey sign-in; returns the user it signs in (active accounts only), or null. The
 * sign-in is written to the audit log, like the password's second factor events.
 */
export async function verifyPasskeySignIn(
  db: DB,
  rp: RelyingParty,
  expectedChallenge: string,
  response: AuthenticationResponseJSON,
): Promise<User | null> {
  const userId = await checkAssertion(db, rp, expectedChallenge, response);
  if (userId === null) return null;
  return writeTx(db, (tx) => {
    const user = tx.select().from(users).where(eq(users.id, userId)).get();
    if (!user || user.deactivated) return null;
    audit(tx, { userId: user.id, proxyHostUserId: null }, 'passkey.signIn', {
      type: 'user',
      id: user.id,
    });
    return user;
  });
}

/** The options of a step-up: one of this account's own passkeys. */
export function stepUpOptions(db: Conn, rp: RelyingParty, userId: number) {
  const own = db
    .select({ id: passkeys.id, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .all();
  return generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'required',
    allowCredentials: own.map((p) => ({ id: p.id, transports: parseTransports(p.transports) })),
  });
}

/** A step-up by passkey: true when the assertion is good and the passkey is `userId`'s own. */
export async function verifyPasskeyStepUp(
  db: DB,
  rp: RelyingParty,
  userId: number,
  expectedChallenge: string,
  response: AuthenticationResponseJSON,
): Promise<boolean> {
  return (await checkAssertion(db, rp, expectedChallenge, response, userId)) === userId;
}

/** Removes one of the user's own passkeys; false when it is not theirs. The owner is mailed. */
export async function removePasskey(
  db: DB,
  userId: number,
  passkeyId: string,
  actor: Actor,
  client: ClientInfo = {},
): Promise<boolean> {
  const user = db.select().from(users).where(eq(users.id, userId)).get();
  if (!user) return false;
  return securityChange(
    db,
    user,
    'passkeyRemoved',
    client,
    (tx) => {
      const r = tx
        .delete(passkeys)
        .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, userId)))
        .run();
      if (r.changes === 1) audit(tx, actor, 'passkey.remove', { type: 'user', id: userId });
      return r.changes === 1;
    },
    { happened: (removed) => removed },
  );
}

/** Removes every passkey of an account (a password change that asks to); returns how many. */
export function removeAllPasskeys(tx: Conn, userId: number, actor: Actor): number {
  const n = tx.delete(passkeys).where(eq(passkeys.userId, userId)).run().changes;
  if (n > 0) audit(tx, actor, 'passkey.removeAll', { type: 'user', id: userId }, { count: n });
  return n;
}
