/**
 * Getting back into an account: password reset by a one-time code (docs/rules.md: 6 digits, 10
 * minutes, 5 tries, single use), password change for a signed-in user (every role), and the
 * account-recovery request a rider sends support when they lost access to their e-mail.
 *
 * The reset request never tells whether an address has an account: the same answer either way,
 * and the rate limit counts every request for an address, existing or not.
 */
import { and, eq } from 'drizzle-orm';
import { writeTx, type Conn, type DB } from '~/db.server';
import { contactMessages, users, type User } from '#db/schema';
import { absoluteUrl, env } from '~/env.server';
import { tFor, tForEach } from '~/i18next.server';
import { CODE_TTL_MINUTES } from '~/lib/constants';
import { localizePath, type Lang } from '~/lib/lang';
import { audit, SYSTEM_ACTOR, type Actor } from '~/services/platform/audit.server';
import { checkCode, issueCode, type CodeCheck } from '~/services/auth/codes.server';
import { deliverQueued, queueMail } from '~/services/platform/mail.server';
import { DUMMY_HASH, verifyPassword } from '~/services/auth/password.server';
import { assertPasswordAllowed } from '~/services/auth/password-policy.server';
import { rateLimitHit, rateLimitReset } from '~/services/auth/rate-limit.server';
import { setPassword } from '~/services/people/users.server';

/** Reset codes an address may ask for per window (existing account or not). */
const RESET_SEND_LIMIT = { count: 5, windowSeconds: 15 * 60 };
/** Wrong current passwords per user per window on a password change. */
export const CHANGE_PASSWORD_LIMIT = { count: 10, windowSeconds: 15 * 60 };
/** Account-recovery requests per old e-mail, and overall, per hour. */
export const RECOVERY_LIMIT = { perEmail: 3, overall: 60, windowSeconds: 60 * 60 };

function userByEmail(db: DB, email: string): User | undefined {
  return db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).get();
}

/** The link in the reset mail: /password-lost-reset with the e-mail and code filled in. */
function resetLink(lang: Lang, email: string, code: string): string {
  const params = new URLSearchParams({ email, code });
  return absoluteUrl(`${localizePath('/password-lost-reset', lang)}?${params.toString()}`);
}

/**
 * Mails a reset code when the address has an active account. 'ok' whether or not it has one;
 * 'tooMany' after too many requests for the address (counted for unknown addresses too).
 */
export async function requestPasswordReset(
  db: DB,
  emailInput: string,
  lang: Lang,
): Promise<'ok' | 'tooMany'> {
  const email = emailInput.trim().toLowerCase();
  if (
    !rateLimitHit(
      db,
      `code-send:password-reset:${email}`,
      RESET_SEND_LIMIT.count,
      RESET_SEND_LIMIT.windowSeconds,
    )
  ) {
    return 'tooMany';
  }
  const user = userByEmail(db, email);
  if (!user || user.deactivated) return 'ok';
  const t = await tFor(lang);
  // The code and its mail in one transaction: no code without its mail, no mail without its code.
  const queued = writeTx(db, (tx) => {
    const code = issueCode(tx, email, 'password-reset');
    return queueMail(tx, {
      to: email,
      lang,
      subject: t('rider:mail.reset.subject'),
      text: t('rider:mail.reset.text', {
        code,
        minutes: CODE_TTL_MINUTES,
        link: resetLink(lang, email, code),
      }),
    });
  });
  await deliverQueued(db, [queued]);
  return 'ok';
}

/**
 * Sets a new password with a reset code. The code proves the address, so the e-mail becomes
 * verified and an account locked for holding the demo password is unlocked; every session of
 * the user ends (setPassword) and the sign-in limit is reset. A password the strength rule
 * refuses throws WeakPasswordError before the code is tried (it stays usable).
 */
export async function resetPasswordWithCode(
  db: DB,
  input: { email: string; code: string; password: string },
): Promise<CodeCheck> {
  const email = input.email.trim().toLowerCase();
  assertPasswordAllowed(input.password, [email]);
  const result = checkCode(db, email, 'password-reset', input.code);
  if (result !== 'ok') return result;
  const user = userByEmail(db, email);
  if (!user || user.deactivated) return 'invalid';
  const actor: Actor = { userId: user.id, proxyHostUserId: null };
  await setPassword(db, user.id, input.password, actor);
  db.update(users)
    .set({ emailVerified: true, passwordLocked: false })
    .where(eq(users.id, user.id))
    .run();
  rateLimitReset(db, `login:${email}`);
  return 'ok';
}

