/**
 * Password and PIN hashing: bcrypt, cost 10 (OWASP's minimum; about 80 ms here), async so the
 * event loop stays free. Only the salted hash is stored.
 */
import bcrypt from 'bcryptjs';

export const BCRYPT_COST = 10;

/** A salted slow hash of a secret (password or PIN). */
export function hashSecret(secret: string): Promise<string> {
  return bcrypt.hash(secret, BCRYPT_COST);
}

/** True when the secret matches the stored hash. */
export function verifySecret(secret: string, hash: string | null | undefined): Promise<boolean> {
  if (!hash) return Promise.resolve(false);
  return bcrypt.compare(secret, hash);
}

/** A hash that never matches, to spend the same time when an account does not exist. */
export const DUMMY_HASH = '$2b$10$CwTycUXWue0Thq9StjUM0uJ8pZ8WGe4o6j6n6dQJt1aN8R8C1Rr1e';
