/**
 * A signed-in owner changes their password, on every page and API that offers it: never while an
 * admin proxies the account; with TOTP on, only from a session proven within the last minutes
 * (the current password is one factor, a stolen session must not turn it into the whole proof);
 * optionally removing the account's passkeys; the other sessions end (this one stays and counts
 * as proven), the change is recorded in the account's security history and mailed to the owner.
 */
import { eq } from 'drizzle-orm';
import type { DB } from '~/db.server';
import { users, type User } from '#db/schema';
import type { Actor } from '~/services/platform/audit.server';
import { removeAllPasskeys } from '~/services/auth/passkeys.server';
import { changePassword } from '~/services/auth/recovery.server';
import { securityChange, type ClientInfo } from '~/services/auth/security-events.server';
import { markVerified, securityChangeAllowed } from '~/services/auth/step-up.server';
import { hasTotp } from '~/services/auth/totp.server';

export type OwnPasswordOutcome = 'ok' | 'wrongPassword' | 'tooManyAttempts' | 'stepUp' | 'proxy';

/** Who changes: the signed-in account, its session and whether an admin proxies it. */
export type PasswordChanger = {
  user: Pick<User, 'id' | 'passwordHash'>;
  sessionId: string;
  proxyHost: unknown;
  actor: Actor;
};

export async function changeOwnPassword(
  db: DB,
  by: PasswordChanger,
  input: { currentPassword: string; password: string; removePasskeys?: boolean },
  client: ClientInfo = {},
): Promise<OwnPasswordOutcome> {
  if (by.proxyHost) return 'proxy';
  if (hasTotp(db, by.user.id) && securityChangeAllowed(db, by) !== 'ok') return 'stepUp';
  const outcome = await changePassword(db, by.user, input, by.actor, by.sessionId);
  if (outcome !== 'ok') return outcome;
  const user = db.select().from(users).where(eq(users.id, by.user.id)).get();
  if (!user) return 'ok';
  await securityChange(
    db,
    user,
    'passwordChanged',
    client,
    (tx) => {
      // The current password just passed: with TOTP off it is the account's whole proof, with
      // TOTP on the session was fresh already.
      markVerified(tx, by.sessionId);
      return input.removePasskeys ? removeAllPasskeys(tx, user.id, by.actor) : 0;
    },
    { details: { passkeysRemoved: input.removePasskeys === true } },
  );
  return 'ok';
}
