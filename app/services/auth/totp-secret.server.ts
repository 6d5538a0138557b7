/**
 * The TOTP secret at rest: AES-256-GCM with a key of its own (TOTP_ENCRYPTION_KEY, else one
 * generated on first start and kept in the data folder, like the PIN key), bound to its account
 * (the user id is the additional data: a row copied onto another account does not open). A copy
 * of the database alone then holds no usable secret.
 *
 * Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url). A row without that prefix was written
 * before encryption: it is read as it is and sealed at its next successful code.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { totpEncryptionSecret } from '~/env.server';

const PREFIX = 'v1.';

let key: Buffer | undefined;
function aesKey(): Buffer {
  // Any length of operator secret gives a 256-bit key.
  key ??= createHash('sha256').update(`totp-secret:${totpEncryptionSecret()}`).digest();
  return key;
}

const aad = (userId: number) => Buffer.from(`two_factor:${userId}`);

export function isSealed(stored: string): boolean {
  return stored.startsWith(PREFIX);
}

/** The stored form of a user's TOTP secret. */
export function sealTotpSecret(userId: number, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', aesKey(), iv);
  cipher.setAAD(aad(userId));
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return PREFIX + [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
}

/** The secret of a stored value; null when it does not open (another key, another account). */
export function openTotpSecret(userId: number, stored: string): string | null {
  if (!isSealed(stored)) return stored;
  const [iv, tag, data] = stored.slice(PREFIX.length).split('.');
  if (!iv || !tag || data === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', aesKey(), Buffer.from(iv, 'base64url'));
    decipher.setAAD(aad(userId));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const clear = Buffer.concat([
      decipher.update(Buffer.from(data, 'base64url')),
      decipher.final(),
    ]);
    return clear.toString('utf8');
  } catch {
    return null;
  }
}