/**
 * Changes the signed-in user's password after checking the current one; other sessions end,
 * this one stays. Used by the profile pages and PUT /api/{role}/{role}/change-password. A new
 * password the strength rule refuses throws WeakPasswordError (no try counted).
 */
export async function changePassword(
  db: DB,
  user: Pick<User, 'id' | 'passwordHash'>,
  input: { currentPassword: string; password: string },
  actor: Actor,
  keepSessionId: string,
): Promise<'ok' | 'wrongPassword' | 'tooManyAttempts'> {
  const me = db.select({ email: users.email }).from(users).where(eq(users.id, user.id)).get();
  assertPasswordAllowed(input.password, [me?.email]);
  const key = `password-change:${user.id}`;
  if (!rateLimitHit(db, key, CHANGE_PASSWORD_LIMIT.count, CHANGE_PASSWORD_LIMIT.windowSeconds)) {
    return 'tooManyAttempts';
  }
  const fresh = db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, user.id))
    .get();
  const { ok } = await verifyPassword(input.currentPassword, fresh?.passwordHash ?? DUMMY_HASH);
  if (!fresh || !ok) return 'wrongPassword';
  await setPassword(db, user.id, input.password, actor, keepSessionId);
  rateLimitReset(db, key);
  return 'ok';
}

export type AccountRecoveryInput = {
  name: string;
  oldEmail: string;
  newEmail: string;
  phone: string;
  amaNumber?: string;
  message: string;
};

/** Where account-recovery requests go: ADMIN_NOTIFY_EMAIL, else every active admin. */
function adminRecipients(db: Conn): { email: string; lang: Lang }[] {
  const configured = env().ADMIN_NOTIFY_EMAIL;
  if (configured) return [{ email: configured, lang: 'en' }];
  return db
    .select({ email: users.email, lang: users.lang })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.deactivated, false)))
    .all();
}

/**
 * Stores an account-recovery request (contact_messages, kind 'accountRecovery') and mails it to
 * the admins. 'tooMany' when the old address (or everyone together) asked too often this hour.
 */
export async function requestAccountRecovery(
  db: DB,
  input: AccountRecoveryInput,
): Promise<'ok' | 'tooMany'> {
  const oldEmail = input.oldEmail.trim().toLowerCase();
  if (
    !rateLimitHit(
      db,
      `account-recovery:${oldEmail}`,
      RECOVERY_LIMIT.perEmail,
      RECOVERY_LIMIT.windowSeconds,
    ) ||
    !rateLimitHit(db, 'account-recovery:*', RECOVERY_LIMIT.overall, RECOVERY_LIMIT.windowSeconds)
  ) {
    return 'tooMany';
  }
  const known = userByEmail(db, oldEmail);
  const ts = await tForEach();
  const en = ts.en;
  const fields = {
    name: input.name,
    oldEmail,
    newEmail: input.newEmail,
    phone: input.phone,
    amaNumber: input.amaNumber ?? '—',
  };
  const queued = writeTx(db, (tx) => {
    const inserted = tx
      .insert(contactMessages)
      .values({
        kind: 'accountRecovery',
        name: input.name,
        email: input.newEmail,
        phone: input.phone,
        subject: en('rider:mail.recovery.subject', { oldEmail }),
        message: `${en('rider:mail.recovery.details', fields)}\n\n${input.message}`,
      })
      .returning({ id: contactMessages.id })
      .get();
    audit(
      tx,
      SYSTEM_ACTOR,
      'rider.accountRecoveryRequested',
      { type: 'contactMessage', id: inserted.id },
      { oldEmail, knownAccount: !!known },
    );
    // The admins' mails are queued with the stored request: both or neither.
    return adminRecipients(tx).map((to) => {
      const t = ts[to.lang];
      return queueMail(tx, {
        to: to.email,
        lang: to.lang,
        subject: t('rider:mail.recovery.subject', { oldEmail }),
        text: [
          t('rider:mail.recovery.intro'),
          t('rider:mail.recovery.details', fields),
          t(known ? 'rider:mail.recovery.known' : 'rider:mail.recovery.unknown', { oldEmail }),
          '',
          input.message,
          '',
          t('rider:mail.recovery.reference', { id: inserted.id }),
        ].join('\n'),
      });
    });
  });
  await deliverQueued(db, queued);
  return 'ok';
}
